// SPDX-License-Identifier: GPL-2.0
/*
 * CMDLINE and ENVIRON: bytes read from the task's address space, with the
 * rules of get_mm_cmdline() and environ_read() in fs/proc/base.c.
 *
 * Gathering a task only stages a stream (td_stage_stream()); the bytes are
 * read while the answer is emitted, a chunk per call at the offset reached,
 * each call applying procfs's rules afresh to the current argument and
 * environment ranges.  The value is then what a reader of the procfs file
 * gets reading sequentially with the same chunk sizes, also when the task
 * rewrites its arguments meanwhile, and no reader holds a copy of it.
 */
#include <linux/mm.h>
#include <linux/ptrace.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/uaccess.h>
#include "td.h"

/*
 * Copy up to count bytes of mm at addr to dst (kernel memory) with one
 * access_remote_vm(FOLL_ANON) for the whole chunk (at most a read's
 * buffer, 16 pages): one mmap lock and VMA lookup per chunk instead of
 * per page.  FOLL_ANON refuses anything but anonymous mappings and no
 * FOLL_FORCE unreadable ones, as procfs's read.  It stops at the first
 * unreadable byte; *end is then set.  Returns the bytes copied.
 */
static ssize_t td_copy_remote(struct mm_struct *mm, unsigned long addr,
			      char *dst, size_t count, bool *end)
{
	int want = min_t(size_t, count, TD_OUT_SIZE);
	int got = td_sym.access_remote_vm(mm, addr, dst, want, FOLL_ANON);

	if (got < want)
		*end = true;
	return got > 0 ? got : 0;
}

/*
 * What read() of /proc/PID/cmdline at offset pos returns (at most count
 * bytes), copied to dst.  *end: nothing follows now.
 */
static ssize_t td_cmdline_read(struct mm_struct *mm, size_t pos,
			       char *dst, size_t count, char *page, bool *end)
{
	unsigned long arg_start, arg_end, env_start, env_end, len;
	ssize_t got;
	size_t n;
	int titled = -1;	/* unknown yet */
	char c;

	*end = true;
	if (!mm->env_end)
		return 0;
	spin_lock(&mm->arg_lock);
	arg_start = mm->arg_start;
	arg_end = mm->arg_end;
	env_start = mm->env_start;
	env_end = mm->env_end;
	spin_unlock(&mm->arg_lock);
	if (arg_start >= arg_end)
		return 0;

	/*
	 * setproctitle() may overwrite argv and run on into the environment,
	 * but only if the environment directly follows the arguments.
	 */
	if (env_start != arg_end || env_end < env_start)
		env_start = env_end = arg_end;
	len = env_end - arg_start;
	if (pos >= len)
		return 0;
	count = min_t(size_t, count, len - pos);

	/*
	 * A read that ends at argv's last byte answers the probe below
	 * itself: one walk of the task's pages instead of two (the probe
	 * was half of a ps -ef's cmdline cost).  Seen as procfs would see
	 * it with nothing written between its probe and its read.
	 */
	if (pos < arg_end - arg_start &&
	    pos + count >= arg_end - arg_start) {
		size_t want = arg_end - arg_start - pos;
		bool short_read = false;

		got = td_copy_remote(mm, arg_start + pos, dst, want,
				     &short_read);
		if (got == (ssize_t)want) {
			if (!dst[want - 1])
				return got;	/* *end: nothing follows */
			titled = 1;
		}
	}
	/* a non-NUL last argv byte marks a rewritten command line */
	if (titled < 0)
		titled = td_sym.access_remote_vm(mm, arg_end - 1, &c, 1,
						   FOLL_ANON) == 1 && c;
	if (titled) {
		bool short_read = false;

		/* the title: the first page, up to and with its first NUL */
		if (pos >= PAGE_SIZE)
			return 0;
		got = td_copy_remote(mm, arg_start, page, PAGE_SIZE,
				     &short_read);
		if (got <= 0)
			return 0;
		n = strnlen(page, got);
		if (n < got)
			n++;
		if (n <= pos)
			return 0;
		count = min_t(size_t, count, n - pos);
		memcpy(dst, page + pos, count);
		*end = pos + count >= n;
		return count;
	}

	/* otherwise strictly [arg_start, arg_end) */
	if (pos >= arg_end - arg_start)
		return 0;
	count = min_t(size_t, count, arg_end - arg_start - pos);
	*end = false;
	got = td_copy_remote(mm, arg_start + pos, dst, count, end);
	if (got >= 0 && pos + got >= arg_end - arg_start)
		*end = true;
	return got;
}

