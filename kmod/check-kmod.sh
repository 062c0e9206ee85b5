#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-kmod.sh: build task_diag.ko against Debian's kernel headers, boot
# the matching Debian kernel under QEMU (TCG) with a busybox initramfs,
# run the module's tests in the guest and report "N passed, N failed".
#
# Environment:
#   KMOD_OUT=dir          build and log directory (default /tmp/kmod-check,
#                         /tmp/kmod-check-trixie for trixie); nothing is
#                         written to the source tree
#   KMOD_KERNEL=6.1|6.12|trixie
#                         which kernel (default 6.1): one of Debian 12's,
#                         the release linux-headers-amd64 or
#                         linux-headers-6.12-amd64 depend on, or Debian
#                         13's (trixie's linux-headers-amd64), built and
#                         fetched in a trixie chroot kept in
#                         $KMOD_OUT/trixie (made with mmdebstrap from the
#                         first Debian archive in /etc/apt/sources.list*,
#                         or TD_TRIXIE_ARCHIVE; the host's apt is not
#                         used for it; remove that directory to take a
#                         newer trixie kernel)
#   KDIR=dir              kernel build tree (overrides KMOD_KERNEL 6.1 or
#                         6.12); the guest kernel is the Debian image of
#                         its release
#   KMOD_DKMS=0           build with plain Kbuild instead of DKMS (default:
#                         the module DKMS builds is the one tested)
#   KMOD_GUEST_EXTRA=dir  copied to /extra in the guest; /extra/run.sh, if
#                         present, runs after the module's tests and its
#                         PASS:/FAIL: lines count
#   KMOD_TESTS=a,b        run only these test programs (default: all)
#   KMOD_SMP=2 KMOD_MEM=3G KMOD_ACCEL=tcg KMOD_TIMEOUT=900
#   KMOD_APPEND=args      more kernel command line (loglevel=7 shows stacks)
#   KMOD_NO_APT=1         do not install packages
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KERNEL=${KMOD_KERNEL:-6.1}
OUT=/tmp/kmod-check
case $KERNEL in
6.1) HDRPKG=linux-headers-amd64 ;;
6.12) HDRPKG=linux-headers-6.12-amd64 ;;
# its kept chroot (1 GB) is not removed by a Debian 12 run's directory
trixie) HDRPKG=linux-headers-amd64 OUT=/tmp/kmod-check-trixie ;;
*) echo "check-kmod: KMOD_KERNEL must be 6.1, 6.12 or trixie" >&2; exit 2 ;;
esac
OUT=${KMOD_OUT:-$OUT}
DKMS=${KMOD_DKMS:-1}
SMP=${KMOD_SMP:-2}
MEM=${KMOD_MEM:-3G}
ACCEL=${KMOD_ACCEL:-tcg}
TIMEOUT=${KMOD_TIMEOUT:-900}
mkdir -p "$OUT/logs"
# absolute: the trixie chroot sees $OUT at the same path
OUT=$(cd "$OUT" && pwd)
LOG=$OUT/logs
T0=$(date +%s)

die() { echo "check-kmod: $*" >&2; echo "0 passed, 1 failed"; exit 1; }
step() { echo "== check-kmod: $* ($(( $(date +%s) - T0 ))s)"; }

# ------------------------------------------------------------ packages --
PKGS="qemu-system-x86 busybox-static cpio kmod
      build-essential xz-utils zstd binutils apparmor"
# trixie's headers and DKMS are in its chroot, which mmdebstrap makes
if [ "$KERNEL" = trixie ]; then
	PKGS="$PKGS mmdebstrap debian-archive-keyring"
else
	PKGS="$PKGS $HDRPKG"
	[ "$DKMS" = 1 ] && PKGS="$PKGS dkms"
fi
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ] && [ -z "${KMOD_NO_APT:-}" ]; then
	step "installing$missing"
	apt-get update -qq >"$LOG/apt.log" 2>&1 || true
	# 6.12's headers pull in its image; a CI machine never boots it, so
	# it skips the initramfs (half a minute), a workstation does not
	initrd=""
	[ "${CI:-}" = true ] && initrd=No
	INITRD=$initrd DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends $missing >>"$LOG/apt.log" 2>&1 ||
		{ tail -20 "$LOG/apt.log"; die "apt-get install failed"; }
fi

# --------------------------------------------------------- trixie root --
# Kernel builds and apt run through $KRUN: on the host for Debian 12's
# kernels, in the trixie chroot $TROOT for trixie's (its headers want
# gcc-14, its kbuild tools trixie's glibc).
KRUN=""
TROOT=""
if [ "$KERNEL" = trixie ]; then
	[ -z "${KDIR:-}" ] || die "KDIR cannot be used with KMOD_KERNEL=trixie"
	TROOT=$OUT/trixie/root
	KRUN=in_trixie
	. "$HERE/trixie-root.sh"
	trixie_root
