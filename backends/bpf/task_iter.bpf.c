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

/* Every read is a direct load through BTF-typed pointers (relocated by
 * CO-RE, checked by the verifier, a fault reads 0): a
 * bpf_probe_read_kernel() call per field cost most of the pass.  The
 * pointers the task itself holds are loaded once, before any branch:
 * the verifier looks a type name up in the kernel's whole BTF each
 * time it checks a pointer load from a trusted pointer (6.2 on), so a
 * load it checks once per path would cost a millisecond per path. */
struct task_ptrs {
	struct pid *tid;
	struct signal_struct *sig;
	struct mm_struct *mm;
	const struct cred *cred;
	struct task_struct *parent;
	void *sighand;
};

static __always_inline void read_mm(struct bpf_task_rec *r,
				    struct mm_struct *mm)
{
	if (!mm || (r->flags & PF_KTHREAD))
		return;
	r->bits |= BPF_REC_MM;
	r->total_vm = mm->total_vm;
	/* 6.1 keeps atomics (4 x 8 bytes), 6.2 on percpu_counters */
	if (bpf_core_field_size(mm->rss_stat) == 4 * sizeof(s64)) {
		struct mm_struct___atomic *old = (void *)mm;

		r->bits |= BPF_REC_RSS_OLD;
		r->rss[0] = old->rss_stat.count[0].counter;
		r->rss[1] = old->rss_stat.count[1].counter;
		r->rss[2] = old->rss_stat.count[2].counter;
		r->rss[3] = old->rss_stat.count[3].counter;
	} else {
		r->rss[0] = mm->rss_stat[0].count;
		r->rss[1] = mm->rss_stat[1].count;
		r->rss[2] = mm->rss_stat[2].count;
		r->rss[3] = mm->rss_stat[3].count;
	}
}

static __always_inline void read_signal(struct bpf_task_rec *r,
					const struct task_ptrs *p)
{
	struct signal_struct *sig = p->sig;
	struct tty_struct *tty;

	if (!sig)
		return;
	r->tgid = nr_in(sig->pids[PIDTYPE_TGID]);
	if (!p->sighand)
		return;
	r->bits |= BPF_REC_SIGHAND;
	r->pgrp = nr_in(sig->pids[PIDTYPE_PGID]);
	r->sid = nr_in(sig->pids[PIDTYPE_SID]);
	r->nr_threads = sig->nr_threads;
	r->sig_utime = sig->utime;
	r->sig_stime = sig->stime;
	r->sig_sum_exec = sig->sum_sched_runtime;
	r->sig_prev_utime = sig->prev_cputime.utime;
	r->sig_prev_stime = sig->prev_cputime.stime;
	r->sig_min_flt = sig->min_flt;
	r->sig_maj_flt = sig->maj_flt;
	r->cmin_flt = sig->cmin_flt;
	r->cmaj_flt = sig->cmaj_flt;
	r->cutime = sig->cutime;
	r->cstime = sig->cstime;
	r->rsslim = sig->rlim[5].rlim_cur; /* RLIMIT_RSS */
	r->tpgid = -1;
	tty = sig->tty;
	if (tty) {
		struct tty_driver *drv = tty->driver;
		unsigned int major = drv ? drv->major : 0;
		unsigned int minor = (drv ? drv->minor_start : 0) + tty->index;

		/* new_encode_dev() of tty_devnum() */
		r->tty_nr = (int)((minor & 0xff) | (major << 8) |
				  ((minor & ~0xffu) << 12));
		r->tpgid = nr_in(tty->ctrl.pgrp);
	}
}

SEC("iter/task")
int dump_task(struct bpf_iter__task *ctx)
{
	struct seq_file *seq = ctx->meta->seq;
	struct task_struct *t = ctx->task;
	struct signal_struct *psig;
	struct bpf_task_rec r;
	struct task_ptrs p;

	read_reader(ctx->meta);
	if (!t || !reader.ok)
		return 0;
	p.tid = t->thread_pid;
	p.sig = t->signal;
	p.mm = t->mm;
	p.cred = t->real_cred;
	p.parent = t->real_parent;
	p.sighand = t->sighand;
	psig = p.parent ? p.parent->signal : NULL;
	barrier();
	__builtin_memset(&r, 0, sizeof(r));
	r.tid = nr_in(p.tid);
	if (r.tid <= 0)
		return 0;
	r.state = t->__state;
	r.exit_state = t->exit_state;
	r.flags = t->flags;
	r.exit_signal = t->exit_signal;
	r.cpu = t->thread_info.cpu;
	r.prio = t->prio;
	r.static_prio = t->static_prio;
	r.rt_priority = t->rt_priority;
	r.policy = t->policy;
	r.utime = t->utime;
	r.stime = t->stime;
	r.sum_exec = t->se.sum_exec_runtime;
	r.prev_utime = t->prev_cputime.utime;
	r.prev_stime = t->prev_cputime.stime;
	r.min_flt = t->min_flt;
	r.maj_flt = t->maj_flt;
	r.start_boottime = t->start_boottime + reader.boot_off;
	if (p.cred) {
		r.euid = p.cred->euid.val;
		r.egid = p.cred->egid.val;
	}
	/* comm is 16 bytes: two loads */
	((__u64 *)r.comm)[0] = ((const __u64 *)t->comm)[0];
	((__u64 *)r.comm)[1] = ((const __u64 *)t->comm)[1];
	if (psig)
		r.ppid = nr_in(psig->pids[PIDTYPE_TGID]);
	read_signal(&r, &p);
	read_mm(&r, p.mm);
	bpf_seq_write(seq, &r, sizeof(r));
	return 0;
}
