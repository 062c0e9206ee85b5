#!/bin/sh
# /extra/run.sh: the task_diag backend against the procfs backend, in the
# guest, after the module's own tests.  Every case runs the same ps
# command with PROCPS_BACKEND=procfs and =task_diag and compares bytes.
# ps's own row (the only one that differs by nature: its memory and
# environment) is kept out by giving ps a known pid through ns_last_pid
# and dropping the lines holding that number.  Prints PASS:/FAIL: lines.
X=/extra
SELF=29999
NSLEEP=${TD_NSLEEP:-300}
export TERMINFO=$X/terminfo TERM=vt100 COLUMNS=${COLUMNS:-160}
npass=0
nfail=0
pass() { echo "PASS: td-backend $*"; npass=$((npass + 1)); }
fail() { echo "FAIL: td-backend $*"; nfail=$((nfail + 1)); }
info() { echo "INFO: td-backend $*"; }

if [ ! -e /proc/task-diag ]; then
	insmod /task_diag.ko 2>/dev/null
fi
[ -e /proc/task-diag ] || { fail "no /proc/task-diag"; exit 0; }

if $X/fixture "$NSLEEP"; then
	pass "fixture started ($NSLEEP sleepers + 12 shapes)"
else
	fail "fixture did not start"
fi

# Rows of tasks that keep running between the two runs (kernel threads
# that work, the shells of this script) may change in between; they are
# left out of the comparison.  Everything else is stopped or idle.
VOLATILE='kworker|rcu_preempt|rcu_sched|ksoftirqd|migration/|kcompactd|khungtaskd|kswapd|busybox sh /init|sh \./run\.sh|(^| )(sh|init) *$|^ *(sh|init) '
# A thread row under ps m carries no name: it goes with its process row.
stable() {
	grep -v -w "$SELF" "$1" | awk -v vol="$VOLATILE" '
		$0 ~ vol { skip = 1; next }
		skip && $NF == "-" { next }
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

# case NAME WHO ARGS...: ps ARGS under both backends
case_ps() {
	name=$1 who=$2
	shift 2
	try=1
	while :; do
		freeze_clock
		run "$who" task_diag $X/ps "$@" >/tmp/td.b.raw
		run "$who" procfs $X/ps "$@" >/tmp/td.a.raw
		thaw_clock
		stable /tmp/td.a.raw >/tmp/td.a
		stable /tmp/td.b.raw >/tmp/td.b
		cmp -s /tmp/td.a /tmp/td.b && break
		# kernel threads may change state between the two runs
		[ $try -ge 3 ] && break
		try=$((try + 1))
	done
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

# top: the task rows of one batch frame (the summary lines hold
# load averages and times of day)
case_top() {
	who=$1
	shift
	try=1
	while :; do
		freeze_clock
		run "$who" task_diag $X/top -b -n 1 -w 200 -o PID "$@" >/tmp/td.b.raw
		run "$who" procfs $X/top -b -n 1 -w 200 -o PID "$@" >/tmp/td.a.raw
		thaw_clock
		sed '1,/^$/d' /tmp/td.a.raw >/tmp/td.a.rows
		sed '1,/^$/d' /tmp/td.b.raw >/tmp/td.b.rows
		stable /tmp/td.a.rows >/tmp/td.a
		stable /tmp/td.b.rows >/tmp/td.b
		cmp -s /tmp/td.a /tmp/td.b && break
		[ $try -ge 3 ] && break
		try=$((try + 1))
	done
	n=$(wc -l </tmp/td.a)
	if cmp -s /tmp/td.a /tmp/td.b && [ "$n" -ge 2 ]; then
		pass "top -b -n 1 $* as $who${PROCPS_TD_PIDLIST:+ (pid list: $PROCPS_TD_PIDLIST)}: task rows identical ($n lines, try $try)"
	else
		fail "top -b -n 1 $* as $who: task rows differ"
		diff /tmp/td.a /tmp/td.b | head -12
		head -5 /tmp/td.b.raw
	fi
}
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

# system calls and time of ps under each backend (strace -c, when shipped)
measure() {
ntask=$(ls -d /proc/[0-9]* | wc -l)
if [ -f $X/sysroot/strace.path ]; then
	S=$X/sysroot$(cat $X/sysroot/strace.path)
	LD=$(ls $X/sysroot/lib64/ld-linux-x86-64.so.2 2>/dev/null)
	LP=$X/sysroot/lib/x86_64-linux-gnu:$X/sysroot/usr/lib/x86_64-linux-gnu
	for args in "-e" "-ef" "-eLf" "aux"; do
		line=""
		for be in procfs task_diag; do
			PROCPS_BACKEND=$be $LD --library-path $LP $S -c -o /tmp/td.sc \
				$X/ps $args >/dev/null 2>&1
			# "100.00 seconds usecs/call calls [errors] total"
			tot=$(awk '$NF == "total" { print $4 }' /tmp/td.sc)
			line="$line $be=$tot"
		done
		info "syscalls of ps $args over $ntask processes:$line"
	done
	PROCPS_BACKEND=task_diag $LD --library-path $LP $S -c -o /tmp/td.sc \
		$X/ps -e >/dev/null 2>&1
	[ "$1" = detail ] && sed 's/^/INFO: td-backend   /' /tmp/td.sc | head -16
fi

# wall time: $2 runs of ps -ef each
for be in procfs task_diag; do
	s=$(cut -d' ' -f1 /proc/uptime)
	i=0
	while [ $i -lt "$2" ]; do
		PROCPS_BACKEND=$be $X/ps -ef >/dev/null
		i=$((i + 1))
	done
	e=$(cut -d' ' -f1 /proc/uptime)
	info "$2 x ps -ef over $ntask processes with $be: $(awk -v s="$s" -v e="$e" 'BEGIN{printf "%.2fs", e-s}')"
done
}
measure detail 10
if $X/fixture "${TD_NSCALE:-2000}"; then
	measure brief 3
else
	fail "${TD_NSCALE:-2000} more sleepers"
fi

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

info "$npass passed, $nfail failed"
kill -9 $(pidof fixture) 2>/dev/null
exit 0
