/* SPDX-License-Identifier: GPL-2.0 */
/*
 * task_diag module internals shared between its source files.
 */
#ifndef _TD_H
#define _TD_H

#include <linux/sizes.h>
#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/proc_fs.h>
#include <uapi/linux/task_diag.h>
#include "td_compat.h"

struct seq_file;
struct pid_namespace;
struct proc_ns_operations;
struct mm_struct;
struct file;
struct cred;

/* index of struct task_diag_ns fields, in that order */
enum {
	TD_NS_CGROUP, TD_NS_IPC, TD_NS_MNT, TD_NS_NET, TD_NS_PID,
	TD_NS_PID_CHILD, TD_NS_TIME, TD_NS_TIME_CHILD, TD_NS_USER, TD_NS_UTS,
	TD_NS_COUNT
};

/*
 * Kernel functions and data procfs uses that 6.1 does not export to
 * modules, resolved by name at load time (td_syms.c), one row each:
 *   F(name, groups, return type, (parameters), (arguments), "symbol")
 *   D(name, groups, type, "symbol")	(data: td_sym.name is its address)
 * NULL when missing; the groups (TASK_DIAG_SHOW bits) that need a missing
 * entry are then not offered.  ptrace_may_access is mandatory (td_syms.c).
 */
#define TD_SYMS(F, D) \
	F(ptrace_may_access, 0, bool, \
	  (struct task_struct *task, unsigned int mode), (task, mode), \
	  "ptrace_may_access") \
	F(thread_group_cputime_adjusted, TASK_DIAG_SHOW_STAT, void, \
	  (struct task_struct *p, u64 *ut, u64 *st), (p, ut, st), \
	  "thread_group_cputime_adjusted") \
	F(task_gtime, TASK_DIAG_SHOW_STAT, u64, (struct task_struct *t), (t), \
	  "task_gtime") \
	F(proc_task_name, 0, void, \
	  (struct seq_file *m, struct task_struct *p, bool escape), \
	  (m, p, escape), "proc_task_name") \
	D(tasklist_lock, 0, rwlock_t, "tasklist_lock") \
	F(access_remote_vm, TASK_DIAG_SHOW_CMDLINE | TASK_DIAG_SHOW_ENVIRON, \
	  int, (struct mm_struct *mm, unsigned long addr, void *buf, int len, \
		unsigned int gup_flags), (mm, addr, buf, len, gup_flags), \
	  "access_remote_vm") \
	F(get_wchan, TASK_DIAG_SHOW_WCHAN, unsigned long, \
	  (struct task_struct *p), (p), "get_wchan") \
	F(lookup_symbol_name, TASK_DIAG_SHOW_WCHAN, int, \
	  (unsigned long addr, char *symname), (addr, symname), \
	  "lookup_symbol_name") \
	F(oom_badness, TASK_DIAG_SHOW_OOM, long, \
	  (struct task_struct *p, unsigned long totalpages), (p, totalpages), \
	  "oom_badness") \
	D(total_swap_pages, TASK_DIAG_SHOW_OOM, long, "total_swap_pages") \
	F(proc_cgroup_show, TASK_DIAG_SHOW_CGROUP, int, \
	  (struct seq_file *m, struct pid_namespace *ns, struct pid *pid, \
	   struct task_struct *tsk), (m, ns, pid, tsk), "proc_cgroup_show") \
	F(autogroup_show, TASK_DIAG_SHOW_AUTOGROUP, void, \
	  (struct task_struct *p, struct seq_file *m), (p, m), \
	  "proc_sched_autogroup_show_task") \
	F(get_task_exe_file, TASK_DIAG_SHOW_EXE, struct file *, \
	  (struct task_struct *task), (task), "get_task_exe_file") \
	F(put_task_stack, 0, void, (struct task_struct *tsk), (tsk), \
	  "put_task_stack") \
	F(kstk_esp, 0, unsigned long, (struct task_struct *task), (task), \
	  "KSTK_ESP")

struct td_syms {
#define TD_SYM_FN(name, groups, ret, params, args, sym) ret (*name)params;
#define TD_SYM_DATA(name, groups, type, sym) type *name;
	TD_SYMS(TD_SYM_FN, TD_SYM_DATA)
#undef TD_SYM_FN
#undef TD_SYM_DATA
	/* the namespace types' operations, by TD_NS_* (NS needs three) */
	const struct proc_ns_operations *ns_ops[TD_NS_COUNT];
};

