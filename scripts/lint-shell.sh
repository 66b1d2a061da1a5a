#!/bin/sh
# Lints every shell script of the project with shellcheck at warning level.
# Scripts are found by their #! line as well as by a .sh name: the kit's
# helpers (kit-power, kit-hotspot, kit-firstboot…) have no extension.
# With --list it only prints the scripts it would lint.
set -eu
cd "$(dirname "$0")/.."

# The project's files: tracked ones and new ones git does not ignore.
project_files() {
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files --cached --others --exclude-standard
	else
		find . \( -name .git -o -name node_modules -o -name .toolchain -o -name dist -o -name data -o -name .tmp -o -name .cache \) -prune \
			-o -type f -print | sed 's|^\./||'
	fi
}

# Of FILES (one a line), the shell scripts: a .sh name, or a first line naming sh, bash or dash.
shell_scripts() {
	while IFS= read -r file; do
		[ -f "$file" ] || continue # deleted, still in the index
		case $file in
		*.sh) printf '%s\n' "$file" ;;
		*) if head -c 100 "$file" | head -n 1 | grep -Eq '^#!.*[/ ](sh|bash|dash)([[:space:]]|$)'; then printf '%s\n' "$file"; fi ;;
		esac
	done
}

# Files of kinds that are never shell scripts are not opened (hundreds of them, one process each).
not_scripts='\.(ts|tsx|js|mjs|cjs|json|md|css|html|svg|png|jpg|jpeg|gif|webp|ico|pdf|mp4|webm|mp3|m4a|ogg|wav|apk|zip|sql|py|txt|service|target|conf|rules)$'
scripts=$(project_files | grep -Ev "$not_scripts" | shell_scripts)
if [ "${1:-}" = --list ]; then
	printf '%s\n' "$scripts"
	exit 0
fi
if ! command -v shellcheck >/dev/null 2>&1; then
	echo "lint-shell: shellcheck is missing (Debian package shellcheck; scripts/ensure-test-tools.sh installs it)" >&2
	exit 1
fi
count=$(printf '%s\n' "$scripts" | grep -c .)
printf '%s\n' "$scripts" | tr '\n' '\0' | xargs -0 shellcheck -S warning
echo "lint-shell: $count scripts, no warnings"
