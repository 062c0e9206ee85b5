// SPDX-License-Identifier: GPL-2.0
/*
 * CMDLINE and ENVIRON: bytes read from the task's address space, with the
 * rules of get_mm_cmdline() and environ_read() in fs/proc/base.c.
 */
#include <linux/mm.h>
#include <linux/ptrace.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include "td.h"

/*
 * procfs streams these files, so their size is bounded only by the
 * address range.  Ranges past exec's limit (a few MiB) exist only after a
 * privileged prctl(PR_SET_MM_*); the module stops there rather than let
 * any reader make it allocate without bound.
 */
#define TD_MAX_REMOTE	SZ_16M

/*
 * Stage as attribute type the bytes of mm in [start, start + len), up to
 * the first unreadable page.  With to_nul, stop after the first NUL.
 */
static int td_remote(struct td_stage *st, u32 type, struct mm_struct *mm,
		     unsigned long start, unsigned long len, bool to_nul)
{
	size_t mark = td_stage_mark(st), got = 0;
	char *p;

	len = min_t(unsigned long, len, TD_MAX_REMOTE);
	p = td_stage_reserve(st, type, len);
	if (!p)
		return -ENOMEM;
	while (got < len) {
		int want = min_t(unsigned long, PAGE_SIZE, len - got);
		int n = td_sym.access_remote_vm(mm, start + got, p + got,
						want, FOLL_ANON);

		if (n <= 0)
			break;
		got += n;
		if (fatal_signal_pending(current))
			return -EINTR;
		cond_resched();
	}
	if (to_nul) {
		size_t z = strnlen(p, got);

		/* the NUL itself is part of the value */
		if (z < got)
			got = z + 1;
	}
	td_stage_shrink(st, mark, got);
	return 0;
}

int td_fill_cmdline(struct td_ctx *ctx, struct task_struct *task)
{
	unsigned long arg_start, arg_end, env_start, env_end, len;
	struct mm_struct *mm = get_task_mm(task);
	int ret = 0;
	char c;

	if (!mm)
		goto empty;
	if (!mm->env_end)
		goto empty_put;
	spin_lock(&mm->arg_lock);
	arg_start = mm->arg_start;
	arg_end = mm->arg_end;
	env_start = mm->env_start;
	env_end = mm->env_end;
	spin_unlock(&mm->arg_lock);
	if (arg_start >= arg_end)
		goto empty_put;

	/*
	 * setproctitle() may overwrite argv and run on into the environment,
	 * but only if the environment directly follows the arguments.
	 */
	if (env_start != arg_end || env_end < env_start)
		env_start = env_end = arg_end;
	len = env_end - arg_start;

	/* a non-NUL last argv byte marks a rewritten command line */
	if (td_sym.access_remote_vm(mm, arg_end - 1, &c, 1, FOLL_ANON) == 1 &&
	    c)
		ret = td_remote(&ctx->st, TASK_DIAG_CMDLINE, mm, arg_start,
				min_t(unsigned long, len, PAGE_SIZE), true);
	else
		ret = td_remote(&ctx->st, TASK_DIAG_CMDLINE, mm, arg_start,
				arg_end - arg_start, false);
	mmput(mm);
	return ret;

empty_put:
	mmput(mm);
empty:
	return td_stage_put(&ctx->st, TASK_DIAG_CMDLINE, NULL, 0);
}

/*
 * environ is opened through mm_access(): the ptrace check runs under
 * exec_update_lock and is skipped when the task shares the opener's mm.
 */
int td_fill_environ(struct td_ctx *ctx, struct task_struct *task)
{
	unsigned long env_start, env_end;
	struct mm_struct *mm;
	int ret;

	ret = down_read_killable(&task->signal->exec_update_lock);
	if (ret)
		return ret;
	mm = get_task_mm(task);
	if (mm && mm != current->mm &&
	    !td_ptrace_ok(task, PTRACE_MODE_READ_FSCREDS)) {
		mmput(mm);
		up_read(&task->signal->exec_update_lock);
		ctx->withheld |= TASK_DIAG_SHOW_ENVIRON;
		return 0;
	}
	up_read(&task->signal->exec_update_lock);

	if (!mm || !mm->env_end) {
		ret = td_stage_put(&ctx->st, TASK_DIAG_ENVIRON, NULL, 0);
		goto out;
	}
	spin_lock(&mm->arg_lock);
	env_start = mm->env_start;
	env_end = mm->env_end;
	spin_unlock(&mm->arg_lock);
	ret = td_remote(&ctx->st, TASK_DIAG_ENVIRON, mm, env_start,
			env_end > env_start ? env_end - env_start : 0, false);
out:
	if (mm)
		mmput(mm);
	return ret;
}
