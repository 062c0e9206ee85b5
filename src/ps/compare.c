/* Sort comparators for the columns whose order is not their key item's
 * (value.c sorts the others).  The reference sorts on the library value
 * behind a column, which for these is a computed number or the text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/cpunode.h"
#include "library/escape.h"
#include "library/profile.h"
#include "library/ttydev.h"
#include "print.h"

/* Rows keep their order: a key the reference accepts but cannot sort. */
int cmp_noop(const struct task *a, const struct task *b)
{
	(void)a;
	(void)b;
	return 0;
}

/* ---- computed numbers ---- */

int cmp_time(const struct task *a, const struct task *b)
{
	unsigned long long x = cpu_ticks(a), y = cpu_ticks(b);

	return NUMCMP(x, y);
}

static double share(const struct task *t)
{
	double e = elapsed_seconds(t);

	return e > 0 ? (double)cpu_ticks(t) / e : 0;
}

int cmp_pcpu(const struct task *a, const struct task *b)
{
	double x = share(a), y = share(b);

	return NUMCMP(x, y);
}

int cmp_cuc(const struct task *a, const struct task *b)
{
	double x = utilization(a, 1), y = utilization(b, 1);

	return NUMCMP(x, y);
}

/* etime, etimes: by time alive, the youngest first. */
int cmp_elapsed(const struct task *a, const struct task *b)
{
	return NUMCMP(b->start_time, a->start_time);
}

int cmp_numa(const struct task *a, const struct task *b)
{
	int x = cpu_numa_node(a->processor), y = cpu_numa_node(b->processor);

	return NUMCMP(x, y);
}

/* pending: the set the column shows (see pr_sig). */
uint64_t sig_pending_of(const struct task *t)
{
	bool own = t->tid != t->tgid ||
		   (t->is_thread_row && profile.thread_main_from_task);

	return own ? t->status->sig_pending : t->status->sig_shared;
}

int cmp_sig(const struct task *a, const struct task *b)
{
	uint64_t x = sig_pending_of(a), y = sig_pending_of(b);

	return NUMCMP(x, y);
}

/* luid and ag_id sort an unread value as -1. */
static int login_uid(const struct task *t)
{
	return t->groups_filled & GROUP_BIT(GRP_LOGIN) ? (int)t->loginuid : -1;
}

int cmp_luid(const struct task *a, const struct task *b)
{
	int x = login_uid(a), y = login_uid(b);

	return NUMCMP(x, y);
}

static int autogroup(const struct task *t)
{
	return t->groups_filled & GROUP_BIT(GRP_AUTOGROUP) ?
	       t->autogroup_id : -1;
}

int cmp_agid(const struct task *a, const struct task *b)
{
	int x = autogroup(a), y = autogroup(b);

	return NUMCMP(x, y);
}

/* ---- text, in the locale's order ---- */

static int text_cmp(const char *x, const char *y)
{
	return strcoll(x ? x : "", y ? y : "");
}

int cmp_tty(const struct task *a, const struct task *b)
{
	char x[64], y[64];

	tty_name(x, sizeof(x) - 1, a->tty_nr, a->tgid, TTY_ABBREV_DEV);
	tty_name(y, sizeof(y) - 1, b->tty_nr, b->tgid, TTY_ABBREV_DEV);
	return strverscmp(x, y);
}

int cmp_comm(const struct task *a, const struct task *b)
{
	char x[TASK_COMM_MAX * 2];

	strcpy(x, comm_text(a));
	return strcoll(x, comm_text(b));
}

int cmp_args(const struct task *a, const struct task *b)
{
	static char x[TEXT_MAX];

	strcpy(x, cmdline_text(a));
	return strcoll(x, cmdline_text(b));
}

int cmp_cgroup(const struct task *a, const struct task *b)
{
	static char x[TEXT_MAX];

	snprintf(x, sizeof(x), "%s", cgroup_text(a));
	return text_cmp(x, cgroup_text(b));
}

static const char *cgname_of(const char *s)
{
	const char *name = strstr(s, ":name=");

	return name && name[6] ? name + 6 : s;
}

int cmp_cgname(const struct task *a, const struct task *b)
{
	static char x[TEXT_MAX];

	snprintf(x, sizeof(x), "%s", cgname_of(cgroup_text(a)));
	return text_cmp(x, cgname_of(cgroup_text(b)));
}

int cmp_exe(const struct task *a, const struct task *b)
{
	static char x[TEXT_MAX], y[TEXT_MAX];

	escape_lib(x, a->exe ? a->exe : "-", sizeof(x));
	escape_lib(y, b->exe ? b->exe : "-", sizeof(y));
	return text_cmp(x, y);
}

static const char *supgid_text(const struct task *t)
{
	return t->status->supgids && *t->status->supgids ? t->status->supgids : "-";
}

int cmp_supgid(const struct task *a, const struct task *b)
{
	return text_cmp(supgid_text(a), supgid_text(b));
}

/* A cell's text for sorting: the printer's output, cells unlimited. */
static void cell_text(char *out, size_t size, cell_printer pr,
		      const struct task *t)
{
	static char *buf;
	struct out o;

	if (!buf && !(buf = malloc(OUTBUF_SIZE)))
		abort();
	o.buf = buf;
	o.max_rightward = OUTBUF_SIZE - 1;
	pr(&o, t);
	snprintf(out, size, "%s", buf);
}

#define TEXT_CMP(name) \
	int cmp_##name(const struct task *a, const struct task *b) \
	{ \
		static char x[TEXT_MAX], y[TEXT_MAX]; \
		cell_text(x, sizeof(x), pr_##name, a); \
		cell_text(y, sizeof(y), pr_##name, b); \
		return text_cmp(x, y); \
	}

TEXT_CMP(supgrp)
TEXT_CMP(lxc)
TEXT_CMP(sd_slice)
TEXT_CMP(sd_unit)
TEXT_CMP(sd_session)
TEXT_CMP(sd_ouid)
TEXT_CMP(sd_uunit)
TEXT_CMP(sd_machine)
TEXT_CMP(sd_seat)