extern struct td_syms td_sym;

int td_syms_init(void);
u64 td_supported_groups(void);
u32 td_supported_strategies(void);

/*
 * Every allocation made for a reader: charged to the reader's memory
 * cgroup, and failing with ENOMEM at its limit rather than invoking the
 * OOM killer for a request that can simply be refused (__GFP_RETRY_MAYFAIL:
 * kvmalloc() does not support __GFP_NORETRY).
 */
/* the request flags this module knows (TASK_DIAG_REQ_*) */
#define TD_REQ_FLAGS	(TASK_DIAG_REQ_NO_SIGHANDLERS | TASK_DIAG_REQ_NO_STAT_MM | \
			 TASK_DIAG_REQ_NO_IDS)

#define TD_GFP		(GFP_KERNEL_ACCOUNT | __GFP_RETRY_MAYFAIL | __GFP_NOWARN)

/* A stage bigger than this is freed once its task is sent. */
#define TD_STAGE_KEEP	(4 * PAGE_SIZE)

/*
 * A read's messages are built in a kernel buffer of that read and copied
 * to the reader in one copy_to_user(): per attribute, the user copies and
 * their hardened-usercopy checks were a good part of the emission.  The
 * buffer, the streams' scratch page included, is at most this big (an
 * order-4 allocation), so a longer read returns 60 KiB at the most and
 * the reader reads again.
 */
#define TD_OUT_SIZE	SZ_64K

/*
 * A value of unbounded size read from its source while it is emitted
 * (CMDLINE, ENVIRON from the task's memory, GROUPS from its credentials),
 * so that nothing of it is held between reads: only these references and
 * the offset reached.
 */
struct td_stream;
/*
 * Reads the next chunk of a stream's value into dst (at most count bytes
 * from s->pos; page is a scratch page); *end: nothing follows now.  Set
 * by the filler that stages the stream, so the stage never calls a filler.
 */
typedef ssize_t td_stream_read_fn(struct td_stream *s, char *dst,
				  size_t count, char *page, bool *end);

struct td_stream {
	u32 type;
	td_stream_read_fn *read;
	struct pid *pid;	/* CMDLINE: looked up at each read, as procfs */
	struct mm_struct *mm;	/* ENVIRON: grabbed at the check, as procfs */
	const struct cred *cred;	/* GROUPS: the task's credentials */
	size_t pos;		/* bytes of the value sent */
};

#define TD_NSTREAMS	3

/* Per-task serialised attributes waiting to be copied out (td_stage.c). */
struct td_stage {
	char *buf;
	size_t len;		/* bytes staged */
	size_t cap;		/* bytes allocated */
	size_t pos;		/* offset of the next record to emit */
	size_t part;		/* payload bytes of that record already sent */
	u32 pid, tgid;
	bool active;		/* a task is staged and not fully sent */
	unsigned int nstreams;
	struct td_stream streams[TD_NSTREAMS];
	char *page;		/* the streams' scratch page, during a read */
};

/* Where a dump is (td_iter.c). */
struct td_iter {
	u32 strategy;
	u32 tgid_next;			/* ALL, ALL_THREAD: next tgid */
	struct task_struct *start;	/* ONE: task; THREAD, CHILDREN: anchor */
	struct task_struct *group;	/* ALL_THREAD: current leader */
	struct task_struct *last;	/* last thread or child returned */
	unsigned int index;		/* its position in the list */
	/*
	 * ALL, ALL_THREAD, ALL_PROC_THREAD: the current group's tgid as the
	 * walk found it (compared by address only) and its number in the
	 * reader's namespace, so that its tasks' ids need no second lookup
	 */
	struct pid *group_pid;
	u32 group_nr;
	bool proc_sent;			/* PROC_THREAD: process message sent */
	bool sealed;			/* ALL_*THREAD: hidepid=1 keeps the
					 * opener out of the current group */
	bool process;			/* the task returned last is a process
					 * message (ALL_PROC_THREAD, PROC_THREAD) */
	bool done;
	/* LIST: the ids (TD_LIST_THREAD marks a thread id), the next one */
	u32 *list;
	unsigned int nlist, list_pos;
};

/* an id of td_iter.list given as a thread (TASK_DIAG_LIST_THREAD) */
#define TD_LIST_THREAD	BIT(31)

