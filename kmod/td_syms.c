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
#include <linux/kprobes.h>
#include <linux/proc_ns.h>
#include "td.h"

struct td_syms td_sym;

static unsigned long (*td_kallsyms)(const char *name);

static int td_find_kallsyms(void)
{
	struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };
	int ret;

	ret = register_kprobe(&kp);
	if (ret < 0)
		return ret;
	td_kallsyms = (unsigned long (*)(const char *))kp.addr;
	unregister_kprobe(&kp);
	return td_kallsyms ? 0 : -ENOENT;
}

static void *td_lookup(const char *name)
{
	return (void *)td_kallsyms(name);
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
	td_sym.ptrace_may_access = td_lookup("ptrace_may_access");
	if (!td_sym.ptrace_may_access) {
		pr_err("task_diag: ptrace_may_access not found; refusing to load\n");
		return -ENOENT;
	}
	td_sym.thread_group_cputime_adjusted =
		td_lookup("thread_group_cputime_adjusted");
	td_sym.task_gtime = td_lookup("task_gtime");
	td_sym.proc_task_name = td_lookup("proc_task_name");
	td_sym.tasklist_lock = td_lookup("tasklist_lock");
	td_sym.access_remote_vm = td_lookup("access_remote_vm");
	td_sym.get_wchan = td_lookup("get_wchan");
	td_sym.lookup_symbol_name = td_lookup("lookup_symbol_name");
	td_sym.oom_badness = td_lookup("oom_badness");
	td_sym.total_swap_pages = td_lookup("total_swap_pages");
	td_sym.proc_cgroup_show = td_lookup("proc_cgroup_show");
	td_sym.autogroup_show = td_lookup("proc_sched_autogroup_show_task");
	td_sym.get_task_exe_file = td_lookup("get_task_exe_file");
	td_sym.put_task_stack = td_lookup("put_task_stack");
	td_sym.kstk_esp = td_lookup("KSTK_ESP");
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
