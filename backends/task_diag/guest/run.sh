#!/bin/sh
# /extra/run.sh: the task_diag backend against the procfs backend, in the
# guest, after the module's own tests.  Every case runs the same ps
# command with PROCPS_BACKEND=procfs and =task_diag and compares bytes.
# ps's own row (the only one that differs by nature: its memory and
# environment) is kept out by giving ps a known pid through ns_last_pid
# and dropping the lines holding that number.  Prints PASS:/FAIL: lines.
#
# Sections (INFO lines carry the seconds since run.sh started):
#  1. fixed ps cases over the whole machine (-e, aux, -L...), root and
#     users 1000 and 1001, then top's task rows;
#  2. the corpus: every "live ps" and "live top" line of testsuite's
#     ps.test and top.test corpora (shipped by prepare.sh), with the
#     fixture-tree of the host test suite standing in for its $VARS, plus
#     top -b cases (default screen, -H, -c, -1, -o, every toprc file of
#     src/top/testdata), each as root and as user 1000: stdout, stderr
#     and exit status must be the same bytes under both backends; then
#     every "ns ps" line, in a private pid namespace whose pid 1 is a
#     second fixture-tree serving the programs (as the host suite runs
#     them), again as root and as user 1000, with nothing masked, and
#     checks that only the namespace's tasks are listed, in its numbers;
#  3. hidepid, churn, syscall counts, the interactive top (its drawn
#     rows' columns through one LIST request per frame, the rows the
#     same as procfs's), rmmod under top;
#  4. 10,000 tasks: ps -e, ps -eLf and top -b -n 3 under strace, PASS if
#     the only system calls that grow with the task count are the reads
#     of /proc/task-diag, one per 60 KiB (and memory calls of
#     doubling arrays, logarithmic).
X=${TD_X:-/extra}
# TD_MATCH=STRING: only the corpus lines holding STRING.
# TD_ONLY=corpus: only section 2 (with TD_X and TD_BE=procfs it runs on
# any machine as root, in a private pid and mount namespace: a check of
# the harness itself)
# TD_ONLY=bpf (or td.extra=bpf on the guest's kernel command line, which
# check-kmod's KMOD_APPEND sets): only section 2c, the bpf backend
if [ -z "${TD_ONLY:-}" ]; then
	for a in $(cat /proc/cmdline 2>/dev/null); do
		case $a in td.extra=*) TD_ONLY=${a#td.extra=} ;; esac
	done
fi
BE=${TD_BE:-task_diag}
# the PASS:/FAIL: lines' tag (section 2c's are bpf-backend)
TAG=td-backend
SELF=29999
NSLEEP=${TD_NSLEEP:-300}
export TERMINFO=$X/terminfo TERM=vt100 COLUMNS=${COLUMNS:-160}
npass=0
nfail=0
pass() { echo "PASS: $TAG $*"; npass=$((npass + 1)); }
fail() { echo "FAIL: $TAG $*"; nfail=$((nfail + 1)); }
info() { echo "INFO: $TAG $*"; }
# (the date: /proc/uptime is frozen during the corpus)
T0=$(date +%s)
stamp() { info "[+$(($(date +%s) - T0))s] $*"; }

# retry3 CHECK STEP [ARGS...]: STEP runs both backends, CHECK compares
# what they printed; up to three runs, since kernel threads may change
# state between the two.  $try is the run being made, at the end the
# number made; the status is CHECK's last.
retry3() {
	_check=$1
	shift
	try=1
	while :; do
		"$@"
		$_check && return 0
		[ $try -ge 3 ] && return 1
		try=$((try + 1))
	done
}
# the two outputs a case compares, masked
same_ab() { cmp -s /tmp/td.a /tmp/td.b; }

if [ -z "${TD_ONLY:-}" ]; then
	if [ ! -e /proc/task-diag ]; then
		insmod /task_diag.ko 2>/dev/null
	fi
	[ -e /proc/task-diag ] || { fail "no /proc/task-diag"; exit 0; }
fi

# Rows of tasks that keep running between the two runs (kernel threads
# that work, the shells of this script) may change in between; they are
# left out of the comparison.  Everything else is stopped or idle.
VOLATILE='kworker|rcu_pre|rcu_sch|ksoftirqd|migration/|kcompactd|khungtaskd|kswapd|busybox sh /init|sh \./run\.|(^| )(sh|init) *$|^ *(sh|init) '
# The same tasks by pid, for layouts (toprc windows) whose rows do not
# end in the command: kernel threads by name, this shell and its parents.
# Tasks born during a run get pids right after the program's: also out.
VPIDS="1 $$ $PPID"
for d in /proc/[0-9]*; do
	read -r c <"$d/comm" 2>/dev/null || continue
	case $c in
	kworker*|rcu_*|ksoftirqd*|migration*|kcompactd*|khungtaskd|kswapd*)
		VPIDS="$VPIDS ${d#/proc/}" ;;
	esac
done
# A thread row under ps m carries no name: it goes with its process row.
# stable FILE [top]: FILE without those rows (with "top", by pid instead
# of the ps m rule: top's rows ending in "-" are no thread rows)
stable() {
	vp=""
	[ "$2" = top ] && vp=$VPIDS
	grep -v -w "$SELF" "$1" | awk -v vol="$VOLATILE" -v vp="$vp" -v self="$SELF" '
		BEGIN { n = split(vp, a, " "); for (i = 1; i <= n; i++) v[a[i]] = 1 }
		$0 ~ vol || (n && (($1 in v) || ($1 > self && $1 < self + 100))) {
			skip = 1; next
		}
		skip && !n && $NF == "-" { next }
		{ skip = 0; print }'
}

