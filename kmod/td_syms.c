// SPDX-License-Identifier: GPL-2.0
/*
 * Resolve the kernel symbols procfs uses but 6.1 does not export.
 *
 * procfs is the contract, so the module calls the very functions procfs
 * calls (ptrace_may_access() with its LSM hooks, the cputime scaling of
 * thread_group_cputime_adjusted(), get_wchan(), oom_badness(), ...) rather
 * than re-implementing approximations.  kallsyms_lookup_name() itself is
 * unexported since 5.7; its address is taken from a kprobe registered on it
 * and removed at once.  Debian's 6.1 has CONFIG_KPROBES=y and
 * CONFIG_KALLSYMS_ALL=y (data symbols such as tasklist_lock resolve too) and
 * CONFIG_X86_KERNEL_IBT unset, so calls through these pointers are plain
 * indirect calls.
 *
 * ptrace_may_access() is mandatory: without it no permission check can be
 * made faithfully (re-implementing it would skip Yama and AppArmor), so the
 * module refuses to load.  Everything else is optional: the group that
 * needs a missing symbol is left out of the supported mask.
 */
#include <linux/kernel.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/static_call.h>
#include <linux/proc_ns.h>
#include "td.h"

struct td_syms td_sym;

/*
 * Calls into functions found by name are direct calls: each goes through
 * a static call the module patches to the function at load time, behind a
 * small wrapper of the module's own whose address td_sym holds.  An
 * indirect call straight to such a function would not do on 6.12: built
 * with indirect branch tracking (CONFIG_X86_KERNEL_IBT), it seals the
 * ENDBR64 of every function the kernel never calls indirectly, and a CPU
 * that enforces IBT faults on an indirect call to one.  Direct calls need
 * no ENDBR64, on either kernel.
 */
