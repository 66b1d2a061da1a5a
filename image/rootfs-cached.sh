#!/bin/sh
# image/rootfs-cached.sh ARCH — prints the path of the root filesystem tarball
# of image/rootfs.sh for ARCH, building it first unless a tarball made by the
# same recipe (same hash of rootfs.sh and customize.sh) is in the cache
# (.cache/kit-image/, ignored by git; CI keeps it between runs).
set -eu
arch=$1
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
cache=${KIT_IMAGE_CACHE:-$here/../.cache/kit-image}
hash=$(cat "$here/rootfs.sh" "$here/customize.sh" | sha256sum | cut -c1-16)
tar=$cache/rootfs-$arch-$hash.tar
if [ ! -f "$tar" ]; then
	mkdir -p "$cache"
	# Older recipes' tarballs of this architecture are of no further use.
	rm -f "$cache/rootfs-$arch-"*.tar "$cache/rootfs-$arch-"*.tar.manifest
	sh "$here/rootfs.sh" "$arch" "$tar" >&2
fi
printf '%s\n' "$(CDPATH='' cd -- "$(dirname -- "$tar")" && pwd)/$(basename -- "$tar")"
