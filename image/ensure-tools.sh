#!/bin/sh
# image/ensure-tools.sh — the Debian tools make image and make image-test use,
# installed when missing (as root), and arm64 binaries runnable through
# qemu-user (binfmt_misc mounted and the qemu-aarch64 handler enabled).
set -eu
PATH="$PATH:/usr/sbin:/sbin"
missing=""
need() { # COMMAND PACKAGE
	command -v "$1" >/dev/null 2>&1 || missing="$missing $2"
}
need mmdebstrap mmdebstrap
need qemu-aarch64-static qemu-user-static
need update-binfmts binfmt-support
need arch-test arch-test
need genimage genimage
need mkdosfs dosfstools
need mcopy mtools
need mke2fs e2fsprogs
need sfdisk fdisk
need zstd zstd
need qemu-system-aarch64 qemu-system-arm
if [ -n "$missing" ]; then
	[ "$(id -u)" -eq 0 ] || { echo "image: faltan paquetes de Debian:$missing (instálelos como root)" >&2; exit 1; }
	echo "image: instalando$missing"
	apt-get update -qq
	# shellcheck disable=SC2086 # word splitting of the package list is intended
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
[ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
arch-test arm64 >/dev/null || { echo "image: este sistema no puede ejecutar binarios arm64 (qemu-user-static, binfmt_misc)" >&2; exit 1; }
