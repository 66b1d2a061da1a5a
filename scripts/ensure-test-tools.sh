#!/bin/sh
# Installs the Debian packages of every host command `make test` runs
# (scripts/test-tools.txt says which and why), or those of another list
# given as the argument (`make bench`: scripts/bench-tools.txt). Only what is missing is
# installed, after one quiet apt-get update. A command still missing after
# that (no root, no passwordless sudo, a package apt cannot find) stops the
# run here, naming the command and its package: never a failure deep inside
# a test.
set -eu
cd "$(dirname "$0")/.."
list=${1:-scripts/test-tools.txt}

# /usr/sbin is not on every PATH (non-root shells): look there too.
PATH="$PATH:/usr/sbin:/sbin"

# A command on the PATH, or a file named by its absolute path.
present() {
	case "$1" in
	/*) [ -e "$1" ] ;;
	*) command -v "$1" >/dev/null 2>&1 ;;
	esac
}

# "command package" for each listed command that is missing, one a line.
missing_tools() {
	grep -v '^[[:space:]]*\(#\|$\)' "$list" | while read -r command package _; do
		present "$command" || echo "$command $package"
	done
}

missing=$(missing_tools | cut -d' ' -f2 | sort -u | tr '\n' ' ')
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	as_root=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	as_root="sudo -n"
else
	as_root="none"
fi

if [ "$as_root" != none ]; then
	echo "ensure-test-tools: instalando $missing"
	export DEBIAN_FRONTEND=noninteractive
	# Daemons the tests start themselves (nginx, dnsmasq…) must not start as
	# services on install: policy-rc.d forbids it for the install's length.
	policy=""
	if [ ! -e /usr/sbin/policy-rc.d ]; then
		policy=/usr/sbin/policy-rc.d
		printf '#!/bin/sh\nexit 101\n' | $as_root tee "$policy" >/dev/null
		$as_root chmod 755 "$policy"
	fi
	$as_root apt-get update -qq || true
	# shellcheck disable=SC2086 # word splitting of the package list is intended
	$as_root apt-get install -y -qq --no-install-recommends $missing >/dev/null || true
	[ -z "$policy" ] || $as_root rm -f "$policy"
fi

still=$(missing_tools | sed 's/^\([^ ]*\) \(.*\)$/  \1 (paquete \2)/')
[ -z "$still" ] && exit 0
echo "ensure-test-tools: $list pide estas órdenes, que no están y no se pudieron instalar:" >&2
echo "$still" >&2
[ "$as_root" = none ] && echo "ensure-test-tools: instálelas como root (apt-get install) o ejecute make test como root." >&2
exit 1