fi

# ---------------------------------------------------- kernel release --
if [ -z "${KDIR:-}" ]; then
	KVER=$($KRUN dpkg-query -W -f='${Depends}' "$HDRPKG" |
		grep -o 'linux-headers-[0-9][^ ,]*-amd64' | head -1)
	KVER=${KVER#linux-headers-}
	KDIR=/usr/src/linux-headers-$KVER
fi
# $KDIR is a path in $TROOT (empty: the host's root)
[ -f "$TROOT$KDIR/Makefile" ] || die "no kernel build tree in $TROOT$KDIR"
# the release modules are built for (Debian: the ABI name, 6.1.0-N-amd64)
KVER=$(sed -n 's/^#define UTS_RELEASE "\(.*\)"/\1/p' \
	"$TROOT$KDIR/include/generated/utsrelease.h" 2>/dev/null)
[ -n "$KVER" ] || die "cannot tell the kernel release of $KDIR"
echo "check-kmod: kernel $KVER, build tree $TROOT$KDIR"

# --------------------------------------------------------- guest kernel --
KIMG=$OUT/kernel/vmlinuz-$KVER
VMLINUX=$OUT/kernel/vmlinux-$KVER
# 6.12's headers depend on its image: use it when it is installed
if [ ! -s "$KIMG" ] && [ -s "$TROOT/boot/vmlinuz-$KVER" ]; then
	mkdir -p "$OUT/kernel"
	cp "$TROOT/boot/vmlinuz-$KVER" "$KIMG"
fi
if [ ! -s "$KIMG" ]; then
	step "fetching linux-image-$KVER"
	rm -rf "$OUT/kernel"
	mkdir -p "$OUT/kernel"
	# stale package lists are the usual reason a download fails
	(cd "$OUT/kernel" && $KRUN apt-get download -q "linux-image-$KVER" \
		>"$LOG/download.log" 2>&1) ||
		{ [ -z "${KMOD_NO_APT:-}" ] && $KRUN apt-get update -qq \
			>>"$LOG/download.log" 2>&1 &&
		  (cd "$OUT/kernel" && $KRUN apt-get download -q "linux-image-$KVER" \
			>>"$LOG/download.log" 2>&1); } ||
		{ cat "$LOG/download.log"; die "apt-get download linux-image-$KVER failed"; }
	# only the kernel image is needed, not its 400 MB of modules
	dpkg-deb --fsys-tarfile "$OUT"/kernel/linux-image-"$KVER"_*.deb |
		tar -xO "./boot/vmlinuz-$KVER" >"$KIMG.tmp"
	mv "$KIMG.tmp" "$KIMG"
	rm -f "$OUT"/kernel/*.deb
fi
# Boot the uncompressed ELF through its PVH entry: TCG would spend
# seconds decompressing a bzImage.
# 6.1 is compressed with xz, 6.12 with zstd.
if [ ! -s "$VMLINUX" ]; then
	off=$(LC_ALL=C grep -obUaP '\xfd\x37\x7a\x58\x5a\x00' "$KIMG" |
		head -1 | cut -d: -f1 || true)
	if [ -n "$off" ]; then
		tail -c +$((off + 1)) "$KIMG" |
			xz -dc --single-stream >"$VMLINUX.tmp" 2>/dev/null || true
	fi
	off=$(LC_ALL=C grep -obUaP '\x28\xb5\x2f\xfd' "$KIMG" |
		head -1 | cut -d: -f1 || true)
	if [ ! -s "$VMLINUX.tmp" ] && [ -n "$off" ]; then
		# zstd decodes the kernel, then stops at the data after it
		tail -c +$((off + 1)) "$KIMG" |
			zstd -dcq >"$VMLINUX.tmp" 2>/dev/null || true
	fi
	if [ -s "$VMLINUX.tmp" ] && readelf -n "$VMLINUX.tmp" 2>/dev/null |
		grep -q 'PHYS32_ENTRY\|0x00000012'; then
		mv "$VMLINUX.tmp" "$VMLINUX"
	else
		rm -f "$VMLINUX.tmp"
		cp "$KIMG" "$VMLINUX"
	fi
fi

# --------------------------------------------------------------- module --
B=$OUT/build
rm -rf "$B"
mkdir -p "$B"
if [ "$DKMS" = 1 ]; then
	# "dkms build" in private trees (nothing under /usr/src or
	# /var/lib/dkms), from the files the task-diag-dkms package ships
	step "building task_diag.ko with dkms"
	td0=$(date +%s)
	V=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$HERE/dkms.conf")
	S=$B/src/task_diag-$V
	mkdir -p "$S" "$B/tree"
	cp -r "$HERE"/Kbuild "$HERE"/Makefile "$HERE"/*.c "$HERE"/*.h \
		"$HERE"/include "$HERE"/dkms.conf "$S"/
	D="--sourcetree $B/src --dkmstree $B/tree -m task_diag -v $V"
	{ $KRUN dkms add $D && $KRUN dkms build $D -k "$KVER" --kernelsourcedir "$KDIR"; } \
		>"$LOG/dkms.log" 2>&1 ||
		{ cat "$LOG/dkms.log" "$B"/tree/task_diag/"$V"/*/*/log/make.log \
			2>/dev/null | tail -40; die "dkms build failed"; }
	cp "$B"/tree/task_diag/"$V"/"$KVER"/*/log/make.log "$LOG/build.log"
	echo "check-kmod: dkms add and build $(( $(date +%s) - td0 ))s"
	# dkms.conf's BUILD_EXCLUSIVE_*: an untested series or architecture
	# is refused (dkms's exit 77) before anything is compiled
	for other in "-k 6.2.0-1-amd64" "-k $KVER -a aarch64"; do
		rc=0
		$KRUN dkms build $D $other --kernelsourcedir "$KDIR" \
			>>"$LOG/dkms.log" 2>&1 || rc=$?
		[ "$rc" = 77 ] || die "dkms build $other: exit $rc, not 77"
	done
	KO=$(ls "$B"/tree/task_diag/"$V"/"$KVER"/*/module/task_diag.ko* | head -1)
	# 6.12 modules are compressed; busybox insmod wants them plain
	case $KO in
	*.xz) xz -dc "$KO" >"$B/task_diag.ko" ;;
	*.zst) zstd -dcq "$KO" >"$B/task_diag.ko" ;;
	*) cp "$KO" "$B/task_diag.ko" ;;
	esac
	ORIGIN="dkms $V"
