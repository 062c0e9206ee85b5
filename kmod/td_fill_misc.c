// SPDX-License-Identifier: GPL-2.0
/*
 * The groups that mirror one small /proc/PID file each: cgroup, wchan, io,
 * exe, ns/, oom_score(_adj), loginuid/sessionid and autogroup.  Where
 * procfs prints through a seq_file, the same kernel routine is run into a
 * private buffer (td_seq_capture), so the text is procfs's own.
 */
#include <linux/audit.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/kallsyms.h>
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/proc_ns.h>
#include <linux/ptrace.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/task_io_accounting_ops.h>
#include "td.h"

struct td_show_arg {
	struct td_ctx *ctx;
	struct task_struct *task;
};

static int td_cgroup_show(struct seq_file *m, void *arg)
{
	struct td_show_arg *a = arg;

	return td_sym.proc_cgroup_show(m, a->ctx->pid_ns, NULL, a->task);
}

/* A failing cgroup read (e.g. ENAMETOOLONG) leaves the group absent. */
int td_fill_cgroup(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct td_show_arg a = { ctx, task };
	int ret = td_seq_capture(&ctx->st, TASK_DIAG_CGROUP, td_cgroup_show,
				 &a);

	return ret == -ENOMEM ? ret : 0;
}

static int td_autogroup_show(struct seq_file *m, void *arg)
{
	struct td_show_arg *a = arg;

	td_sym.autogroup_show(a->task, m);
	return 0;
}

int td_fill_autogroup(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct td_show_arg a = { ctx, task };

	return td_seq_capture(&ctx->st, TASK_DIAG_AUTOGROUP,
			      td_autogroup_show, &a);
}

int td_fill_wchan(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	char *sym;
	unsigned long wchan;
	int ret;

	ret = down_read_killable(&task->signal->exec_update_lock);
	if (ret)
		return ret;
	if (!td_ptrace_ok(ctx, task, PTRACE_MODE_READ_FSCREDS)) {
		up_read(&task->signal->exec_update_lock);
		ctx->withheld |= TASK_DIAG_SHOW_WCHAN;
		return 0;
	}
	sym = kmalloc(KSYM_NAME_LEN, TD_GFP);
	if (!sym) {
		up_read(&task->signal->exec_update_lock);
		return -ENOMEM;
	}
	wchan = td_sym.get_wchan(task);
	if (wchan && !td_sym.lookup_symbol_name(wchan, sym))
		ret = td_stage_put(&ctx->st, TASK_DIAG_WCHAN, sym, strlen(sym));
	else
		ret = td_stage_put(&ctx->st, TASK_DIAG_WCHAN, "0", 1);
	up_read(&task->signal->exec_update_lock);
	kfree(sym);
	return ret;
}

int td_fill_io(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct task_io_accounting acct = task->ioac;
	struct task_diag_io io;
	struct sighand_struct *sh;
	unsigned long flags;
	int ret;

	ret = down_read_killable(&task->signal->exec_update_lock);
	if (ret)
		return ret;
	if (!td_ptrace_ok(ctx, task, PTRACE_MODE_READ_FSCREDS)) {
		up_read(&task->signal->exec_update_lock);
		ctx->withheld |= TASK_DIAG_SHOW_IO;
		return 0;
	}
	if (whole) {
		sh = td_lock_sighand(task, &flags);
		if (sh) {
			struct task_struct *t = task;

			task_io_accounting_add(&acct, &task->signal->ioac);
			while_each_thread(task, t)
				task_io_accounting_add(&acct, &t->ioac);
			spin_unlock_irqrestore(&sh->siglock, flags);
		}
	}
	up_read(&task->signal->exec_update_lock);

	memset(&io, 0, sizeof(io));
	io.rchar = acct.rchar;
	io.wchar = acct.wchar;
	io.syscr = acct.syscr;
	io.syscw = acct.syscw;
	io.read_bytes = acct.read_bytes;
	io.write_bytes = acct.write_bytes;
	io.cancelled_write_bytes = acct.cancelled_write_bytes;
	return td_stage_put(&ctx->st, TASK_DIAG_IO, &io, sizeof(io));
}

/* readlink of /proc/PID/exe; nothing where that fails with ENOENT */
int td_fill_exe(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct file *exe = td_sym.get_task_exe_file(task);
	char *buf, *path;
	int ret = 0;

	if (!exe)
		return 0;
	buf = (char *)__get_free_page(TD_GFP);
	if (!buf) {
		fput(exe);
		return -ENOMEM;
	}
	path = d_path(&exe->f_path, buf, PATH_MAX);
	if (!IS_ERR(path))
		ret = td_stage_put(&ctx->st, TASK_DIAG_EXE, path, strlen(path));
	free_page((unsigned long)buf);
	fput(exe);
	return ret;
}

int td_fill_ns(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	u64 inum[TD_NS_COUNT] = {};
	int i;

	BUILD_BUG_ON(sizeof(struct task_diag_ns) != sizeof(inum));
	for (i = 0; i < TD_NS_COUNT; i++) {
		const struct proc_ns_operations *ops = td_sym.ns_ops[i];
		struct ns_common *ns;

		if (!ops)
			continue;
		ns = ops->get(task);
		if (ns) {
			inum[i] = ns->inum;
			ops->put(ns);
		}
	}
	return td_stage_put(&ctx->st, TASK_DIAG_NS, inum, sizeof(inum));
}

int td_fill_oom(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	unsigned long total = totalram_pages() +
			      READ_ONCE(*td_sym.total_swap_pages);
	struct task_diag_oom o = {};
	long badness;

	badness = td_sym.oom_badness(task, total);
	/* scaled to 0..2000 as /proc/PID/oom_score has always been */
	if (badness != LONG_MIN)
		o.oom_score = (1000 + badness * 1000 / (long)total) * 2 / 3;
	o.oom_score_adj = READ_ONCE(task->signal->oom_score_adj);
	return td_stage_put(&ctx->st, TASK_DIAG_OOM, &o, sizeof(o));
}

int td_fill_loginuid(struct td_ctx *ctx, struct task_struct *task, bool whole)
{
	struct task_diag_loginuid l = {
		.loginuid = from_kuid(current_user_ns(),
				      audit_get_loginuid(task)),
		.sessionid = audit_get_sessionid(task),
	};

	return td_stage_put(&ctx->st, TASK_DIAG_LOGINUID, &l, sizeof(l));
}
