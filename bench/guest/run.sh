#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Guest half of bench/guest-bench: runs as /extra/run.sh inside the QEMU
# guest of kmod/check-kmod.sh (busybox sh, task_diag.ko loaded).
#
# Times the reference ps/top and procps-td with each backend, interleaved,
# for every size in /extra/bench.conf (the interactive top on a 120x40
# pseudo-terminal through ./ptytime, ended by its -n after IFRAMES
# refreshes), and prints one line per run:
#   BENCH n=N procs=P impl=I cmd=KEY run=R wall=S user=S sys=S rss=KB rc=RC
# which bench/run --guest turns into ratio tables (TCG timings are only
# meaningful as ratios).  "PASS: bench ..." lines feed the harness count;
# a backend that does not work in the guest is reported, not failed.
# With PROFILE=1 in bench.conf, perf (copied in with its libraries)
# samples top -b with each implementation at every size: "PROF ..." lines.

cd /extra || exit 0
SIZES="1000 10000"
REPS=3
TOP_FRAMES=5
IFRAMES=10
PROFILE=""
PROFILE_ONLY=""
PROFILE_IMPLS=""
IMPLS="ref td-procfs td-task_diag"
[ -f ./bench.conf ] && . ./bench.conf

echo "BENCH-START sizes=$SIZES reps=$REPS kernel=$(uname -r) nproc=$(nproc)"

# the reference programs, their libraries and terminfo, at their own paths
if [ -d ./ref-root ]; then
	cp -a ./ref-root/. / 2>/dev/null
fi
# the interactive top's pseudo-terminals
mkdir -p /dev/pts
grep -q ' /dev/pts ' /proc/mounts || mount -t devpts devpts /dev/pts
REF_PS=/usr/bin/ps
REF_TOP=/usr/bin/top
TD_PS=/extra/ps
TD_TOP=/extra/top
export TERM=dumb LC_ALL=C HOME=/tmp/bench-home
mkdir -p "$HOME"

prog() { # impl kind -> path
	case "$1:$2" in
	ref:ps) echo $REF_PS ;;
	ref:top) echo $REF_TOP ;;
	*:ps) echo $TD_PS ;;
	*:top) echo $TD_TOP ;;
	esac
}

backend() {
	case "$1" in
	td-*) echo "${1#td-}" ;;
	*) echo "" ;;
	esac
}

# which implementations work here at all
WORKING=""
for impl in $IMPLS; do
	p=$(prog "$impl" ps)
	b=$(backend "$impl")
	if [ ! -x "$p" ]; then
		echo "BENCH-SKIP impl=$impl reason=missing:$p"
		continue
	fi
	if PROCPS_BACKEND=$b "$p" -o pid= -p 1 >/tmp/bench.out 2>/tmp/bench.err &&
		[ "$(tr -d ' ' </tmp/bench.out)" = 1 ]; then
		WORKING="$WORKING $impl"
	else
		echo "BENCH-SKIP impl=$impl reason=$(head -1 /tmp/bench.err | tr ' ' _)"
	fi
done
echo "BENCH-IMPLS$WORKING"

TOP_OK=""
for impl in $WORKING; do
	p=$(prog "$impl" top)
	b=$(backend "$impl")
	if [ -x "$p" ] && PROCPS_BACKEND=$b "$p" -b -n 1 -d 0.1 >/dev/null 2>&1; then
		TOP_OK="$TOP_OK $impl"
	else
		echo "BENCH-SKIP-TOP impl=$impl"
	fi
done

# bench_cmd N PROCS KEY KIND "IMPLS" ARGS...: a warm-up run of each, then
# REPS interleaved rounds, the order reversed every other round; RUNNER
# (default ./tdtime -n 1) times one run
bench_cmd() {
	n=$1 procs=$2 key=$3 kind=$4 order=$5
	shift 5
	runner=${RUNNER:-./tdtime -n 1}
	rev=""
	for impl in $order; do
		rev="$impl $rev"
		# the warm-up run also tells whether task_diag answered itself
		# or handed the scan to procfs (PROCPS_TD_STRICT=1 says so)
		if [ -n "$RUNNER" ]; then
			$runner -e "PROCPS_BACKEND=$(backend "$impl")" \
				-- $(prog "$impl" "$kind") "$@" >/dev/null 2>&1
			continue
		fi
		PROCPS_TD_STRICT=1 PROCPS_BACKEND=$(backend "$impl") \
			$(prog "$impl" "$kind") "$@" >/dev/null 2>/tmp/bench.err
		if [ "$impl" = td-task_diag ] && [ -s /tmp/bench.err ]; then
			echo "BENCH-FALLBACK n=$n cmd=$key: $(head -1 /tmp/bench.err)"
		fi
	done
	r=1
	while [ $r -le "$REPS" ]; do
		seq="$order"
		[ $((r % 2)) = 0 ] && seq="$rev"
		for impl in $seq; do
			line=$($runner -e "PROCPS_BACKEND=$(backend "$impl")" \
				-- "$(prog "$impl" "$kind")" "$@" 2>/dev/null)
			# "run I wall user sys rss rc"
			echo "$line" | {
				read -r _ _ wall user sys rss rc
				echo "BENCH n=$n procs=$procs impl=$impl cmd=$key run=$r wall=$wall user=$user sys=$sys rss=$rss rc=$rc"
				[ "$rc" = 0 ] ||
					echo "BENCH-ERROR n=$n impl=$impl cmd=$key rc=$rc" |
					tee -a /tmp/bench-errors.$n
			}
		done
		r=$((r + 1))
	done
}

