#!/bin/sh
# strace-check.sh TOP: proves that top with the default fields opens, per
# task and per refresh, exactly one /proc/PID/stat and one /proc/PID/statm
# and no other per-task file.  Runs in a private pid namespace holding a
# few sleeping processes; 3 frames are 4 reaps (the first frame reaps
# twice, 150 ms apart).  Needs root and strace.  Prints PASS or FAIL.
top=${1:?usage: strace-check.sh TOP}
trace=$(mktemp) || exit 99
trap 'rm -f "$trace"' EXIT
unshare --fork --pid --mount-proc sh -c '
	sleep 100 & sleep 100 & sleep 100 &
	sleep 0.2
	strace -f -qq -e trace=openat,open -o "$1" "$2" -b -n 3 -d 0.1 >/dev/null
	kill %1 %2 %3 2>/dev/null; exit 0' sh "$trace" "$top" || exit 99
# Per-task opens: "/proc/PID/..." or "PID/..." relative to a /proc fd.
awk -F'"' '/openat|open\(/ {
	p = $2; sub("^/proc/", "", p)
	if (p !~ /^[0-9]+\//) next
	split(p, a, "/"); n[a[1] " " a[2]]++; pids[a[1]] = 1
}
END {
	bad = 0
	for (k in n) {
		split(k, a, " ")
		if (a[2] != "stat" && a[2] != "statm") { print "extra: " k; bad = 1 }
	}
	for (p in pids) {
		if (n[p " stat"] != 4 || n[p " statm"] != 4) {
			# top itself and strace appear later or not at all
			if (n[p " stat"] == n[p " statm"] && n[p " stat"] < 4) continue
			print "pid " p ": stat " n[p " stat"] ", statm " n[p " statm"]; bad = 1
		}
	}
	print bad ? "FAIL" : "PASS"
	exit bad
}' "$trace"
