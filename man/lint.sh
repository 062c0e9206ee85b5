#!/bin/sh
# Lint the manual pages: groff in its strictest warning mode and mandoc's
# linter must both stay silent.  Usage: man/lint.sh [page...]; with no
# argument every page next to this script is checked.  Exits 1 when any
# page draws a message, 2 when a tool is missing.
dir=$(dirname "$0")
[ $# -gt 0 ] || set -- "$dir"/*.[1-9]
for tool in groff mandoc; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "man/lint.sh: $tool not found (apt-get install groff mandoc)" >&2
		exit 2
	}
done
pass=0 fail=0
for page in "$@"; do
	out=$( { LC_ALL=C.UTF-8 groff -ww -z -man -k "$page"; \
		 LC_ALL=C.UTF-8 mandoc -T lint -W all "$page"; } 2>&1)
	if [ -n "$out" ]; then
		printf '%s\n' "$out"
		echo "FAIL: $page"
		fail=$((fail + 1))
	else
		echo "PASS: $page"
		pass=$((pass + 1))
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
