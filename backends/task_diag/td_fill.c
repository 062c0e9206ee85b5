/* Record to row, driven by two tables: the item rows' td source column
 * (library/itemlist.h) says which number of which attribute each field
 * is copied from, with procfs's unit; td_groups[] says, per data group,
 * which attributes to request and which must have arrived, which variable
 * attribute becomes which string item, and what little is left to code.  A group
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

/* The numbers of a group come from its items' td source column
 * (itemlist.h): TD(from) sets the item's field from `from`, the
 * attribute's member of td_rec (its name in TASK_DIAG_ATTRS) and its
 * field, converted as C assigns; TD_UNIT also converts the unit to
 * procfs's (U_TICKS: ns to clock ticks, U_PAGES_KIB, U_PAGES_BYTES,
 * U_BYTES_KIB);
 * TD_WHOLE marks a figure a leader's process message replaces
 * (td_fill_whole); TD_MM one read only when statm.has_mm.  Each group's
 * copy is a function of its own in which the others' rows fold away, so
 * the rows compile to plain assignments. */
typedef void td_copy_fn(struct task *t, const struct td_rec *r,
			const struct td_units *u, int whole_only);
#define U_SAME(x)       (x)
#define U_TICKS(x)      ((x) / u->ns_per_tick)
#define U_PAGES_KIB(x)  ((x) * u->page_kib)
#define U_PAGES_BYTES(x) ((x) * u->page_kib << 10)
#define U_BYTES_KIB(x)  ((x) >> 10)
#define TD(from)                from, U_SAME, 0, 0
#define TD_UNIT(from, unit)     from, unit, 0, 0
#define TD_WHOLE(from, unit)    from, unit, 1, 0
#define TD_MM(from, unit)       from, unit, 0, 1
#define SET_(to, from, unit, whole, mm)                                   \
	do {                                                              \
		if (((whole) || !whole_only) && (!(mm) || r->statm.has_mm)) \
			to = unit(r->from);                               \
	} while (0)
#define SET(...) SET_(__VA_ARGS__)
#define ITEM_COPY(id, nm, ty, grp, field, ...)                            \
	__VA_OPT__(if (TB_FIRST_(grp, ) == g)                             \
			   SET(GROUP_BASE(t, grp)->field, __VA_ARGS__);)

static inline __attribute__((always_inline)) void
copy_items(struct task *t, const struct td_rec *r, const struct td_units *u,
	   int whole_only, enum data_group g)
{
	ITEM_LIST(ITEM_COPY)
}

