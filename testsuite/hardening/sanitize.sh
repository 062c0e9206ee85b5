#!/bin/sh
# sanitize.sh: configures a separate build with --enable-sanitizers (ASan
# and UBSan, configure.ac), builds it and runs its make check, then lists
# every sanitizer report the run produced.
#
#   testsuite/hardening/sanitize.sh [BUILDDIR]
#
# BUILDDIR defaults to /tmp/procps-td-sanitize (reused while the sources
# are the same: configure runs only once).  When the source directory is
# configured in-tree (CI), the tracked files are copied to BUILDDIR/src
# first (configure refuses a second build of a configured source
# directory).  Environment: CC (default gcc), JOBS (default 2),
# CHECK_FLAGS (extra make check arguments, e.g. RUNTESTFLAGS=...).
# Sanitizer options are compiled in (asan-defaults.c, through LIBS) since
# the test suite gives ps and top a clean environment: leak reports off,
# every report written to BUILDDIR/reports/.
# Prints PASS/FAIL lines, the durations and "N passed, N failed"; exit 1
# when the build or make check fails or any report was written.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
b=${1:-/tmp/procps-td-sanitize}
mkdir -p "$b/reports"
b=$(cd "$b" && pwd)
passed=0 failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }
now() { date +%s; }

t0=$(now)
cd "$b" || exit 1
# A build of other sources (the tracked files and their changes differ
# from the stamp) is thrown away first: reusing it would test old code.
stamp=$(cd "$src" && { git ls-files -s && git diff HEAD; } 2>/dev/null | md5sum)
if [ "$b" != / ] && [ "$(cat src.stamp 2>/dev/null)" != "$stamp" ]; then
	find . -mindepth 1 -maxdepth 1 ! -name reports -exec rm -rf {} +
	echo "$stamp" >src.stamp
fi
${CC:-gcc} -O2 -DREPORT_DIR="\"$b/reports\"" -c -o asan-defaults.o \
	"$here/asan-defaults.c" || { fail "asan-defaults.o"; echo "$passed passed, $failed failed"; exit 1; }
# configure refuses a second build of a source directory that is itself
# configured (an in-tree build, as CI makes): then build from a copy of
# the tracked files, as they are in the working tree.
cfgsrc=$src
if [ -f "$src/config.status" ]; then
	cfgsrc=$b/src
	if ! [ -f "$cfgsrc/configure" ]; then
		rm -rf "$cfgsrc" && mkdir -p "$cfgsrc" &&
		(cd "$src" && git ls-files -z | tar --no-recursion --null -cf - -T -) |
			(cd "$cfgsrc" && tar -xf -) &&
		(cd "$cfgsrc" && ./autogen.sh) >autogen.log 2>&1 ||
			{ fail "copy of the sources (see $b/autogen.log)"; echo "$passed passed, $failed failed"; exit 1; }
	fi
fi
if ! [ -f Makefile ]; then
	"$cfgsrc/configure" -q --enable-sanitizers CC="${CC:-gcc}" \
		LIBS="$b/asan-defaults.o" >configure.log 2>&1 ||
		{ fail "configure (see $b/configure.log)"; echo "$passed passed, $failed failed"; exit 1; }
fi
if nice -n 10 make -j"${JOBS:-2}" >build.log 2>&1; then
	pass "build with --enable-sanitizers ($(($(now) - t0)) s)"
else
	fail "build (see $b/build.log)"; echo "$passed passed, $failed failed"; exit 1
fi
grep -q -- '-fsanitize=address' Makefile || fail "SANITIZER_CFLAGS not in the Makefile"
rm -f reports/*
t1=$(now)
# shellcheck disable=SC2086
TD_SANITIZED=1 SNAPSHOT_SELF_EXE=1 nice -n 10 make check ${CHECK_FLAGS:-} >check.log 2>&1
rc=$?
dt=$(($(now) - t1))
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' check.log | tail -1)
if [ "$rc" = 0 ]; then
	pass "make check under ASan+UBSan in ${dt} s: ${summary:-?}"
else
	fail "make check under ASan+UBSan (exit $rc) in ${dt} s: ${summary:-?} (see $b/check.log, testsuite/*.log)"
fi
# ASan writes to reports/ (log_path); gcc's UBSan writes to stderr, which
# the test suite keeps in testsuite/*.log next to the diff it causes.
ub=$(grep -h -E 'runtime error|ERROR: AddressSanitizer' testsuite/*.log 2>/dev/null |
	sed 's/^[^/]*//' | sort | uniq -c | sort -rn)
if [ -z "$ub" ]; then
	pass "no sanitizer report in testsuite/*.log"
else
	fail "sanitizer reports in testsuite/*.log:"
	echo "$ub" | head -20 | sed 's/^/  /'
fi
n=$(find reports -type f | wc -l)
if [ "$n" = 0 ]; then
	pass "no sanitizer report in $b/reports"
else
	fail "$n sanitizer reports in $b/reports:"
	for f in reports/*; do
		echo "  $f: $(grep -m1 -E 'ERROR|runtime error' "$f" | cut -c1-200)"
	done | sort -t: -k2 | awk -F': ' '!seen[$2]++' | head -20
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
