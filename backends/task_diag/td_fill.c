/* Record to row, driven by one table: td_groups[] says, per data group,
 * which attributes to request and which must have arrived, which numbers
 * to copy (one COPY row each: a field of the attribute's struct to a
 * field of struct task, with procfs's unit), which variable attribute
 * becomes which string item, and what little is left to code.  A group
 * withheld for permission is left as the procfs backend leaves it when
 * the file cannot be read. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../../library/procparse.h"
#include "td_fill.h"

#define HAVE(r, g) (((r)->have & TASK_DIAG_SHOW(g)) != 0)
#define WITHHELD(r, g) (((r)->withheld & TASK_DIAG_SHOW(g)) != 0)
#define WANT(groups, g) (((groups) & GROUP_BIT(g)) != 0)
#define SHOW(a) TASK_DIAG_SHOW(TASK_DIAG_##a)

enum { PF_KTHREAD_BIT = 0x00200000 };

void td_units_init(struct td_units *u)
{
	long hz = sysconf(_SC_CLK_TCK);
	long page = sysconf(_SC_PAGESIZE);

	u->ns_per_tick = 1000000000ULL / (uint64_t)(hz > 0 ? hz : 100);
	u->page_kib = (unsigned)((page > 0 ? page : 4096) / 1024);
}

/* The numbers of a group, one row each: COPY(to, from) sets field `to` of
 * struct task from `from`, the attribute's member of td_rec (its name in
 * TASK_DIAG_ATTRS) and its field, converted as C assigns; COPY_U also
 * converts the unit to procfs's (U_TICKS: ns to clock ticks,
 * U_PAGES_KIB, U_BYTES_KIB); WHOLE marks a figure a leader's process
 * message replaces (td_fill_whole); MM one read only when statm.has_mm.
 * Each list is a function, so the rows compile to plain assignments. */
typedef void td_copy_fn(struct task *t, const struct td_rec *r,
			const struct td_units *u, int whole_only);
#define ROWS_FN(name) \
	static void name(struct task *t, const struct td_rec *r,        \
			 const struct td_units *u, int whole_only)
#define ROWS_USE (void)u, (void)whole_only
#define U_SAME(x)       (x)
#define U_TICKS(x)      ((x) / u->ns_per_tick)
#define U_PAGES_KIB(x)  ((x) * u->page_kib)
#define U_BYTES_KIB(x)  ((x) >> 10)
#define SET_(to, from, unit, whole, mm)                                   \
	do {                                                              \
		if (((whole) || !whole_only) && (!(mm) || r->statm.has_mm)) \
			t->to = unit(r->from);                            \
	} while (0)
#define COPY(to, from)          SET_(to, from, U_SAME, 0, 0)
#define COPY_U(to, from, unit)  SET_(to, from, unit, 0, 0)
#define WHOLE(to, from, unit)   SET_(to, from, unit, 1, 0)
#define MM(to, from, unit)      SET_(to, from, unit, 0, 1)

ROWS_FN(stat_rows)
{
	ROWS_USE;
	COPY(ppid, base.ppid);
	COPY(pgrp, base.pgid);
	COPY(session, base.sid);
	COPY(tty_nr, base.tty_nr);
	COPY(tpgid, base.tpgid);
	COPY(flags, base.flags);
	COPY(nlwp, base.nlwp);
	COPY(exit_signal, base.exit_signal);
	COPY(processor, base.processor);
	WHOLE(minflt, stat.minflt, U_SAME);
	WHOLE(cminflt, stat.cminflt, U_SAME);
	WHOLE(majflt, stat.majflt, U_SAME);
	WHOLE(cmajflt, stat.cmajflt, U_SAME);
	WHOLE(utime, stat.utime, U_TICKS);
	WHOLE(stime, stat.stime, U_TICKS);
	WHOLE(cutime, stat.cutime, U_TICKS);
	WHOLE(cstime, stat.cstime, U_TICKS);
	WHOLE(wchan_addr, stat.wchan, U_SAME);
	COPY(priority, stat.priority);
	COPY(nice, stat.nice);
	COPY_U(start_time, stat.start_time, U_TICKS);
	COPY(vsize, stat.vsize);
	COPY(rss, stat.rss);
	COPY(rsslim, stat.rsslim);
	COPY(start_code, stat.start_code);
	COPY(end_code, stat.end_code);
	COPY(start_stack, stat.start_stack);
	COPY(kstk_esp, stat.kstkesp);
	COPY(kstk_eip, stat.kstkeip);
	COPY(rt_priority, stat.rt_priority);
	COPY(policy, stat.policy);
}

