# Shared by run-case and strace-check (sourced, bash).
#
# Environment:
#   TD_FIXTURE_DIR  state directory of with-fixtures (live.env, ns.env,
#                   ns.fifo); unset: no fixtures
#   TD_FIXTURE_BIN  the fixture-tree binary (runs live commands)

# The environment every compared program starts from; a case's NAME=value
# words are merged over it.  HOME has no toprc; TERM stays unset.
td_base_env=(PATH=/usr/bin:/bin HOME=/nonexistent TZ=UTC LC_ALL=C.UTF-8)

# Merges NAME=value words over td_base_env into the array td_env, later
# words winning, so no name appears twice (getenv would see the first).
td_merge_env() {
	local -A seen=()
	local -a order=()
	local w name
	for w in "${td_base_env[@]}" "$@"; do
		name=${w%%=*}
		[[ -v seen[$name] ]] || order+=("$name")
		seen[$name]=$w
	done
	td_env=()
	for name in "${order[@]}"; do
		td_env+=("${seen[$name]}")
	done
}

# td_run_live OUTDIR ARGV0 PATH ARGS...: runs in a new session without a
# controlling terminal, stdin /dev/null, stdout and stderr in files.
td_run_live() {
	local out=$1 argv0=$2 bin=$3
	shift 3
	# The braces' 2>/dev/null keeps bash's own "Segmentation fault"
	# notice (the reference dies of SIGSEGV on some options) out of the
	# harness's output.
	{
		timeout -k 5 120 env -i "${td_env[@]}" \
			"$TD_FIXTURE_BIN" --exec "$argv0" "$bin" "$@" \
			</dev/null >"$out/stdout" 2>"$out/stderr"
		echo $? >"$out/status"
	} 2>/dev/null
}

# td_run_ns OUTDIR ARGV0 PATH ARGS...: the same inside the fixture pid
# namespace, where the server gives the program the same pid every time.
td_run_ns() {
	local out=$1 argv0=$2 bin=$3 st=
	shift 3
	printf '%s\0' "$bin" "$argv0" "$@" >"$out/argv"
	printf '%s\0' "${td_env[@]}" >"$out/env"
	rm -f "$out/done" "$out/stdout" "$out/stderr"
	mkfifo "$out/done" || return 1
	# Read-write opens never block, whether or not the server listens.
	exec {td_done}<>"$out/done" {td_req}<>"$TD_FIXTURE_DIR/ns.fifo"
	printf '%s\n' "$out" >&"$td_req"
	read -r -t 120 -u "$td_done" st
	exec {td_done}>&- {td_req}>&-
	[ -n "$st" ] || { echo "no answer from the namespace server" >&2; return 1; }
	echo "$st" >"$out/status"
}

# Quotes a word list for display, leaving plain words alone.
td_quote() {
	local w s=
	for w in "$@"; do
		if [[ $w =~ ^[A-Za-z0-9_@%+=:,./-]+$ ]]; then
			s+="${s:+ }$w"
		else
			s+="${s:+ }$(printf '%q' "$w")"
		fi
	done
	printf '%s' "$s"
}
