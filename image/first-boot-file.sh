#!/bin/sh
# image/first-boot-file.sh — the kit-portal.txt an image's cards boot with
# (make image): a file the technician wrote, KIT_PORTAL_TXT, then the hub's
# settings from HUB_FEED_URL, HUB_UPLOAD_URL, HUB_TOKEN and HUB_SYNC_HOURS
# (later lines win in kit-firstboot). Prints nothing when none is set. A bad
# value stops the build here, in seconds, rather than being left out with a
# warning on each card's first boot.
set -eu
LC_ALL=C
export LC_ALL
fail() {
	printf 'image: %s\n' "$*" >&2
	exit 2
}
KIT_PORTAL_TXT=${KIT_PORTAL_TXT:-}
HUB_FEED_URL=${HUB_FEED_URL:-}
HUB_UPLOAD_URL=${HUB_UPLOAD_URL:-}
HUB_TOKEN=${HUB_TOKEN:-}
HUB_SYNC_HOURS=${HUB_SYNC_HOURS:-}

if [ -n "$KIT_PORTAL_TXT" ]; then
	if ! { [ -f "$KIT_PORTAL_TXT" ] && [ -r "$KIT_PORTAL_TXT" ]; }; then fail "KIT_PORTAL_TXT «$KIT_PORTAL_TXT» no es un archivo legible"; fi
	# Without a BOM or CR line ends, so the lines below join it cleanly.
	sed -e '1s/^\xEF\xBB\xBF//' -e 's/\r$//' "$KIT_PORTAL_TXT" | awk 1
fi
# The same rules as kit-firstboot's.
hub_url() { # VARIABLE KEY VALUE
	[ -n "$3" ] || return 0
	printf '%s' "$3" | grep -Eqx 'https?://[^[:space:]]+' || fail "$1 debe ser una dirección http:// o https:// sin espacios"
	printf '%s=%s\n' "$2" "$3"
}
hub_url HUB_FEED_URL hub_feed_url "$HUB_FEED_URL"
hub_url HUB_UPLOAD_URL hub_upload_url "$HUB_UPLOAD_URL"
if [ -n "$HUB_TOKEN" ]; then
	printf '%s' "$HUB_TOKEN" | grep -Eqx 'kp1\.([a-z0-9.-]+\.)?[0-9a-f]{16}\.[A-Za-z0-9_-]{43}' || fail "HUB_TOKEN no es un código de inscripción (kp1.…): cópielo entero de /admin/sync del centro"
	[ -n "$HUB_UPLOAD_URL" ] || fail "HUB_TOKEN necesita HUB_UPLOAD_URL, la dirección de informes del centro (…/api/v2/sync/reports)"
	printf 'hub_enrolment_token=%s\n' "$HUB_TOKEN"
fi
if [ -n "$HUB_SYNC_HOURS" ]; then
	if ! printf '%s' "$HUB_SYNC_HOURS" | grep -Eqx '[0-9]{1,3}' || [ "$HUB_SYNC_HOURS" -gt 720 ]; then fail "HUB_SYNC_HOURS debe ser un número entero de horas entre 0 y 720"; fi
	printf 'sync_interval_hours=%s\n' "$HUB_SYNC_HOURS"
fi
