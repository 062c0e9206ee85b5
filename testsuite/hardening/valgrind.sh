#!/bin/sh
# valgrind.sh: memcheck over a representative set of ps and top runs:
# every ps format spec at once, the default and BSD/SysV formats, threads,
# forests, sorting, AIX formats, error paths, --help; top in batch mode
# with several views, toprc files (valid and corrupt).  A run passes when
# memcheck reports no invalid read or write, no use of uninitialised
# values, no bad free, and no definitely, indirectly or possibly lost
# block (--leak-check=full; still-reachable memory at exit is allowed:
# both programs keep their tables until exit, by design).
#
#   testsuite/hardening/valgrind.sh       (from the build directory)
#
# Leaks: testsuite/hardening/valgrind.supp names the one known, bounded
# case (ps's parse results, never freed); VG_STRICT=1 runs without it.
# Environment: PS_TD, TOP_TD (default src/ps/ps, src/top/top), CC,
# VALGRIND (default valgrind), VG_NS (1, the default: as root, run in a
# private pid namespace holding hostile-spawn's processes, so -e lists a
# few dozen tasks, hostile names included; 0: the host's namespace,
# selecting this shell's own processes).
# Logs of failing runs are kept in VG_KEEP (default /tmp/procps-td-vg).
# Prints PASS/FAIL per run and "N passed, N failed"; exit 1 on failure,
# 77 without valgrind.
set -u
here=$(cd "$(dirname "$0")" && pwd)
VALGRIND=${VALGRIND:-valgrind}
command -v "$VALGRIND" >/dev/null 2>&1 || { echo "SKIP: no valgrind"; exit 77; }
if [ "$(id -u)" = 0 ] && [ "${VG_NS:-1}" = 1 ] && [ -z "${VG_IN_NS:-}" ] &&
    command -v unshare >/dev/null 2>&1; then
	VG_IN_NS=1 exec unshare --pid --fork --mount-proc sh "$0" "$@"
fi
PS_TD=${PS_TD:-src/ps/ps}
TOP_TD=${TOP_TD:-src/top/top}
for p in "$PS_TD" "$TOP_TD"; do
	[ -x "$p" ] || { echo "FAIL: $p is not built"; echo "0 passed, 1 failed"; exit 1; }
done
PS_TD=$(cd "$(dirname "$PS_TD")" && pwd)/$(basename "$PS_TD")
TOP_TD=$(cd "$(dirname "$TOP_TD")" && pwd)/$(basename "$TOP_TD")
keep=${VG_KEEP:-/tmp/procps-td-vg}
mkdir -p "$keep"

