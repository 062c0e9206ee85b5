// SPDX-License-Identifier: GPL-2.0
/*
 * Gathering one task's groups: the permission gates, and the groups that
 * mirror /proc/PID/stat, status and statm (BASE, CRED, GROUPS, STAT,
 * STATM).  Each value is computed the way fs/proc/array.c and
 * fs/proc/task_mmu.c compute it in 6.1, so both interfaces agree.
 */
#include <linux/cred.h>
#include <linux/mm.h>
#include <linux/pid_namespace.h>
#include <linux/ptrace.h>
#include <linux/sched/cputime.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/delayacct.h>
#include <linux/time_namespace.h>
#include <linux/tty.h>
#include <linux/kdev_t.h>
#include "td.h"

static void td_comm(struct task_struct *task, char *comm)
{
	char buf[TASK_DIAG_COMM_LEN + 16];
	struct seq_file m = { .buf = buf, .size = sizeof(buf) };
	size_t n;

	/*
	 * proc_task_name() names only kernel threads its own way (and then
	 * formats with seq_printf: a vsnprintf per task); for the others
	 * it is __get_task_comm() as below.
	 */
	if (td_sym.proc_task_name &&
	    (task->flags & (PF_KTHREAD | PF_WQ_WORKER))) {
		td_sym.proc_task_name(&m, task, false);
		n = min_t(size_t, m.count, TASK_DIAG_COMM_LEN - 1);
		memcpy(comm, buf, n);
		comm[n] = '\0';
	} else {
		__get_task_comm(comm, TASK_DIAG_COMM_LEN, task);
	}
}

/*
 * The owner stat(2) shows for /proc/PID and /proc/PID/task/TID: 6.1's
 * task_dump_owner() for a directory of mode 0555, i.e. the effective ids
 * (dumpability only changes the files inside), root for a kernel thread;
 * mapped into the opener's user namespace (current's, under its creds).
 */
static void td_owner(struct task_struct *task, u32 *uid, u32 *gid)
{
	struct user_namespace *ns = current_user_ns();
	kuid_t ku = GLOBAL_ROOT_UID;
	kgid_t kg = GLOBAL_ROOT_GID;

	if (!(task->flags & PF_KTHREAD)) {
		const struct cred *cred;

		rcu_read_lock();
		cred = __task_cred(task);
		ku = cred->euid;
		kg = cred->egid;
		rcu_read_unlock();
	}
	*uid = from_kuid_munged(ns, ku);
	*gid = from_kgid_munged(ns, kg);
}

int td_fill_base(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct pid_namespace *ns = ctx->pid_ns;
	struct task_diag_base *b;
	struct sighand_struct *sh;
	unsigned long flags;
	bool with_tty = false;
	bool with_ids = !(ctx->req_flags & TASK_DIAG_REQ_NO_IDS);

	b = td_stage_reserve(&ctx->st, TASK_DIAG_BASE, sizeof(*b));
	if (!b)
		return -ENOMEM;
	/* td_stage_reset() looked them up in this namespace already */
	b->tgid = ctx->st.tgid;
	b->pid = ctx->st.pid;
	/* -1: the task is being reaped; 0: not asked for */
	b->pgid = with_ids ? -1 : 0;
	b->sid = with_ids ? -1 : 0;
	b->tpgid = with_ids ? -1 : 0;

	rcu_read_lock();
	if (pid_alive(task)) {
		struct task_struct *tracer = ptrace_parent(task);

		if (tracer)
			b->tpid = task_pid_nr_ns(tracer, ns);
	}
	rcu_read_unlock();

	/*
	 * Only the terminal needs the sighand lock (it keeps sig->tty from
	 * being put); the ids and the thread count are read as procfs reads
	 * them, each on its own.  A task without sighand has been released:
	 * its fields stay as procfs leaves them.  The lock with interrupts
	 * off was the dearest part of a dump under TCG (issue 16).
	 */
	rcu_read_lock();
	if (rcu_dereference(task->sighand)) {
		struct signal_struct *sig = task->signal;

		b->nlwp = get_nr_threads(task);
		/*
		 * task_session_nr_ns() and the like, inside this RCU section
		 * instead of one each: their lock and call per id were a
		 * visible part of a dump (issue 16).
		 */
		if (with_ids) {
			b->sid = pid_nr_ns(task_session(task), ns);
			b->pgid = pid_nr_ns(task_pgrp(task), ns);
			if (pid_alive(task))
				b->ppid = pid_nr_ns(task_tgid(rcu_dereference(
						task->real_parent)), ns);
		}
		if (READ_ONCE(sig->tty))
			with_tty = true;
	}
	rcu_read_unlock();
	sh = with_tty ? td_lock_sighand(task, &flags) : NULL;
	if (sh) {
		struct signal_struct *sig = task->signal;

		if (sig->tty) {
			if (with_ids) {
				struct pid *pgrp = tty_get_pgrp(sig->tty);

				b->tpgid = pid_nr_ns(pgrp, ns);
				put_pid(pgrp);
			}
			b->tty_nr = new_encode_dev(tty_devnum(sig->tty));
		}
		spin_unlock_irqrestore(&sh->siglock, flags);
	}
	b->flags = task->flags;
	b->exit_signal = task->exit_signal;
	b->processor = task_cpu(task);
	b->state = task_state_index(task);
	td_comm(task, b->comm);
	td_owner(task, &b->owner_uid, &b->owner_gid);
	return 0;
}