else
	step "building task_diag.ko"
	cp -r "$HERE"/Kbuild "$HERE"/Makefile "$HERE"/*.c "$HERE"/*.h \
		"$HERE"/include "$B"/
	$KRUN make -C "$KDIR" M="$B" modules >"$LOG/build.log" 2>&1 ||
		{ cat "$LOG/build.log"; die "module build failed"; }
	ORIGIN="kbuild"
fi
if grep -i 'warning' "$LOG/build.log" | grep -v 'Skipping BTF generation'; then
	die "module build has warnings"
fi
# td_syms.c checks the prototypes of what it finds by name: one made to
# differ from the kernel's (oom_badness's page count signed) must stop
# the build
P=$OUT/proto-check
rm -rf "$P"
mkdir -p "$P"
cp -r "$HERE"/Kbuild "$HERE"/Makefile "$HERE"/*.c "$HERE"/*.h \
	"$HERE"/include "$P"/
sed -i 's/unsigned long totalpages), (p, totalpages)/long totalpages), (p, totalpages)/' \
	"$P/td.h"
cmp -s "$HERE/td.h" "$P/td.h" && die "proto-check: td.h's oom_badness row not found"
if $KRUN make -C "$KDIR" M="$P" td_syms.o >"$LOG/proto-check.log" 2>&1 ||
   ! grep -q 'td_sym.oom_badness is not the kernel' "$LOG/proto-check.log"; then
	die "a wrong prototype of oom_badness did not stop the build"
fi
modinfo -F vermagic "$B/task_diag.ko" | grep -q "^$KVER " ||
	die "vermagic of task_diag.ko does not match $KVER"
echo "check-kmod: task_diag.ko from $ORIGIN, srcversion $(modinfo -F srcversion "$B/task_diag.ko")"

# ---------------------------------------------------------------- tests --
step "building tests"
TB=$OUT/tests
rm -rf "$TB"
mkdir -p "$TB"
CFLAGS="-O2 -g -Wall -Wextra -Wno-unused-parameter -Werror -I$HERE/include/uapi"
COMMON=""
for f in tdlib compare fixture; do
	gcc $CFLAGS -c "$HERE/tests/$f.c" -o "$TB/$f.o" ||
		die "test build failed ($f.c)"
	COMMON="$COMMON $TB/$f.o"
done
gcc $CFLAGS -static -pthread -o "$TB/td_hold" "$HERE/tests/hold.c" ||
	die "test build failed (hold.c)"
gcc $CFLAGS -static -o "$TB/td_seed" "$HERE/tests/seed.c" ||
	die "test build failed (seed.c)"
for src in "$HERE"/tests/t_*.c; do
	t=$(basename "$src" .c)
	gcc $CFLAGS -static -pthread -o "$TB/$t" "$src" $COMMON ||
		die "test build failed ($t.c)"
done

# ------------------------------------------------------------ initramfs --
step "packing the initramfs"
R=$OUT/root
rm -rf "$R"
mkdir -p "$R"/{bin,dev,proc,sys,tmp,etc,tests}
cp /bin/busybox "$R/bin/busybox"
file -L "$R/bin/busybox" | grep -q 'statically linked' ||
	die "/bin/busybox is not static: install busybox-static"
cp "$HERE/guest/init" "$R/init"
chmod 755 "$R/init"
cp "$B/task_diag.ko" "$R/"
# the guest checks that the module it loads is this build
echo "$ORIGIN $(modinfo -F srcversion "$B/task_diag.ko")" >"$R/task_diag.origin"
cp "$TB"/td_hold "$TB"/td_seed "$TB"/t_* "$R/tests/"
# fresh for each boot: td_seed credits it to the guest's RNG (see seed.c)
head -c 64 /dev/urandom >"$R/seed"
rm -f "$R"/tests/*.o
# t_lsm's AppArmor profile: every path allowed, /proc/task-diag too, so
# that the module's own refusal of confined openers is what it sees
printf '%s\n' 'profile td_confined {' '  /** rwmix,' '  capability,' \
	'  signal,' '  ptrace,' '  mount,' '  umount,' '}' >"$TB/td_confined"
apparmor_parser -Q -S "$TB/td_confined" >"$R/tests/td_confined.aa" \
	2>"$LOG/apparmor.log" || die "apparmor_parser failed: $(cat "$LOG/apparmor.log")"
printf '%s\n' 'root:x:0:0:root:/:/bin/sh' 'user:x:1000:1000::/tmp:/bin/sh' \
	'other:x:1001:1001::/tmp:/bin/sh' >"$R/etc/passwd"
printf '%s\n' 'root:x:0:' 'user:x:1000:' 'other:x:1001:' >"$R/etc/group"
if [ -n "${KMOD_GUEST_EXTRA:-}" ]; then
	[ -d "$KMOD_GUEST_EXTRA" ] || die "KMOD_GUEST_EXTRA=$KMOD_GUEST_EXTRA is no directory"
	mkdir -p "$R/extra"
	cp -a "$KMOD_GUEST_EXTRA"/. "$R/extra/"
fi
(cd "$R" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) |
	gzip -1 >"$OUT/initramfs.cpio.gz"

# ----------------------------------------------------------------- boot --
step "booting $KVER under qemu ($ACCEL, $SMP cpus, $MEM)"
# no_timer_check: under TCG on a loaded host the kernel's early check of
# the IO-APIC timer can see too few ticks and panic ("IO-APIC + timer
# doesn't work!", the 6.1 guest of a CI run at host load 67)
APPEND="console=ttyS0 quiet loglevel=4 panic=-1 oops=panic no_timer_check"
[ -n "${KMOD_TESTS:-}" ] && APPEND="$APPEND td.tests=$KMOD_TESTS"
# e.g. KMOD_APPEND=loglevel=7 to see the stacks of kernel complaints
[ -n "${KMOD_APPEND:-}" ] && APPEND="$APPEND $KMOD_APPEND"
GLOG=$LOG/guest.log
set +e
timeout -k 10 "$TIMEOUT" qemu-system-x86_64 -accel "$ACCEL" -m "$MEM" \
	-smp "$SMP" -kernel "$VMLINUX" -initrd "$OUT/initramfs.cpio.gz" \
	-nographic -nic none -no-reboot -append "$APPEND" </dev/null 2>&1 |
	tr -d '\r' | tee "$GLOG" | grep --line-buffered -E '^(FAIL:|== |INFO: td-backend [0-9]+ passed)'
QRC=${PIPESTATUS[0]}
set -e

# -------------------------------------------------------------- verdict --
passed=$(grep -c '^PASS:' "$GLOG" || true)
failed=$(grep -c '^FAIL:' "$GLOG" || true)
hostfail() { echo "FAIL: $*"; failed=$((failed + 1)); }
[ "$QRC" = 124 ] && hostfail "guest timed out after ${TIMEOUT}s"
grep -q '^TD_GUEST_DONE' "$GLOG" || hostfail "guest did not finish (qemu rc $QRC)"
# any kernel complaint fails the run, wherever it appears in the log
if grep -nE 'BUG:|WARNING:|Oops|general protection|Kernel panic|KASAN|UBSAN|possible circular locking|lockdep|INFO: task .* blocked|soft lockup|RCU stall|rcu_sched self-detected|Call Trace' "$GLOG" >"$LOG/splats.txt"; then
	hostfail "kernel complained, see $LOG/splats.txt:"
	head -20 "$LOG/splats.txt"
fi
echo "check-kmod: logs in $LOG, total $(( $(date +%s) - T0 ))s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
