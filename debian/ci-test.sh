#!/bin/bash
# Build and install test of the Debian packages.  Run as root on a fresh
# Debian 12 system (it installs packages and diverts /usr/bin/ps):
#
#   bash debian/ci-test.sh [SOURCE-TREE]
#
# It installs the build dependencies, runs dpkg-buildpackage -b -us -uc on
# a copy of the tree, runs lintian on the .changes, installs procps-td and
# checks that ps and top run and that procps's ps and top are diverted,
# reinstalls procps to check the diversions hold, installs task-diag-dkms
# and checks DKMS knows the module, then removes both packages and checks
# procps's ps is back.  The last line is "N passed, N failed"; the exit
# status is non-zero when anything failed.
#
# Environment: TD_CI_CHECK=1 runs "make check" inside the package build
# (off by default: .ci/run runs the test suite itself, and some cases need
# root); TD_CI_WORK=DIR keeps the build there instead of a temporary dir;
# TD_CI_DKMS_KERNEL=RELEASE (a kernel whose headers are installed) also
# checks that DKMS builds and installs the module for it, as the kernel's
# own hook would, and that the purge takes it away.
set -uo pipefail

src=$(cd "${1:-$(dirname "$0")/..}" && pwd)
work=${TD_CI_WORK:-$(mktemp -d /tmp/td-ci.XXXXXX)}
export DEBIAN_FRONTEND=noninteractive
passed=0 failed=0
# Results go to fd 3, the original stdout, so that a check whose command
# is silenced with >/dev/null still reports.
exec 3>&1

ok() { passed=$((passed + 1)); echo "PASS: $*" >&3; }
ko() { failed=$((failed + 1)); echo "FAIL: $*" >&3; }
# check DESCRIPTION COMMAND...: run COMMAND, pass when it exits 0.
check() {
	local what=$1
	shift
	if "$@"; then ok "$what"; else ko "$what"; fi
}
# has PATTERN COMMAND...: COMMAND's output matches the extended regexp
# PATTERN (the output is captured first: grep -q on a pipe would make the
# writer die of SIGPIPE, which pipefail reports as a failure).
has() {
	local pat=$1 out
	shift
	out=$("$@" 2>&1)
	grep -Eq -- "$pat" <<<"$out"
}
finish() {
	echo "$passed passed, $failed failed" >&3
	[ "$failed" -eq 0 ]
	exit
}
sha() { sha256sum "$1" 2>/dev/null | cut -d' ' -f1; }
log() { echo "== $*"; }

if [ "$(id -u)" != 0 ]; then
	echo "debian/ci-test.sh: must run as root" >&2
	ko "running as root"
	finish
fi

# ---- build dependencies ----------------------------------------------
log "installing build dependencies"
apt-get update -q >/dev/null
check "apt-get install of the build tools" \
	apt-get install -y -q --no-install-recommends \
	build-essential devscripts debhelper dh-dkms lintian fakeroot \
	git procps >/dev/null
check "apt-get build-dep of debian/control" \
	apt-get build-dep -y -q --no-install-recommends "$src" >/dev/null

# ---- a copy of the tree ------------------------------------------------
log "copying $src to $work/procps-td"
rm -rf "$work/procps-td"
mkdir -p "$work/procps-td"
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
	# Tracked files as they are in the working tree.
	rev=$(git -C "$src" stash create 2>/dev/null)
	git -C "$src" archive "${rev:-HEAD}" | tar -x -C "$work/procps-td"
else
	tar -C "$src" --exclude=.git --exclude=autom4te.cache -cf - . |
		tar -x -C "$work/procps-td"
fi
check "source tree copied" test -f "$work/procps-td/debian/control"

# ---- dpkg-buildpackage ---------------------------------------------------
log "dpkg-buildpackage -b -us -uc"
opts=${DEB_BUILD_OPTIONS:-}
[ "${TD_CI_CHECK:-0}" = 1 ] || opts="$opts nocheck"
start=$SECONDS
if (cd "$work/procps-td" &&
    DEB_BUILD_OPTIONS="$opts" dpkg-buildpackage -b -us -uc) \
    >"$work/build.log" 2>&1; then
	ok "dpkg-buildpackage -b -us -uc ($((SECONDS - start)) s)"
else
	tail -40 "$work/build.log"
	ko "dpkg-buildpackage -b -us -uc (log: $work/build.log)"
	finish
fi
changes=$(ls "$work"/procps-td_*.changes 2>/dev/null | head -1)
deb=$(ls "$work"/procps-td_*_*.deb 2>/dev/null | head -1)
dkmsdeb=$(ls "$work"/task-diag-dkms_*_all.deb 2>/dev/null | head -1)
check "procps-td .deb built" test -n "$deb"
check "task-diag-dkms .deb built" test -n "$dkmsdeb"
[ -n "$deb" ] || finish
version=$(dpkg-deb -f "$deb" Version)
# The packaged ps, to recognise it on disk (its output is procps-ng's).
pkg_ps_sum=$(dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/bin/ps |
	sha256sum | cut -d' ' -f1)

# ---- lintian -------------------------------------------------------------
log "lintian"
lintian --tag-display-limit 0 -I "$changes" 2>&1 |
	grep -v '^running with root privileges' | tee "$work/lintian.log"
check "lintian reports no error" \
	bash -c "! grep -q '^E: ' '$work/lintian.log'"