int td_fill_cred(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct user_namespace *ns = current_user_ns();
	const struct cred *cred = get_task_cred(task);
	struct task_diag_creds *c;

	c = td_stage_reserve(&ctx->st, TASK_DIAG_CRED, sizeof(*c));
	if (c) {
		c->cap_inheritable = td_cap_u64(cred->cap_inheritable);
		c->cap_permitted = td_cap_u64(cred->cap_permitted);
		c->cap_effective = td_cap_u64(cred->cap_effective);
		c->cap_bset = td_cap_u64(cred->cap_bset);
		c->cap_ambient = td_cap_u64(cred->cap_ambient);
		c->uid = from_kuid_munged(ns, cred->uid);
		c->euid = from_kuid_munged(ns, cred->euid);
		c->suid = from_kuid_munged(ns, cred->suid);
		c->fsuid = from_kuid_munged(ns, cred->fsuid);
		c->gid = from_kgid_munged(ns, cred->gid);
		c->egid = from_kgid_munged(ns, cred->egid);
		c->sgid = from_kgid_munged(ns, cred->sgid);
		c->fsgid = from_kgid_munged(ns, cred->fsgid);
		c->ngroups = cred->group_info->ngroups;
	}
	put_cred(cred);
	return c ? 0 : -ENOMEM;
}

/* streamed: up to 256 KiB, mapped at emission (td_stage.c) */
int td_fill_groups(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct td_stream *s = td_stage_stream(&ctx->st, TASK_DIAG_GROUPS,
					      td_groups_stream_read);

	if (!s)
		return -ENOMEM;
	s->cred = get_task_cred(task);
	return 0;
}

/*
 * SigIgn and SigCgt, under RCU.  sighand_struct is SLAB_TYPESAFE_BY_RCU:
 * an exec in another thread (de_thread()) may give the task a new one and
 * free the one being read, for another task to reuse.  So the scan counts
 * only if sh is still the task's afterwards; else the new one is read.
 */
static void td_sigign_sigcatch(struct task_struct *task,
			       struct sighand_struct *sh, u64 *ign, u64 *catch)
{
	while (sh) {
		struct k_sigaction *k = sh->action;
		u64 i_mask = 0, c_mask = 0;
		int i;

		for (i = 1; i <= _NSIG; i++, k++) {
			void __user *h = READ_ONCE(k->sa.sa_handler);

			if (h == SIG_IGN)
				i_mask |= 1ULL << (i - 1);
			else if (h != SIG_DFL)
				c_mask |= 1ULL << (i - 1);
		}
		smp_rmb();	/* the handlers before the re-check */
		if (rcu_dereference(task->sighand) == sh) {
			*ign = i_mask;
			*catch = c_mask;
			return;
		}
		sh = rcu_dereference(task->sighand);
	}
}