#define GROUP_COPY_FN(id, name)                                           \
	static void copy_##id(struct task *t, const struct td_rec *r,     \
			      const struct td_units *u, int whole_only)   \
	{                                                                 \
		copy_items(t, r, u, whole_only, GRP_##id);                \
	}
GROUP_LIST(GROUP_COPY_FN)
#undef GROUP_COPY_FN

static td_copy_fn *const group_copy[GRP_COUNT] = {
#define GROUP_COPY_ROW(id, name) [GRP_##id] = copy_##id,
	GROUP_LIST(GROUP_COPY_ROW)
#undef GROUP_COPY_ROW
};

/* What a group's rows do not say: 1 when it filled the group, 0 when
 * the group stays missing, -ENOMEM. */
typedef int td_fill_extra(struct task *t, const struct td_rec *r,
			  const struct td_units *u);

static int stat_extra(struct task *t, const struct td_rec *r,
		      const struct td_units *u)
{
	const struct task_diag_base *b = &r->base;
	static const char states[] = TASK_DIAG_STATE_CHARS;
	size_t n = strnlen(b->comm, sizeof(b->comm));

	(void)u;
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
static int owner_extra(struct task *t, const struct td_rec *r,
		       const struct td_units *u)
{
	(void)u;
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

/* status's Vm lines come from STATM, VmRSS with them (items.c's
 * item_also) */
static int status_vm_extra(struct task *t, const struct td_rec *r,
			   const struct td_units *u)
{
	if (r->statm.has_mm)
		t->vm_rss = U_PAGES_KIB(r->statm.resident);
	return 1;
}

/* status also has lines of other groups' items, as procfs's parser
 * fills them: the thread group, the effective ids (which replace the
 * directory owner's) and VmRSS, as status_vm gives it. */
static int status_extra(struct task *t, const struct td_rec *r,
			const struct td_units *u)
{
	t->tgid = (int)r->base.tgid;
	t->status->status_nlwp = (int)r->base.nlwp;
	t->euid = r->cred.euid;
	t->egid = r->cred.egid;
	status_vm_extra(t, r, u);
	free(t->status->supgids);
	t->status->supgids = supgids_text(&r->var[TASK_DIAG_GROUPS]);
	return t->status->supgids ? 1 : -ENOMEM;
}

/* autogroup is a file of /proc/PID only: procfs reads a thread's row
 * from /proc/PID/task/TID, which has none (the leader's row comes from
 * /proc/PID) */
static int autogroup_extra(struct task *t, const struct td_rec *r,
			   const struct td_units *u)
{
	const struct td_var *v = &r->var[TASK_DIAG_AUTOGROUP];

	(void)u;
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
	unsigned char var;              /* a TASK_DIAG_* of kind BYTES */
	enum item item;                 /* its T_BLOB or T_STRP item */
	unsigned char shown_withheld;
	const char *withheld_text;
	td_fill_extra *extra;
};

/* a group of one attribute, requested, needed and refused alone */
#define ATTR(a) .show = SHOW(a), .need = SHOW(a), .refuse = SHOW(a)
/* the same, also taken when marked withheld (never the case) */
#define ATTR_ANY(a) .show = SHOW(a), .need = SHOW(a)
/* a group whose whole value is one variable attribute */
#define VAR(a, it) ATTR(a), .var = TASK_DIAG_##a, .item = ITEM_##it

static const struct td_group td_groups[GRP_COUNT] = {
	[GRP_STAT] = { ATTR(BASE), .extra = stat_extra },
	/* the figures that cost the module its STAT attribute (times, a
	 * lock per process; faults, a walk of the threads) */
	[GRP_STAT_ACCT] = { ATTR(STAT) },
	/* asked for with the module's TASK_DIAG_REQ_NO_STAT_MM left out
	 * (td_req.c) */
	[GRP_STAT_MM] = { ATTR(STAT) },
	/* stat's vsize and rss are statm's size and resident (task_vsize(),
	 * get_mm_rss()); 0 without an address space, as in stat */
	[GRP_STAT_VM] = { ATTR(STATM) },
	/* asked for with TASK_DIAG_REQ_NO_IDS left out (td_req.c) */
	[GRP_STAT_IDS] = { ATTR(BASE) },
	[GRP_OWNER] = { .show = SHOW(BASE) | SHOW(CRED),
			.extra = owner_extra },
	[GRP_STATUS] = { .show = SHOW(BASE) | SHOW(CRED) | SHOW(GROUPS) |
				 SHOW(STAT) | SHOW(STATM),
			 .need = SHOW(CRED) | SHOW(STATM),
			 .refuse = SHOW(CRED) | SHOW(GROUPS),
			 .extra = status_extra },
	[GRP_STATUS_VM] = { ATTR(STATM), .extra = status_vm_extra },
	[GRP_STATM] = { ATTR(STATM) },
	[GRP_CMDLINE] = { VAR(CMDLINE, CMDLINE) },
	[GRP_ENVIRON] = { VAR(ENVIRON, ENVIRON) },
	[GRP_CGROUP] = { VAR(CGROUP, CGROUP) },
	/* procfs prints "0" for a wchan the reader may not see */
	[GRP_WCHAN] = { VAR(WCHAN, WCHAN), .shown_withheld = 1,
			.withheld_text = "0" },
	[GRP_IO] = { ATTR(IO) },
	[GRP_OOM] = { ATTR_ANY(OOM) },
	/* procfs marks ns read even when every link is refused (all 0) */
	[GRP_NS] = { ATTR(NS), .shown_withheld = 1 },
	[GRP_LOGIN] = { ATTR_ANY(LOGINUID) },
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
	void *field = item_addr_own(t, it);

	if (!s || !field) {
		free(s);
		return -ENOMEM;
	}
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
		      const struct td_units *u, enum data_group g)
{
	const struct td_group *gr = &td_groups[g];

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
	group_copy[g](t, r, u, 0);
	if (gr->var && var_to_item(t, gr->item, r->var[gr->var].data,
				   r->var[gr->var].len) < 0)
		return -ENOMEM;
	return gr->extra ? gr->extra(t, r, u) : 1;
}

/* Fills the groups of `groups` that r carries, marking them filled. */
static int fill_groups(struct task *t, const struct td_rec *r,
		       const struct td_units *u, group_mask groups)
{
	/* the rows write into the blocks of the groups they fill */
	if (task_own_blocks(t, groups) < 0)
		return -ENOMEM;
	for (group_mask m = groups; m; m &= m - 1) {
		int g = __builtin_ctz(m), rc;

		if (g >= GRP_COUNT)
			break;
		rc = fill_group(t, r, u, (enum data_group)g);
		if (rc < 0)
			return rc;
		if (rc)
			t->groups_filled |= GROUP_BIT(g);
	}
	return 0;
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
	if (!HAVE(r, TASK_DIAG_BASE) || WITHHELD(r, TASK_DIAG_BASE) ||
	    (WANT(groups, GRP_STAT_ACCT) &&
	     (!HAVE(r, TASK_DIAG_STAT) || WITHHELD(r, TASK_DIAG_STAT))))
		return -1;
	t->tid = (int)r->pid;
	t->tgid = (int)r->tgid;
	groups |= GROUP_BIT(GRP_STAT);
	return fill_groups(t, r, u, groups);
}

int td_fill_more(const struct td_rec *r, group_mask groups,
		 const struct td_units *u, struct task *t)
{
	/* hidepid=1 keeps the opener out: procfs could read nothing */
	if (!HAVE(r, TASK_DIAG_BASE) || WITHHELD(r, TASK_DIAG_BASE))
		return 0;
	return fill_groups(t, r, u,
			   groups & ~t->groups_filled & ~GROUP_BIT(GRP_STAT));
}

void td_fill_whole(const struct td_rec *r, group_mask groups,
		   const struct td_units *u, struct task *t)
{
	if (HAVE(r, TASK_DIAG_STAT) && !WITHHELD(r, TASK_DIAG_STAT)) {
		if (WANT(groups, GRP_STAT_ACCT))
			group_copy[GRP_STAT_ACCT](t, r, u, 1);
		if (WANT(groups, GRP_STAT_MM))
			group_copy[GRP_STAT_MM](t, r, u, 1);
	}
	if (WANT(groups, GRP_IO) && !task_io_own(t))
		return;         /* no memory: the row keeps its own figures */
	if (WANT(groups, GRP_IO) && HAVE(r, TASK_DIAG_IO) &&
	    !WITHHELD(r, TASK_DIAG_IO)) {
		group_copy[GRP_IO](t, r, u, 1);
		t->groups_filled |= GROUP_BIT(GRP_IO);
	} else if (WANT(groups, GRP_IO)) {
		static const struct td_rec none;

		group_copy[GRP_IO](t, &none, u, 1);
		t->groups_filled &= ~GROUP_BIT(GRP_IO);
	}
}
