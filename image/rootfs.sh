#!/bin/sh
# image/rootfs.sh ARCH OUT.tar — the kit's Debian root filesystem, from
# Debian's packages only (bookworm, with its updates and security suites),
# without the portal itself (scripts/install.sh adds it afterwards, so this
# tarball can be cached and reused for as long as this recipe is unchanged).
# Also writes OUT.tar.manifest: package, version and architecture of every
# package inside.
#
#   arm64  the Raspberry Pi image (3B/3B+/4/400): kernel, raspi-firmware, Wi-Fi
#          firmware, the regulatory database, hostapd, dnsmasq, and ffmpeg for
#          the library's phone copies (docs/API-library.md#phone-copies).
#          Cross-built under qemu-user (binfmt). wpasupplicant is the Wi-Fi
#          client: the QEMU self-test's phone joins the kit's WPA2 network
#          with it (its service is disabled in customize.sh: the kit is the
#          access point).
#   amd64  the same userland without kernel or radio, for the quick boot test
#          in systemd-nspawn (server/test/kit/nspawn-boot.test.ts).
#
# Run as root. The initramfs is built once, at the end: under emulation each
# build takes minutes, and installing the kernel and raspi-firmware would
# otherwise build it twice.
set -eu
arch=$1
out=$2
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)

# Both variants: what the units and scripts of systemd/ use.
common=systemd-sysv,dbus,polkitd,iproute2,procps,ca-certificates,tzdata
case $arch in
	arm64)
		include=$common,udev,kmod,initramfs-tools,linux-image-arm64,raspi-firmware,firmware-brcm80211,wireless-regdb,iw,hostapd,dnsmasq-base,systemd-timesyncd,e2fsprogs,dosfstools,busybox,wpasupplicant,ffmpeg
		;;
	amd64)
		include=$common
		;;
	*)
		echo "rootfs.sh: arquitectura no soportada: $arch (arm64 o amd64)" >&2
		exit 2
		;;
esac

mkdir -p "$(dirname -- "$out")"
# force-confold: keep the settings written by the essential hook below when the
# packages that own those files are installed afterwards.
mmdebstrap \
	--arch="$arch" \
	--variant=apt \
	--format=tar \
	--components="main contrib non-free-firmware" \
	--include="$include" \
	--dpkgopt=force-confold \
	--aptopt='APT::Install-Recommends "false"' \
	--essential-hook="sh '$here/customize.sh' essential \"\$1\" $arch" \
	--customize-hook="sh '$here/customize.sh' customize \"\$1\" $arch" \
	--customize-hook="dpkg-query --admindir=\"\$1/var/lib/dpkg\" -W -f='\${Package}\t\${Version}\t\${Architecture}\n' >'$out.manifest.tmp'" \
	bookworm "$out.tmp"
mv -f "$out.manifest.tmp" "$out.manifest"
mv -f "$out.tmp" "$out"
