#!/usr/bin/env bash
# prepare.sh BUILDDIR OUTDIR: fill OUTDIR for kmod/check-kmod.sh's
# KMOD_GUEST_EXTRA.  OUTDIR gets static ps and top (relinked from
# BUILDDIR's objects), the fixture and runas helpers, terminfo, strace
# with its libraries when the host has it, and run.sh, which the guest
# runs as /extra/run.sh after the module's own tests (and through
# lockdown.sh once more, after lockdown refused the module).
#
#   bash backends/task_diag/guest/prepare.sh /tmp/build-td /tmp/td-extra
#   KMOD_GUEST_EXTRA=/tmp/td-extra bash kmod/check-kmod.sh
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 BUILDDIR OUTDIR" >&2; exit 2; }
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
B=$(cd "$1" && pwd)
OUT=$2
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
grep -q '^#define HAVE_TASK_DIAG 1' "$B/config.h" ||
	{ echo "prepare: $B was configured without the task_diag backend" >&2; exit 1; }

# Static programs: relink the built objects with -static, then restore
# the build tree's own (dynamic) binaries.
make -C "$B" -s src/ps/ps src/top/top >/dev/null
for p in src/ps/ps src/top/top; do
	mv "$B/$p" "$B/$p.dyn"
	if ! make -C "$B" -s "$p" LDFLAGS=-static >/dev/null 2>"$OUT/link.log"; then
		mv "$B/$p.dyn" "$B/$p"
		cat "$OUT/link.log" >&2
		exit 1
	fi
	cp "$B/$p" "$OUT/$(basename "$p")"
	mv -f "$B/$p.dyn" "$B/$p"
done
file -L "$OUT/ps" | grep -q 'statically linked' ||
	{ echo "prepare: ps is not static" >&2; exit 1; }

CFLAGS="-O2 -Wall -Wextra -static"
gcc $CFLAGS -pthread -o "$OUT/fixture" "$HERE/fixture.c"
gcc $CFLAGS -o "$OUT/runas" "$HERE/runas.c"
SRC=$(cd "$HERE/../../.." && pwd)
gcc $CFLAGS -D_GNU_SOURCE -pthread -o "$OUT/fixture-tree" "$SRC/testsuite/tools/fixture-tree.c"

# the corpus lines themselves (run.sh picks the "live ps|top" and "ns ps"
# ones; fixture-tree serves the latter in a pid namespace) and
# the toprc files they name, as XDG_CONFIG_HOME directories
rm -rf "$OUT/corpus" "$OUT/toprc" "$OUT/locale"
mkdir -p "$OUT/corpus" "$OUT/toprc"
for t in ps top; do
	for f in "$SRC/testsuite/$t.test/"*.corpus; do
		cp "$f" "$OUT/corpus/$t.$(basename "$f")"
	done
done
for d in "$SRC/src/top/testdata/"*/; do
	[ -f "$d/procps/toprc" ] && cp -r "${d%/}" "$OUT/toprc/"
done

# the corpus runs with LC_ALL=C.UTF-8, as on the host (LOCPATH in the guest)
for d in /usr/lib/locale/C.utf8 /usr/lib/locale/C.UTF-8; do
	[ -d "$d" ] && { mkdir -p "$OUT/locale"; cp -r "$d" "$OUT/locale/C.utf8"; break; }
done

# top needs a terminal description even in batch mode
mkdir -p "$OUT/terminfo/v" "$OUT/terminfo/l" "$OUT/terminfo/d"
for t in v/vt100 l/linux d/dumb; do
	for d in /lib/terminfo /usr/share/terminfo; do
		[ -f "$d/$t" ] && { cp "$d/$t" "$OUT/terminfo/$t"; break; }
	done
done

# strace for the system-call counts: the binary, its libraries and the
# loader at the paths the binary names
rm -rf "$OUT/sysroot"
if command -v strace >/dev/null; then
	S=$(command -v strace)
	mkdir -p "$OUT/sysroot"
	cp -L --parents "$S" "$OUT/sysroot/"
	for l in $(ldd "$S" | grep -o '/[^ ]*'); do
		cp -L --parents "$l" "$OUT/sysroot/"
	done
	echo "$S" >"$OUT/sysroot/strace.path"
fi

cp "$HERE/run.sh" "$OUT/run.sh"
# the guest's init runs it once lockdown has refused the module
printf '#!/bin/sh\ncd /extra && TD_ONLY=lockdown exec sh ./run.sh\n' \
	>"$OUT/lockdown.sh"
chmod 755 "$OUT/lockdown.sh"
chmod 755 "$OUT/run.sh" "$OUT/ps" "$OUT/top" "$OUT/fixture" "$OUT/runas" \
	"$OUT/fixture-tree"
rm -f "$OUT/link.log"
echo "prepare: $OUT ready ($(du -sh "$OUT" | cut -f1))"
