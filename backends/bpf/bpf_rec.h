/* The record the task iterator writes for each task, one after another in
 * the read() stream: fixed size, raw kernel values (nanoseconds, pages,
 * kernel state bits).  The backend turns them into procfs's numbers
 * (bpf_rows.c).  Shared by the BPF program and the backend, so only
 * fixed-width types, and 64-bit fields first (no padding). */
#ifndef PROCPS_TD_BPF_REC_H
#define PROCPS_TD_BPF_REC_H

#define BPF_REC_COMM 16

/* rec.bits */
#define BPF_REC_SIGHAND 1u      /* lock_task_sighand() would succeed */
#define BPF_REC_MM      2u      /* has an address space (get_task_mm) */
#define BPF_REC_RSS_OLD 4u      /* rss counters were 6.1's atomics */
#define BPF_REC_RSS_SUM 8u      /* rss_sum[] holds the per-CPU sums */

/* rec.flags: the kernel's task flags (include/linux/sched.h) */
#define PF_WQ_WORKER 0x00000020u
#define PF_KTHREAD   0x00200000u

/* What a pass reads besides the stat groups' own fields (the program's
 * reads, set by the reader before each pass from the groups it must
 * fill): each is cache lines of every task the rest does not touch. */
#define BPF_READ_MM     1u      /* the address space: stat's vsize and
				 * rss, statm, status's Vm lines */
#define BPF_READ_IDS    2u      /* the parent's tgid, pgrp, session,
				 * tpgid (stat_ids) */
#define BPF_READ_OWNER  4u      /* the credentials: euid, egid (owner) */

/* the most CPUs the program sums per-CPU counters over */
#define BPF_SUM_CPUS 512

struct bpf_task_rec {
	/* the task's own times (ns) and faults, and its prev_cputime */
	__u64 utime, stime, sum_exec, prev_utime, prev_stime;
	__u64 min_flt, maj_flt;
	/* the process's (signal_struct): what exited threads left, its
	 * prev_cputime, the children's, the RSS limit */
	__u64 sig_utime, sig_stime, sig_sum_exec, sig_prev_utime,
	      sig_prev_stime;
	__u64 sig_min_flt, sig_maj_flt, cmin_flt, cmaj_flt, cutime, cstime;
	__u64 rsslim;
	/* boot-time start (ns), the reader's time namespace already added */
	__u64 start_boottime;
	__u32 state, exit_state, flags, bits;
	/* numbers in the reader's pid namespace (0: not visible there) */
	__s32 tid, tgid, ppid, pgrp, sid, tpgid;
	__s32 tty_nr, nr_threads, exit_signal, cpu;
	__s32 prio, static_prio;
	__u32 rt_priority, policy, euid, egid;
	char comm[BPF_REC_COMM];
	/* Last, so that a pass without BPF_READ_MM writes the record
	 * without them (BPF_REC_SHORT bytes): the address space's fields.
	 * total_vm (pages) and the approximate rss counters (signed:
	 * per-CPU deltas can leave them below zero) */
	__u64 total_vm;
	__s64 rss[4];           /* MM_FILEPAGES, ANON, SWAPENTS, SHMEM */
	/* the same counters summed over every CPU (percpu_counter_sum()),
	 * when the reader asked (mm_sum_cpus) and bits has RSS_SUM */
	__s64 rss_sum[4];
	/* what else statm and status's Vm lines show: pages locked (ps's
	 * L), of data and stack, executable; the code's addresses */
	struct bpf_rec_vm {
		__u64 locked, data, stack, exec, start_code, end_code;
	} vm;
};

/* A record of a pass without BPF_READ_MM: up to the address space's
 * fields (a multiple of 8: records stay aligned one after another) */
#define BPF_REC_SHORT __builtin_offsetof(struct bpf_task_rec, total_vm)

/* The command-line iterator's record: this header, then len bytes of
 * the process's argument area ([arg_start, arg_end), get_mm_cmdline()'s
 * plain case).  Leaders only. */
#define BPF_CMD_MAX 4096
#define BPF_CMD_PROCFS 1u       /* not read here: procfs's file instead
				 * (rewritten past argv, longer than
				 * BPF_CMD_MAX, or unreadable) */
#define BPF_CMD_NOMM 2u         /* the leader has no address space (a
				 * kernel thread, an exited leader): its
				 * rows' file is empty, its threads' not */
struct bpf_cmd_rec {
	__s32 tgid;
	__u32 len;
	__u32 flags;
	__u32 pad;
};

/* The programs' one global (pidns.bpf.h): how the process that reads
 * the iterator sees the tasks. */
struct reader_view {
	__u64 ns;               /* its pid namespace (an address) */
	__u32 lvl;              /* that namespace's level */
	__u32 ok;
	__u64 boot_off;         /* its time namespace's boottime offset (ns) */
};

#endif
