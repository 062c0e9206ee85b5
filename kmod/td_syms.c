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
#include <linux/cgroup.h>
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/ptrace.h>
#include <linux/swap.h>
#include <linux/sched/autogroup.h>
#include <linux/sched/cputime.h>
#include <linux/sched/task.h>
#include <linux/sched/task_stack.h>
#include <asm/processor.h>
#include "td.h"

struct td_syms td_sym;

/*
 * The module calls what it finds by name through its own prototypes
 * (TD_SYMS): a kernel update that changed one would build and then call
 * with the wrong arguments.  Each one the kernel declares in a public
 * header is compared with that declaration here, so such an update fails
 * to build instead.  proc_task_name() alone has no public declaration
 * (fs/proc/internal.h): its prototype was compared by hand with 6.1's and
 * 6.12's, the series dkms.conf builds for.
 */
#define TD_PROTO(name, decl)						\
	static_assert(__same_type(td_sym.name, &(decl)),		\
		      "td_sym." #name " is not the kernel's " #decl)
TD_PROTO(ptrace_may_access, ptrace_may_access);
TD_PROTO(thread_group_cputime_adjusted, thread_group_cputime_adjusted);
TD_PROTO(task_gtime, task_gtime);
TD_PROTO(tasklist_lock, tasklist_lock);
TD_PROTO(access_remote_vm, access_remote_vm);
TD_PROTO(get_wchan, get_wchan);
TD_PROTO(lookup_symbol_name, lookup_symbol_name);
TD_PROTO(oom_badness, oom_badness);
TD_PROTO(total_swap_pages, total_swap_pages);
TD_PROTO(proc_cgroup_show, proc_cgroup_show);
#ifdef CONFIG_SCHED_AUTOGROUP
TD_PROTO(autogroup_show, proc_sched_autogroup_show_task);
#endif
TD_PROTO(get_task_exe_file, get_task_exe_file);
TD_PROTO(put_task_stack, put_task_stack);
TD_PROTO(kstk_esp, KSTK_ESP);

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

#define TD_CALL_FN(name, groups, ret, params, args, sym)	\
	TD_CALL(name, ret, params, args)
#define TD_CALL_DATA(name, groups, type, sym)
TD_SYMS(TD_CALL_FN, TD_CALL_DATA)

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

/* the name of a namespace type's operations, checked as above */
#define TD_NS_NAME(sym)							\
	(BUILD_BUG_ON_ZERO(!__same_type(&(sym), td_sym.ns_ops[0])) + #sym)

static const char *const td_ns_names[TD_NS_COUNT] = {
	[TD_NS_CGROUP] = TD_NS_NAME(cgroupns_operations),
	[TD_NS_IPC] = TD_NS_NAME(ipcns_operations),
	[TD_NS_MNT] = TD_NS_NAME(mntns_operations),
	[TD_NS_NET] = TD_NS_NAME(netns_operations),
	[TD_NS_PID] = TD_NS_NAME(pidns_operations),
	[TD_NS_PID_CHILD] = TD_NS_NAME(pidns_for_children_operations),
	[TD_NS_TIME] = TD_NS_NAME(timens_operations),
	[TD_NS_TIME_CHILD] = TD_NS_NAME(timens_for_children_operations),
	[TD_NS_USER] = TD_NS_NAME(userns_operations),
	[TD_NS_UTS] = TD_NS_NAME(utsns_operations),
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
#define TD_BIND_FN(name, groups, ret, params, args, sym) TD_BIND(name, sym);
#define TD_BIND_DATA(name, groups, type, sym) td_sym.name = td_lookup(sym);
	TD_SYMS(TD_BIND_FN, TD_BIND_DATA)
#undef TD_BIND_FN
#undef TD_BIND_DATA
	if (!td_sym.ptrace_may_access) {
		pr_err("task_diag: ptrace_may_access not found; refusing to load\n");
		return -ENOENT;
	}
	for (i = 0; i < TD_NS_COUNT; i++)
		td_sym.ns_ops[i] = td_lookup(td_ns_names[i]);
	return 0;
}

/* Every group with a filler, less those a missing symbol rules out. */
u64 td_supported_groups(void)
{
	u64 g = 0;

#define TD_OFFER_FIXED(NAME)	g |= TASK_DIAG_SHOW(TASK_DIAG_##NAME);
#define TD_OFFER_BYTES(NAME)	TD_OFFER_FIXED(NAME)
#define TD_OFFER_U32S(NAME)	TD_OFFER_FIXED(NAME)
#define TD_OFFER_RESERVED(NAME)
#define TD_OFFER(NAME, name, kind) TD_OFFER_##kind(NAME)
	TASK_DIAG_ATTRS(TD_OFFER)
#undef TD_OFFER
#define TD_NEED_FN(name, groups, ret, params, args, sym)	\
	if (!td_sym.name)					\
		g &= ~(u64)(groups);
#define TD_NEED_DATA(name, groups, type, sym)			\
	if (!td_sym.name)					\
		g &= ~(u64)(groups);
	TD_SYMS(TD_NEED_FN, TD_NEED_DATA)
#undef TD_NEED_FN
#undef TD_NEED_DATA
	/* the namespaces every 6.1 kernel with procfs has */
	if (!td_sym.ns_ops[TD_NS_MNT] || !td_sym.ns_ops[TD_NS_PID] ||
	    !td_sym.ns_ops[TD_NS_USER])
		g &= ~TASK_DIAG_SHOW_NS;
	return g;
}

u32 td_supported_strategies(void)
{
	u32 s = BIT(TASK_DIAG_DUMP_ALL) | BIT(TASK_DIAG_DUMP_ONE) |
		BIT(TASK_DIAG_DUMP_ALL_THREAD) | BIT(TASK_DIAG_DUMP_THREAD) |
		BIT(TASK_DIAG_DUMP_ALL_PROC_THREAD) |
		BIT(TASK_DIAG_DUMP_PROC_THREAD) | BIT(TASK_DIAG_DUMP_LIST);

	if (td_sym.tasklist_lock)
		s |= BIT(TASK_DIAG_DUMP_CHILDREN);
	return s;
}
