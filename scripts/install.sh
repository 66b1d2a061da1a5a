#!/bin/sh
# scripts/install.sh [--root DIR] [--arch arm64|amd64]
#
# Installs Kit Portal as the SD image has it: the project at /opt/kit-portal
# (server, built web app, production node_modules for ARCH, Node 24 for ARCH
# from the npm package node-linux-<arch>, the same version as make's
# toolchain), the files of systemd/install.map, the kitportal user, the
# enabled and masked units. Run it from a checkout after `make build`.
#
#   --root DIR   install into DIR instead of this system (DESTDIR-style; the
#                image recipe and the tests use it). Nothing is started.
#   --arch ARCH  Debian architecture of the target (default: this machine's).
#
# On this system (no --root, as root) it also installs the Debian packages of
# the hotspot, keeps NetworkManager off wlan0 and reloads systemd; the
# settings apply at the next boot (kit-firstboot, systemd/README.md).
# Idempotent: running it again replaces the installed copy and changes nothing else.
set -eu
LC_ALL=C
export LC_ALL

project=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
root=/
arch=
while [ $# -gt 0 ]; do
	case $1 in
		--root) root=${2:?--root necesita una carpeta}; shift 2 ;;
		--arch) arch=${2:?--arch necesita arm64 o amd64}; shift 2 ;;
		-h | --help) sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
		*) echo "install.sh: opción desconocida: $1" >&2; exit 2 ;;
	esac
done
root=$(CDPATH='' cd -- "$root" && pwd)
[ -n "$arch" ] || arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
case $arch in
	arm64 | aarch64) arch=arm64 node_arch=arm64 ;;
	amd64 | x86_64) arch=amd64 node_arch=x64 ;;
	*) echo "install.sh: arquitectura no soportada: $arch (arm64 o amd64)" >&2; exit 2 ;;
esac
live=no
[ "$root" != / ] || live=yes