/* the mm-based part of stat, addresses only when permitted */
static void td_stat_mm(struct task_diag_stat *s, struct task_struct *task,
		       struct mm_struct *mm, bool permitted)
{
	if (!mm)
		return;
	s->vsize = PAGE_SIZE * mm->total_vm;
	s->rss = get_mm_rss(mm);
	s->start_code = permitted ? mm->start_code : 1;
	s->end_code = permitted ? mm->end_code : 1;
	if (!permitted)
		return;
	s->start_stack = mm->start_stack;
	s->start_data = mm->start_data;
	s->end_data = mm->end_data;
	s->start_brk = mm->start_brk;
	s->arg_start = mm->arg_start;
	s->arg_end = mm->arg_end;
	s->env_start = mm->env_start;
	s->env_end = mm->env_end;
	/* only a dying or dumping task holds still enough (as procfs) */
	if ((task->flags & (PF_EXITING | PF_DUMPCORE | PF_POSTCOREDUMP)) &&
	    td_sym.put_task_stack && td_sym.kstk_esp &&
	    try_get_task_stack(task)) {
		s->kstkeip = KSTK_EIP(task);
		/* an out-of-line function on x86_64, not exported */
		s->kstkesp = td_sym.kstk_esp(task);
		td_sym.put_task_stack(task);
	}
}

/* faults and guest time, from signal_struct's stats_lock section */
static void td_stat_counters(struct task_diag_stat *s, struct task_struct *task,
			     bool whole)
{
	struct signal_struct *sig = task->signal;
	struct task_struct *t;
	unsigned long flags;
	int seq, pass = 0;

	/* lockless first, the lock only if a writer got in the way */
	do {
		seq = pass++;
		flags = read_seqbegin_or_lock_irqsave(&sig->stats_lock, &seq);
		s->cminflt = sig->cmin_flt;
		s->cmajflt = sig->cmaj_flt;
		s->cutime = sig->cutime;
		s->cstime = sig->cstime;
		s->cgtime = sig->cgtime;
		if (whole) {
			s->minflt = sig->min_flt;
			s->majflt = sig->maj_flt;
			s->gtime = sig->gtime;
			rcu_read_lock();
			__for_each_thread(sig, t) {
				s->minflt += t->min_flt;
				s->majflt += t->maj_flt;
				s->gtime += td_sym.task_gtime(t);
			}
			rcu_read_unlock();
		}
	} while (need_seqretry(&sig->stats_lock, seq));
	done_seqretry_irqrestore(&sig->stats_lock, seq, flags);

	if (whole) {
		td_sym.thread_group_cputime_adjusted(task, &s->utime, &s->stime);
	} else {
		task_cputime_adjusted(task, &s->utime, &s->stime);
		s->minflt = task->min_flt;
		s->majflt = task->maj_flt;
		s->gtime = td_sym.task_gtime(task);
	}
}

