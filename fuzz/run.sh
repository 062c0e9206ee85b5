#!/bin/sh
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for
# SECONDS seconds (default 60) over its committed seed corpus.
#   fuzz/run.sh [SECONDS] [TARGET...]
# Targets: proc ps toprc td escape-c escape-utf8 (default: all; td only
# when libnl-3's headers are installed).  Environment: CLANG (default
# clang), FUZZ_OUT (work directory, default /tmp/procps-td-fuzz; it keeps
# the grown corpora between runs), FUZZ_NICE (default 10),
# FUZZ_BUILD_ONLY=1 to build without running, FUZZ_NO_SUPP=1 to run
# without fuzz/ubsan.supp (known, reported undefined behaviour).
# Prints one line per target: PASS (runs, coverage, corpus) or FAIL (the
# crash input and log), then "N passed, N failed"; exits 1 on a finding.
set -eu
secs=${1:-60}
[ $# -gt 0 ] && shift
src=$(cd "$(dirname "$0")/.." && pwd)
out=${FUZZ_OUT:-/tmp/procps-td-fuzz}
CC=${CLANG:-clang}
nice=${FUZZ_NICE:-10}
mkdir -p "$out/obj"

targets=${*:-proc ps toprc td escape-c escape-utf8}
# The checks fuzz/ubsan.supp names are recoverable, so that the
# suppressions apply; halt_on_error=1 still stops on any other report.
base="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
 -fno-sanitize-recover=undefined
 -fsanitize-recover=signed-integer-overflow,float-cast-overflow
 -std=gnu11 -I$src -I$src/kmod/include -include $src/fuzz/fuzz_config.h"
supp=
[ -z "${FUZZ_NO_SUPP:-}" ] && supp=:suppressions=$src/fuzz/ubsan.supp
instr="$base -fsanitize=fuzzer-no-link"
libnl=$(pkg-config --cflags libnl-3.0 2>/dev/null || echo -I/usr/include/libnl3)

# obj NAME SOURCE [FLAGS...]: compiles one instrumented object.
obj() {
	o=$out/obj/$1.o; s=$2; shift 2
	# shellcheck disable=SC2086
	$CC $instr "$@" -c -o "$o" "$s"
	echo "$o"
}

# every source of the library and the procfs backend, as they come, so a
# new file there cannot leave the fuzzers unlinkable
library_objs() {
	for c in "$src"/library/*.c "$src"/backends/procfs/*.c; do
		f=${c#"$src"/}; f=${f%.c}
		obj "lib_$(echo "$f" | tr / _)" "$c"
	done
}

# link NAME OBJS...: the fuzzer binary.
link() {
	n=$1; shift
	# shellcheck disable=SC2086
	$CC $base -fsanitize=fuzzer -o "$out/fuzz_$n" "$@"
}

build() {
	case $1 in
	proc)
		link proc "$(obj fuzz_proc "$src/fuzz/fuzz_proc.c")" \
			"$(obj lib_library_procparse "$src/library/procparse.c")" \
			"$(obj lib_library_taskset "$src/library/taskset.c")" ;;
	ps)
		shim="-Dexit=fz_exit -Dsignal=fz_signal -Draise=fz_raise"
		alloc="-Dmalloc=fz_malloc -Dcalloc=fz_calloc -Drealloc=fz_realloc
		       -Dfree=fz_free -Dstrdup=fz_strdup -Dstrndup=fz_strndup"
		objs=""
		for f in arena options lists format_build format_aix sortkeys sortforest; do
			# shellcheck disable=SC2086
			objs="$objs $(obj ps_$f "$src/src/ps/$f.c" $shim $alloc)"
		done
		# every other source of src/ps but main.c, as it comes
		for c in "$src"/src/ps/*.c; do
			f=$(basename "$c" .c)
			case " main arena options lists format_build format_aix sortkeys sortforest " in
			*" $f "*) continue ;;
			esac
			objs="$objs $(obj ps_$f "$c" $shim)"
		done
		# shellcheck disable=SC2046,SC2086
		link ps "$(obj fuzz_ps "$src/fuzz/fuzz_ps.c")" $objs \
			$(library_objs) ;;
	toprc)
		# the filter block's field names come from fields.c's table
		objs=""
		for f in fields fmt xwidth; do
			objs="$objs $(obj top_$f "$src/src/top/$f.c")"
		done
		# shellcheck disable=SC2046,SC2086
		link toprc "$(obj fuzz_toprc "$src/fuzz/fuzz_toprc.c")" $objs \
			$(library_objs) ;;
	td)
		if ! [ -f /usr/include/libnl3/netlink/msg.h ]; then
			echo "SKIP: fuzz_td (no libnl-3 headers)"
			return 77
		fi
		# shellcheck disable=SC2086
		link td "$(obj fuzz_td "$src/fuzz/fuzz_td.c" $libnl)" \
			"$(obj td_parse "$src/backends/task_diag/td_parse.c" $libnl)" \
			"$(obj td_fill "$src/backends/task_diag/td_fill.c" $libnl)" \
			"$(obj lib_library_items "$src/library/items.c")" \
			"$(obj lib_library_procparse "$src/library/procparse.c")" \
			"$(obj lib_library_taskset "$src/library/taskset.c")" \
			-lnl-3 ;;
	escape)
		# escape.c asks the profile (Debian 13's UTF-8 rules)
		link escape "$(obj fuzz_escape "$src/fuzz/fuzz_escape.c")" \
			"$(obj lib_library_escape "$src/library/escape.c")" \
			"$(obj lib_library_profile "$src/library/profile.c")" ;;
	esac
}

passed=0 failed=0 built=""
for t in $targets; do
	case $t in
	escape-c|escape-utf8) b=escape seeds=escape ;;
	*) b=$t seeds=$t ;;
	esac
	case " $built " in
	*" $b "*) ;;
	*)
		rc=0; build "$b" || rc=$?
		if [ $rc = 77 ]; then continue; fi
		if [ $rc != 0 ]; then
			echo "FAIL: fuzz_$b does not build"; failed=$((failed + 1))
			continue
		fi
		built="$built $b" ;;
	esac
	[ "${FUZZ_BUILD_ONLY:-}" ] && continue
	corpus=$out/corpus/$t
	mkdir -p "$corpus"
	cp -n "$src/fuzz/corpus/$seeds"/* "$corpus/" 2>/dev/null || true
	locale=C.UTF-8
	[ "$t" = escape-c ] && locale=C
	log=$out/$t.log
	# -close_fd_mask=3: the targets' own stdout/stderr (ps's usage text)
	# go nowhere; libFuzzer and the sanitizers keep a copy of stderr.
	if env LC_ALL=$locale \
	    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1$supp \
	    nice -n "$nice" "$out/fuzz_$b" -max_total_time="$secs" \
	    -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
	    -close_fd_mask=3 -print_final_stats=1 \
	    -artifact_prefix="$out/$t-" "$corpus" >"$log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		cov=$(grep -E '^#[0-9]+' "$log" | tail -1 |
		      sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\) corp: \([0-9]*\).*/cov \1, ft \2, corpus \3/p')
		echo "PASS: fuzz_$t ${secs}s: ${runs:-?} runs, ${cov:-?}"
		passed=$((passed + 1))
	else
		crash=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -1)
		echo "FAIL: fuzz_$t: ${crash:-see log} (log: $log)"
		grep -E 'ERROR|SUMMARY|runtime error' "$log" | head -5 | sed 's/^/  /'
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
