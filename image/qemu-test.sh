#!/bin/sh
# image/qemu-test.sh — make image-test, after image/build.sh --selftest: boots
# the self-test image with its own arm64 kernel and initrd in QEMU (-M virt,
# Cortex-A72, software emulation), where kit-selftest.service checks the kit
# once it is up (image/selftest/kit-selftest) and powers it off; then reads the
# results back from the image's FAT partition with mtools. Exits non-zero
# unless every expected check passed.
set -eu
LC_ALL=C
export LC_ALL
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
st=${KIT_IMAGE_CACHE:-$here/../.cache/kit-image}/selftest
img=$st/selftest.img
expected="ready runs-as-kitportal no-failed-units firstboot-applied settings-applied root-grown hotspot-phone wifi-change-phone"

[ -f "$img" ] || { echo "qemu-test: falta $img (image/build.sh --selftest)" >&2; exit 1; }
# A "card" 1 GiB bigger than the image, for kit-growroot to grow into.
truncate -s +1G "$img"

echo "qemu-test: arrancando (consola en $st/console.log)"
start=$(date +%s)
timeout 2400 qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 2 -m 1024 \
	-nographic -no-reboot -nic none \
	-kernel "$st/vmlinuz" -initrd "$st/initrd.img" \
	-append 'console=ttyAMA0 root=LABEL=RASPIROOT rw rootwait fsck.repair=yes net.ifnames=0' \
	-drive "file=$img,format=raw,if=virtio" </dev/null >"$st/console.log" 2>&1 ||
	echo "qemu-test: QEMU terminó con error o por tiempo ($?)" >&2
echo "qemu-test: el arranque y la autoprueba tardaron $(($(date +%s) - start)) s"

# The FAT partition's byte offset, for mtools.
sector=$(sfdisk -d "$img" | sed -n 's/^[^ ]*1 : start= *\([0-9]*\),.*/\1/p')
if ! MTOOLS_SKIP_CHECK=1 mtype -i "$img@@$((sector * 512))" ::/kit-selftest.txt >"$st/results.txt" 2>/dev/null; then
	echo "qemu-test: la autoprueba no dejó resultados; últimas líneas de la consola:" >&2
	tail -n 40 "$st/console.log" >&2
	exit 1
fi
MTOOLS_SKIP_CHECK=1 mtype -i "$img@@$((sector * 512))" ::/kit-selftest-phone.json >"$st/phone.json" 2>/dev/null || true
# Written only when the portal had to be restarted: its journal, to say why.
if MTOOLS_SKIP_CHECK=1 mtype -i "$img@@$((sector * 512))" ::/kit-selftest-portal.log >"$st/portal.log" 2>/dev/null; then
	echo "qemu-test: el portal se reinició; su registro está en $st/portal.log" >&2
fi
cat "$st/results.txt"
status=0
for check in $expected; do
	grep -qx "ok $check" "$st/results.txt" || { echo "qemu-test: FALLA $check" >&2; status=1; }
done
grep -qx "done" "$st/results.txt" || { echo "qemu-test: la autoprueba no terminó" >&2; status=1; }
# a check the list above does not name yet still counts when it fails
! grep -q "^FAIL " "$st/results.txt" || status=1
[ $status -ne 0 ] || echo "qemu-test: todo correcto"
exit $status