int td_fill_stat(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct signal_struct *sig = task->signal;
	struct task_diag_stat *s;
	struct sighand_struct *sh;
	struct mm_struct *mm;
	int exit_code = task->exit_code;
	int nthreads = 0, ret;
	bool with_mm = !(ctx->req_flags & TASK_DIAG_REQ_NO_STAT_MM);
	bool permitted = false;

	/*
	 * Filled where it is staged (zeroed): no copy of 300 bytes a task.
	 * A reservation left by a failed lock below is never emitted: the
	 * error ends the read, and the next task resets the stage.
	 */
	s = td_stage_reserve(&ctx->st, TASK_DIAG_STAT, sizeof(*s));
	if (!s)
		return -ENOMEM;
	/* the address space and the permission are read only when asked */
	if (with_mm) {
		ret = down_read_killable(&sig->exec_update_lock);
		if (ret)
			return ret;
		permitted = td_ptrace_ok(ctx, task, PTRACE_MODE_READ_FSCREDS |
					 PTRACE_MODE_NOAUDIT);
		mm = get_task_mm(task);
		td_stat_mm(s, task, mm, permitted);
		if (mm)
			mmput(mm);
	}

	/*
	 * Word-sized values, each read once: no lock needed to read them
	 * safely (sighand_struct is SLAB_TYPESAFE_BY_RCU, so the handlers
	 * read under RCU are some sighand's); a released task (no sighand)
	 * leaves them 0, as procfs does.
	 */
	rcu_read_lock();
	sh = rcu_dereference(task->sighand);
	if (sh) {
		nthreads = get_nr_threads(task);
		if (!(ctx->req_flags & TASK_DIAG_REQ_NO_SIGHANDLERS))
			td_sigign_sigcatch(task, sh, &s->sig_ignored,
					   &s->sig_caught);
		s->rsslim = READ_ONCE(sig->rlim[RLIMIT_RSS].rlim_cur);
		if (whole && (READ_ONCE(sig->flags) &
			      (SIGNAL_GROUP_EXIT | SIGNAL_STOP_STOPPED)))
			exit_code = READ_ONCE(sig->group_exit_code);
		s->sig_pending = READ_ONCE(task->pending.signal.sig[0]);
		s->sig_blocked = READ_ONCE(task->blocked.sig[0]);
		s->sig_shared_pending =
			READ_ONCE(sig->shared_pending.signal.sig[0]);
	}
	rcu_read_unlock();
	if (permitted && (!whole || nthreads < 2))
		s->wchan = !task_is_running(task);

	td_stat_counters(s, task, whole);

	s->priority = task->prio - MAX_RT_PRIO;
	s->nice = task_nice(task);
	s->rt_priority = task->rt_priority;
	s->policy = task->policy;
	s->start_time = timens_add_boottime_ns(task->start_boottime);
	/* one 64-bit word: read without the lock (and interrupts off) */
	if (task->delays)
		s->blkio_delay = READ_ONCE(task->delays->blkio_delay);
	s->nvcsw = task->nvcsw;
	s->nivcsw = task->nivcsw;
	s->exit_code = permitted ? exit_code : 0;
	s->stat_flags = permitted || !with_mm ? 0 : TASK_DIAG_STAT_RESTRICTED;
	if (with_mm)
		up_read(&sig->exec_update_lock);
	return 0;
}

int td_fill_statm(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct task_diag_statm *m;
	struct mm_struct *mm;
	unsigned long text;

	/* filled where it is staged (zeroed), as STAT */
	m = td_stage_reserve(&ctx->st, TASK_DIAG_STATM, sizeof(*m));
	if (!m)
		return -ENOMEM;
	mm = get_task_mm(task);
	if (mm) {
		m->has_mm = 1;
		m->anon = td_mm_counter(mm, MM_ANONPAGES);
		m->file = td_mm_counter(mm, MM_FILEPAGES);
		m->shmem = td_mm_counter(mm, MM_SHMEMPAGES);
		m->swap = td_mm_counter(mm, MM_SWAPENTS);
		m->size = mm->total_vm;
		m->shared = m->file + m->shmem;
		m->resident = m->shared + m->anon;
		m->text = (PAGE_ALIGN(mm->end_code) -
			   (mm->start_code & PAGE_MASK)) >> PAGE_SHIFT;
		m->data = mm->data_vm + mm->stack_vm;
		m->hiwater_vm = max(mm->total_vm, mm->hiwater_vm);
		m->hiwater_rss = max_t(u64, m->resident, mm->hiwater_rss);
		m->locked_vm = mm->locked_vm;
		m->pinned_vm = atomic64_read(&mm->pinned_vm);
		m->data_vm = mm->data_vm;
		m->stack_vm = mm->stack_vm;
		m->exec_vm = mm->exec_vm;
		/* status splits executable mappings into VmExe and VmLib */
		text = PAGE_ALIGN(mm->end_code) - (mm->start_code & PAGE_MASK);
		text = min(text, mm->exec_vm << PAGE_SHIFT);
		m->vm_exe = text;
		m->vm_lib = (mm->exec_vm << PAGE_SHIFT) - text;
		m->pgtables_bytes = mm_pgtables_bytes(mm);
		mmput(mm);
	}
	return 0;
}