#define TD_CALL(name, ret, params, args)				\
	DEFINE_STATIC_CALL_NULL(td_sc_##name, *td_sym.name);		\
	static ret td_w_##name params					\
	{								\
		return static_call(td_sc_##name) args;			\
	}

TD_CALL(ptrace_may_access, bool,
	(struct task_struct *task, unsigned int mode), (task, mode))
TD_CALL(thread_group_cputime_adjusted, void,
	(struct task_struct *p, u64 *ut, u64 *st), (p, ut, st))
TD_CALL(task_gtime, u64, (struct task_struct *t), (t))
TD_CALL(proc_task_name, void,
	(struct seq_file *m, struct task_struct *p, bool escape),
	(m, p, escape))
TD_CALL(access_remote_vm, int,
	(struct mm_struct *mm, unsigned long addr, void *buf, int len,
	 unsigned int gup_flags), (mm, addr, buf, len, gup_flags))
TD_CALL(get_wchan, unsigned long, (struct task_struct *p), (p))
TD_CALL(lookup_symbol_name, int, (unsigned long addr, char *symname),
	(addr, symname))
TD_CALL(oom_badness, long, (struct task_struct *p, unsigned long pages),
	(p, pages))
TD_CALL(proc_cgroup_show, int,
	(struct seq_file *m, struct pid_namespace *ns, struct pid *pid,
	 struct task_struct *tsk), (m, ns, pid, tsk))
TD_CALL(autogroup_show, void, (struct task_struct *p, struct seq_file *m),
	(p, m))
TD_CALL(get_task_exe_file, struct file *, (struct task_struct *task),
	(task))
TD_CALL(put_task_stack, void, (struct task_struct *tsk), (tsk))
TD_CALL(kstk_esp, unsigned long, (struct task_struct *task), (task))

DEFINE_STATIC_CALL_NULL(td_sc_kallsyms, kallsyms_lookup_name);

/* Point the static call of td_sym.name at the kernel's sym, if found. */
#define TD_BIND(name, sym)						\
	do {								\
		void *fn = td_lookup(sym);				\
									\
		if (fn) {						\
			static_call_update(td_sc_##name,		\
					   (typeof(td_sym.name))fn);	\
			td_sym.name = td_w_##name;			\
		}							\
	} while (0)

static int td_find_kallsyms(void)
{
	struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };
	void *fn;
	int ret;

	ret = register_kprobe(&kp);
	if (ret < 0)
		return ret;
	fn = td_kprobe_func(kp.addr);
	unregister_kprobe(&kp);
	if (!fn)
		return -ENOENT;
	static_call_update(td_sc_kallsyms, (typeof(&kallsyms_lookup_name))fn);
	return 0;
}

static void *td_lookup(const char *name)
{
	return (void *)static_call(td_sc_kallsyms)(name);
}

static const char *const td_ns_names[TD_NS_COUNT] = {
	[TD_NS_CGROUP] = "cgroupns_operations",
	[TD_NS_IPC] = "ipcns_operations",
	[TD_NS_MNT] = "mntns_operations",
	[TD_NS_NET] = "netns_operations",
	[TD_NS_PID] = "pidns_operations",
	[TD_NS_PID_CHILD] = "pidns_for_children_operations",
	[TD_NS_TIME] = "timens_operations",
	[TD_NS_TIME_CHILD] = "timens_for_children_operations",
	[TD_NS_USER] = "userns_operations",
	[TD_NS_UTS] = "utsns_operations",
};

int td_syms_init(void)
{
	int ret, i;

	ret = td_find_kallsyms();
	if (ret) {
		pr_err("task_diag: cannot find kallsyms_lookup_name (%d)\n",
		       ret);
		return ret;
	}
	TD_BIND(ptrace_may_access, "ptrace_may_access");
	if (!td_sym.ptrace_may_access) {
		pr_err("task_diag: ptrace_may_access not found; refusing to load\n");
		return -ENOENT;
	}
	TD_BIND(thread_group_cputime_adjusted, "thread_group_cputime_adjusted");
	TD_BIND(task_gtime, "task_gtime");
	TD_BIND(proc_task_name, "proc_task_name");
	td_sym.tasklist_lock = td_lookup("tasklist_lock");
	TD_BIND(access_remote_vm, "access_remote_vm");
	TD_BIND(get_wchan, "get_wchan");
	TD_BIND(lookup_symbol_name, "lookup_symbol_name");
	TD_BIND(oom_badness, "oom_badness");
	td_sym.total_swap_pages = td_lookup("total_swap_pages");
	TD_BIND(proc_cgroup_show, "proc_cgroup_show");
	TD_BIND(autogroup_show, "proc_sched_autogroup_show_task");
	TD_BIND(get_task_exe_file, "get_task_exe_file");
	TD_BIND(put_task_stack, "put_task_stack");
	TD_BIND(kstk_esp, "KSTK_ESP");
	for (i = 0; i < TD_NS_COUNT; i++)
		td_sym.ns_ops[i] = td_lookup(td_ns_names[i]);
	return 0;
}

u64 td_supported_groups(void)
{
	u64 g = TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_CRED |
		TASK_DIAG_SHOW_STATM | TASK_DIAG_SHOW_GROUPS |
		TASK_DIAG_SHOW_LOGINUID;

	if (td_sym.thread_group_cputime_adjusted && td_sym.task_gtime)
		g |= TASK_DIAG_SHOW_STAT;
	if (td_sym.access_remote_vm)
		g |= TASK_DIAG_SHOW_CMDLINE | TASK_DIAG_SHOW_ENVIRON;
	if (td_sym.proc_cgroup_show)
		g |= TASK_DIAG_SHOW_CGROUP;
	if (td_sym.get_wchan && td_sym.lookup_symbol_name)
		g |= TASK_DIAG_SHOW_WCHAN;
	g |= TASK_DIAG_SHOW_IO;
	if (td_sym.get_task_exe_file)
		g |= TASK_DIAG_SHOW_EXE;
	/* the namespaces every 6.1 kernel with procfs has */
	if (td_sym.ns_ops[TD_NS_MNT] && td_sym.ns_ops[TD_NS_PID] &&
	    td_sym.ns_ops[TD_NS_USER])
		g |= TASK_DIAG_SHOW_NS;
	if (td_sym.oom_badness && td_sym.total_swap_pages)
		g |= TASK_DIAG_SHOW_OOM;
	if (td_sym.autogroup_show)
		g |= TASK_DIAG_SHOW_AUTOGROUP;
	return g;
}

u32 td_supported_strategies(void)
{
	u32 s = BIT(TASK_DIAG_DUMP_ALL) | BIT(TASK_DIAG_DUMP_ONE) |
		BIT(TASK_DIAG_DUMP_ALL_THREAD) | BIT(TASK_DIAG_DUMP_THREAD) |
		BIT(TASK_DIAG_DUMP_ALL_PROC_THREAD) |
		BIT(TASK_DIAG_DUMP_PROC_THREAD);

	if (td_sym.tasklist_lock)
		s |= BIT(TASK_DIAG_DUMP_CHILDREN);
	return s;
}
