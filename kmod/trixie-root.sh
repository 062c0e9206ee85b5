# SPDX-License-Identifier: GPL-2.0
#
# trixie-root.sh: sourced by check-kmod.sh for KMOD_KERNEL=trixie.  Makes
# (once; it is kept) a Debian 13 chroot in $TROOT with trixie's kernel
# headers, DKMS and compiler, and runs commands there with in_trixie.
# The chroot's apt reads only its own sources list, which names the
# trixie suite of the host's Debian mirror: the host's apt configuration
# is neither read nor changed.  Uses OUT, LOG, step and die of the caller.

# The headers bring gcc-14 and linux-kbuild; DKMS compresses modules with
# zstd (as the kernel's config says) and signs them with openssl's key.
TRIXIE_PKGS="linux-headers-amd64 dkms build-essential kmod zstd xz-utils openssl"

# The first Debian archive the host's apt names (TD_TRIXIE_ARCHIVE
# overrides), as debian/trixie-test.sh takes it; comments are skipped and
# debian-security is no match, its URI not ending in /debian.
trixie_archive() {
	if [ -n "${TD_TRIXIE_ARCHIVE:-}" ]; then
		echo "${TD_TRIXIE_ARCHIVE%/}"
		return
	fi
	cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
		/etc/apt/sources.list.d/*.sources 2>/dev/null |
		sed 's/#.*//' | tr -s ' \t' '\n\n' |
		grep -m1 -E '^(https?|file)://.+/debian/?$' | sed 's,/$,,' || true
}

# in_trixie CMD...: CMD in the chroot, in a mount namespace of its own (so
# nothing stays mounted), with /proc, /dev and $OUT (at the same path:
# the build trees' paths mean the same inside and out); the working
# directory is kept when it is under $OUT
in_trixie() {
	mkdir -p "$TROOT$OUT"
	unshare --mount --propagation private bash -c '
		root=$1 out=$2 dir=$3
		shift 3
		mount -t proc proc "$root/proc" &&
		mount --rbind /dev "$root/dev" &&
		mount --bind "$out" "$root$out" || exit 99
		case $dir in "$out" | "$out"/*) ;; *) dir=/ ;; esac
		exec chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
			INITRD=No sh -c '\''cd "$0" && exec "$@"'\'' "$dir" "$@"' \
		in-trixie "$TROOT" "$OUT" "$PWD" "$@"
}

# trixie_root: $TROOT ready, made or completed if needed
trixie_root() {
	local log=$LOG/trixie.log stamp=$TROOT/.check-kmod archive
	# kept from an earlier run, with TRIXIE_PKGS installed: used as is
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$TRIXIE_PKGS" ]; then
		return 0
	fi
	if [ ! -x "$TROOT/usr/bin/apt-get" ]; then
		command -v mmdebstrap >/dev/null ||
			die "KMOD_KERNEL=trixie needs mmdebstrap (apt-get install mmdebstrap)"
		archive=$(trixie_archive)
		[ -n "$archive" ] ||
			die "no Debian archive in /etc/apt/sources.list* (set TD_TRIXIE_ARCHIVE)"
		step "mmdebstrap trixie from $archive"
		rm -rf "$TROOT"
		mkdir -p "$TROOT"
		# the package lists are kept for the installs and downloads below
		mmdebstrap --variant=apt --skip=cleanup/apt/lists \
			--include=debian-archive-keyring,ca-certificates trixie "$TROOT" \
			"deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $archive trixie main" \
			>"$log" 2>&1 ||
			{ tail -20 "$log"; die "mmdebstrap trixie from $archive failed"; }
	fi
	grep -q '^VERSION_CODENAME=trixie$' "$TROOT/etc/os-release" ||
		die "$TROOT is not a trixie root"
	step "installing trixie's $TRIXIE_PKGS"
	# INITRD=No (in_trixie): the headers pull in their kernel image, whose
	# initramfs the guest does not use
	in_trixie apt-get install -y -q --no-install-recommends $TRIXIE_PKGS \
		>>"$log" 2>&1 ||
		{ tail -20 "$log"; die "apt-get install in the trixie chroot failed"; }
	echo "$TRIXIE_PKGS" >"$stamp"
}
