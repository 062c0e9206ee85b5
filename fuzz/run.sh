#!/bin/sh
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for
# SECONDS seconds (default 60) over the committed seed corpus.
#   fuzz/run.sh [SECONDS]
set -eu
secs=${1:-60}
src=$(cd "$(dirname "$0")/.." && pwd)
out=${FUZZ_OUT:-/tmp/procps-td-fuzz}
mkdir -p "$out/corpus"
cp -n "$src"/fuzz/corpus/* "$out/corpus/" 2>/dev/null || true
CC=${CLANG:-clang}
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -std=gnu11 -I$src -D_GNU_SOURCE"
$CC $flags -o "$out/fuzz_proc" "$src/fuzz/fuzz_proc.c" \
	"$src/backends/procfs/parse.c" "$src/library/taskset.c"
"$out/fuzz_proc" -max_total_time="$secs" -max_len=8192 \
	-artifact_prefix="$out/" "$out/corpus" 2>"$out/fuzz_proc.log" || {
	tail -40 "$out/fuzz_proc.log" >&2
	echo "fuzz_proc: FAILED (log: $out/fuzz_proc.log)" >&2
	exit 1
}
grep -E '^(Done|#[0-9]+ *DONE)' "$out/fuzz_proc.log" | tail -1
echo "fuzz_proc: no findings in ${secs}s"