# %CPU and ELAPSED are computed from /proc/uptime at each start: both
# runs of a case read the same frozen copy of it (bind-mounted over it),
# so the clock cannot tell them apart; else start early in a second.
freeze_clock() {
	read -r up idle </proc/uptime
	echo "$up $idle" >/tmp/td.uptime
	chmod 644 /tmp/td.uptime
	mount -o bind /tmp/td.uptime /proc/uptime 2>/dev/null && return
	while read -r up idle </proc/uptime; do
		case ${up#*.} in 0*|1*|2*) return ;; esac
	done
}
thaw_clock() { umount /proc/uptime 2>/dev/null; }

# run WHO BACKEND PROG ARGS... > file: PROG as pid $SELF
run() {
	who=$1 be=$2
	shift 2
	echo $((SELF - 1)) >/proc/sys/kernel/ns_last_pid
	# a hung program fails its case instead of the whole run (an alarm
	# set by runas, which then becomes the program: no extra process)
	PROCPS_BACKEND=$be PROCPS_TD_STRICT=1 $X/runas -t 120 "$who" "$@" 2>&1
	rc=$?
	[ $rc = 0 ] || echo "(exit status $rc)"
}

# ps_pair WHO ARGS...: ps ARGS under both backends, masked
ps_pair() {
	_who=$1
	shift
	freeze_clock
	run "$_who" task_diag $X/ps "$@" >/tmp/td.b.raw
	run "$_who" procfs $X/ps "$@" >/tmp/td.a.raw
	thaw_clock
	stable /tmp/td.a.raw >/tmp/td.a
	stable /tmp/td.b.raw >/tmp/td.b
}

# case NAME WHO ARGS...: ps ARGS under both backends
case_ps() {
	name=$1 who=$2
	shift 2
	retry3 same_ab ps_pair "$who" "$@"
	n=$(wc -l </tmp/td.a)
	bytes=$(wc -c </tmp/td.a)
	left=$(($(wc -l </tmp/td.a.raw) - n))
	if ! cmp -s /tmp/td.a /tmp/td.b; then
		fail "ps $* as $who: outputs differ"
		diff /tmp/td.a /tmp/td.b | head -12
	elif [ "$n" -lt 2 ] && [ -z "$MAY_BE_EMPTY" ]; then
		fail "ps $* as $who: no rows"
		head -3 /tmp/td.a
	else
		pass "ps $* as $who: identical ($n lines, $bytes bytes; $left live rows left out; try $try)"
	fi
}

# ---- TD_ONLY=lockdown: the guest's init calls this once lockdown (as
# Secure Boot sets it) has refused the unsigned module: no
# /proc/task-diag, ps and top by default answer as procfs does, and when
# task_diag is named they say why with the message of ps(1) and top(1)
if [ "${TD_ONLY:-}" = lockdown ]; then
	[ -e /proc/task-diag ] && fail "lockdown: /proc/task-diag exists"
	# BE as the backend (empty: the default), ps as pid $SELF, no
	# PROCPS_TD_STRICT (the default backend says nothing)
	lrun() {
		echo $((SELF - 1)) >/proc/sys/kernel/ns_last_pid
		PROCPS_BACKEND=$1 $X/runas -t 120 "$2" $X/ps -ef 2>&1
	}
	for who in root 1000; do
		freeze_clock
		lrun "" $who >/tmp/td.b.raw
		lrun procfs $who >/tmp/td.a.raw
		thaw_clock
		stable /tmp/td.a.raw >/tmp/td.a
		stable /tmp/td.b.raw >/tmp/td.b
		if cmp -s /tmp/td.a /tmp/td.b && [ "$(wc -l </tmp/td.a)" -gt 5 ]; then
			pass "lockdown: ps -ef as $who by default is procfs's ($(wc -l </tmp/td.a) lines)"
		else
			fail "lockdown: ps -ef as $who by default differs from procfs"
			diff /tmp/td.a /tmp/td.b | head -6
		fi
	done
	# the status each manual gives: ps 47, top 1
	for p in ps top; do
		args="-p 1" want_rc=47
		[ $p = top ] && args="-b -n 1 -p 1" want_rc=1
		# shellcheck disable=SC2086
		PROCPS_BACKEND=task_diag $X/$p $args >/tmp/td.o 2>/tmp/td.e
		rc=$?
		want="$p: PROCPS_BACKEND=task_diag: /proc/task-diag does not exist (the task_diag module is not loaded)"
		if [ $rc = $want_rc ] && [ "$(cat /tmp/td.e)" = "$want" ] &&
		   [ ! -s /tmp/td.o ]; then
			pass "lockdown: PROCPS_BACKEND=task_diag $p exits $rc with its manual's message"
		else
			fail "lockdown: PROCPS_BACKEND=task_diag $p: status $rc, stderr $(head -c 200 /tmp/td.e)"
		fi
	done
	info "$npass passed, $nfail failed (lockdown)"
	exit 0
fi

# ---- 2. the corpus (a function: TD_ONLY=corpus runs only this part)
# Elapsed times, %CPU, and top's clock line and summary read
# /proc/uptime, /proc/loadavg, /proc/stat and /proc/meminfo: the whole
# corpus reads frozen copies of them (bind mounts), so both runs of a case
# see the same; only the time of day (time()) is masked.  The fixture is
# stopped or asleep: nothing else of its rows moves.
freeze_all() {
	freeze_clock
	for pf in loadavg stat meminfo; do
		cat /proc/$pf >/tmp/td.$pf
		mount -o bind /tmp/td.$pf /proc/$pf 2>/dev/null
	done
}
thaw_all() {
	for pf in loadavg stat meminfo; do umount /proc/$pf 2>/dev/null; done
	thaw_clock
}

# crun BACKEND WHO OUT PROG ARGS...: as run-case runs a live case: an
# empty environment with the suite's base words and the case's ($cargs),
# a new session, stdin /dev/null; stdout, stderr and status in OUT.*.
# runas does all of it in one exec (exec is what costs under TCG).
crun() {
	be=$1 who=$2 out=$3 prog=$4
	shift 4
	echo $((SELF - 1)) >/proc/sys/kernel/ns_last_pid
	# shellcheck disable=SC2086
	$X/runas -t 120 -s -i -e PATH=/bin -e HOME=/nonexistent -e TZ=UTC \
		-e LC_ALL=C.UTF-8 -e LOCPATH=$X/locale -e TERMINFO=$X/terminfo \
		$cargs -e PROCPS_BACKEND=$be -e PROCPS_TD_STRICT=1 \
		-a "$prog" "$who" "$X/$prog" "$@" \
		</dev/null >"$out.out" 2>"$out.err"
	echo $? >"$out.rc"
}
# same: the two runs gave the same bytes; else, with rows that move by
# nature (busy kernel threads, our shells, the program itself) left out
# (counted in $left), and masked in top's summary: the time of day and
# how many tasks run or sleep (busy kernel threads, top itself); the
# time also in an alternate display's first line ("1:Def - 14:49:12")
same() {
	left=0
	rm -f /tmp/td.a.cmp /tmp/td.b.cmp
	cmp -s /tmp/td.a.err /tmp/td.b.err && cmp -s /tmp/td.a.rc /tmp/td.b.rc ||
		return 1
	cmp -s /tmp/td.a.out /tmp/td.b.out && return 0
	# the namespace holds only the fixture and the program: no mask
	[ "$fix" = ns ] && return 1
	for k in a b; do
		stable /tmp/td.$k.out "$prog" | sed -e 's/^top - [0-9:]* /top - HH:MM:SS /' \
			-e 's/^\([1-4]:[^ ]* - \)[0-9:]* /\1HH:MM:SS /' \
			-e 's/^\(Tasks: *[0-9]* total, \).*\( sleeping,\)/\1N running, N\2/' \
			-e 's/^\(Threads: *[0-9]* total, \).*\( sleeping,\)/\1N running, N\2/' \
			>/tmp/td.$k.cmp
	done
	left=$(($(wc -l </tmp/td.a.out) - $(wc -l </tmp/td.a.cmp)))
	cmp -s /tmp/td.a.cmp /tmp/td.b.cmp
}

ncorp=0
nskip=0
skipped=""
# nsrun BACKEND WHO OUT PROG ARGS...: as run-case runs an ns case: a job
# of the namespace's pid 1 (fixture-tree --serve, as in the host suite's
# td-lib.sh), which gives it pid $RUNPID, stdin /dev/null, stdout and
# stderr in files, and the environment of crun; as user 1000 the job is
# runas, which becomes the program (same pid, one exec).
nsrun() {
	be=$1 who=$2 out=$3 prog=$4
	shift 4
	j=/tmp/td.ns/job
	mkdir -p $j
	if [ "$who" = root ]; then
		printf '%s\0' "$X/$prog" "$prog" "$@" >$j/argv
	else
		printf '%s\0' "$X/runas" runas -a "$prog" "$who" "$X/$prog" "$@" >$j/argv
	fi
	{
		for w in PATH=/bin HOME=/nonexistent TZ=UTC LC_ALL=C.UTF-8 \
			LOCPATH=$X/locale TERMINFO=$X/terminfo; do
			case " $cargs " in *" -e ${w%%=*}="*) continue ;; esac
			printf '%s\0' "$w"
		done
		for w in $cargs; do
			[ "$w" = -e ] || printf '%s\0' "$w"
		done
		printf '%s\0' PROCPS_BACKEND=$be PROCPS_TD_STRICT=1
	} >$j/env
	rm -f $j/done $j/stdout $j/stderr
	mkfifo $j/done
	# read-write opens never block, whether or not the server listens
	exec 8<>$j/done 9<>/tmp/td.ns/ns.fifo
	echo "$j" >&9
	st=""
	# shellcheck disable=SC3045 # (busybox sh has read -t)
	read -r -t 150 st <&8
	exec 8>&- 9>&-
	[ -n "$st" ] || st="no answer from the namespace server"
	cp $j/stdout "$out.out" 2>/dev/null || : >"$out.out"
	cp $j/stderr "$out.err" 2>/dev/null || : >"$out.err"
	echo "$st" >"$out.rc"
}