# profile N: where top -b's time goes, per implementation (perf's
# cpu-clock samples: kernel, module, libraries, the program itself)
# perf samples of one command line (KEY names it in the PROF lines)
profile_cmd() { # n impl key command...
	n=$1 impl=$2 key=$3
	shift 3
	PROCPS_BACKEND=$(backend "$impl") $perf record -q -e cpu-clock \
		-F 2000 -o /tmp/perf.data -- "$@" >/dev/null 2>/tmp/perf.err ||
		{ echo "PROF n=$n impl=$impl cmd=$key perf failed: $(head -1 /tmp/perf.err)"; return; }
	for sort in dso dso,sym; do
		$perf report -i /tmp/perf.data --stdio --no-children \
			--sort "$sort" --percent-limit 0.3 2>/dev/null |
			grep -v '^#' | grep -v '^$' |
			sed "s/^/PROF n=$n impl=$impl cmd=$key sort=$sort /"
	done
	rm -f /tmp/perf.data
}

# batch top, five runs in a row of each ps command, and (with ptytime)
# the interactive top, for each of PROFILE_IMPLS (default: all that run)
profile() {
	perf=/usr/bin/perf      # from ref-root, at the host's path
	[ -x $perf ] || { echo "PROF n=$1 no perf"; return; }
	for impl in ${PROFILE_IMPLS:-$TOP_OK}; do
		top=$(prog "$impl" top)
		ps=$(prog "$impl" ps)
		profile_cmd "$1" "$impl" top-b $top -b -d 0.2 -n 10
		for args in -e -ef aux -eLf "-eo pid,comm"; do
			key=$(echo "ps-${args#-}" | tr ' ,' '__')
			profile_cmd "$1" "$impl" "$key" sh -c \
				"for i in 1 2 3 4 5; do $ps $args; done"
		done
		[ -x ./ptytime ] && profile_cmd "$1" "$impl" top-pty \
			./ptytime -s 120x40 -e TERM=linux -- $top -d 0.2 -n 10
	done
}

for n in $SIZES; do
	mkfifo /tmp/bench-hold.$n
	exec 8<>/tmp/bench-hold.$n
	./spawn -q -s "$n" 1 <&8 >/tmp/bench-ready &
	spid=$!
	t=0
	while ! grep -q ready /tmp/bench-ready 2>/dev/null; do
		sleep 1
		t=$((t + 1))
		if [ $t -gt 600 ] || ! kill -0 $spid 2>/dev/null; then
			echo "FAIL: bench spawner for $n processes"
			break
		fi
	done
	procs=$(ls -d /proc/[0-9]* 2>/dev/null | wc -l)
	echo "BENCH-SIZE n=$n procs=$procs spawned_after=${t}s"
	if [ -n "$PROFILE_ONLY" ]; then
		[ -n "$TOP_OK" ] && profile "$n"
	else
		# startup alone (loader, locale, no scan): the floor under every row
		bench_cmd "$n" "$procs" "ps -V" ps "$WORKING" -V
		bench_cmd "$n" "$procs" "ps -e" ps "$WORKING" -e
		bench_cmd "$n" "$procs" "ps -ef" ps "$WORKING" -ef
		bench_cmd "$n" "$procs" "ps aux" ps "$WORKING" aux
		bench_cmd "$n" "$procs" "ps -eLf" ps "$WORKING" -eLf
		bench_cmd "$n" "$procs" "ps -eo pid,comm" ps "$WORKING" -eo pid,comm
		bench_cmd "$n" "$procs" "ps -o pid= -p 1" ps "$WORKING" -o pid= -p 1
		if [ -n "$TOP_OK" ]; then
			bench_cmd "$n" "$procs" "top -b -d 0.2 -n $TOP_FRAMES" top \
				"$TOP_OK" -b -d 0.2 -n "$TOP_FRAMES"
			# interactive: -n ends both tops after exactly IFRAMES
			# refreshes.  (Counting "top - " markers undercounted
			# them: a refresh within the same second of the clock
			# does not rewrite that line, and the faster program
			# makes more such refreshes per marker.)
			if [ -x ./ptytime ]; then
				RUNNER="./ptytime -s 120x40 -e TERM=linux"
				bench_cmd "$n" "$procs" "top 120x40 -d 0.2 -n $IFRAMES" \
					top "$TOP_OK" -d 0.2 -n "$IFRAMES"
				RUNNER=""
			fi
		fi
		[ -n "$PROFILE" ] && [ -n "$TOP_OK" ] && profile "$n"
	fi
	kill -TERM $spid
	wait $spid
	exec 8>&-
	rm -f /tmp/bench-hold.$n /tmp/bench-ready
	left=$(ls -d /proc/[0-9]* 2>/dev/null | wc -l)
	echo "BENCH-DONE n=$n left=$left"
	for impl in $WORKING; do
		if grep -q "impl=$impl " /tmp/bench-errors.$n 2>/dev/null; then
			echo "FAIL: bench n=$n $impl"
		else
			echo "PASS: bench n=$n $impl"
		fi
	done
done
echo "BENCH-END"
