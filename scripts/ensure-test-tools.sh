#!/bin/sh
# Installs the Debian tools the kit tests (server/test/kit/) run for real:
#   systemd-analyze                  (systemd)      unit verify, security score
#   python3                          (python3)      the stand-in for systemd's notification socket (server/test/kit/notify-receiver.ts)
#   dnsmasq                          (dnsmasq-base) dnsmasq --test on the hotspot config
#   hostapd                          (hostapd)      hostapd config parse
#   pkcheck, polkitd                 (polkitd)      the polkit rule, checked by polkit itself
#   dbus-daemon                      (dbus-daemon)  a private bus for that polkitd
#   unshare, setpriv                 (util-linux)   isolate the polkit check from the host
#   ip                               (iproute2)     the hotspot network in namespaces
#   busybox                          (busybox)      its DHCP client plays the phone there
#   mmdebstrap                       (mmdebstrap)   the kit's root filesystem (amd64 variant, nspawn boot)
#   systemd-nspawn                   (systemd-container) boots it with systemd as PID 1
#   pebble, pebble-challtestsrv      (pebble)       the ACME CA and its DNS for the HTTPS certificate tests
#   curl                             (curl)         the DNS hook of those tests, and the example hook
#   the shell linter                 (shellcheck)   every shell script, by scripts/lint-shell.sh
#   ffmpeg, ffprobe                  (ffmpeg)       the phone copies of videos and sounds, and the test media they start from
# Only what is missing is installed (one quiet apt-get update first). dnsmasq-base
# rather than dnsmasq: the binary without Debian's enabled dnsmasq.service.
# Without root (and without passwordless sudo) it only reports what is missing;
# the tests that need a missing tool then skip and say why.
set -eu

missing=""
need() { # need COMMAND PACKAGE
	if ! command -v "$1" >/dev/null 2>&1 && [ ! -x "$1" ]; then
		case " $missing " in *" $2 "*) ;; *) missing="$missing $2" ;; esac
	fi
}
# /usr/sbin is not on every PATH (non-root shells): look there too.
PATH="$PATH:/usr/sbin:/sbin"
need systemd-analyze systemd
need python3 python3
need dnsmasq dnsmasq-base
need hostapd hostapd
need pkcheck polkitd
need /usr/lib/polkit-1/polkitd polkitd
need dbus-daemon dbus-daemon
need unshare util-linux
need setpriv util-linux
need ip iproute2
need busybox busybox
need mmdebstrap mmdebstrap
need systemd-nspawn systemd-container
need pebble pebble
need pebble-challtestsrv pebble
need curl curl
need shellcheck shellcheck
need ffmpeg ffmpeg
need ffprobe ffmpeg

[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	as_root=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	as_root="sudo -n"
else
	echo "ensure-test-tools: faltan paquetes de Debian:$missing (sin root no se instalan; las pruebas que los usan se omiten)" >&2
	exit 0
fi

echo "ensure-test-tools: instalando$missing"
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -qq
# shellcheck disable=SC2086 # word splitting of the package list is intended
$as_root apt-get install -y -qq --no-install-recommends $missing >/dev/null
