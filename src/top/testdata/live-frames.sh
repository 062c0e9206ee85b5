#!/bin/sh
# live-frames.sh TOP [ARGS...]: runs the reference and TOP with
# "-b -n 3 -d 0.2 ARGS" in a private pid namespace holding quiescent
# processes, masks what moves between two runs (clock, load, cpu and
# memory numbers of the summary, the %CPU column, the rows of top
# and of the namespace init, whose memory grows as it forks) and
# compares.  Prints PASS or FAIL plus the diff.  Needs root.
top=${1:?usage: live-frames.sh TOP [ARGS...]}
shift
out=$(mktemp -d) || exit 99
trap 'rm -rf "$out"' EXIT
unshare --fork --pid --mount-proc sh -c '
	out=$1 top=$2; shift 2
	sleep 1000 & sleep 1000 & (sleep 1000; :) &
	sh -c "sleep 1000" & kill -STOP $!
	sleep 0.3
	/usr/bin/top -b -n 3 -d 0.2 "$@" >"$out/ref" 2>&1; echo "rc=$?" >>"$out/ref"
	"$top" -b -n 3 -d 0.2 "$@" >"$out/ours" 2>&1; echo "rc=$?" >>"$out/ours"
	exit 0' sh "$out" "$top" "$@" || exit 99
mask() {
	sed -E -e 's/^top - [0-9:]+ up .*/top - (masked)/' \
	    -e 's/^(%Cpu.*|.*Mem :.*|.*Swap:.*)$/(summary masked)/' \
	    -e '/^ +1 /d' -e '/ top$/d' -e 's/ [0-9]+\.[0-9] +([0-9]+\.[0-9] +[0-9]+:[0-9]+\.[0-9]+ )/ X \1/' "$1" | sed -E '/ R +X /d'
}
mask "$out/ref" >"$out/ref.m"
mask "$out/ours" >"$out/ours.m"
if cmp -s "$out/ref.m" "$out/ours.m"; then
	echo PASS
else
	echo FAIL
	diff "$out/ref.m" "$out/ours.m" | head -20
	exit 1
fi
