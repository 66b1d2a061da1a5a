#!/bin/sh
# image/customize.sh essential|customize ROOT ARCH — the two hooks of
# image/rootfs.sh, run by mmdebstrap on the root being built.
set -eu
stage=$1
root=$2
arch=$3

essential() {
	[ "$arch" = arm64 ] || return 0
	# One initramfs build at the end instead of one per kernel-related package.
	mkdir -p "$root/etc/initramfs-tools"
	printf 'update_initramfs=no\n' >"$root/etc/initramfs-tools/update-initramfs.conf"
	# raspi-firmware writes cmdline.txt from this when the kernel is configured:
	# the root file system by label (the same card in any slot or reader), no
	# fixed CMA size.
	mkdir -p "$root/etc/default"
	cat >"$root/etc/default/raspi-firmware" <<'CONF'
# Kit Portal image: see image/README.md.
ROOTPART=LABEL=RASPIROOT
CMA=0
CONSOLES="auto"
CONF
}

customize() {
	echo kit >"$root/etc/hostname"
	cat >"$root/etc/hosts" <<'HOSTS'
127.0.0.1	localhost
127.0.1.1	kit
::1	localhost ip6-localhost ip6-loopback
HOSTS
	mkdir -p "$root/boot/firmware"
	if [ "$arch" = arm64 ]; then
		printf 'update_initramfs=yes\n' >"$root/etc/initramfs-tools/update-initramfs.conf"
		# The kernel's own postinst built the one initramfs (update_initramfs=no
		# only stopped initramfs-tools' trigger from building it again); build it
		# here only if it did not, then let raspi-firmware copy kernel, initrd and
		# device trees to /boot/firmware and write config.txt and cmdline.txt.
		if ! ls "$root"/boot/initrd.img-* >/dev/null 2>&1; then
			chroot "$root" update-initramfs -c -k all
		fi
		chroot "$root" env DEB_MAINT_PARAMS=configure /etc/kernel/postinst.d/z50-raspi-firmware
		ls "$root"/boot/firmware/initrd.img* "$root"/boot/firmware/cmdline.txt >/dev/null
		# The kit is the access point: no Wi-Fi client daemon at boot (wpa_supplicant
		# is there for the self-test's phone, which starts its own).
		systemctl --root="$root" disable --quiet wpa_supplicant.service
	fi
	# No identity baked in: systemd makes a machine id on first boot (and then
	# kit-firstboot an SSID from it); the image has no SSH server, so no host keys.
	: >"$root/etc/machine-id"
	rm -f "$root/var/lib/dbus/machine-id" "$root"/etc/ssh/ssh_host_*
	rm -f "$root"/var/cache/apt/*.bin "$root"/var/log/*.log "$root"/var/log/apt/*
}

"$stage"
