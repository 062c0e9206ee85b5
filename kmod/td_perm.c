// SPDX-License-Identifier: GPL-2.0
/*
 * Permission checks, each the one procfs applies to the file that holds
 * the same data.  All run while the opener's credentials are installed
 * (override_creds() in td_main.c), so current_cred() is file->f_cred.
 */
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/sched/coredump.h>
#include <linux/sched/mm.h>
#include <linux/pid.h>
#include <linux/ptrace.h>
#include <linux/sched/signal.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/uidgid.h>
#include "td.h"

/*
 * Is current the process that opened the file?  Some of procfs's checks
 * look at the reader itself, not its credentials: ptrace_may_access()
 * lets a task into its own thread group, environ skips the check for the
 * reader's own mm.  Those exceptions are the opener's only.
 */
bool td_is_opener(const struct td_ctx *ctx)
{
	return task_tgid(current) == ctx->opener;
}

bool td_ptrace_ok(const struct td_ctx *ctx, struct task_struct *task,
		  unsigned int mode)
{
	/*
	 * A descriptor read by another process: its own tasks are not the
	 * opener's, and the check cannot be put without the shortcut for
	 * them, so they are refused
	 */
	if (!td_is_opener(ctx) && same_thread_group(task, current))
		return false;
	return td_sym.ptrace_may_access(task, mode);
}

/*
 * hidepid= and gid= of the procfs mount the file was opened through.
 * level HIDEPID_INVISIBLE asks "may the opener see the task at all",
 * HIDEPID_NO_ACCESS "may the opener look inside /proc/PID".
 */
bool td_visible(struct td_ctx *ctx, struct task_struct *task, int level)
{
	struct proc_fs_info *fsi = ctx->fs_info;

	if (fsi->hide_pid == HIDEPID_NOT_PTRACEABLE)
		return td_ptrace_ok(ctx, task, PTRACE_MODE_READ_FSCREDS);
	if (fsi->hide_pid < level)
		return true;
	if (in_group_p(fsi->pid_gid))
		return true;
	return td_ptrace_ok(ctx, task, PTRACE_MODE_READ_FSCREDS);
}

/*
 * Owner of a non-directory /proc/PID file: the task's effective ids, or
 * root (of the mm's user namespace) when the task is not dumpable, or
 * global root for kernel threads and tasks without mm.
 */
static void td_dump_owner(struct task_struct *task, kuid_t *uid, kgid_t *gid)
{
	const struct cred *cred;
	struct mm_struct *mm;

	*uid = GLOBAL_ROOT_UID;
	*gid = GLOBAL_ROOT_GID;
	if (task->flags & PF_KTHREAD)
		return;

	rcu_read_lock();
	cred = __task_cred(task);
	*uid = cred->euid;
	*gid = cred->egid;
	rcu_read_unlock();

	task_lock(task);
	mm = task->mm;
	if (!mm) {
		*uid = GLOBAL_ROOT_UID;
		*gid = GLOBAL_ROOT_GID;
	} else if (get_dumpable(mm) != SUID_DUMP_USER) {
		*uid = make_kuid(mm->user_ns, 0);
		if (!uid_valid(*uid))
			*uid = GLOBAL_ROOT_UID;
		*gid = make_kgid(mm->user_ns, 0);
		if (!gid_valid(*gid))
			*gid = GLOBAL_ROOT_GID;
	}
	task_unlock(task);
}

/*
 * Would the opener pass the DAC check opening a mode 0400 /proc/PID file
 * (environ, io) for reading?  Same order as generic_permission(): owner
 * bits, then CAP_DAC_OVERRIDE, then CAP_DAC_READ_SEARCH, the capabilities
 * counting only if the owner is mapped in the opener's user namespace.
 */
bool td_dac_read_ok(struct task_struct *task)
{
	struct user_namespace *ns = current_user_ns();
	kuid_t uid;
	kgid_t gid;

	td_dump_owner(task, &uid, &gid);
	if (uid_eq(current_fsuid(), uid))
		return true;
	if (!kuid_has_mapping(ns, uid) || !kgid_has_mapping(ns, gid))
		return false;
	return ns_capable(ns, CAP_DAC_OVERRIDE) ||
	       ns_capable(ns, CAP_DAC_READ_SEARCH);
}

/*
 * Security modules that label processes (AppArmor, SELinux, Smack) decide
 * per task in procfs: each /proc/PID inode carries its task's label, and
 * AppArmor mediates each path.  The module cannot put that question for
 * every task, so it serves only openers that no such module confines: no
 * label at all, or AppArmor's "unconfined".  Any other opener gets EACCES
 * at open(), and ps and top then read procfs, where the policy applies.
 */
int td_lsm_unconfined(void)
{
	static const char unconfined[] = "unconfined";
	char *label;
	u32 secid = 0, len;
	bool ok;

	/* at open(), current is the opener (AppArmor has no cred_getsecid) */
	security_current_getsecid_subj(&secid);
	if (!secid)
		return 0;
	if (security_secid_to_secctx(secid, &label, &len))
		return -EACCES;
	ok = len == sizeof(unconfined) - 1 && !memcmp(label, unconfined, len);
	security_release_secctx(label, len);
	return ok ? 0 : -EACCES;
}
