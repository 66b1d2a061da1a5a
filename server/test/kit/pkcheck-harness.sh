#!/bin/sh
# pkcheck-harness.sh WORKDIR RULES_FILE CASES_FILE
# Asks the real polkitd about each case of CASES_FILE (lines: USER ACTION [UNIT VERB])
# and prints pkcheck's exit code for each, one per line (0 authorized,
# 1 not authorized, 2 would need an administrator's password).
#
# Run it inside a private mount namespace (`unshare --mount --propagation private`):
# it mounts a rules directory holding only RULES_FILE over /etc/polkit-1/rules.d,
# and a passwd/group with the users kitportal and vecino ("neighbour") over
# /etc/passwd and /etc/group; polkitd talks to a private system bus in WORKDIR.
# Nothing of the host's own configuration or bus is touched.
set -eu
work=$1 rules=$2 cases=$3

mkdir -p "$work/rules.d"
# polkitd drops to its own user: it must reach the bus socket in here.
chmod 0755 "$work"
cp "$rules" "$work/rules.d/"
cp /etc/passwd "$work/passwd"
cp /etc/group "$work/group"
uid_kit=64101 uid_other=64102
printf 'kitportal:x:%s:%s::/nonexistent:/usr/sbin/nologin\nvecino:x:%s:%s::/nonexistent:/usr/sbin/nologin\n' \
	$uid_kit $uid_kit $uid_other $uid_other >>"$work/passwd"
printf 'kitportal:x:%s:\nvecino:x:%s:\n' $uid_kit $uid_other >>"$work/group"
cat >"$work/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$work/bus.sock</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF

mount --bind "$work/rules.d" /etc/polkit-1/rules.d
mount --bind "$work/passwd" /etc/passwd
mount --bind "$work/group" /etc/group

pids=""
trap 'kill $pids 2>/dev/null || true' EXIT
dbus-daemon --config-file="$work/bus.conf" --nofork --nopidfile 2>"$work/dbus.log" &
pids="$pids $!"
DBUS_SYSTEM_BUS_ADDRESS=unix:path=$work/bus.sock
export DBUS_SYSTEM_BUS_ADDRESS
i=0
until [ -S "$work/bus.sock" ]; do
	i=$((i + 1))
	[ $i -lt 100 ] || { echo "no bus" >&2; exit 1; }
	sleep 0.05
done
/usr/lib/polkit-1/polkitd --no-debug 2>"$work/polkitd.log" &
pids="$pids $!"

# The subjects: real processes of each user.
setpriv --reuid=$uid_kit --regid=$uid_kit --clear-groups sleep 60 &
kit_pid=$!
setpriv --reuid=$uid_other --regid=$uid_other --clear-groups sleep 60 &
other_pid=$!
pids="$pids $kit_pid $other_pid"

# polkitd answers once it owns its bus name: pkcheck exits 127 until then.
i=0
while :; do
	status=0
	pkcheck --action-id org.freedesktop.policykit.exec --process $other_pid >/dev/null 2>"$work/wait.log" || status=$?
	[ $status -eq 127 ] || break
	i=$((i + 1))
	[ $i -lt 100 ] || { echo "polkitd did not start" >&2; cat "$work/wait.log" "$work/polkitd.log" >&2; exit 1; }
	sleep 0.05
done

while read -r user action unit verb; do
	case $user in kitportal) pid=$kit_pid ;; *) pid=$other_pid ;; esac
	status=0
	if [ -n "$unit" ]; then
		pkcheck --action-id "$action" --process "$pid" --detail unit "$unit" --detail verb "$verb" >/dev/null 2>>"$work/pkcheck.log" || status=$?
	else
		pkcheck --action-id "$action" --process "$pid" >/dev/null 2>>"$work/pkcheck.log" || status=$?
	fi
	echo $status
done <"$cases"