/* What read() of /proc/PID/environ at offset pos returns, as above. */
static ssize_t td_environ_read(struct mm_struct *mm, size_t pos,
			       char *dst, size_t count, bool *end)
{
	unsigned long env_start, env_end;
	ssize_t got;

	*end = true;
	/* the task never got far enough to have an environment */
	if (!mm->env_end || !mmget_not_zero(mm))
		return 0;
	spin_lock(&mm->arg_lock);
	env_start = mm->env_start;
	env_end = mm->env_end;
	spin_unlock(&mm->arg_lock);
	got = 0;
	if (pos < env_end - env_start) {
		count = min_t(size_t, count, env_end - env_start - pos);
		*end = false;
		got = td_copy_remote(mm, env_start + pos, dst, count, end);
		if (got >= 0 && pos + got >= env_end - env_start)
			*end = true;
	}
	mmput(mm);
	return got;
}

/* /proc/PID/cmdline finds the task and its mm at each read */
static ssize_t td_cmdline_stream_read(struct td_stream *s, char *dst,
				      size_t count, char *page, bool *end)
{
	struct task_struct *task = get_pid_task(s->pid, PIDTYPE_PID);
	struct mm_struct *mm = task ? get_task_mm(task) : NULL;
	ssize_t got = 0;

	if (task)
		put_task_struct(task);
	*end = true;
	if (mm) {
		got = td_cmdline_read(mm, s->pos, dst, count, page, end);
		mmput(mm);
	}
	return got;
}

/* environ reads the mm it checked, while that still lives */
static ssize_t td_environ_stream_read(struct td_stream *s, char *dst,
				      size_t count, char *page, bool *end)
{
	return td_environ_read(s->mm, s->pos, dst, count, end);
}

int td_fill_cmdline(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct td_stream *s = td_stage_stream(&ctx->st, TASK_DIAG_CMDLINE,
					      td_cmdline_stream_read);

	if (!s)
		return -ENOMEM;
	/* the task reference does not keep thread_pid: take it under RCU */
	s->pid = get_task_pid(task, PIDTYPE_PID);
	return 0;
}

/*
 * environ is opened through mm_access(): the ptrace check runs under
 * exec_update_lock and is skipped when the task shares the opener's mm.
 * The mm checked is the one read, even if the task execs meanwhile.
 */
int td_fill_environ(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct td_stream *s;
	struct mm_struct *mm;
	int ret;

	ret = down_read_killable(&task->signal->exec_update_lock);
	if (ret)
		return ret;
	mm = get_task_mm(task);
	if (mm && (mm != current->mm || !td_is_opener(ctx)) &&
	    !td_ptrace_ok(ctx, task, PTRACE_MODE_READ_FSCREDS)) {
		mmput(mm);
		up_read(&task->signal->exec_update_lock);
		ctx->withheld |= TASK_DIAG_SHOW_ENVIRON;
		return 0;
	}
	up_read(&task->signal->exec_update_lock);

	if (!mm)
		return td_stage_put(&ctx->st, TASK_DIAG_ENVIRON, NULL, 0);
	s = td_stage_stream(&ctx->st, TASK_DIAG_ENVIRON,
			    td_environ_stream_read);
	if (s) {
		mmgrab(mm);
		s->mm = mm;
	}
	mmput(mm);
	return s ? 0 : -ENOMEM;
}
