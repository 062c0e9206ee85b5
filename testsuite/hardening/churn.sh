#!/bin/sh
# churn.sh: ps and top while thousands of processes and threads start and
# exit around them.  Every run must exit 0 within its timeout, write
# nothing to stderr, print the header, rows with at least as many fields
# as the header has columns, and no process (or, for thread listings, no
# thread) twice.
#
#   testsuite/hardening/churn.sh          (from the build directory)
#
# Environment:
#   PS_TD, TOP_TD    programs under test (default src/ps/ps, src/top/top)
#   CHURN_RUNS       ps/top runs in total (default 1000)
#   CHURN_BUDGET     seconds after which no new run starts (default 300);
#                    the runs not made are reported, and count as failed
#                    unless CHURN_BUDGET_OK=1
#   CHURN_MAXLIVE    churn processes alive at once (default 48)
#   RUN_TIMEOUT      seconds one run may take (default 20)
#   CC               compiler for the forker (default cc)
# Prints PASS/FAIL per format and "N passed, N failed"; exit 1 on failure.
#   CHURN_NS         1 (default): as root, run in a private pid namespace
#                    (unshare --pid --fork --mount-proc) so that only the
#                    churn is listed, not the rest of the machine; 0: the
#                    host's namespace
# Needs no root.  Everything it starts is in one process group, killed on
# any exit (and in the namespace, the kernel kills what is left when the
# script, its pid 1, ends).
set -u
here=$(cd "$(dirname "$0")" && pwd)
if [ "$(id -u)" = 0 ] && [ "${CHURN_NS:-1}" = 1 ] && [ -z "${CHURN_IN_NS:-}" ] &&
    command -v unshare >/dev/null 2>&1; then
	CHURN_IN_NS=1 exec unshare --pid --fork --mount-proc sh "$0" "$@"
fi
PS_TD=${PS_TD:-src/ps/ps}
TOP_TD=${TOP_TD:-src/top/top}
runs=${CHURN_RUNS:-1000}
budget=${CHURN_BUDGET:-300}
maxlive=${CHURN_MAXLIVE:-48}
tmo=${RUN_TIMEOUT:-20}
for p in "$PS_TD" "$TOP_TD"; do
	[ -x "$p" ] || { echo "FAIL: $p is not built"; echo "0 passed, 1 failed"; exit 1; }
done

