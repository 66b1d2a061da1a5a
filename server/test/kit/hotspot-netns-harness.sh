#!/bin/sh
# hotspot-netns-harness.sh WORKDIR DNSMASQ_CONF NODE MAIN_TS PHONE_SCRIPT TAG   (env: KIT_HOSTNAME)
# The kit's hotspot network without a radio: two network namespaces joined by
# a veth pair. In "kit" the veth end is named wlan0 and gets the address as
# kit-wlan-address.service gives it; dnsmasq runs on DNSMASQ_CONF and the
# portal server (MAIN_TS) listens on port 80. In "phone" busybox's DHCP client
# asks for a lease, then PHONE_SCRIPT (node) resolves names through the lease's
# DNS server and plays a phone's probes. Prints "names <kit netns> <phone
# netns>", "lease <ip> <router> <dns>" and the phone script's JSON. Everything
# is removed on exit; no traffic leaves the two namespaces.
# TAG (1-12 of a-z 0-9, new for every run) names the namespaces and the veth
# pair, so runs in flight at the same time, or the leftovers of a killed one,
# never share a name.
set -eu
work=$1 conf=$2 node=$3 main=$4 phone_script=$5 tag=$6
case $tag in '' | *[!a-z0-9]*) echo "bad tag: $tag" >&2; exit 2 ;; esac
[ ${#tag} -le 12 ] || { echo "tag longer than 12: $tag" >&2; exit 2; }
kit=kit-ap-$tag phone=kit-ph-$tag
veth_kit=kva$tag veth_phone=kvb$tag
pids=""
cleanup() {
	for pid in $pids; do kill "$pid" 2>/dev/null || true; done
	ip netns del "$kit" 2>/dev/null || true
	ip netns del "$phone" 2>/dev/null || true
	rm -rf "/etc/netns/$phone"
}
trap cleanup EXIT
chmod 0755 "$work"

ip netns add "$kit"
ip netns add "$phone"
echo "names $kit $phone"
# The phone's own resolv.conf, so nothing run in it touches the host's.
mkdir -p "/etc/netns/$phone"
: >"/etc/netns/$phone/resolv.conf"
ip link add "$veth_kit" type veth peer name "$veth_phone"
ip link set "$veth_kit" netns "$kit"
ip link set "$veth_phone" netns "$phone"
ip -n "$kit" link set "$veth_kit" name wlan0
ip -n "$kit" link set lo up
ip -n "$kit" link set wlan0 up
ip -n "$phone" link set lo up
ip -n "$phone" link set "$veth_phone" up
# What kit-wlan-address.service runs.
ip netns exec "$kit" /usr/sbin/ip address replace 10.42.0.1/24 dev wlan0

# The kit's dnsmasq configuration, with its run-time files moved into WORKDIR.
sed -e "s|^dhcp-leasefile=.*|dhcp-leasefile=$work/dnsmasq.leases|" -e "s|^pid-file=.*|pid-file=$work/dnsmasq.pid|" "$conf" >"$work/dnsmasq.conf"
ip netns exec "$kit" dnsmasq --keep-in-foreground --conf-file="$work/dnsmasq.conf" 2>"$work/dnsmasq.log" &
pids="$pids $!"

ip netns exec "$kit" env -i PATH="$PATH" PORT=80 HOST=0.0.0.0 KIT_IS_KIT=true KIT_HOSTNAME="${KIT_HOSTNAME:-portal.kit}" \
	KIT_DATA_DIR="$work/data" KIT_WEB_DIR="$work/web" KIT_ADMIN_PASSWORD=prueba-123 LOG_LEVEL=warn \
	"$node" "$main" >"$work/server.log" 2>&1 &
pids="$pids $!"

# DHCP: udhcpc calls this script with the lease in its environment.
cat >"$work/udhcpc.sh" <<'SCRIPT'
#!/bin/sh
if [ "$1" = bound ]; then
	ip address add "$ip/${mask:-24}" dev "$interface"
	echo "lease $ip $router $dns" >"$LEASE_FILE"
fi
SCRIPT
chmod 0755 "$work/udhcpc.sh"
ip netns exec "$phone" env LEASE_FILE="$work/lease" busybox udhcpc -i "$veth_phone" -n -q -f -t 10 -T 1 -s "$work/udhcpc.sh" >"$work/udhcpc.log" 2>&1
cat "$work/lease"

# Wait for the portal to listen, then be the phone.
i=0
until ip netns exec "$phone" "$node" -e "require('net').connect(80, '10.42.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(1))" 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 200 ] || { echo "the portal did not start" >&2; cat "$work/server.log" >&2; exit 1; }
	sleep 0.1
done
ip netns exec "$phone" "$node" "$phone_script"
