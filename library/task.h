/* One row of process data, filled by a backend.
 *
 * Every field is typed and in the unit the kernel reports, so programs never
 * re-parse text.  A field is valid only when its data group was requested
 * (see items.h); otherwise it holds the "missing" value a backend leaves:
 * zero for numbers, NULL for strings. */
#ifndef PROCPS_TD_TASK_H
#define PROCPS_TD_TASK_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>

enum { TASK_COMM_MAX = 64, TASK_WCHAN_MAX = 64 };

/* Namespaces, in the order of their items (ITEM_NS_CGROUP..ITEM_NS_UTS). */
enum task_ns {
	TASK_NS_CGROUP, TASK_NS_IPC, TASK_NS_MNT, TASK_NS_NET, TASK_NS_PID,
	TASK_NS_TIME, TASK_NS_USER, TASK_NS_UTS, TASK_NS_COUNT
};

/* A raw byte vector from /proc (cmdline, environ, cgroup): NUL separated. */
struct task_blob {
	char *data;       /* NULL when unavailable (permission, vanished) */
	size_t len;
};

struct task {
	/* identity, from the directory name and stat */
	int tid;          /* the task id (== tgid for a process row) */
	int tgid;
	int ppid, pgrp, session, tpgid, tracer;
	int tty_nr;       /* encoded dev_t as in /proc/PID/stat */
	char state;       /* one of "RSDTtXZPIW" */
	char comm[TASK_COMM_MAX]; /* raw bytes, as the kernel has them */

	/* from stat */
	unsigned long flags;
	unsigned long minflt, cminflt, majflt, cmajflt;
	unsigned long long utime, stime, cutime, cstime; /* clock ticks */
	long priority, nice;
	int nlwp;
	unsigned long long start_time;    /* ticks since boot */
	unsigned long vsize;              /* bytes */
	long rss;                         /* pages */
	unsigned long rsslim;
	unsigned long start_code, end_code, start_stack, kstk_esp, kstk_eip;
	unsigned long wchan_addr;         /* 0 or 1 on modern kernels */
	int exit_signal, processor;
	unsigned rt_priority, policy;

	/* ownership: the /proc/PID inode owner (euid/egid unless
	 * the task is not dumpable); replaced by status values when read */
	uid_t euid;
	gid_t egid;

	/* from status */
	uid_t ruid, suid, fuid;
	gid_t rgid, sgid, fgid;
	char *supgids;                    /* "Groups:" list, comma separated */
	unsigned long vm_size, vm_lock, vm_rss, vm_rss_anon, vm_rss_file,
		vm_rss_shared, vm_data, vm_stack, vm_exe, vm_lib, vm_swap; /* KiB */
	uint64_t sig_pending, sig_shared, sig_blocked, sig_ignored, sig_caught;
	int status_nlwp;

	/* from statm, pages */
	unsigned long sm_size, sm_resident, sm_shared, sm_text, sm_lib,
		sm_data, sm_dirty;

	struct task_blob cmdline, environ, cgroup;

	char *wchan;                      /* symbol, "0" style handled by printers */

	/* from io */
	unsigned long long io_rchar, io_wchar, io_syscr, io_syscw,
		io_read_bytes, io_write_bytes, io_cancelled_write_bytes;

	int oom_score, oom_adj;
	unsigned long ns[TASK_NS_COUNT];  /* inode numbers, 0 if unknown */
	uid_t loginuid;
	char *exe;
	int autogroup_id, autogroup_nice;

	/* from smaps_rollup, KiB */
	unsigned long sm_rss, sm_pss, sm_pss_anon, sm_pss_file, sm_pss_shmem,
		sm_uss, sm_swap, sm_swap_pss, sm_locked;

	/* bookkeeping */
	unsigned groups_filled;           /* bit per group actually read */
	int is_thread_row;                /* a thread shown under -L/-T/H/m */
	int is_kernel_thread;             /* PF_KTHREAD set */
};

void task_clear(struct task *t);
void task_free_strings(struct task *t);
/* A copy with strings of its own (the ones it could not copy are NULL);
 * 0, or -1 when memory ran out. */
int task_copy(struct task *dst, const struct task *src);

#endif