tmp=$(mktemp -d /tmp/churn.XXXXXX)
forker_pid=
cleanup() {
	if [ -n "$forker_pid" ]; then
		kill -TERM "$forker_pid" 2>/dev/null
		sleep 0.5
		# the forker's own group: only what it started
		kill -KILL -- "-$forker_pid" 2>/dev/null
		wait "$forker_pid" 2>/dev/null
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

${CC:-cc} -O2 -pthread -o "$tmp/churn-forker" "$here/churn-forker.c" || {
	echo "FAIL: churn-forker does not build"; echo "0 passed, 1 failed"; exit 1; }

export LC_ALL=C.UTF-8 TZ=UTC
unset COLUMNS LINES PS_FORMAT

# name|program|arguments|field holding the unique key (awk expression)
# The key: the PID column; for thread listings PID and LWP together;
# for -m process rows by PID and thread rows by TID.
cat >"$tmp/cases" <<'EOF'
ef|ps|-ef|$2
aux|ps|aux|$2
eLf|ps|-eLf|$2 "/" $4
eo|ps|-eo pid,comm,args|$1
em|ps|-em -o pid,tid,stat,comm|($1 == "-" ? "t" $2 : "p" $1)
axf|ps|axf|$1
top|top|-b -n 1 -w 512|$1
EOF
ncases=$(wc -l <"$tmp/cases")

# Headers from a quiet moment (no churn yet).
while IFS='|' read -r name prog args key; do
	bin=$PS_TD; [ "$prog" = top ] && bin=$TOP_TD
	# shellcheck disable=SC2086
	if [ "$prog" = top ]; then
		$bin $args 2>/dev/null | sed -n '7p' >"$tmp/$name.header"
	else
		$bin $args 2>/dev/null | head -1 >"$tmp/$name.header"
	fi
	[ -s "$tmp/$name.header" ] || { echo "FAIL: $name: no header even without churn"; echo "0 passed, 1 failed"; exit 1; }
done <"$tmp/cases"

nice -n 10 "$tmp/churn-forker" 0 "$maxlive" >"$tmp/forker.out" 2>&1 &
forker_pid=$!
sleep 0.3

# check NAME KEYEXPR OUT ERR RC: prints the first problem, or nothing.
check() {
	name=$1 key=$2 out=$3 err=$4 rc=$5
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then echo "timed out"; return; fi
	[ "$rc" = 0 ] || { echo "exit status $rc"; return; }
	[ -s "$err" ] && { echo "stderr: $(head -c 200 "$err")"; return; }
	[ -s "$out" ] || { echo "no output"; return; }
	[ "$(tail -c 1 "$out" | od -An -c | tr -d ' ')" = '\n' ] || { echo "last line not ended"; return; }
	if tr -d '\n' <"$out" | LC_ALL=C grep -q '[[:cntrl:]]'; then
		echo "control byte in the output"; return
	fi
	skip=1 first=1
	if [ "$name" = top ]; then
		skip=7 first=7
		for pre in 'top - ' 'Tasks:' '%Cpu(s):' 'MiB Mem :' 'MiB Swap:'; do
			grep -q "^$pre" "$out" || { echo "no '$pre' line"; return; }
		done
	fi
	sed -n "${first}p" "$out" | cmp -s - "$tmp/$name.header" || {
		echo "header: '$(sed -n "${first}p" "$out")'"; return; }
	LC_ALL=C awk -v skip="$skip" -v hdr="$tmp/$name.header" "
		BEGIN { getline h < hdr; nh = split(h, x, \" \") }
		NR <= skip || bad { next }
		NF < nh { print \"row \" NR \" has \" NF \" fields, header \" nh \": \" \$0; bad = 1; next }
		{ k = $key
		  if (k in seen) { print \"row \" NR \" repeats \" k \": \" \$0; bad = 1; next }
		  seen[k] = 1; rows++ }
		END { if (!rows && !bad) print \"no rows\" }" "$out"
}

start=$(date +%s)
i=0 done_runs=0 timed_out=0
while [ "$i" -lt "$runs" ]; do
	if [ $(($(date +%s) - start)) -ge "$budget" ]; then
		timed_out=1
		break
	fi
	n=$((i % ncases + 1))
	IFS='|' read -r name prog args key <<EOF
$(sed -n "${n}p" "$tmp/cases")
EOF
	bin=$PS_TD; [ "$prog" = top ] && bin=$TOP_TD
	# shellcheck disable=SC2086
	timeout -k 2 "$tmo" $bin $args >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	msg=$(check "$name" "$key" "$tmp/out" "$tmp/err" "$rc")
	echo "$name" >>"$tmp/ran"
	if [ -n "$msg" ]; then
		echo "$name: run $i: $msg" >>"$tmp/fail.$name"
		cp "$tmp/out" "$tmp/fail.$name.out.$i" 2>/dev/null
	fi
	i=$((i + 1))
	done_runs=$i
done
elapsed=$(($(date +%s) - start))

kill -TERM "$forker_pid" 2>/dev/null
wait "$forker_pid" 2>/dev/null
forker_pid_done=$forker_pid
forker_pid=
kill -KILL -- "-$forker_pid_done" 2>/dev/null
sleep 0.5
left=$(pgrep -g "$forker_pid_done" 2>/dev/null | wc -l)

passed=0 failed=0
while IFS='|' read -r name prog args key; do
	n=$(grep -cx "$name" "$tmp/ran" 2>/dev/null)
	if [ -s "$tmp/fail.$name" ]; then
		echo "FAIL: churn $prog $args: $(wc -l <"$tmp/fail.$name") of $n runs"
		head -3 "$tmp/fail.$name" | sed 's/^/  /'
		failed=$((failed + 1))
		if [ -n "${CHURN_KEEP:-}" ]; then
			mkdir -p "$CHURN_KEEP" && cp "$tmp"/fail."$name"* "$CHURN_KEEP/"
		fi
	else
		echo "PASS: churn $prog $args: $n runs"
		passed=$((passed + 1))
	fi
done <"$tmp/cases"
where="host pid namespace"
[ -n "${CHURN_IN_NS:-}" ] && where="private pid namespace"
echo "churn: $done_runs runs in ${elapsed}s ($where); $(cat "$tmp/forker.out")"
if [ "$timed_out" = 1 ]; then
	if [ -n "${CHURN_BUDGET_OK:-}" ]; then
		echo "PASS: budget of ${budget}s reached after $done_runs of $runs runs (CHURN_BUDGET_OK)"
		passed=$((passed + 1))
	else
		echo "FAIL: budget of ${budget}s reached after $done_runs of $runs runs"
		failed=$((failed + 1))
	fi
fi
if [ "$left" -gt 0 ]; then
	echo "FAIL: $left churn processes left behind"
	failed=$((failed + 1))
else
	echo "PASS: no churn process left behind"
	passed=$((passed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
