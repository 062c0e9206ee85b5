/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * task_diag: bulk, binary per-task data through the transactional file
 * /proc/task-diag.  This header is the contract between the procps-td
 * kernel module (kmod/) and its userspace backend.
 *
 * Transport
 * ---------
 * open("/proc/task-diag", O_RDWR), then:
 *
 *   write(fd, req, len)   one request: a struct nlmsghdr whose nlmsg_len
 *                         equals len, nlmsg_type TASK_DIAG_CMD_GET or
 *                         TASK_DIAG_CMD_VERSION, followed (NLMSG_DATA) by a
 *                         struct task_diag_pid for GET.  Every check runs
 *                         here: a bad request fails the write with an errno
 *                         (see "Errors") and leaves the fd idle.
 *   read(fd, buf, size)   returns whole netlink messages (never a partial
 *                         one); 0 means the answer is complete, after which
 *                         the fd takes a new request.  size must be at least
 *                         TASK_DIAG_MIN_READ_SIZE.
 *
 * Credentials are those of the opener (file->f_cred), never those of the
 * reader, so a descriptor passed to a privileged process reveals nothing
 * more than its opener could see.  Pids are numbers in the pid namespace of
 * the procfs instance the file was opened through; uids and gids are mapped
 * into the opener's user namespace (unmapped ids read as the overflow id,
 * 65534), exactly as /proc/PID/status shows them to the opener.
 *
 * Replies
 * -------
 * Each task is one or more messages:
 *
 *   struct nlmsghdr     { len, type = TASK_DIAG_CMD_GET, flags = NLM_F_MULTI,
 *                         seq = the request's nlmsg_seq, pid = 0 }
 *   struct task_diag_msg  (12 bytes, so attributes start 4-aligned at
 *                         NLMSG_DATA + 12: libnl-3 nlmsg_attrdata(nlh, 12))
 *   struct nlattr + payload, repeated; nla_type = TASK_DIAG_<GROUP>.
 *
 * A task continues in the next message when TASK_DIAG_FLAG_CONT is set in
 * task_diag_msg.flags; the next message repeats pid and tgid.  Fixed-size
 * attributes (the structs below) are never split.  Variable-size attributes
 * (marked "bytes" or "array" below) may arrive as several attributes of the
 * same type, in the same or in continuation messages: their payloads
 * concatenated in order form the value.  This is how values longer than the
 * read buffer or than nla_len allows (64 KiB) are carried; no value is ever
 * truncated.  A variable attribute may be empty (nla_len == 4).  Payloads
 * are 4-byte aligned; copy __u64 fields out with memcpy if alignment
 * matters on your architecture.
 *
 * Each requested group yields its attribute unless (a) the group was
 * withheld for permission: its bit is then set in the TASK_DIAG_WITHHELD
 * attribute, sent after the others and only when non-zero; or (b) the group has no value
 * for that task, where procfs fails the read with ENOENT or similar (stated
 * per group below).  Tasks are never skipped for permission, except the
 * tasks that the procfs mount's hidepid=2 (invisible) or hidepid=4
 * (ptraceable) option hides from the opener, which are never listed.
 *
 * The version handshake: write a bare nlmsghdr of type TASK_DIAG_CMD_VERSION
 * (nlmsg_len 16, any further payload must be zero); read returns one
 * message of that type carrying struct task_diag_version, then 0.  Groups
 * that this module build cannot provide on the running kernel are absent
 * from supported_groups; requesting them fails with EOPNOTSUPP.
 *
 * Room to grow: a later struct task_diag_pid may be longer; the module
 * accepts a longer request whose extra bytes are all zero (else E2BIG).
 * New groups take new bit numbers; existing structs only grow at their end
 * and attribute payloads may be longer than the struct you compiled
 * against: read min(nla_len - 4, sizeof(struct)) bytes and zero the rest.
 *
 * Errors from write(): EINVAL (short, inconsistent nlmsg_len, unknown
 * nlmsg_type, unknown strategy, unknown flags bits, pid <= 0 where a pid is
 * needed, unknown show_flags bits, a malformed LIST, see below), E2BIG (longer than
 * TASK_DIAG_MAX_REQUEST_SIZE, or non-zero bytes past the known request),
 * EOPNOTSUPP (a known group or strategy that is unavailable), ESRCH (no such
 * pid, or hidden by hidepid), EBUSY (the previous answer is not fully read),
 * EFAULT.  Errors from read(): EINVAL (size < TASK_DIAG_MIN_READ_SIZE),
 * EINTR (fatal signal before any byte), ENOMEM; an error ends the answer.
 */
#ifndef _UAPI_LINUX_TASK_DIAG_H
#define _UAPI_LINUX_TASK_DIAG_H

#include <linux/types.h>

/*
 * 2: BASE carries the owner of /proc/PID (owner_uid, owner_gid); the
 *    strategies ALL_PROC_THREAD and PROC_THREAD and the reply-only
 *    TASK_DIAG_PROCESS attribute.
 * 3: request flags (struct task_diag_pid.flags, TASK_DIAG_REQ_*), listed
 *    in the version reply's supported_flags.
 * 4: the strategy LIST (a list of pids after the request), bit 7 of
 *    supported_strategies.
 */
#define TASK_DIAG_VERSION		4

/* nlmsg_type of requests and replies */
#define TASK_DIAG_CMD_GET		0xd101
#define TASK_DIAG_CMD_VERSION		0xd102

/* read() buffers smaller than this fail with EINVAL */
#define TASK_DIAG_MIN_READ_SIZE		512
/* write() of more than this fails with E2BIG */
#define TASK_DIAG_MAX_REQUEST_SIZE	4096
/* largest payload of one attribute chunk (a multiple of 8) */
#define TASK_DIAG_MAX_CHUNK		65528

/* Dump strategies: struct task_diag_pid.dump_strategy */
enum {
	/* every process (thread-group leader), ascending tgid; pid ignored */
	TASK_DIAG_DUMP_ALL = 0,
	/* the task named by pid (any tid), with process-wide STAT and IO */
	TASK_DIAG_DUMP_ONE = 1,
	/* every thread of every process, grouped by process, per-thread data */
	TASK_DIAG_DUMP_ALL_THREAD = 2,
	/* children of the thread pid (as /proc/PID/task/TID/children) */
	TASK_DIAG_DUMP_CHILDREN = 3,
	/* every thread of the process that thread pid belongs to */
	TASK_DIAG_DUMP_THREAD = 4,
	/*
	 * ALL_THREAD with each process's own figures: every thread group
	 * starts with a process message (TASK_DIAG_PROCESS, see below), then
	 * its threads as ALL_THREAD lists them; pid ignored.  (version 2)
	 */
	TASK_DIAG_DUMP_ALL_PROC_THREAD = 5,
	/* THREAD with the process message first, as ALL_PROC_THREAD */
	TASK_DIAG_DUMP_PROC_THREAD = 6,
	/*
	 * The tasks of a list of ids carried by the request (version 4):
	 * pid must be 0, and struct task_diag_pid is followed by one or more
	 * netlink attributes (struct nlattr, then __u32 ids) filling the rest
	 * of the request exactly:
	 *   TASK_DIAG_LIST_PROCESS  each id is answered as ONE answers it
	 *       (/proc/ID: any tid; STAT and IO process-wide; hidepid=1 and a
	 *       task the opener may not enter: every group withheld);
	 *   TASK_DIAG_LIST_THREAD   each id is answered as the thread
	 *       strategies answer that thread (/proc/TGID/task/ID: STAT and
	 *       IO its own; hidepid=1 and a group the opener may not enter:
	 *       a thread other than the leader is skipped, as ALL_THREAD
	 *       skips it, the leader answered with every group withheld).
	 * Answers come in the order of the attributes and of the ids in
	 * them, one per id, repeats included; an id that names no task, or
	 * one hidden by hidepid=2 or 4, is skipped (where ONE fails with
	 * ESRCH), as is a task that exits before its turn.  A request holds
	 * at most (TASK_DIAG_MAX_REQUEST_SIZE - 16 - 24 - 4) / 4 = 1013 ids
	 * (in one attribute).  EINVAL: pid not 0, no id at all, an id 0 or
	 * above 2^31 - 1, an attribute of another type, an attribute whose
	 * nla_len is below 4, runs past the request or is not 4 plus a
	 * multiple of 4, or bytes after the last attribute; E2BIG: a
	 * request above TASK_DIAG_MAX_REQUEST_SIZE.
	 */
	TASK_DIAG_DUMP_LIST = 7,
	__TASK_DIAG_DUMP_MAX
};

/* nla_type of the id lists of a TASK_DIAG_DUMP_LIST request */
enum {
	TASK_DIAG_LIST_PROCESS = 1,
	TASK_DIAG_LIST_THREAD = 2,
};

/*
 * Groups.  Bit n of show_flags requests group n; its reply attribute has
 * nla_type n.  Per-thread versus per-process: STAT and IO are summed over
 * the thread group for ALL, ONE, CHILDREN and LIST's process ids (as
 * /proc/PID/stat and io) and in the process messages of ALL_PROC_THREAD
 * and PROC_THREAD, and per thread for the thread rows of ALL_THREAD,
 * THREAD, ALL_PROC_THREAD and PROC_THREAD and LIST's thread ids (as
 * /proc/PID/task/TID/...).
 *
 * X(NAME, name, kind), one row per group in number order (the numbers are
 * ABI: a new group goes at the end): the enum constant TASK_DIAG_<NAME>,
 * its lower-case name for tables keyed by it, and its payload's kind
 * (TASK_DIAG_KIND_<kind>).  Its request bit is
 * TASK_DIAG_SHOW(TASK_DIAG_<NAME>); the TASK_DIAG_SHOW_<NAME> shorthands
 * below exist for the first groups.
 */
#define TASK_DIAG_ATTRS(X) \
	X(BASE,      base,      FIXED)	/*  0 struct task_diag_base */ \
	X(CRED,      cred,      FIXED)	/*  1 struct task_diag_creds */ \
	X(VMA,       vma,       RESERVED) /* 2 maps; not provided */ \
	X(VMA_STAT,  vma_stat,  RESERVED) /* 3 smaps; not provided */ \
	X(STAT,      stat,      FIXED)	/*  4 struct task_diag_stat */ \
	X(STATM,     statm,     FIXED)	/*  5 struct task_diag_statm */ \
	X(CMDLINE,   cmdline,   BYTES)	/*  6 /proc/PID/cmdline */ \
	X(GROUPS,    groups,    U32S)	/*  7 supplementary gids */ \
	X(ENVIRON,   environ,   BYTES)	/*  8 /proc/PID/environ (gated) */ \
	X(CGROUP,    cgroup,    BYTES)	/*  9 /proc/PID/cgroup */ \
	X(WCHAN,     wchan,     BYTES)	/* 10 /proc/PID/wchan (gated) */ \
	X(IO,        io,        FIXED)	/* 11 struct task_diag_io (gated) */ \
	X(EXE,       exe,       BYTES)	/* 12 readlink /proc/PID/exe (gated) */ \
	X(NS,        ns,        FIXED)	/* 13 struct task_diag_ns (gated) */ \
	X(OOM,       oom,       FIXED)	/* 14 struct task_diag_oom */ \
	X(LOGINUID,  loginuid,  FIXED)	/* 15 struct task_diag_loginuid */ \
	X(AUTOGROUP, autogroup, BYTES)	/* 16 /proc/PID/autogroup */

/*
 * How an attribute's payload is carried (the kind column above):
 * FIXED a struct, never split; BYTES a byte string and U32S an array of
 * __u32, both "variable": split into chunks of a multiple of this many
 * bytes; RESERVED a number not in use.
 */
#define TASK_DIAG_KIND_FIXED	0
#define TASK_DIAG_KIND_BYTES	1
#define TASK_DIAG_KIND_U32S	4
#define TASK_DIAG_KIND_RESERVED	0

enum {
#define TASK_DIAG_ENUM_(NAME, name, kind) TASK_DIAG_##NAME,
	TASK_DIAG_ATTRS(TASK_DIAG_ENUM_)
#undef TASK_DIAG_ENUM_
	__TASK_DIAG_GROUP_MAX,

	/*
	 * reply only, payload empty: this message is the process message of
	 * thread group tgid (pid == tgid): it carries only STAT and IO, and
	 * only those of them that were requested, with the process-wide
	 * figures /proc/PID shows (summed over the threads), plus WITHHELD.
	 * The threads of the group follow it, the leader among them with its
	 * own per-thread figures (as /proc/PID/task/PID).
	 */
	TASK_DIAG_PROCESS = 62,
	/* reply only: __u64 mask of requested groups withheld */
	TASK_DIAG_WITHHELD = 63,
};

#define TASK_DIAG_SHOW(g)		(1ULL << (g))
#define TASK_DIAG_SHOW_BASE		TASK_DIAG_SHOW(TASK_DIAG_BASE)
#define TASK_DIAG_SHOW_CRED		TASK_DIAG_SHOW(TASK_DIAG_CRED)
#define TASK_DIAG_SHOW_STAT		TASK_DIAG_SHOW(TASK_DIAG_STAT)
#define TASK_DIAG_SHOW_STATM		TASK_DIAG_SHOW(TASK_DIAG_STATM)
#define TASK_DIAG_SHOW_CMDLINE		TASK_DIAG_SHOW(TASK_DIAG_CMDLINE)
#define TASK_DIAG_SHOW_GROUPS		TASK_DIAG_SHOW(TASK_DIAG_GROUPS)
#define TASK_DIAG_SHOW_ENVIRON		TASK_DIAG_SHOW(TASK_DIAG_ENVIRON)
#define TASK_DIAG_SHOW_CGROUP		TASK_DIAG_SHOW(TASK_DIAG_CGROUP)
#define TASK_DIAG_SHOW_WCHAN		TASK_DIAG_SHOW(TASK_DIAG_WCHAN)
#define TASK_DIAG_SHOW_IO		TASK_DIAG_SHOW(TASK_DIAG_IO)
#define TASK_DIAG_SHOW_EXE		TASK_DIAG_SHOW(TASK_DIAG_EXE)
#define TASK_DIAG_SHOW_NS		TASK_DIAG_SHOW(TASK_DIAG_NS)
#define TASK_DIAG_SHOW_OOM		TASK_DIAG_SHOW(TASK_DIAG_OOM)
#define TASK_DIAG_SHOW_LOGINUID		TASK_DIAG_SHOW(TASK_DIAG_LOGINUID)
#define TASK_DIAG_SHOW_AUTOGROUP	TASK_DIAG_SHOW(TASK_DIAG_AUTOGROUP)

/* Request payload for TASK_DIAG_CMD_GET (24 bytes) */
struct task_diag_pid {
	__u64 show_flags;	/* TASK_DIAG_SHOW_* bits */
	__u64 dump_strategy;	/* TASK_DIAG_DUMP_* */
	__u32 pid;		/* ONE, CHILDREN, THREAD: a tid; else 0 */
	__u32 flags;		/* TASK_DIAG_REQ_* (0 before version 3) */
};

/*
 * Request flags: parts of STAT and BASE the reader does not need, which the
 * module then skips (they read as 0).  Each costs a walk, a lock or a
 * lookup per task.
 */
/* sig_ignored and sig_caught: the scan of the 64 signal handlers */
#define TASK_DIAG_REQ_NO_SIGHANDLERS	0x00000001
/* the fields that need the address space or the ptrace check: vsize,
 * rss, the code, data, stack, argument and environment addresses,
 * kstkeip/kstkesp, wchan and exit_code; stat_flags reads 0 */
#define TASK_DIAG_REQ_NO_STAT_MM	0x00000002
/* BASE's ppid, pgid, sid and tpgid (they read 0): a pid lookup each */
#define TASK_DIAG_REQ_NO_IDS		0x00000004

/* Reply payload of TASK_DIAG_CMD_VERSION (32 bytes) */
struct task_diag_version {
	__u32 version;			/* TASK_DIAG_VERSION of the module */
	__u32 min_read_size;		/* TASK_DIAG_MIN_READ_SIZE */
	__u64 supported_groups;		/* show_flags bits accepted */
	__u32 supported_strategies;	/* bit n: strategy n accepted */
	__u32 max_chunk;		/* TASK_DIAG_MAX_CHUNK */
	__u32 max_request_size;		/* TASK_DIAG_MAX_REQUEST_SIZE */
	__u32 supported_flags;		/* TASK_DIAG_REQ_* accepted (0
					 * before version 3) */
};

/* Header of every task message, right after the nlmsghdr (12 bytes) */
struct task_diag_msg {
	__u32 pid;	/* tid, in the procfs instance's pid namespace */
	__u32 tgid;	/* its thread group id */
	__u32 flags;	/* TASK_DIAG_FLAG_* */
};

/* more messages for this task follow */
#define TASK_DIAG_FLAG_CONT	0x00000001

/* struct task_diag_base.state indexes this string; as /proc/PID/stat */
#define TASK_DIAG_STATE_CHARS	"RSDTtXZPI"
enum {
	TASK_DIAG_RUNNING,
	TASK_DIAG_INTERRUPTIBLE,
	TASK_DIAG_UNINTERRUPTIBLE,
	TASK_DIAG_STOPPED,
	TASK_DIAG_TRACE_STOP,
	TASK_DIAG_DEAD,
	TASK_DIAG_ZOMBIE,
	TASK_DIAG_PARKED,
	TASK_DIAG_IDLE,
};

#define TASK_DIAG_COMM_LEN	64

/*
 * TASK_DIAG_BASE (128 bytes; 120 before version 2): identity and
 * scheduling placement.  Always provided.  Values are those
 * /proc/PID/stat prints (fields named).
 */
struct task_diag_base {
	__u32 tgid;		/* status Tgid */
	__u32 pid;		/* stat 1: tid */
	__u32 ppid;		/* stat 4: tgid of real parent, 0 if none */
	__u32 tpid;		/* status TracerPid: tid of tracer, 0 if none */
	__s32 pgid;		/* stat 5; -1 if the task is being reaped */
	__s32 sid;		/* stat 6; -1 if the task is being reaped */
	__u32 tty_nr;		/* stat 7: controlling tty, new_encode_dev() */
	__s32 tpgid;		/* stat 8: tty foreground pgrp, -1 if no tty */
	__u32 flags;		/* stat 9: PF_* task flags */
	__s32 exit_signal;	/* stat 38 */
	__s32 processor;	/* stat 39: CPU last run on */
	__u32 nlwp;		/* stat 20: threads in the group */
	__u8 state;		/* stat 3, index into TASK_DIAG_STATE_CHARS */
	__u8 pad[7];
	/*
	 * stat 2 without the parentheses, NUL-terminated; kernel threads and
	 * workqueue workers get their long names as procfs prints them
	 */
	char comm[TASK_DIAG_COMM_LEN];
	/*
	 * Owner of the task's directory as stat(2) of /proc/PID (of
	 * /proc/PID/task/TID for a thread) shows it: the effective uid and
	 * gid whatever the dumpable state (only the files inside turn to
	 * root for a non-dumpable task), root for a kernel thread; mapped
	 * into the opener's user namespace.  (version 2)
	 */
	__u32 owner_uid;
	__u32 owner_gid;
};

/*
 * TASK_DIAG_CRED (80 bytes): as /proc/PID/status Uid/Gid/Cap* lines.
 * Capability sets are 64-bit masks (bit n = capability n).
 */
struct task_diag_creds {
	__u64 cap_inheritable;	/* CapInh */
	__u64 cap_permitted;	/* CapPrm */
	__u64 cap_effective;	/* CapEff */
	__u64 cap_bset;		/* CapBnd */
	__u64 cap_ambient;	/* CapAmb */
	__u32 uid, euid, suid, fsuid;	/* Uid: real effective saved fs */
	__u32 gid, egid, sgid, fsgid;	/* Gid: real effective saved fs */
	__u32 ngroups;		/* count of supplementary groups (GROUPS) */
	__u32 pad;
};

/*
 * TASK_DIAG_STAT (304 bytes): every remaining /proc/PID/stat field, plus
 * the signal and context-switch lines of status.  Times are nanoseconds;
 * procfs prints ticks = ns / (1000000000 / sysconf(_SC_CLK_TCK)).
 *
 * Fields procfs reveals only to readers allowed to ptrace the task
 * (PTRACE_MODE_READ_FSCREDS) are given exactly as procfs gives them to this
 * opener: without that access start_code and end_code read 1 (0 if the task
 * has no mm), the other addresses, kstkeip/kstkesp, wchan and exit_code read
 * 0, and TASK_DIAG_STAT_RESTRICTED is set in stat_flags.
 */
struct task_diag_stat {
	__u64 minflt;		/* stat 10 */
	__u64 cminflt;		/* stat 11 */
	__u64 majflt;		/* stat 12 */
	__u64 cmajflt;		/* stat 13 */
	__u64 utime;		/* stat 14, ns, scaled as procfs scales */
	__u64 stime;		/* stat 15, ns */
	__u64 cutime;		/* stat 16, ns */
	__u64 cstime;		/* stat 17, ns */
	__u64 gtime;		/* stat 43, ns */
	__u64 cgtime;		/* stat 44, ns */
	__u64 start_time;	/* stat 22, ns after boot (reader's time ns) */
	__u64 blkio_delay;	/* stat 42, ns (0 unless delay accounting) */
	__u64 vsize;		/* stat 23, bytes */
	__u64 rss;		/* stat 24, pages */
	__u64 rsslim;		/* stat 25, bytes (RLIM_INFINITY = ~0) */
	__u64 start_code;	/* stat 26 */
	__u64 end_code;		/* stat 27 */
	__u64 start_stack;	/* stat 28 */
	__u64 kstkesp;		/* stat 29 */
	__u64 kstkeip;		/* stat 30 */
	__u64 start_data;	/* stat 45 */
	__u64 end_data;		/* stat 46 */
	__u64 start_brk;	/* stat 47 */
	__u64 arg_start;	/* stat 48 */
	__u64 arg_end;		/* stat 49 */
	__u64 env_start;	/* stat 50 */
	__u64 env_end;		/* stat 51 */
	__u64 sig_pending;	/* status SigPnd (stat 31 = low 31 bits) */
	__u64 sig_blocked;	/* status SigBlk (stat 32) */
	__u64 sig_ignored;	/* status SigIgn (stat 33) */
	__u64 sig_caught;	/* status SigCgt (stat 34) */
	__u64 sig_shared_pending;	/* status ShdPnd */
	__u64 nvcsw;		/* status voluntary_ctxt_switches */
	__u64 nivcsw;		/* status nonvoluntary_ctxt_switches */
	__s32 priority;		/* stat 18 */
	__s32 nice;		/* stat 19 */
	__u32 rt_priority;	/* stat 40 */
	__u32 policy;		/* stat 41: SCHED_* */
	__s32 exit_code;	/* stat 52 */
	__u32 wchan;		/* stat 35: 1 if blocked (wchan exists) */
	__u32 stat_flags;	/* TASK_DIAG_STAT_* */
	__u32 pad;
};

#define TASK_DIAG_STAT_RESTRICTED	0x1

/*
 * TASK_DIAG_STATM (160 bytes): memory counters of /proc/PID/statm and the
 * Vm and Rss lines of /proc/PID/status.  Units are pages unless "bytes".
 * A task without an mm (kernel thread, zombie) has all zero and has_mm 0;
 * procfs then prints statm as zeros and no Vm lines in status.
 */
struct task_diag_statm {
	__u64 size;		/* statm 1 = VmSize */
	__u64 resident;		/* statm 2 = VmRSS */
	__u64 shared;		/* statm 3 = RssFile + RssShmem */
	__u64 text;		/* statm 4 */
	__u64 data;		/* statm 6 = VmData + VmStk */
	__u64 anon;		/* RssAnon */
	__u64 file;		/* RssFile */
	__u64 shmem;		/* RssShmem */
	__u64 swap;		/* VmSwap */
	__u64 hiwater_vm;	/* VmPeak */
	__u64 hiwater_rss;	/* VmHWM */
	__u64 locked_vm;	/* VmLck */
	__u64 pinned_vm;	/* VmPin */
	__u64 data_vm;		/* VmData */
	__u64 stack_vm;		/* VmStk */
	__u64 exec_vm;		/* pages mapped executable */
	__u64 vm_exe;		/* VmExe, bytes */
	__u64 vm_lib;		/* VmLib, bytes */
	__u64 pgtables_bytes;	/* VmPTE, bytes */
	__u32 has_mm;		/* 1 if the task has a user address space */
	__u32 pad;
};

/* TASK_DIAG_IO (56 bytes): /proc/PID/io, bytes and counts */
struct task_diag_io {
	__u64 rchar;
	__u64 wchar;
	__u64 syscr;
	__u64 syscw;
	__u64 read_bytes;
	__u64 write_bytes;
	__u64 cancelled_write_bytes;
};

/*
 * TASK_DIAG_NS (80 bytes): inode numbers of /proc/PID/ns/<name>, i.e. what
 * stat(2) on those links reports as st_ino; 0 where procfs cannot resolve
 * the link (exited task, kernel without that namespace type).
 */
struct task_diag_ns {
	__u64 cgroup;
	__u64 ipc;
	__u64 mnt;
	__u64 net;
	__u64 pid;
	__u64 pid_for_children;
	__u64 time;
	__u64 time_for_children;
	__u64 user;
	__u64 uts;
};

/* TASK_DIAG_OOM (8 bytes): /proc/PID/oom_score and oom_score_adj */
struct task_diag_oom {
	__u32 oom_score;	/* 0..2000 */
	__s32 oom_score_adj;	/* -1000..1000 */
};

/*
 * TASK_DIAG_LOGINUID (8 bytes): /proc/PID/loginuid (mapped into the
 * opener's user namespace, 4294967295 when unset) and /proc/PID/sessionid.
 */
struct task_diag_loginuid {
	__u32 loginuid;
	__u32 sessionid;
};

/*
 * Variable groups, all without a terminating NUL of their own:
 *  CMDLINE   what read() of /proc/PID/cmdline returns (setproctitle rule
 *            included); empty for kernel threads and zombies.
 *  GROUPS    __u32 gids, mapped as the status Groups line; CRED.ngroups
 *            gives the count.  Chunks split only between elements.
 *  ENVIRON   /proc/PID/environ.  Withheld unless the opener may open that
 *            file (owner or CAP_DAC_READ_SEARCH, and ptrace read access).
 *  CGROUP    /proc/PID/cgroup text ("0::/path\n" on cgroup v2), paths
 *            relative to the reader's cgroup namespace.
 *  WCHAN     /proc/PID/wchan text: a symbol name, or "0" when not blocked.
 *            Withheld without ptrace read access (procfs then prints "0").
 *  EXE       readlink of /proc/PID/exe; absent where readlink fails with
 *            ENOENT (kernel threads, exited tasks).  Ptrace-gated.
 *  AUTOGROUP /proc/PID/autogroup text, e.g. "/autogroup-12 nice 0\n";
 *            empty when the task is not in an autogroup.
 */

#endif /* _UAPI_LINUX_TASK_DIAG_H */