# ---- install procps-td ------------------------------------------------
ps_sum=$(sha /usr/bin/ps)
top_sum=$(sha /usr/bin/top)
check "procps's ps is present before the install" test -n "$ps_sum"
top_ours=no
has ' \./usr/bin/top$' dpkg-deb -c "$deb" && top_ours=yes
log "apt-get install $deb (ships top: $top_ours)"
check "apt-get install procps-td" \
	apt-get install -y -q --no-install-recommends "$deb"

check "ps -ef exits 0" bash -c 'ps -ef >/dev/null'
check "/usr/bin/ps is procps-td's" \
	test "$(sha /usr/bin/ps)" = "$pkg_ps_sum"
check "top -b -n1 exits 0" bash -c 'TERM=dumb top -b -n1 >/dev/null'
check "dpkg -S /usr/bin/ps shows the diversion" \
	has '^diversion by procps-td to: /usr/bin/ps\.procps$' dpkg -S /usr/bin/ps
check "dpkg-divert --list shows ps diverted" \
	has '^diversion of /usr/bin/ps to /usr/bin/ps\.procps by procps-td$' \
	dpkg-divert --list
check "dpkg-divert --list shows /bin/ps diverted" \
	has '^diversion of /bin/ps to /bin/ps\.procps by procps-td$' \
	dpkg-divert --list
check "dpkg-divert --list shows ps.1.gz diverted" \
	has 'man1/ps\.1\.gz to /usr/share/man/man1/ps\.1\.gz\.procps by procps-td$' \
	dpkg-divert --list
check "procps's ps kept as /usr/bin/ps.procps" \
	test "$(sha /usr/bin/ps.procps)" = "$ps_sum"
if [ "$top_ours" = yes ]; then
	check "dpkg-divert --list shows top diverted" \
		has '^diversion of /usr/bin/top to /usr/bin/top\.procps by procps-td$' \
		dpkg-divert --list
	check "/usr/bin/top is procps-td's" \
		test "$(sha /usr/bin/top)" != "$top_sum"
	check "procps's top kept as /usr/bin/top.procps" \
		test "$(sha /usr/bin/top.procps)" = "$top_sum"
else
	check "top left to procps (not built)" \
		test "$(sha /usr/bin/top)" = "$top_sum"
fi
check "the rest of procps still works (pgrep, free)" \
	bash -c 'pgrep -x nonexistent-td >/dev/null; [ $? = 1 ] && free >/dev/null'

# ---- procps reinstalled while diverted ----------------------------------
log "apt-get install --reinstall procps"
if apt-get install -y -q --reinstall procps >/dev/null 2>&1; then
	check "after reinstalling procps, /usr/bin/ps is still procps-td's" \
		test "$(sha /usr/bin/ps)" = "$pkg_ps_sum"
	check "after reinstalling procps, ps.procps is procps's" \
		test "$(sha /usr/bin/ps.procps)" = "$ps_sum"
else
	ko "apt-get install --reinstall procps"
fi

# ---- task-diag-dkms --------------------------------------------------------
log "apt-get install $dkmsdeb"
if [ -n "$dkmsdeb" ]; then
	check "apt-get install task-diag-dkms" \
		apt-get install -y -q --no-install-recommends "$dkmsdeb"
	check "module sources and dkms.conf in /usr/src/task-diag-$version" \
		test -f "/usr/src/task-diag-$version/dkms.conf" -a \
		-f "/usr/src/task-diag-$version/Kbuild"
	check "dkms status lists task-diag/$version" \
		has "^task-diag/$version" dkms status
	# the kernel's headers were installed before the module: build
	# for it as its postinst hook (dkms autoinstall) would
	kver=${TD_CI_DKMS_KERNEL:-}
	if [ -n "$kver" ]; then
		dkms status -m task-diag -v "$version" -k "$kver" |
			grep -q installed ||
			dkms autoinstall -k "$kver" >"$work/dkms-$kver.log" 2>&1
		check "dkms built and installed task-diag for $kver" \
			bash -c "dkms status -k '$kver' 2>&1 |
				grep -Fq 'task-diag/$version, $kver, x86_64: installed'"
		check "task_diag.ko is in /lib/modules/$kver" \
			bash -c "ls /lib/modules/$kver/updates/dkms/task_diag.ko* >/dev/null"
	fi
	check "apt-get purge task-diag-dkms" \
		apt-get purge -y -q task-diag-dkms
	check "dkms no longer lists task-diag" \
		bash -c "! dkms status 2>/dev/null | grep '^task-diag/'"
	[ -z "$kver" ] ||
		check "task_diag.ko is gone from /lib/modules/$kver" \
			bash -c "! ls /lib/modules/$kver/updates/dkms/task_diag.ko* 2>/dev/null"
fi

# ---- removal ---------------------------------------------------------------
log "apt-get purge procps-td"
check "apt-get purge procps-td" apt-get purge -y -q procps-td
check "procps's ps is back at /usr/bin/ps" \
	test "$(sha /usr/bin/ps)" = "$ps_sum"
check "procps's top is back at /usr/bin/top" \
	test "$(sha /usr/bin/top)" = "$top_sum"
check "ps -ef exits 0 with procps's ps" bash -c 'ps -ef >/dev/null'
check "dpkg -S /usr/bin/ps shows no diversion" \
	bash -c "! dpkg -S /usr/bin/ps 2>/dev/null | grep diversion"
check "no diversion by procps-td is left" \
	bash -c "! dpkg-divert --list | grep 'by procps-td'"
check "no ps.procps or top.procps is left" \
	bash -c '! ls /usr/bin/ps.procps /usr/bin/top.procps 2>/dev/null'
check "procps's ps.1.gz is back" test -f /usr/share/man/man1/ps.1.gz

finish