/* One open file (file->private_data). */
struct td_ctx {
	struct mutex lock;
	const struct cred *cred;	/* opener's credentials */
	struct pid *opener;		/* opener's tgid (td_is_opener()) */
	struct pid_namespace *pid_ns;	/* the procfs instance's */
	struct proc_fs_info *fs_info;	/* hidepid= and gid= of the mount */
	bool active;			/* a request is being answered */
	bool version_pending;		/* a VERSION reply is to be sent */
	bool ended;			/* everything sent; next read gives 0 */
	int err;			/* error to report on the next read */
	u32 seq;
	u64 show;
	u32 req_flags;			/* TASK_DIAG_REQ_* of the request */
	u64 withheld;			/* of the task being gathered */
	struct td_iter it;
	struct td_stage st;
};

/* td_perm.c */
bool td_is_opener(const struct td_ctx *ctx);
bool td_ptrace_ok(const struct td_ctx *ctx, struct task_struct *task,
		  unsigned int mode);
bool td_visible(struct td_ctx *ctx, struct task_struct *task, int level);
bool td_dac_read_ok(struct task_struct *task);
int td_lsm_unconfined(void);

/* td_iter.c */
int td_iter_init(struct td_ctx *ctx, u32 strategy, u32 pid);
struct task_struct *td_iter_next(struct td_ctx *ctx, bool *whole);
void td_iter_release(struct td_iter *it);
struct task_struct *td_find_task(struct pid_namespace *ns, u32 nr);

/* td_list.c: the LIST strategy */
int td_list_parse(struct td_iter *it, const char *attrs, size_t len);
struct task_struct *td_list_next(struct td_ctx *ctx, bool *whole);

/* td_stage.c */
void td_stage_reset(struct td_stage *st, struct task_struct *task,
		    struct pid_namespace *ns, const struct td_iter *it);
void *td_stage_reserve(struct td_stage *st, u32 type, size_t len);
int td_stage_put(struct td_stage *st, u32 type, const void *data, size_t len);
int td_stage_grow(struct td_stage *st, size_t len);
void td_stage_free(struct td_stage *st);
void td_stage_release(struct td_stage *st);
struct td_stream *td_stage_stream(struct td_stage *st, u32 type,
				  td_stream_read_fn *read);
void td_stage_shrink(struct td_stage *st, size_t rec_off, size_t len);
size_t td_stage_mark(struct td_stage *st);
ssize_t td_stage_emit(struct td_stage *st, char *out, size_t room, u32 seq);
ssize_t td_emit_version(char __user *ubuf, size_t room, u32 seq);

/* td_fill.c, td_fill_mm.c, td_fill_misc.c */
/* 0, 1 if the task was reaped meanwhile (skip it), or -errno */
int td_fill_task(struct td_ctx *ctx, struct task_struct *task, bool whole);
/*
 * The filler of each group, named td_fill_<name> after its row in
 * TASK_DIAG_ATTRS: stages the group's attribute for task (whole: the
 * process-wide figures, for STAT and IO), or sets the group's bit in
 * ctx->withheld; 0 or -errno.  td_fill.c calls them by group number.
 */
typedef int td_fill_fn(struct td_ctx *ctx, struct task_struct *task,
		       bool whole);
#define TD_FILL_FIXED(name)	td_fill_##name
#define TD_FILL_BYTES(name)	td_fill_##name
#define TD_FILL_U32S(name)	td_fill_##name
#define TD_FILL_RESERVED(name)	NULL
#define TD_FILL_DECL_FIXED(name)	td_fill_fn td_fill_##name;
#define TD_FILL_DECL_BYTES(name)	td_fill_fn td_fill_##name;
#define TD_FILL_DECL_U32S(name)		td_fill_fn td_fill_##name;
#define TD_FILL_DECL_RESERVED(name)
#define TD_FILL_DECL(NAME, name, kind) TD_FILL_DECL_##kind(name)
TASK_DIAG_ATTRS(TD_FILL_DECL)
#undef TD_FILL_DECL

/* helpers shared by the fillers (td_stage.c) */
struct sighand_struct *td_lock_sighand(struct task_struct *t,
				       unsigned long *flags);
int td_seq_capture(struct td_stage *st, u32 type,
		   int (*show)(struct seq_file *m, void *arg), void *arg);
td_stream_read_fn td_groups_stream_read;

#endif /* _TD_H */
