// SPDX-License-Identifier: GPL-2.0
/* The task iterator: one struct bpf_task_rec per task, threads included,
 * in the pid namespace of the process that reads it.  Values are copied
 * raw; every rule procfs applies to them (state letters, cputime
 * scaling, tick conversion) is redone in user space (bpf_rows.c), where
 * it can be tested against procfs. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include "bpf_rec.h"
#include "pidns.bpf.h"

char LICENSE[] SEC("license") = "GPL";

#define PF_KTHREAD 0x00200000u

static __always_inline void read_mm(struct bpf_task_rec *r,
				    struct task_struct *t)
{
	struct mm_struct *mm = BPF_CORE_READ(t, mm);

	if (!mm || (r->flags & PF_KTHREAD))
		return;
	r->bits |= BPF_REC_MM;
	r->total_vm = BPF_CORE_READ(mm, total_vm);
	/* 6.1 keeps atomics (4 x 8 bytes), 6.2 on percpu_counters */
	if (bpf_core_field_size(mm->rss_stat) == 4 * sizeof(s64)) {
		struct mm_struct___atomic *old = (void *)mm;

		r->bits |= BPF_REC_RSS_OLD;
		r->rss[0] = BPF_CORE_READ(old, rss_stat.count[0].counter);
		r->rss[1] = BPF_CORE_READ(old, rss_stat.count[1].counter);
		r->rss[2] = BPF_CORE_READ(old, rss_stat.count[2].counter);
		r->rss[3] = BPF_CORE_READ(old, rss_stat.count[3].counter);
	} else {
		r->rss[0] = BPF_CORE_READ(mm, rss_stat[0].count);
		r->rss[1] = BPF_CORE_READ(mm, rss_stat[1].count);
		r->rss[2] = BPF_CORE_READ(mm, rss_stat[2].count);
		r->rss[3] = BPF_CORE_READ(mm, rss_stat[3].count);
	}
}

static __always_inline void read_signal(struct bpf_task_rec *r,
					struct task_struct *t,
					unsigned int lvl,
					struct pid_namespace *ns)
{
	struct signal_struct *sig = BPF_CORE_READ(t, signal);
	struct tty_struct *tty;

	if (!sig)
		return;
	r->tgid = nr_in(BPF_CORE_READ(sig, pids[PIDTYPE_TGID]), lvl, ns);
	if (!BPF_CORE_READ(t, sighand))
		return;
	r->bits |= BPF_REC_SIGHAND;
	r->pgrp = nr_in(BPF_CORE_READ(sig, pids[PIDTYPE_PGID]), lvl, ns);
	r->sid = nr_in(BPF_CORE_READ(sig, pids[PIDTYPE_SID]), lvl, ns);
	r->nr_threads = BPF_CORE_READ(sig, nr_threads);
	r->sig_utime = BPF_CORE_READ(sig, utime);
	r->sig_stime = BPF_CORE_READ(sig, stime);
	r->sig_sum_exec = BPF_CORE_READ(sig, sum_sched_runtime);
	r->sig_prev_utime = BPF_CORE_READ(sig, prev_cputime.utime);
	r->sig_prev_stime = BPF_CORE_READ(sig, prev_cputime.stime);
	r->sig_min_flt = BPF_CORE_READ(sig, min_flt);
	r->sig_maj_flt = BPF_CORE_READ(sig, maj_flt);
	r->cmin_flt = BPF_CORE_READ(sig, cmin_flt);
	r->cmaj_flt = BPF_CORE_READ(sig, cmaj_flt);
	r->cutime = BPF_CORE_READ(sig, cutime);
	r->cstime = BPF_CORE_READ(sig, cstime);
	r->rsslim = BPF_CORE_READ(sig, rlim[5].rlim_cur); /* RLIMIT_RSS */
	r->tpgid = -1;
	tty = BPF_CORE_READ(sig, tty);
	if (tty) {
		unsigned int major = BPF_CORE_READ(tty, driver, major);
		unsigned int minor = BPF_CORE_READ(tty, driver, minor_start) +
				     BPF_CORE_READ(tty, index);

		/* new_encode_dev() of tty_devnum() */
		r->tty_nr = (int)((minor & 0xff) | (major << 8) |
				  ((minor & ~0xffu) << 12));
		r->tpgid = nr_in(BPF_CORE_READ(tty, ctrl.pgrp), lvl, ns);
	}
}

SEC("iter/task")
int dump_task(struct bpf_iter__task *ctx)
{
	struct seq_file *seq = ctx->meta->seq;
	struct task_struct *t = ctx->task;
	struct task_struct *me = (void *)bpf_get_current_task();
	struct bpf_task_rec r;
	struct pid_namespace *ns;
	unsigned int lvl;

	if (!t || !(ns = reader_ns(me, &lvl)))
		return 0;
	__builtin_memset(&r, 0, sizeof(r));
	r.tid = nr_in(BPF_CORE_READ(t, thread_pid), lvl, ns);
	if (r.tid <= 0)
		return 0;
	r.state = BPF_CORE_READ(t, __state);
	r.exit_state = BPF_CORE_READ(t, exit_state);
	r.flags = BPF_CORE_READ(t, flags);
	r.exit_signal = BPF_CORE_READ(t, exit_signal);
	r.cpu = BPF_CORE_READ(t, thread_info.cpu);
	r.prio = BPF_CORE_READ(t, prio);
	r.static_prio = BPF_CORE_READ(t, static_prio);
	r.rt_priority = BPF_CORE_READ(t, rt_priority);
	r.policy = BPF_CORE_READ(t, policy);
	r.utime = BPF_CORE_READ(t, utime);
	r.stime = BPF_CORE_READ(t, stime);
	r.sum_exec = BPF_CORE_READ(t, se.sum_exec_runtime);
	r.prev_utime = BPF_CORE_READ(t, prev_cputime.utime);
	r.prev_stime = BPF_CORE_READ(t, prev_cputime.stime);
	r.min_flt = BPF_CORE_READ(t, min_flt);
	r.maj_flt = BPF_CORE_READ(t, maj_flt);
	r.start_boottime = BPF_CORE_READ(t, start_boottime);
	if (bpf_core_field_exists(me->nsproxy->time_ns)) {
		struct time_namespace *tns = BPF_CORE_READ(me, nsproxy, time_ns);

		if (tns)
			r.start_boottime +=
				BPF_CORE_READ(tns, offsets.boottime.tv_sec) *
				1000000000ull +
				BPF_CORE_READ(tns, offsets.boottime.tv_nsec);
	}
	r.euid = BPF_CORE_READ(t, real_cred, euid.val);
	r.egid = BPF_CORE_READ(t, real_cred, egid.val);
	BPF_CORE_READ_INTO(&r.comm, t, comm);
	r.ppid = nr_in(BPF_CORE_READ(t, real_parent, signal,
				     pids[PIDTYPE_TGID]), lvl, ns);
	read_signal(&r, t, lvl, ns);
	read_mm(&r, t);
	bpf_seq_write(seq, &r, sizeof(r));
	return 0;
}