say() { printf 'install.sh: %s\n' "$*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

[ -f "$project/web/dist/index.html" ] || die "falta la web compilada (web/dist): ejecute antes «make build»"
[ -f "$project/server/dist/main.mjs" ] || die "falta el servidor compilado (server/dist): ejecute antes «make build»"
toolchain_node=$project/.toolchain/node_modules/node/package.json
[ -f "$toolchain_node" ] || die "falta la herramienta Node de make (.toolchain): ejecute antes «make build»"
command -v npm >/dev/null || die "falta npm (viene con Node; ejecute desde «make» o instálelo)"
if [ "$live" = yes ] && [ "$(id -u)" -ne 0 ]; then die "instalar en este sistema requiere root (sudo)"; fi
node_version=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$toolchain_node" | head -n 1)

# Downloads are cached per version / lock file in an ignored folder of the checkout.
cache=${KIT_INSTALL_CACHE:-$project/.cache/kit-install}
mkdir -p "$cache"

# ---- Node for ARCH ----------------------------------------------------------
node_dir=$cache/node-linux-$node_arch-$node_version
if [ ! -x "$node_dir/bin/node" ]; then
	say "Node $node_version para $arch (paquete npm node-linux-$node_arch)"
	tmp=$(mktemp -d "$cache/node.XXXXXX")
	(cd "$tmp" && npm pack --silent "node-linux-$node_arch@$node_version" >/dev/null)
	mkdir -p "$tmp/x"
	tar -xzf "$tmp"/node-linux-*.tgz -C "$tmp/x"
	[ -x "$tmp/x/package/bin/node" ] || die "el paquete node-linux-$node_arch no trae bin/node"
	rm -rf "$node_dir"
	mv "$tmp/x/package" "$node_dir"
	rm -rf "$tmp"
fi

# ---- production node_modules for ARCH ----------------------------------------
# Only the server's dependencies (the web app is already built into web/dist),
# with the prebuilt native parts for ARCH (better-sqlite3, sharp, koffi), no install scripts.
lock_hash=$(cat "$project/package-lock.json" "$project/package.json" "$project/server/package.json" "$project/server/contract/package.json" | sha256sum | cut -c1-16)
modules=$cache/modules-$arch-$lock_hash
if [ ! -d "$modules/node_modules" ]; then
	say "dependencias de producción para $arch"
	tmp=$(mktemp -d "$cache/modules.XXXXXX")
	mkdir -p "$tmp/server/contract" "$tmp/web"
	cp "$project/package.json" "$project/package-lock.json" "$tmp/"
	cp "$project/server/package.json" "$tmp/server/"
	cp "$project/server/contract/package.json" "$tmp/server/contract/"
	cp "$project/web/package.json" "$tmp/web/"
	(cd "$tmp" && npm ci --silent --omit=dev --ignore-scripts --no-audit --no-fund \
		--cpu="$node_arch" --os=linux --libc=glibc -w server -w server/contract)
	# better-sqlite3 carries prebuilds for every platform and its C sources: keep ARCH's.
	sqlite=$tmp/node_modules/better-sqlite3
	[ -f "$sqlite/prebuilds/linux-$node_arch.node" ] || die "better-sqlite3 no trae binario para linux-$node_arch"
	find "$sqlite/prebuilds" -type f ! -name "linux-$node_arch.node" -delete
	rm -rf "$sqlite/deps" "$sqlite/src"
	# koffi (systemd notifications from the server's own process) comes as @koromix/koffi-linux-ARCH,
	# with a glibc and a musl build: Debian is glibc.
	koffi=$tmp/node_modules/@koromix/koffi-linux-$node_arch
	[ -f "$koffi/linux_$node_arch/koffi.node" ] || die "koffi no trae binario para linux-$node_arch"
	rm -rf "$koffi"/musl_*
	rm -rf "$modules"
	mv "$tmp" "$modules"
fi

# ---- /opt/kit-portal -----------------------------------------------------------
# Built next to the installed copy, then swapped in: a second run replaces it whole.
opt=$root/opt/kit-portal
new=$opt.new
say "proyecto en $opt"
rm -rf "$new"
mkdir -p "$new/server" "$new/web" "$new/.toolchain/node_modules/node/bin"
cp "$project/package.json" "$new/"
cp -R "$project/scripts" "$project/systemd" "$new/"
rm -rf "$new/scripts/bench"
# The server as the unit runs it (server/dist), and its sources without their tests
# (they need the dev dependencies) for the kit's own tools.
(cd "$project/server" && find dist src migrations contract package.json \( -name node_modules -o -name '*.test.ts' -o -name test \) -prune -o -type f -print) |
	while IFS= read -r file; do
		mkdir -p "$new/server/$(dirname "$file")"
		cp "$project/server/$file" "$new/server/$file"
	done
cp "$project/web/package.json" "$new/web/"
cp -R "$project/web/dist" "$new/web/dist"
# (npm puts a workspace's own copy of a dependency in its folder when versions differ.)
for dir in node_modules server/node_modules server/contract/node_modules; do
	[ ! -d "$modules/$dir" ] || cp -R "$modules/$dir" "$new/$dir"
done
cp "$node_dir/bin/node" "$new/.toolchain/node_modules/node/bin/node"
chmod -R u=rwX,go=rX "$new"
chmod 0755 "$new/.toolchain/node_modules/node/bin/node" "$new"/scripts/kit-*
if [ "$(id -u)" -eq 0 ]; then chown -R 0:0 "$new"; fi
if [ -d "$opt" ]; then
	rm -rf "$opt.old"
	mv "$opt" "$opt.old"
fi
mv "$new" "$opt"
rm -rf "$opt.old"

# ---- systemd/install.map ---------------------------------------------------------
enable=
mask=
while read -r kind a b c; do
	case $kind in
		file)
			mkdir -p "$root$(dirname "$b")"
			cp "$project/$a" "$root$b.tmp"
			chmod "$c" "$root$b.tmp"
			mv -f "$root$b.tmp" "$root$b"
			;;
		enable) enable="$enable $a" ;;
		mask) mask="$mask $a" ;;
		'' | '#'*) ;;
		*) die "systemd/install.map: línea desconocida: $kind" ;;
	esac
done <"$project/systemd/install.map"
say "archivos de systemd/install.map instalados"

if [ "$live" = yes ]; then
	say "paquetes de Debian del punto de acceso y de las copias para teléfonos"
	# ffmpeg: the light copies of videos and sounds (docs/API-library.md#phone-copies).
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		hostapd dnsmasq-base polkitd iw wireless-regdb iproute2 ffmpeg >/dev/null
	if [ -d /etc/NetworkManager ]; then
		# NetworkManager (Raspberry Pi OS) would otherwise take wlan0 back from hostapd.
		mkdir -p /etc/NetworkManager/conf.d
		printf '[keyfile]\nunmanaged-devices=interface-name:wlan0\n' >/etc/NetworkManager/conf.d/kit-portal.conf
	fi
	systemd-sysusers /usr/lib/sysusers.d/kit-portal.conf
	systemctl daemon-reload
	# shellcheck disable=SC2086 # the unit lists are words
	systemctl enable --quiet $enable
	# shellcheck disable=SC2086
	systemctl mask --quiet $mask
	say "listo: reinicie para el primer arranque del kit (lee /boot/firmware/kit-portal.txt)"
else
	systemd-sysusers --root="$root" "$root/usr/lib/sysusers.d/kit-portal.conf"
	# shellcheck disable=SC2086
	systemctl --root="$root" enable --quiet $enable
	# shellcheck disable=SC2086
	systemctl --root="$root" mask --quiet $mask
	say "listo en $root"
fi