ROWS_FN(status_rows)
{
	ROWS_USE;
	COPY(tgid, base.tgid);
	COPY(tracer, base.tpid);
	COPY(status_nlwp, base.nlwp);
	COPY(ruid, cred.uid);
	COPY(euid, cred.euid);
	COPY(suid, cred.suid);
	COPY(fuid, cred.fsuid);
	COPY(rgid, cred.gid);
	COPY(egid, cred.egid);
	COPY(sgid, cred.sgid);
	COPY(fgid, cred.fsgid);
	MM(vm_size, statm.size, U_PAGES_KIB);
	MM(vm_lock, statm.locked_vm, U_PAGES_KIB);
	MM(vm_rss, statm.resident, U_PAGES_KIB);
	MM(vm_rss_anon, statm.anon, U_PAGES_KIB);
	MM(vm_rss_file, statm.file, U_PAGES_KIB);
	MM(vm_rss_shared, statm.shmem, U_PAGES_KIB);
	MM(vm_data, statm.data_vm, U_PAGES_KIB);
	MM(vm_stack, statm.stack_vm, U_PAGES_KIB);
	MM(vm_exe, statm.vm_exe, U_BYTES_KIB);
	MM(vm_lib, statm.vm_lib, U_BYTES_KIB);
	MM(vm_swap, statm.swap, U_PAGES_KIB);
	COPY(sig_pending, stat.sig_pending);
	COPY(sig_shared, stat.sig_shared_pending);
	COPY(sig_blocked, stat.sig_blocked);
	COPY(sig_ignored, stat.sig_ignored);
	COPY(sig_caught, stat.sig_caught);
}

/* statm's lib and dirty columns are always 0 since Linux 2.6 */
ROWS_FN(statm_rows)
{
	ROWS_USE;
	COPY_U(vm_rss, statm.resident, U_PAGES_KIB);    /* status's VmRSS */
	COPY(sm_size, statm.size);
	COPY(sm_resident, statm.resident);
	COPY(sm_shared, statm.shared);
	COPY(sm_text, statm.text);
	COPY(sm_data, statm.data);
}

ROWS_FN(io_rows)
{
	ROWS_USE;
	WHOLE(io_rchar, io.rchar, U_SAME);
	WHOLE(io_wchar, io.wchar, U_SAME);
	WHOLE(io_syscr, io.syscr, U_SAME);
	WHOLE(io_syscw, io.syscw, U_SAME);
	WHOLE(io_read_bytes, io.read_bytes, U_SAME);
	WHOLE(io_write_bytes, io.write_bytes, U_SAME);
	WHOLE(io_cancelled_write_bytes, io.cancelled_write_bytes, U_SAME);
}

ROWS_FN(oom_rows)
{
	ROWS_USE;
	COPY(oom_score, oom.oom_score);
	COPY(oom_adj, oom.oom_score_adj);
}

ROWS_FN(ns_rows)
{
	ROWS_USE;
	COPY(ns[TASK_NS_CGROUP], ns.cgroup);
	COPY(ns[TASK_NS_IPC], ns.ipc);
	COPY(ns[TASK_NS_MNT], ns.mnt);
	COPY(ns[TASK_NS_NET], ns.net);
	COPY(ns[TASK_NS_PID], ns.pid);
	COPY(ns[TASK_NS_TIME], ns.time);
	COPY(ns[TASK_NS_USER], ns.user);
	COPY(ns[TASK_NS_UTS], ns.uts);
}

ROWS_FN(login_rows)
{
	ROWS_USE;
	COPY(loginuid, loginuid.loginuid);
}

/* What a group's rows do not say: 1 when it filled the group, 0 when
 * the group stays missing, -ENOMEM. */
typedef int td_fill_extra(struct task *t, const struct td_rec *r);

static int stat_extra(struct task *t, const struct td_rec *r)
{
	const struct task_diag_base *b = &r->base;
	static const char states[] = TASK_DIAG_STATE_CHARS;
	size_t n = strnlen(b->comm, sizeof(b->comm));

	if (n >= sizeof(t->comm))
		n = sizeof(t->comm) - 1;
	memcpy(t->comm, b->comm, n);
	t->comm[n] = '\0';
	t->state = b->state < sizeof(states) - 1 ? states[b->state] : '?';
	t->is_kernel_thread = (t->flags & PF_KTHREAD_BIT) != 0;
	return 1;
}