/*
 * Groups whose procfs file checks ptrace access when it is opened or
 * read, without holding exec_update_lock; the others (environ, io, wchan)
 * check inside their fillers under that lock, as procfs does.
 */
#define TD_GATED_PTRACE (TASK_DIAG_SHOW_EXE | TASK_DIAG_SHOW_NS)
/* mode 0400 files: the opener must also pass the DAC check */
#define TD_GATED_DAC	(TASK_DIAG_SHOW_ENVIRON | TASK_DIAG_SHOW_IO)

/* Which requested groups procfs would refuse this opener up front. */
static u64 td_withheld(struct td_ctx *ctx, struct task_struct *task)
{
	u64 req = ctx->show, out = 0;

	/* hidepid=1: /proc/PID is visible but cannot be entered */
	if (!td_visible(ctx, task, HIDEPID_NO_ACCESS))
		return req;
	if ((req & TD_GATED_PTRACE) &&
	    !td_ptrace_ok(ctx, task, PTRACE_MODE_READ_FSCREDS))
		out |= req & TD_GATED_PTRACE;
	if ((req & TD_GATED_DAC) && !td_dac_read_ok(task))
		out |= req & TD_GATED_DAC;
	return out;
}

/*
 * A group's process message (ALL_PROC_THREAD, PROC_THREAD): the marker,
 * then the process-wide STAT and IO of those requested.
 */
static int td_fill_process(struct td_ctx *ctx, struct task_struct *task)
{
	const u64 whole_groups = TASK_DIAG_SHOW_STAT | TASK_DIAG_SHOW_IO;
	u64 want;
	int ret;

	ctx->withheld = td_withheld(ctx, task) & whole_groups;
	want = ctx->show & whole_groups & ~ctx->withheld;
	ret = td_stage_reserve(&ctx->st, TASK_DIAG_PROCESS, 0) ? 0 : -ENOMEM;
	if (!ret && (want & TASK_DIAG_SHOW_STAT))
		ret = td_fill_stat(ctx, task, true);
	if (!ret && (want & TASK_DIAG_SHOW_IO))
		ret = td_fill_io(ctx, task, true);
	if (!ret && ctx->withheld)
		ret = td_stage_put(&ctx->st, TASK_DIAG_WITHHELD,
				   &ctx->withheld, sizeof(ctx->withheld));
	return ret;
}

/* Each group's filler, by number (TASK_DIAG_ATTRS in the UAPI header). */
static td_fill_fn *const td_fillers[__TASK_DIAG_GROUP_MAX] = {
#define TD_FILLER(NAME, name, kind) [TASK_DIAG_##NAME] = TD_FILL_##kind(name),
	TASK_DIAG_ATTRS(TD_FILLER)
#undef TD_FILLER
};

int td_fill_task(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	u64 want;
	int ret = 0;

	td_stage_reset(&ctx->st, task, ctx->pid_ns, &ctx->it);
	/*
	 * Reaped since the iterator found it: its numbers read 0 now, and
	 * procfs could no longer open its files.  Not listed (1: skip).
	 */
	if (!ctx->st.pid || !ctx->st.tgid) {
		ctx->st.active = false;
		return 1;
	}
	if (ctx->it.process)
		return td_fill_process(ctx, task);
	ctx->withheld = td_withheld(ctx, task);
	want = ctx->show & ~ctx->withheld;
	for (; want && !ret; want &= want - 1) {
		unsigned int g = __ffs64(want);

		if (g < __TASK_DIAG_GROUP_MAX && td_fillers[g])
			ret = td_fillers[g](ctx, task, whole);
	}
	if (!ret && ctx->withheld)
		ret = td_stage_put(&ctx->st, TASK_DIAG_WITHHELD,
				   &ctx->withheld, sizeof(ctx->withheld));
	return ret;
}