# The namespace's /proc/uptime is /tmp/td.ns/uptime (bind-mounted), set
# before each pair of runs to the whole second 100 s ahead: every task's
# elapsed time and CPU share then read the same in both runs, the
# program's own too (its elapsed time 99 s, its CPU share 0, if both start
# in the same second, as the program's start time needs anyway: a retry
# first waits for the start of a second).
ns_clock() {
	if [ "$1" -gt 1 ]; then
		i=0
		while read -r up idle </proc/uptime && [ $i -lt 500 ]; do
			case ${up#*.} in 0[5-9]*|[1-3]*) break ;; esac
			i=$((i + 1))
		done
	fi
	read -r up idle </proc/uptime
	echo "$((${up%.*} + 100)).00 $idle" >/tmp/td.ns/uptime
}

# corpus_pair ARGS...: a corpus case under the backend tested ($BE) and
# procfs, through $r; an ns case's clock set anew for each run
corpus_pair() {
	[ "$fix" = ns ] && ns_clock $try
	$r "$BE" "$who" /tmp/td.b "$prog" "$@"
	$r procfs "$who" /tmp/td.a "$prog" "$@"
}

# corpus_case WHO LINE
corpus_case() {
	who=$1 line=$2
	fix=${line%% *}
	rest=${line#"$fix" }
	prog=${rest%% *}
	rest=${rest#"$prog"}
	# a $VAR the fixture does not provide: skipped, and counted
	r=$rest
	while :; do
		case $r in
		*'$'*) r=${r#*\$} ;;
		*) break ;;
		esac
		v=${r%%[!A-Za-z0-9_]*}
		eval "val=\${$v:-}"
		if [ -z "$val" ]; then
			nskip=$((nskip + 1))
			skipped="$skipped|$line"
			return
		fi
	done
	eval "set -- $rest"
	cargs=""
	while [ $# -gt 0 ]; do
		case $1 in
		[A-Za-z_]*=*) cargs="$cargs -e $1"; shift ;;
		*) break ;;
		esac
	done
	r=crun
	[ "$fix" = ns ] && r=nsrun
	ok=0
	retry3 same corpus_pair "$@" && ok=1
	ncorp=$((ncorp + 1))
	# a job the server could not start fails alike under both backends
	if [ "$fix" = ns ]; then
		case $(cat /tmp/td.a.rc) in
		[0-9]|[0-9][0-9]|1[01][0-9]|12[0-4]) ;;
		*) ok=0 ;;
		esac
	fi
	if [ $ok = 1 ]; then
		m=""
		[ "$left" -gt 0 ] && m="; $left rows masked"
		[ "$fix" = ns ] && m="; $(wc -l </tmp/td.a.out) lines, status $(cat /tmp/td.a.rc)"
		pass "$line as $who: identical (try $try$m)"
	else
		fail "$line as $who: outputs differ"
		k=cmp
		[ -f /tmp/td.a.cmp ] || k=out
		for k in $k err rc; do
			cmp -s /tmp/td.a.$k /tmp/td.b.$k ||
				diff /tmp/td.a.$k /tmp/td.b.$k | cut -c1-300 | head -12
		done
	fi
}