/* The owner of the task's /proc directory: the module's own answer
 * (version 2), else its effective ids, root for a kernel thread
 * (dumpability only changes its files' owner). */
static int owner_extra(struct task *t, const struct td_rec *r)
{
	if (td_has_owner(r)) {
		t->euid = r->base.owner_uid;
		t->egid = r->base.owner_gid;
		return 1;
	}
	if (!HAVE(r, TASK_DIAG_CRED) || WITHHELD(r, TASK_DIAG_CRED))
		return 0;
	t->euid = t->is_kernel_thread ? 0 : r->cred.euid;
	t->egid = t->is_kernel_thread ? 0 : r->cred.egid;
	return 1;
}

/* "Groups:" as the status parser keeps it: "4,24,27", or "". */
static char *supgids_text(const struct td_var *v)
{
	size_t n = v->len / 4, pos = 0;
	char *out = malloc(n * 11 + 1);

	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		uint32_t gid;
		char tmp[12];
		int k = 0;

		memcpy(&gid, v->data + 4 * i, 4);
		do
			tmp[k++] = (char)('0' + gid % 10);
		while ((gid /= 10) > 0);
		if (i)
			out[pos++] = ',';
		while (k)
			out[pos++] = tmp[--k];
	}
	out[pos] = '\0';
	return out;
}

static int status_extra(struct task *t, const struct td_rec *r)
{
	free(t->supgids);
	t->supgids = supgids_text(&r->var[TASK_DIAG_GROUPS]);
	return t->supgids ? 1 : -ENOMEM;
}

/* autogroup is a file of /proc/PID only: procfs reads a thread's row
 * from /proc/PID/task/TID, which has none (the leader's row comes from
 * /proc/PID) */
static int autogroup_extra(struct task *t, const struct td_rec *r)
{
	const struct td_var *v = &r->var[TASK_DIAG_AUTOGROUP];

	return r->pid == r->tgid && v->len &&
		parse_autogroup(v->data, v->len, t) == 0;
}

/* One data group.  It is filled when every attribute of `need` arrived
 * and none of `refuse` was withheld: its rows are copied, its variable
 * attribute `var` (when not 0) becomes item `item`, then `extra` runs.
 * A group with `shown_withheld` is filled when `need` was withheld too,
 * with `withheld_text` as its string (what procfs prints then) or with
 * nothing (zeros). */
struct td_group {
	uint64_t show;                  /* attributes to request */
	uint64_t need, refuse;
	td_copy_fn *copy;               /* its numbers, NULL if none */
	unsigned char var;              /* a TASK_DIAG_* of kind BYTES */
	enum item item;                 /* its T_BLOB or T_STRP item */
	unsigned char shown_withheld;
	const char *withheld_text;
	td_fill_extra *extra;
};

#define ROWS(f) .copy = f
/* a group of one attribute, requested, needed and refused alone */
#define ATTR(a) .show = SHOW(a), .need = SHOW(a), .refuse = SHOW(a)
/* the same, also taken when marked withheld (never the case) */
#define ATTR_ANY(a) .show = SHOW(a), .need = SHOW(a)
/* a group whose whole value is one variable attribute */
#define VAR(a, it) ATTR(a), .var = TASK_DIAG_##a, .item = ITEM_##it

static const struct td_group td_groups[GRP_COUNT] = {
	[GRP_STAT] = { .show = SHOW(BASE) | SHOW(STAT),
		       .need = SHOW(BASE) | SHOW(STAT),
		       .refuse = SHOW(BASE) | SHOW(STAT),
		       ROWS(stat_rows), .extra = stat_extra },
	[GRP_OWNER] = { .show = SHOW(BASE) | SHOW(CRED),
			.extra = owner_extra },
	[GRP_STATUS] = { .show = SHOW(BASE) | SHOW(CRED) | SHOW(GROUPS) |
				 SHOW(STAT) | SHOW(STATM),
			 .need = SHOW(CRED) | SHOW(STATM),
			 .refuse = SHOW(CRED) | SHOW(GROUPS),
			 ROWS(status_rows), .extra = status_extra },
	[GRP_STATM] = { ATTR(STATM), ROWS(statm_rows) },
	[GRP_CMDLINE] = { VAR(CMDLINE, CMDLINE) },
	[GRP_ENVIRON] = { VAR(ENVIRON, ENVIRON) },
	[GRP_CGROUP] = { VAR(CGROUP, CGROUP) },
	/* procfs prints "0" for a wchan the reader may not see */
	[GRP_WCHAN] = { VAR(WCHAN, WCHAN), .shown_withheld = 1,
			.withheld_text = "0" },
	[GRP_IO] = { ATTR(IO), ROWS(io_rows) },
	[GRP_OOM] = { ATTR_ANY(OOM), ROWS(oom_rows) },
	/* procfs marks ns read even when every link is refused (all 0) */
	[GRP_NS] = { ATTR(NS), ROWS(ns_rows), .shown_withheld = 1 },
	[GRP_LOGIN] = { ATTR_ANY(LOGINUID), ROWS(login_rows) },
	[GRP_EXE] = { VAR(EXE, EXE) },
	[GRP_AUTOGROUP] = { ATTR_ANY(AUTOGROUP), .extra = autogroup_extra },
	/* GRP_SMAPS: no attribute; procfs reads it */
};

