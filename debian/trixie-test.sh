#!/bin/bash
# The package test (debian/ci-test.sh) on Debian 13: a trixie chroot made
# with mmdebstrap from the archive, the packages built, installed and
# removed there (trixie's ps and top diverted), as root:
#
#   bash debian/trixie-test.sh [SOURCE-TREE]
#
# The chroot's apt reads only its own sources list, which names the
# host's Debian mirror (the first archive URI in /etc/apt/sources.list*,
# as tools/reference-debian13 finds it; TD_TRIXIE_ARCHIVE overrides) and
# the trixie suite; the host's apt configuration is neither read nor
# changed.  debian/rules builds the debian13 profile there (it follows
# /etc/os-release).  Prints ci-test.sh's lines, then its "N passed, N
# failed" as the last line; exit status that of ci-test.sh (77: no
# mmdebstrap or no archive).  Before it, trixie's current kernel headers
# (linux-headers-amd64) go into the chroot, so that ci-test.sh also
# checks the task-diag-dkms package builds the module for that kernel
# (TD_CI_DKMS_KERNEL); TD_TRIXIE_NO_KERNEL=1 leaves them out.  TD_TRIXIE_WORK=DIR keeps the chroot there
# (default: a temporary directory, removed at the end).
set -uo pipefail
src=$(cd "${1:-$(dirname "$0")/..}" && pwd)
command -v mmdebstrap >/dev/null ||
	{ echo "SKIP: mmdebstrap is not installed"; exit 77; }
[ "$(id -u)" = 0 ] || { echo "SKIP: needs root"; exit 77; }
archive=${TD_TRIXIE_ARCHIVE:-}
if [ -z "$archive" ]; then
	archive=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
			/etc/apt/sources.list.d/*.sources 2>/dev/null |
		grep -oE '(https?|file)://[^ ]*/debian/?( |$)' |
		grep -v -- '-security' | head -n 1 | tr -d ' ') || true
fi
[ -n "$archive" ] || { echo "SKIP: no Debian archive in /etc/apt/sources.list*"; exit 77; }
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
work=${TD_TRIXIE_WORK:-}
keep=${work:+1}
[ -n "$work" ] || work=$(mktemp -d /tmp/td-trixie.XXXXXX)
root=$work/root
cleanup() { [ -n "$keep" ] || rm -rf "$work"; }
trap cleanup EXIT

if [ ! -x "$root/usr/bin/apt-get" ]; then
	rm -rf "$root"
	echo "== mmdebstrap trixie $archive"
	mmdebstrap --variant=apt --include=debian-archive-keyring,ca-certificates \
		trixie "$root" "deb [signed-by=$keyring] ${archive%/} trixie main" \
		>"$work/mmdebstrap.log" 2>&1 ||
		{ tail -20 "$work/mmdebstrap.log"; echo "SKIP: mmdebstrap failed"; exit 77; }
fi
grep -q '^VERSION_CODENAME=trixie$' "$root/etc/os-release" ||
	{ echo "FAIL: the chroot is not trixie"; exit 1; }

# ci-test.sh in the chroot: /proc, /dev and the source tree mounted in a
# mount namespace of its own, so nothing stays mounted afterwards.
mkdir -p "$root/src"
unshare --mount --propagation private bash -c '
	root=$1 src=$2
	mount -t proc proc "$root/proc" &&
	mount --rbind /dev "$root/dev" &&
	mount --bind "$src" "$root/src" || exit 99
	in_root() {
		chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root TERM=dumb LC_ALL=C.UTF-8 \
			DEBIAN_FRONTEND=noninteractive "$@"
	}
	kver=
	if [ -z "$3" ]; then
		# (mmdebstrap leaves no package lists) the image comes with
		# the headers: no initramfs for it
		{ in_root apt-get update -q &&
		  in_root env INITRD=No apt-get install -y -q \
			--no-install-recommends linux-headers-amd64; } \
			>"$root/tmp/headers.log" 2>&1 ||
			{ tail -20 "$root/tmp/headers.log"; exit 99; }
		kver=$(in_root dpkg-query -W -f="\${Depends}" linux-headers-amd64 |
			grep -o "linux-headers-[0-9][^ ,]*-amd64" | head -n 1)
		kver=${kver#linux-headers-}
		echo "== trixie kernel headers: $kver"
	fi
	in_root TD_CI_WORK=/tmp/td-ci TD_CI_DKMS_KERNEL="$kver" \
		bash /src/debian/ci-test.sh /src' \
	trixie-test "$root" "$src" "${TD_TRIXIE_NO_KERNEL:-}"