corpus_section() {
stamp "corpus"
# the host suite's fixture tree, as root in the guest (all its members)
grep -q '^nobody:' /etc/passwd ||
	echo 'nobody:x:65534:65534:nobody:/nonexistent:/bin/false' >>/etc/passwd
grep -q '^nogroup:' /etc/group || echo 'nogroup:x:65534:' >>/etc/group
mkdir -p /dev/pts
grep -q ' /dev/pts ' /proc/mounts || mount -t devpts devpts /dev/pts
rm -f /tmp/td.live.env
$X/fixture-tree --env /tmp/td.live.env >/tmp/td.tree.log 2>&1 &
tree=$!
i=0
while [ ! -s /tmp/td.live.env ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ -s /tmp/td.live.env ]; then
	pass "fixture-tree started ($(grep -c = /tmp/td.live.env) variables)"
else
	fail "fixture-tree did not start"
	cat /tmp/td.tree.log
fi
. /tmp/td.live.env


# the top -b cases of the issue, in corpus form
{
	for o in "" -H -c -1 "-o %MEM" "-o RES" "-o TIME+" "-o COMMAND" \
		"-o USER" "-o PR" "-c -H -o %MEM" "-s" "-i"; do
		echo "live top -b -n 1 $o"
	done
	echo "live top COLUMNS=200 -b -n 1"
	echo "live top -b -n 1 -w 512 -p \$FIXTURE_PIDS"
	echo "live top -b -n 1 -w 512 -H -p \$FIXTURE_PIDS"
	echo "live top -b -n 1 -w 512 -u root"
	for d in $X/toprc/*/; do
		d=${d%/}
		echo "live top XDG_CONFIG_HOME=$d -b -n 1 -w 512"
	done
	for n in all1 all2 all3; do
		echo "live top XDG_CONFIG_HOME=$X/toprc/$n -b -n 1 -w 512 -H"
	done
} >/tmp/td.top.corpus
# (the bpf pass: of these, only the lines holding CORPUS_TOP_ONLY)
if [ -n "${CORPUS_TOP_ONLY:-}" ]; then
	grep -F -e "$CORPUS_TOP_ONLY" /tmp/td.top.corpus >/tmp/td.top.only
	mv /tmp/td.top.only /tmp/td.top.corpus
fi

freeze_all
for f in $X/corpus/ps.*.corpus $X/corpus/top.*.corpus /tmp/td.top.corpus; do
	n0=$npass
	f0=$nfail
	while IFS= read -r line; do
		case $line in
		"live ps "*|"live top "*) ;;
		*) continue ;;
		esac
		case $line in
		*"${TD_MATCH:-}"*) ;;
		*) continue ;;
		esac
		for who in ${CORPUS_WHO:-root 1000}; do
			corpus_case "$who" "$line"
		done
	done <"$f"
	stamp "$(basename "$f"): $((npass - n0)) passed, $((nfail - f0)) failed"
done
thaw_all
LIVECASES=$ncorp
info "corpus: $ncorp cases run (${CORPUS_WHO:-root and user 1000}), $nskip skipped for want of a fixture variable"
echo "$skipped" | tr '|' '\n' | sed '/^$/d' | sort -u | sed "s/^/INFO: $TAG   skipped: /"
[ -n "${CORPUS_NO_NS:-}" ] || ns_section
kill $tree 2>/dev/null
wait $tree 2>/dev/null
}

# ---- 2b. the "ns" lines of the corpus: a second fixture-tree as pid 1 of
# a private pid namespace (with its own /proc) serving the programs as
# jobs, as the host suite's with-fixtures starts it.  Both backends must
# give the same bytes, which also means the module numbers pids as the
# reader's pid namespace does and lists only that namespace's tasks.
ns_section() {
stamp "ns corpus"
LIVEPIDS=$FIXTURE_PIDS
rm -rf /tmp/td.ns
mkdir -p /tmp/td.ns
mkfifo /tmp/td.ns/ns.fifo
ns_clock 1
chmod 644 /tmp/td.ns/uptime
# (sh execs fixture-tree, which stays the namespace's pid 1)
# shellcheck disable=SC2016
unshare --fork --pid --mount-proc sh -c \
	'mount -o bind /tmp/td.ns/uptime /proc/uptime || exit 1; exec "$@"' \
	sh $X/fixture-tree --env /tmp/td.ns/ns.env \
	--serve /tmp/td.ns/ns.fifo >/tmp/td.ns/log 2>&1 &
nsun=$!
i=0
while [ ! -s /tmp/td.ns/ns.env ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
# its pid 1, as the parent namespace numbers it (busybox's unshare has no
# --kill-child: killing this one takes the namespace down)
nsinit=$(cat /proc/$nsun/task/$nsun/children 2>/dev/null | tr -d ' ')
if [ ! -s /tmp/td.ns/ns.env ]; then
	fail "namespace fixture-tree did not start"
	cat /tmp/td.ns/log
	kill $nsun 2>/dev/null
	return
fi
pass "namespace fixture-tree started ($(grep -c = /tmp/td.ns/ns.env) variables, pid $nsinit outside)"
# the variables are the namespace's now (a member the namespace did not
# get must not keep its live value)
for v in $(sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/\1/p' /tmp/td.live.env); do
	unset "$v"
done
. /tmp/td.ns/ns.env
n0=$ncorp
for who in root 1000; do
	p0=$npass
	f0=$nfail
	for f in $X/corpus/ps.*.corpus $X/corpus/top.*.corpus; do
		while IFS= read -r line; do
			case $line in
			"ns ps "*|"ns top "*|"ns ps"|"ns top") ;;
			*) continue ;;
			esac
			case $line in
			*"${TD_MATCH:-}"*) ;;
			*) continue ;;
			esac
			corpus_case "$who" "$line"
		done <"$f"
	done
	stamp "ns lines as $who: $((npass - p0)) passed, $((nfail - f0)) failed"
done

# the safety point by itself: in the namespace, task_diag lists only its
# tasks, numbered as it numbers them, and pids of the parent namespace
# (the live tree's) are not found; procfs says the same
cargs=""
fix=ns
prog="ps"
nsrun "$BE" root /tmp/td.b ps -e -o pid=
nsrun procfs root /tmp/td.a ps -e -o pid=
want=$(echo "1,$FIXTURE_PIDS,$RUNPID" | tr ',' '\n' | sort -n | tr '\n' ' ')
got=$(sort -n /tmp/td.b.out | tr -d ' ' | tr '\n' ' ')
if [ "$got" = "$want" ] && cmp -s /tmp/td.a.out /tmp/td.b.out; then
	pass "ns: task_diag lists exactly the namespace's tasks, in its numbers ($(wc -l </tmp/td.b.out) pids)"
else
	fail "ns: task_diag does not list exactly the namespace's tasks"
	echo "want: $want"
	echo "got:  $got"
	diff /tmp/td.a.out /tmp/td.b.out | head -12
fi
# (those the namespace has too, by chance, are not asked for)
ask=""
for p in $(echo "$LIVEPIDS,$nsinit" | tr ', ' '\n\n'); do
	case ",1,$FIXTURE_PIDS,$THREAD_TIDS,$RUNPID," in
	*",$p,"*) ;;
	*) ask="$ask${ask:+,}$p" ;;
	esac
done
[ -n "$ask" ] || info "ns: every pid of the live tree is also one of the namespace's"
for how in one all; do
	[ -n "$ask" ] || break
	cargs="-e PROCPS_TD_PIDLIST=$how"
	nsrun "$BE" root /tmp/td.b ps -o pid,comm -p "$ask"
	nsrun procfs root /tmp/td.a ps -o pid,comm -p "$ask"
	if [ "$(wc -l </tmp/td.b.out)" = 1 ] &&
		[ "$(cat /tmp/td.b.rc)" = 1 ] && same; then
		pass "ns: pids of the parent namespace are not found (pid list: $how)"
	else
		fail "ns: pids of the parent namespace (pid list: $how)"
		echo "asked for: $ask"
		cat /tmp/td.b.out /tmp/td.b.err /tmp/td.b.rc | head -12
		diff /tmp/td.a.out /tmp/td.b.out | head -12
	fi
done
# a dump that fails after rows went out (ps prints rows as they come):
# procfs reads the processes after the last one printed, so the output
# is procfs's own, with the fallback said on stderr
for args in "-eo pid,ppid,comm" "-eL -o pid,lwp,comm"; do
	cargs="-e PROCPS_TD_FAIL_AFTER=4"
	# shellcheck disable=SC2086
	nsrun "$BE" root /tmp/td.b ps $args
	cargs=""
	# shellcheck disable=SC2086
	nsrun procfs root /tmp/td.a ps $args
	if cmp -s /tmp/td.a.out /tmp/td.b.out && cmp -s /tmp/td.a.rc /tmp/td.b.rc &&
		grep -q "scan failed.*procfs answers" /tmp/td.b.err &&
		[ "$(wc -l </tmp/td.b.out)" -gt 4 ]; then
		pass "ns: ps $args, the dump failing at its 4th row: procfs's rows, each once"
	else
		fail "ns: ps $args, the dump failing at its 4th row"
		head -4 /tmp/td.b.err
		diff /tmp/td.a.out /tmp/td.b.out | head -12
	fi
done
cargs=""

NSCASES=$((ncorp - n0))
info "ns corpus: $NSCASES cases run (root and user 1000)"
# (the server dies with unshare too: fixture-tree --serve asks for
# SIGKILL when its parent goes)
kill -KILL $nsinit 2>/dev/null
kill $nsun 2>/dev/null
wait $nsun 2>/dev/null
rm -rf /tmp/td.ns
# the live variables again (the same names), for what follows
. /tmp/td.live.env
}

# ---- 2c. the bpf backend (issue 30): the same static programs load its
# iterator on this kernel, and the live corpus runs once more, as root
# only (the backend's privilege), PROCPS_BACKEND=bpf against procfs with
# section 2's rules; no ns cases (the host's make check runs those), and
# of section 2's own top cases only the toprc files that show every
# field (all1-3): the others are frames of a few columns each, at a
# second of guest time apiece (CI's budget)
bpf_section() {
	TAG=bpf-backend
	stamp "bpf backend"
	if ! PROCPS_BACKEND=bpf $X/ps -o pid= -p 1 >/tmp/td.o 2>/tmp/td.e ||
	   [ "$(tr -d ' ' </tmp/td.o)" != 1 ]; then
		fail "PROCPS_BACKEND=bpf does not load: $(head -c 300 /tmp/td.e)"
		TAG=td-backend
		return
	fi
	pass "PROCPS_BACKEND=bpf loads its iterator on $(uname -r)"
	b0=$npass f0=$nfail c0=$ncorp s0=$nskip
	BE=bpf CORPUS_WHO=root CORPUS_NO_NS=1 CORPUS_TOP_ONLY=/toprc/all
	corpus_section
	BE=${TD_BE:-task_diag} CORPUS_WHO="" CORPUS_NO_NS="" CORPUS_TOP_ONLY=""
	info "bpf: $((ncorp - c0)) live cases as root ($((nskip - s0)) skipped), $((npass - b0)) passed, $((nfail - f0)) failed"
	TAG=td-backend
}
if [ "${TD_ONLY:-}" = bpf ]; then
	bpf_section
	info "$npass passed, $nfail failed (bpf backend only)"
	exit 0
fi

# first, while the machine holds few tasks (top lists them all, twice per
# case)
corpus_section
CORPUS="corpus: $LIVECASES live and ${NSCASES:-no} ns cases"
[ "${TD_ONLY:-}" = corpus ] || bpf_section
if [ "${TD_ONLY:-}" = corpus ]; then
	info "$npass passed, $nfail failed ($CORPUS)"
	exit 0
fi

# the corpus moved the pid counter past $SELF: the fixture's pids go low
# again, apart from those of programs started during a run
echo 1000 >/proc/sys/kernel/ns_last_pid
if $X/fixture "$NSLEEP"; then
	pass "fixture started ($NSLEEP sleepers + 12 shapes)"
else
	fail "fixture did not start"
fi

stamp "fixed ps cases"
FIX=$(pidof fixture | tr ' ' '\n' | sort -n | head -12 | tr '\n' ',' |
	sed 's/,$//')
ONE=$(pidof fixture | tr ' ' '\n' | sort -n | head -1)
LONG="pid,ppid,pgid,sid,tty,tpgid,stat,state,f,uid,ruid,suid,fuid,gid,rgid,sgid,fgid,user,ruser,group,ni,pri,rtprio,cls,psr,nlwp,vsz,rss,sz,%mem,%cpu,time,etime,start,wchan:20,comm,args"
MEM="pid,vsz,rss,rssize,sz,size,drs,trs,dsiz,tsiz,maj_flt,min_flt,%mem,m_size,m_drs,m_trs,comm"
SIG="pid,pending,sigmask,sigignore,sigcatch,caught,blocked,ignored,comm"
NS="pid,ipcns,mntns,netns,pidns,userns,utsns,cgroupns,timens,comm"
MISC="pid,supgid,supgrp,oom,oomadj,luid,lsession,exe,cgroup,cgname,comm"

for who in root 1000 1001; do
	case_ps "-ef" $who -ef
	case_ps "aux" $who aux
	case_ps "-eLf" $who -eLf
	case_ps "axms" $who axms
	case_ps "-eo long" $who -eo "$LONG"
	case_ps "-eo mem" $who -eo "$MEM"
	case_ps "-eo sig" $who -eo "$SIG"
	case_ps "-eo ns" $who -eo "$NS"
	case_ps "-eo misc" $who -eo "$MISC"
	case_ps "e" $who axeww -o pid,args
	case_ps "-p list" $who -f -p "$FIX"
	case_ps "-L -p" $who -L -o pid,lwp,stat,wchan:20,time,comm -p "$FIX"
done
case_ps "-ely" root -ely
case_ps "axjf" root axjf
case_ps "-eF" root -eF
case_ps "-eT" root -eT
case_ps "H" root axH -o pid,tid,stat,time,comm
case_ps "m" root axm -o pid,tid,stat,min_flt,time,comm
case_ps "ww args" root axww -o pid,args
case_ps "-p one" root -o pid,stat,rss,time,args -p "$ONE"
case_ps "smaps (fallback)" root -eo pid,pss,uss,comm
case_ps "smaps -L (fallback)" root -eLo pid,lwp,pss,uss,comm
case_ps "smaps m (fallback)" root axm -o pid,tid,pss,rss,comm
case_ps "smaps as user (fallback)" 1000 -eo pid,pss,uss,comm
case_ps "wchan" root -eo pid,wchan:30,comm
case_ps "-L ns, exe" root -eLo pid,lwp,stat,utsns,ipcns,mntns,comm
case_ps "-L ns as user" 1000 -eLo pid,lwp,stat,utsns,pidns,comm
case_ps "m ns" root axm -o pid,tid,stat,utsns,comm
# no column with a time: the module's STAT is not asked for, yet m orders
# a process's threads and a forest its siblings by start time
case_ps "m, no times" root axm -o pid,tid,comm
case_ps "forest, no times" root -e --forest -o pid,ppid,comm
case_ps "no times" 1000 -eo pid,tty,comm

# top: the task rows of one batch frame (the summary lines hold
# load averages and times of day)
top_pair() {
	freeze_clock
	run "$who" task_diag $X/top -b -n 1 -w 200 -o PID "$@" >/tmp/td.b.raw
	run "$who" procfs $X/top -b -n 1 -w 200 -o PID "$@" >/tmp/td.a.raw
	thaw_clock
	sed '1,/^$/d' /tmp/td.a.raw >/tmp/td.a.rows
	sed '1,/^$/d' /tmp/td.b.raw >/tmp/td.b.rows
	stable /tmp/td.a.rows top >/tmp/td.a
	stable /tmp/td.b.rows top >/tmp/td.b
}
case_top() {
	who=$1
	shift
	retry3 same_ab top_pair "$@"
	n=$(wc -l </tmp/td.a)
	if cmp -s /tmp/td.a /tmp/td.b && [ "$n" -ge 2 ]; then
		pass "top -b -n 1 $* as $who${PROCPS_TD_PIDLIST:+ (pid list: $PROCPS_TD_PIDLIST)}: task rows identical ($n lines, try $try)"
	else
		fail "top -b -n 1 $* as $who: task rows differ"
		diff /tmp/td.a /tmp/td.b | head -12
		head -5 /tmp/td.b.raw
	fi
}
stamp "top task rows"
case_top root
case_top 1000
case_top root -H

# short lists go one request per pid; a thread id and a missing pid
# must come out as procfs has them (not listed)
TID=$(ls /proc/"$ONE"/task | sort -n | sed -n 2p)
for how in one all; do
	export PROCPS_TD_PIDLIST=$how
	case_top root -p "$ONE,$TID,99999"
	case_top root -H -p "$ONE,$TID"
	case_top root -p "$FIX"
	case_top root -H -p "$FIX"
done
unset PROCPS_TD_PIDLIST
case_ps "-p thread id" root -f -p "$TID,$ONE"
# -q: the list's own order, repeats, a thread id and a missing pid as
# procfs reads /proc/PID for each entry
for who in root 1000; do
	case_ps "-q list" $who -q "$ONE,$TID,99999,1,$ONE" \
		-o pid,tid,ppid,user,stat,time,comm
	case_ps "-q -L" $who -q "$TID,$ONE" -L -o pid,lwp,user,stat,time,comm
	case_ps "-q m" $who -q "$ONE" m -o pid,tid,user,min_flt,time,comm
	case_ps "-q m list" $who -q "$TID,$ONE,$TID" m -o pid,tid,user,comm
	case_ps "-q -L twice" $who -q "$ONE,$ONE,1,$TID" -L -o pid,lwp,comm
done

# ---- 3. hidepid, churn, counts, rmmod
stamp "hidepid"

# hidepid: 1 shows other users' /proc/PID but refuses its files (procfs
# then drops the rows: BASE and STAT come back withheld), 2 hides them
for hp in 1 2; do
	if mount -o remount,hidepid=$hp /proc 2>/dev/null; then
		case_ps "-ef hidepid=$hp" 1000 -ef
		case_ps "aux hidepid=$hp" 1000 aux
		# 1001's only process is not dumpable: hidden (2) or
		# unreadable (1), so only the heading is left either way
		MAY_BE_EMPTY=1
		case_ps "aux hidepid=$hp" 1001 aux
		MAY_BE_EMPTY=
		case_ps "-eLf hidepid=$hp" 1000 -eLo pid,lwp,user,stat,wchan:20,comm,args
		case_top 1000 -H
	else
		info "hidepid=$hp: remount refused, not tested"
	fi
done
mount -o remount,hidepid=0 /proc 2>/dev/null

# processes come and go during the dumps: no protocol error, no fallback
churn() { while :; do /bin/true; done; }
churn & c1=$!
churn & c2=$!
bad=0
for i in 1 2 3 4 5 6 7 8 9 10; do
	PROCPS_BACKEND=task_diag PROCPS_TD_STRICT=1 $X/ps -eLf >/dev/null 2>/tmp/td.err || bad=1
	PROCPS_BACKEND=task_diag PROCPS_TD_STRICT=1 $X/ps axm >/dev/null 2>>/tmp/td.err || bad=1
	[ -s /tmp/td.err ] && bad=1
done
PROCPS_BACKEND=task_diag PROCPS_TD_STRICT=1 $X/top -b -H -d 0.2 -n 5 >/dev/null 2>>/tmp/td.err || bad=1
[ -s /tmp/td.err ] && bad=1
kill $c1 $c2
wait $c1 $c2 2>/dev/null
if [ $bad = 0 ]; then
	pass "20 ps and 5 top -H frames under process churn: no error, no fallback"
else
	fail "under churn"
	head -5 /tmp/td.err
fi

# system calls and time of ps under each backend
stamp "syscall counts"
ST=""
if [ -f $X/sysroot/strace.path ]; then
	ST="$(ls $X/sysroot/lib64/ld-linux-x86-64.so.2 2>/dev/null) --library-path"
	ST="$ST $X/sysroot/lib/x86_64-linux-gnu:$X/sysroot/usr/lib/x86_64-linux-gnu"
	ST="$ST $X/sysroot$(cat $X/sysroot/strace.path)"
fi
ntasks() { ls -d /proc/[0-9]* | wc -l; }

# trace [PROG] BACKEND ARGS...: PROG (ps unless given: ps or top) ARGS
# under strace; sets tot (system calls),
# rd and bytes (reads of /proc/task-diag and what they returned), mem
# (brk, mmap, munmap, mremap), out (writes of the output: stdio's 4 KiB
# buffer, as with procfs) and oth (everything else)
trace() {
	prog=ps
	case "$1" in ps|top) prog=$1; shift ;; esac
	be=$1
	shift
	# shellcheck disable=SC2086
	PROCPS_BACKEND=$be PROCPS_TD_STRICT=1 $ST -o /tmp/td.st $X/$prog "$@" \
		>/dev/null 2>/tmp/td.st.err
	eval "$(awk '
		/^\+\+\+|^---/ { next }
		{ n = $0; sub(/\(.*/, "", n); tot++; per[n]++ }
		n == "openat" && /"\/proc\/task-diag"/ { fd = $NF }
		n == "read" {
			f = $0; sub(/^read\(/, "", f); sub(/,.*/, "", f)
			if (f == fd) {
				rd++
				for (i = NF; i > 1; i--)
					if ($(i - 1) == "=") { bytes += $i; break }
			}
		}
		n ~ /^(brk|mmap|munmap|mremap)$/ { mem++ }
		n == "write" && /^write\(1,/ { out++ }
		END { printf "tot=%d rd=%d bytes=%d mem=%d out=%d oth=%d\n",
			tot, rd, bytes, mem, out, tot - rd - mem - out
			for (k in per) printf "%s=%d ", k, per[k] >"/tmp/td.st.per"
		}' /tmp/td.st)"
}

# what the 10,000-task check runs (words joined by :)
BIGCMDS="ps:task_diag:-e ps:task_diag:-eLf top:task_diag:-b:-d:0.1:-n:3"
if [ -n "$ST" ]; then
	nt=$(ntasks)
	for args in "-e" "-eLf"; do
		trace procfs $args
		p=$tot
		trace task_diag $args
		info "syscalls of ps $args over $nt processes: procfs=$p task_diag=$tot"
	done
	# the counts before the 10,000 tasks, per command of BIGCMDS
	i=0
	for c in $BIGCMDS; do
		i=$((i + 1))
		# shellcheck disable=SC2046
		trace $(echo "$c" | tr : ' ')
		eval "b_tot$i=$tot b_rd$i=$rd b_mem$i=$mem b_oth$i=$oth"
		eval "b_per$i=\"\$(cat /tmp/td.st.per)\""
		info "$(echo "$c" | tr : ' '), $nt processes: $tot syscalls: $rd reads of /proc/task-diag ($bytes bytes), $mem brk/mmap/munmap/mremap, $out writes of the output, $oth others"
	done
else
	info "no strace shipped: no syscall counts"
fi

# The interactive top (on a 120x40 pseudo-terminal): the rows a frame
# draws get their other columns (user, memory, command line) from the
# module's LIST request, one per frame; the same rows as under procfs.
stamp "interactive top"
ESC=$(printf '\033')
SI=$(printf '\017')
# screen_rows FILE: the task rows in top's terminal output (each row is
# placed by a cursor move: a line of its own here)
screen_rows() {
	tr -d "\r$SI" <"$1" | sed "s/${ESC}\[[0-9]*;1H/\\
/g" | sed "s/${ESC}\[[0-9;?]*[A-Za-z]//g; s/${ESC}[()][A-Z0-9]//g
		s/${ESC}[=>78]//g; s/\\\$<[0-9]*>//g" |
		awk '$1 ~ /^[0-9]+$/' | sort -u
}
# itop WHO BACKEND [ARGS...]: two frames of the interactive top
itop() {
	who=$1 be=$2
	shift 2
	PROCPS_BACKEND=$be PROCPS_TD_STRICT=1 $X/runas -t 120 -p 120x40 \
		"$who" $X/top -d 0.2 -n 2 "$@" 2>&1
}
itop_pair() {
	freeze_clock
	itop "$who" task_diag "$@" >/tmp/td.ib.raw
	itop "$who" procfs "$@" >/tmp/td.ia.raw
	thaw_clock
	screen_rows /tmp/td.ia.raw >/tmp/td.ia
	screen_rows /tmp/td.ib.raw >/tmp/td.ib
}
same_iab() { cmp -s /tmp/td.ia /tmp/td.ib; }
case_itop() {
	who=$1
	shift
	retry3 same_iab itop_pair "$@"
	n=$(wc -l </tmp/td.ia)
	if grep -q "procfs answers" /tmp/td.ib.raw; then
		fail "interactive top $* as $who: procfs answered"
	elif cmp -s /tmp/td.ia /tmp/td.ib && [ "$n" -ge 2 ]; then
		pass "interactive top $* as $who: drawn rows identical ($n rows, try $try)"
	else
		fail "interactive top $* as $who: drawn rows differ ($n rows)"
		diff /tmp/td.ia /tmp/td.ib | head -12
	fi
}
for who in root 1000; do
	case_itop $who -p "$FIX"
	case_itop $who -c -p "$FIX"
	case_itop $who -H -p "$FIX"
done

# itrace BACKEND [ARGS...]: three frames over every task under strace;
# sets lists (writes to /proc/task-diag other than the 40-byte requests
# of the dumps) and opens (of a task's statm, status or cmdline)
itrace() {
	be=$1
	shift
	# shellcheck disable=SC2086
	PROCPS_BACKEND=$be PROCPS_TD_STRICT=1 $X/runas -t 120 -p 120x40 root \
		$ST -f -o /tmp/td.it $X/top -d 0.2 -n 3 "$@" >/tmp/td.it.out 2>&1
	eval "$(awk '
		{ sub(/^[0-9]+ +/, "") }
		/^\+\+\+|^---/ { next }
		{ n = $0; sub(/\(.*/, "", n) }
		n == "openat" && /"\/proc\/task-diag"/ { fd = $NF }
		n == "write" {
			f = $0; sub(/^write\(/, "", f); sub(/,.*/, "", f)
			if (f == fd && $NF > 40) lists++
		}
		n == "openat" && /"(\/proc\/)?[0-9]+\/(task\/[0-9]+\/)?(statm|status|cmdline)"/ { opens++ }
		END { printf "lists=%d opens=%d\n", lists, opens }' /tmp/td.it)"
}
if [ -n "$ST" ]; then
	for args in "" "-c" "-H"; do
		# shellcheck disable=SC2086
		itrace procfs $args
		po=$opens
		# shellcheck disable=SC2086
		itrace task_diag $args
		if [ "$lists" -ge 3 ] && [ "$opens" = 0 ] && [ "$po" -gt 0 ] &&
		   ! grep -q "procfs answers" /tmp/td.it.out; then
			pass "interactive top $args, 3 frames over $(ntasks) processes: $lists LIST requests, no statm/status/cmdline opened (procfs opens $po)"
		else
			fail "interactive top $args: $lists LIST requests, $opens statm/status/cmdline opened (procfs: $po)"
		fi
	done
fi

# wall time: N runs of ps -ef each
walltime() {
	for be in procfs task_diag; do
		s=$(cut -d' ' -f1 /proc/uptime)
		i=0
		while [ $i -lt "$1" ]; do
			PROCPS_BACKEND=$be $X/ps -ef >/dev/null
			i=$((i + 1))
		done
		e=$(cut -d' ' -f1 /proc/uptime)
		info "$1 x ps -ef over $(ntasks) processes with $be: $(awk -v s="$s" -v e="$e" 'BEGIN{printf "%.2fs", e-s}')"
	done
}
walltime 5

stamp "rmmod under top"
# the module leaves while top runs: top must go on through procfs
PROCPS_BACKEND=task_diag $X/top -b -d 1 -n 4 -w 200 >/tmp/td.top 2>/tmp/td.top.err &
tp=$!
sleep 1
rmmod task_diag
wait $tp
rc=$?
frames=$(grep -c '^ *PID ' /tmp/td.top)
rows=$(grep -c ' fixture' /tmp/td.top)
if [ "$rc" = 0 ] && [ "$frames" = 4 ] && [ "$rows" -ge $((4 * NSLEEP)) ]; then
	pass "top survives rmmod (4 frames, $rows fixture rows)"
else
	fail "top across rmmod: rc=$rc frames=$frames rows=$rows"
	head -5 /tmp/td.top.err
fi
# and auto picks procfs when the module is gone, task_diag when back
PROCPS_BACKEND=task_diag $X/ps -p 1 >/dev/null 2>&1 &&
	fail "forced task_diag without the module succeeded" ||
	pass "forced task_diag refuses without the module"
$X/ps -p 1 >/dev/null && pass "auto falls back to procfs" ||
	fail "auto without the module"
insmod /task_diag.ko && [ -e /proc/task-diag ] &&
	pass "module reloaded" || fail "module reload"
case_ps "-ef after reload" root -ef

# ---- 4. 10,000 tasks: the system calls of ps -e, ps -eLf and top -b -n 3
# must not grow with the
# task count except for the reads of /proc/task-diag, one per 60 KiB (the
# most the module returns per read, whatever TD_READ_BUF; a read returns
# whole messages, so allow up to 1 KiB unused at the end of each, plus
# the two reads of the version handshake and the final empty one).
# Counted apart: the writes
# of the output (as many with procfs) and memory calls (realloc doubling:
# at most 8 more than with a few hundred tasks, 24 for ps -eLf and top);
# a failure lists the system calls by name, before and now.
stamp "10,000 tasks"
NBIG=${TD_NBIG:-10000}
# topped up until the count holds: tasks that come and go (the counting
# pipeline's own, kernel workers) are in one count and not the next (one
# short once, with the guest starved beside two make checks)
for round in 1 2 3; do
	need=$((NBIG - $(ntasks)))
	[ $need -gt 0 ] || break
	$X/fixture many $need
done
nt=$(ntasks)
stamp "$nt tasks up"
if [ -n "$ST" ] && [ "$nt" -ge "$NBIG" ]; then
	# shellcheck disable=SC2086
	PROCPS_BACKEND=task_diag $ST -c -o /tmp/td.sc $X/ps -e >/dev/null 2>&1
	sed 's/^/INFO: td-backend   /' /tmp/td.sc | head -20
	i=0
	for c in $BIGCMDS; do
		i=$((i + 1))
		cmd=$(echo "$c" | tr : ' ')
		# shellcheck disable=SC2086
		trace $cmd
		eval "b_tot=\$b_tot$i b_rd=\$b_rd$i b_mem=\$b_mem$i b_oth=\$b_oth$i"
		# one read per 60 KiB the module returns at most (less the
		# last message's fixed attribute that did not fit) more than
		# before (reads of other files that reuse the descriptor's
		# number count in both)
		lim=$((b_rd + (bytes + 60415) / 60416))
		# memory calls of arrays that double: ps -e has one or two,
		# ps -eLf and top more
		mlim=$((b_mem + 8))
		case "$cmd" in *-eLf|top*) mlim=$((b_mem + 24)) ;; esac
		# top names the owner of every row shown: a user the bigger
		# fixture adds costs one lookup in /etc/passwd (open, read,
		# close...), a constant, not a call per task
		olim=$b_oth
		case "$cmd" in top*) olim=$((b_oth + 16)) ;; esac
		info "$cmd, $nt tasks: $tot syscalls: $rd reads of /proc/task-diag ($bytes bytes, at most $lim allowed), $mem brk/mmap/munmap/mremap, $out writes of the output, $oth others (before: $b_tot syscalls, $b_rd reads, $b_mem memory, $b_oth others)"
		if [ -s /tmp/td.st.err ]; then
			fail "strace $cmd at $nt tasks: stderr"
			head -3 /tmp/td.st.err
		elif [ "$oth" -ge "$b_oth" ] && [ "$oth" -le "$olim" ] &&
		     [ "$rd" -le "$lim" ] &&
		     [ "$mem" -le "$mlim" ]; then
			pass "strace $cmd over $nt tasks: $tot syscalls = $rd reads of /proc/task-diag ($bytes bytes, limit $lim) + $out output writes + $mem memory + $oth others (as with $b_tot syscalls before)"
		else
			fail "strace $cmd over $nt tasks: $tot syscalls ($rd reads, limit $lim; $mem memory, was $b_mem; $oth others, was $b_oth, limit $olim)"
			eval "info \"  before: \$b_per$i\""
			info "  now:    $(cat /tmp/td.st.per)"
		fi
	done
elif [ -z "$ST" ]; then
	info "no strace shipped: 10,000-task count not checked"
else
	fail "only $nt tasks, wanted $NBIG"
fi
walltime 1
stamp "done"

info "$npass passed, $nfail failed ($CORPUS)"
kill -9 $(pidof fixture) 2>/dev/null
exit 0