tmp=$(mktemp -d /tmp/valgrind.XXXXXX)
spawn_pid=
cleanup() {
	[ -n "$spawn_pid" ] && kill -TERM "$spawn_pid" 2>/dev/null && wait "$spawn_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# Hostile processes to list (names with escapes, 128 KiB arguments,
# threads), stopped.
if ${CC:-cc} -O2 -pthread -o "$tmp/hostile-spawn" "$here/hostile-spawn.c"; then
	"$tmp/hostile-spawn" >"$tmp/ids" &
	spawn_pid=$!
	for _ in $(seq 50); do
		grep -q '^TIDS=' "$tmp/ids" 2>/dev/null && break
		sleep 0.1
	done
fi
PIDS=$(sed -n 's/^PIDS=//p' "$tmp/ids" 2>/dev/null)
[ -n "$PIDS" ] || PIDS=$$
FIRST=${PIDS%%,*}

# Every format spec ps knows, in one -o list (ps L names them).
ALL=$("$PS_TD" L | awk '{ print $1 }' | paste -sd, -)

mkdir -p "$tmp/home" "$tmp/rc1/.config/procps" "$tmp/rc2/.config/procps"
# a toprc with every field shown and a forest view, and a corrupt one
{
	echo "top's Config File (Linux processes with windows)"
	echo "Id:k, Mode_altscr=1, Mode_irixps=0, Delay_time=1.500, Curwin=1"
	for w in Def Job Mem Usr; do
		printf '%s\tfieldscur=' "$w"
		i=0
		while [ $i -lt 100 ]; do printf ' %d' $(( (37 + i) * 2 + 1 )); i=$((i + 1)); done
		printf '\n\twinflags=193846, sortindx=18, maxtasks=0, graph_cpus=0, graph_mems=0, double_up=0, combine_cpus=0, core_types=0\n'
		printf '\tsummclr=1, msgsclr=1, headclr=3, taskclr=1\n'
	done
	echo "Fixed_widest=0, Summ_mscale=1, Task_mscale=0, Zero_suppress=0, Tics_scaled=0"
} >"$tmp/rc1/.config/procps/toprc"
printf "top's Config File\nId:k, garbage\n" >"$tmp/rc2/.config/procps/toprc"

supp=--suppressions=$here/valgrind.supp
[ -n "${VG_STRICT:-}" ] && supp=
passed=0 failed=0
# vg NAME HOME PROGRAM ARGS...: one program under memcheck.
vg() {
	name=$1 home=$2; shift 2
	log=$tmp/vg.log
	(cd / && env -i PATH=/usr/bin:/bin HOME="$home" TZ=UTC LC_ALL=C.UTF-8 \
		COLUMNS=160 LINES=50 \
		"$VALGRIND" --tool=memcheck -q --error-exitcode=99 \
		--leak-check=full --show-leak-kinds=definite,indirect,possible \
		--errors-for-leak-kinds=definite,indirect,possible $supp \
		--log-file="$log" "$@" </dev/null >"$tmp/out" 2>"$tmp/err")
	rc=$?
	if [ "$rc" != 99 ] && ! grep -q -E 'Invalid|uninitialised|lost in|Mismatched|free\(\)' "$log"; then
		echo "PASS: valgrind $name (exit $rc)"
		passed=$((passed + 1))
	else
		f=$keep/$(echo "$name" | tr -c 'A-Za-z0-9_.-' '_').log
		cp "$log" "$f"
		echo "FAIL: valgrind $name (exit $rc): $(grep -m1 -E 'Invalid|uninitialised|lost in|Mismatched|free\(\)' "$log" | sed 's/^==[0-9]*== //') (log: $f)"
		failed=$((failed + 1))
	fi
}

h=$tmp/home
vg "ps -ef" "$h" "$PS_TD" -ef
vg "ps aux" "$h" "$PS_TD" aux
vg "ps -eLf" "$h" "$PS_TD" -eLf
vg "ps -eo pid,comm,args" "$h" "$PS_TD" -eo pid,comm,args
vg "ps -em" "$h" "$PS_TD" -em
vg "ps axf" "$h" "$PS_TD" axf
vg "ps -eH -o pid,comm" "$h" "$PS_TD" -eH -o pid,comm
vg "ps e c -p PIDS" "$h" "$PS_TD" e c -p "$PIDS"
vg "ps -e -o (every spec)" "$h" "$PS_TD" -e -o "$ALL"
vg "ps -eL -o (every spec)" "$h" "$PS_TD" -eL -o "$ALL"
vg "ps -el -y" "$h" "$PS_TD" -el -y
vg "ps -eF" "$h" "$PS_TD" -eF
vg "ps -ej" "$h" "$PS_TD" -ej
vg "ps axjf" "$h" "$PS_TD" axjf
vg "ps axv" "$h" "$PS_TD" axv
vg "ps axs" "$h" "$PS_TD" axs
vg "ps axl" "$h" "$PS_TD" axl
vg "ps aux --sort=-%cpu,comm" "$h" "$PS_TD" aux --sort=-%cpu,comm
vg "ps -e k -start_time,+rss" "$h" "$PS_TD" -e k -start_time,+rss
vg "ps O-pu -e" "$h" "$PS_TD" O-pu -e
vg "ps -e -O user:20=USERNAME" "$h" "$PS_TD" -e -O user:20=USERNAME
vg "ps -e -o AIX format" "$h" "$PS_TD" -e -o "%p %P %U %c %a %t %x %n"
vg "ps axS -o pid,bsdtime,cputime" "$h" "$PS_TD" axS -o pid,bsdtime,cputime
vg "ps -q PIDS" "$h" "$PS_TD" -q "$PIDS"
vg "ps -p PIDS -o pid,args:20,comm:3" "$h" "$PS_TD" -p "$PIDS" -o pid,args:20,comm:3
vg "ps -u root -U root -G root" "$h" "$PS_TD" -u root -U root -G root
vg "ps -C name" "$h" "$PS_TD" -C sh -o pid,comm
vg "ps --ppid 1 -N" "$h" "$PS_TD" --ppid 1 -N
vg "ps -e --headers --rows 5" "$h" "$PS_TD" -e --headers --rows 5
vg "ps ww -e" "$h" "$PS_TD" ww -e
vg "ps -t pts/0 (no match)" "$h" "$PS_TD" -t pts/0
vg "ps -o bogus (error)" "$h" "$PS_TD" -o bogus
vg "ps -q 1 --sort=pid (error)" "$h" "$PS_TD" -q 1 --sort=pid
vg "ps --help all" "$h" "$PS_TD" --help all
vg "ps L" "$h" "$PS_TD" L
vg "ps --version" "$h" "$PS_TD" --version
vg "top -b -n 1" "$h" "$TOP_TD" -b -n 1
vg "top -b -n 2 -d 0.2" "$h" "$TOP_TD" -b -n 2 -d 0.2
vg "top -b -n 1 -H" "$h" "$TOP_TD" -b -n 1 -H
vg "top -b -n 1 -c -w 512" "$h" "$TOP_TD" -b -n 1 -c -w 512
vg "top -b -n 1 -1" "$h" "$TOP_TD" -b -n 1 -1
vg "top -b -n 1 -p PIDS" "$h" "$TOP_TD" -b -n 1 -p "$PIDS"
vg "top -b -n 1 -u root -o %MEM" "$h" "$TOP_TD" -b -n 1 -u root -o %MEM
vg "top -b -n 1 -E g -e m -S -i" "$h" "$TOP_TD" -b -n 1 -E g -e m -S -i
vg "top -b -n 1 -O" "$h" "$TOP_TD" -O
vg "top -b -n 1 (every field, forest toprc)" "$tmp/rc1" "$TOP_TD" -b -n 1 -w 512
vg "top -b -n 1 (corrupt toprc)" "$tmp/rc2" "$TOP_TD" -b -n 1
vg "top -b -n 1 -p (error)" "$h" "$TOP_TD" -b -n 1 -p
vg "top -h" "$h" "$TOP_TD" -h
where="host pid namespace"
[ -n "${VG_IN_NS:-}" ] && where="private pid namespace"
echo "valgrind: $(echo "$PIDS" | tr ',' '\n' | wc -l) hostile processes listed ($where); $(echo "$ALL" | tr ',' '\n' | wc -l) ps format specs"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
