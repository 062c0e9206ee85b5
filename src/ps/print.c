/* Cell printers for ttys, states, priorities, memory, faults, signal
 * sets and the other numbers the reference formats its own way.  Each
 * writes into o->buf and returns the cells it used. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/cpunode.h"
#include "library/names.h"
#include "library/ttydev.h"
#include "print.h"

static int tty_cell(struct out *o, const struct task *t, unsigned abbrev,
		    size_t chop)
{
	tty_name(o->buf, chop, t->tty_nr, t->tgid, abbrev);
	return out_bytes(o, (int)strlen(o->buf));
}

int pr_tname(struct out *o, const struct task *t)
{
	return tty_cell(o, t, TTY_ABBREV_DEV, COLWID);
}

int pr_tty4(struct out *o, const struct task *t)
{
	return tty_cell(o, t, TTY_ABBREV_DEV | TTY_ABBREV_TTY |
			TTY_ABBREV_PTS, COLWID);
}

/* STAT: state, then <N (nice), L (locked pages), s (session leader),
 * l (threads), + (foreground group). */
int pr_stat(struct out *o, const struct task *t)
{
	int n = 0;

	o->buf[n++] = t->state;
	if (t->nice < 0)
		o->buf[n++] = '<';
	if (t->nice > 0)
		o->buf[n++] = 'N';
	if (t->status->vm_lock)
		o->buf[n++] = 'L';
	if (t->session == t->tgid)
		o->buf[n++] = 's';
	if (t->nlwp > 1)
		o->buf[n++] = 'l';
	if (t->pgrp == t->tpgid)
		o->buf[n++] = '+';
	o->buf[n] = '\0';
	return t->state ? out_bytes(o, n) : n;
}

static int normal_policy(const struct task *t)
{
	return t->policy == SCHED_OTHER || t->policy == SCHED_BATCH;
}

int pr_nice(struct out *o, const struct task *t)
{
	if (!normal_policy(t))
		return fmt_dash(o->buf);
	return fmt_ll(o->buf, t->nice);
}

int pr_rtprio(struct out *o, const struct task *t)
{
	if (t->policy == SCHED_OTHER)
		return fmt_dash(o->buf);
	return fmt_ull(o->buf, t->rt_priority);
}

int pr_pri(struct out *o, const struct task *t)      { return fmt_ll(o->buf, 39 - t->priority); }
int pr_opri(struct out *o, const struct task *t)     { return fmt_ll(o->buf, 60 + t->priority); }
int pr_pri_api(struct out *o, const struct task *t)  { return fmt_ll(o->buf, -1 - t->priority); }
int pr_pri_bar(struct out *o, const struct task *t)  { return fmt_ll(o->buf, t->priority + 1); }
int pr_pri_baz(struct out *o, const struct task *t)  { return fmt_ll(o->buf, t->priority + 100); }
int pr_pri_foo(struct out *o, const struct task *t)  { return fmt_ll(o->buf, t->priority - 20); }

int pr_class(struct out *o, const struct task *t)
{
	static const char *const names[] = {
		"TS", "FF", "RR", "B", "ISO", "IDL", "DLN",
	};

	if (t->policy < sizeof(names) / sizeof(names[0]))
		return fmt_text(o->buf, names[t->policy]);
	return fmt_text(o->buf, "?");
}

int pr_flags(struct out *o, const struct task *t)
{
	return snprintf(o->buf, COLWID, "%o", (unsigned)(t->flags >> 6) & 7u);
}

int pr_pmem(struct out *o, const struct task *t)
{
	unsigned long long pmem = 0;

	need_mem_total();
	if (ctx.mem_total_kib)
		pmem = (unsigned long long)t->vm_rss * 1000ULL /
		       ctx.mem_total_kib;
	if (pmem > 999)
		pmem = 999;
	/* "%2u.%u" */
	o->buf[0] = pmem >= 100 ? (char)('0' + pmem / 100) : ' ';
	o->buf[1] = (char)('0' + pmem / 10 % 10);
	o->buf[2] = '.';
	o->buf[3] = (char)('0' + pmem % 10);
	o->buf[4] = '\0';
	return out_bytes(o, 4);
}

/* ---- signal sets ---- */