uint64_t td_group_show(enum data_group g)
{
	return (unsigned)g < GRP_COUNT ? td_groups[g].show : 0;
}

/* A variable attribute as a T_BLOB or T_STRP item (NUL-terminated). */
static int var_to_item(struct task *t, enum item it, const char *data,
		       size_t len)
{
	char *s = malloc(len + 1);
	void *field = (char *)t + item_table[it].offset;

	if (!s)
		return -ENOMEM;
	if (len)
		memcpy(s, data, len);
	s[len] = '\0';
	if (item_table[it].type == T_BLOB) {
		struct task_blob *b = field;

		b->data = s;
		b->len = len;
	} else {
		memcpy(field, &s, sizeof(s));
	}
	return 0;
}

/* 1 filled, 0 left missing, -ENOMEM */
static int fill_group(struct task *t, const struct td_rec *r,
		      const struct td_units *u, const struct td_group *gr)
{
	if (!gr->show)
		return 0;       /* no attribute for it: procfs reads it */
	if (gr->shown_withheld && (r->withheld & gr->need)) {
		if (!gr->withheld_text)
			return 1;
		return var_to_item(t, gr->item, gr->withheld_text,
				   strlen(gr->withheld_text)) < 0 ? -ENOMEM : 1;
	}
	if ((r->have & gr->need) != gr->need || (r->withheld & gr->refuse))
		return 0;
	if (gr->copy)
		gr->copy(t, r, u, 0);
	if (gr->var && var_to_item(t, gr->item, r->var[gr->var].data,
				   r->var[gr->var].len) < 0)
		return -ENOMEM;
	return gr->extra ? gr->extra(t, r) : 1;
}

int td_has_owner(const struct td_rec *r)
{
	return r->base_len >= offsetof(struct task_diag_base, owner_gid) +
		sizeof(r->base.owner_gid);
}

int td_fill_task(const struct td_rec *r, group_mask groups,
		 const struct td_units *u, struct task *t)
{
	/* stat is the spine of a row: without it procfs drops the task */
	if (!HAVE(r, TASK_DIAG_BASE) || !HAVE(r, TASK_DIAG_STAT) ||
	    WITHHELD(r, TASK_DIAG_BASE) || WITHHELD(r, TASK_DIAG_STAT))
		return -1;
	t->tid = (int)r->pid;
	t->tgid = (int)r->tgid;
	groups |= GROUP_BIT(GRP_STAT);
	for (group_mask m = groups; m; m &= m - 1) {
		int g = __builtin_ctz(m), rc;

		if (g >= GRP_COUNT)
			break;
		rc = fill_group(t, r, u, &td_groups[g]);
		if (rc < 0)
			return rc;
		if (rc)
			t->groups_filled |= GROUP_BIT(g);
	}
	return 0;
}

void td_fill_whole(const struct td_rec *r, group_mask groups,
		   const struct td_units *u, struct task *t)
{
	const struct td_group *st = &td_groups[GRP_STAT];
	const struct td_group *io = &td_groups[GRP_IO];

	if (HAVE(r, TASK_DIAG_STAT) && !WITHHELD(r, TASK_DIAG_STAT))
		st->copy(t, r, u, 1);
	if (WANT(groups, GRP_IO) && HAVE(r, TASK_DIAG_IO) &&
	    !WITHHELD(r, TASK_DIAG_IO)) {
		io->copy(t, r, u, 1);
		t->groups_filled |= GROUP_BIT(GRP_IO);
	} else if (WANT(groups, GRP_IO)) {
		static const struct td_rec none;

		io->copy(t, &none, u, 1);
		t->groups_filled &= ~GROUP_BIT(GRP_IO);
	}
}