/* pending, sig, sig_pend: the process-wide (shared) pending set, but
 * a thread row read from task/TID shows its own set, as the reference's
 * library fills it (sig_pending_of, compare.c). */
int pr_sig(struct out *o, const struct task *t)
{
	return sigset_cell(o, sig_pending_of(t));
}

/* ---- memory ----
 * The old BSD segment columns come from stat: the code segment is
 * end_code - start_code, the rest of the address space is "data". */

static long code_kib(const struct task *t)
{
	if (!t->vsize)
		return 0;
	return (long)((t->end_code - t->start_code) >> 10);
}

static long data_kib(const struct task *t)
{
	if (!t->vsize)
		return 0;
	return (long)((t->vsize - t->end_code + t->start_code) >> 10);
}

int pr_trs(struct out *o, const struct task *t)  { return fmt_ll(o->buf, code_kib(t)); }
int pr_drs(struct out *o, const struct task *t)  { return fmt_ll(o->buf, data_kib(t)); }
/* size: what could be swapped, data plus stack. */
int pr_swapable(struct out *o, const struct task *t)
{
	return fmt_ull(o->buf, t->status->vm_data + t->status->vm_stack);
}

/* lim: the RSS limit in KiB, "xx" for none. */
int pr_lim(struct out *o, const struct task *t)
{
	if (t->rsslim == (unsigned long)-1)
		return fmt_text(o->buf, "xx");
	return snprintf(o->buf, COLWID, "%5lu", t->rsslim >> 10);
}

/* With S (cumulative), the faults of reaped children count too. */
int pr_majflt(struct out *o, const struct task *t)
{
	unsigned long n = t->majflt;

	if (ctx.cumulative)
		n += t->cmajflt;
	return fmt_ull(o->buf, n);
}

int pr_minflt(struct out *o, const struct task *t)
{
	unsigned long n = t->minflt;

	if (ctx.cumulative)
		n += t->cminflt;
	return fmt_ull(o->buf, n);
}

/* numa: the memory node of the task's CPU, -1 when unknown. */
int pr_numa(struct out *o, const struct task *t)
{
	return fmt_ll(o->buf, cpu_numa_node(t->processor));
}

/* ---- login uid, autogroup ---- */

/* luid: the login uid, "-" when unset (or unreadable). */
int pr_luid(struct out *o, const struct task *t)
{
	if (!(t->groups_filled & GROUP_BIT(GRP_LOGIN)) ||
	    (int)t->loginuid == -1)
		return fmt_dash(o->buf);
	return fmt_ll(o->buf, (int)t->loginuid);
}

/* ag_id is -1 and ag_nice 0 for a task without an autogroup file. */
int pr_agid(struct out *o, const struct task *t)
{
	if (!(t->groups_filled & GROUP_BIT(GRP_AUTOGROUP)))
		return fmt_ll(o->buf, -1);
	return fmt_ll(o->buf, t->autogroup_id);
}

int pr_agnice(struct out *o, const struct task *t)
{
	if (!(t->groups_filled & GROUP_BIT(GRP_AUTOGROUP)))
		return fmt_ll(o->buf, 0);
	return fmt_ll(o->buf, t->autogroup_nice);
}

/* ---- supplementary groups ---- */

/* supgid: the numeric list, copied as it is, cut to the room left. */
int pr_supgid(struct out *o, const struct task *t)
{
	const char *s = t->status->supgids && *t->status->supgids ? t->status->supgids : "-";

	return cut_cell(o, s);
}

/* supgrp: the same list by name. */
int pr_supgrp(struct out *o, const struct task *t)
{
	static char text[TEXT_MAX];
	const char *s = t->status->supgids;
	size_t n = 0;

	if (!s || !*s)
		return text_cell(o, "-");
	while (*s) {
		char *end;
		unsigned long gid;
		int len;

		while (*s == ',')
			s++;
		gid = strtoul(s, &end, 10);
		if (end == s)
			break;
		s = end;
		len = snprintf(text + n, sizeof(text) - n, "%s%s",
			       n ? "," : "", group_name((gid_t)gid));
		if (len < 0 || (size_t)len >= sizeof(text) - n)
			break;
		n += (size_t)len;
	}
	text[n] = '\0';
	return text_cell(o, text);
}
