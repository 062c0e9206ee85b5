/* Sort comparators: typed values, not the printed text. */
#include <string.h>
#include "library/names.h"
#include "library/ttydev.h"
#include "print.h"

#define FIELD_CMP(name, field) \
	int cmp_##name(const struct task *a, const struct task *b) \
	{ return NUMCMP(a->field, b->field); }

FIELD_CMP(pid, tgid)
FIELD_CMP(tid, tid)
FIELD_CMP(ppid, ppid)
FIELD_CMP(pgid, pgrp)
FIELD_CMP(sid, session)
FIELD_CMP(tpgid, tpgid)
FIELD_CMP(state, state)
FIELD_CMP(euid, euid)
FIELD_CMP(ruid, ruid)
FIELD_CMP(egid, egid)
FIELD_CMP(rgid, rgid)
FIELD_CMP(nice, nice)
FIELD_CMP(priority, priority)
FIELD_CMP(rtprio, rt_priority)
FIELD_CMP(policy, policy)
FIELD_CMP(pmem, vm_rss)
FIELD_CMP(vsz, vsize)
FIELD_CMP(sz, vsize)
FIELD_CMP(rss, vm_rss)
FIELD_CMP(start, start_time)
FIELD_CMP(nlwp, nlwp)
FIELD_CMP(flags, flags)
FIELD_CMP(psr, processor)

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

int cmp_tty(const struct task *a, const struct task *b)
{
	char x[64], y[64];

	tty_name(x, sizeof(x) - 1, a->tty_nr, a->tgid, TTY_ABBREV_DEV);
	tty_name(y, sizeof(y) - 1, b->tty_nr, b->tgid, TTY_ABBREV_DEV);
	return strverscmp(x, y);
}

int cmp_euser(const struct task *a, const struct task *b)
{
	return strcoll(user_name(a->euid), user_name(b->euid));
}

int cmp_ruser(const struct task *a, const struct task *b)
{
	return strcoll(user_name(a->ruid), user_name(b->ruid));
}

int cmp_egroup(const struct task *a, const struct task *b)
{
	return strcoll(group_name(a->egid), group_name(b->egid));
}

int cmp_comm(const struct task *a, const struct task *b)
{
	char x[TASK_COMM_MAX * 2];

	strcpy(x, comm_text(a));
	return strcoll(x, comm_text(b));
}

int cmp_args(const struct task *a, const struct task *b)
{
	static char x[128 * 1024];

	strcpy(x, cmdline_text(a));
	return strcoll(x, cmdline_text(b));
}

int cmp_wchan(const struct task *a, const struct task *b)
{
	return strcoll(a->wchan ? a->wchan : "", b->wchan ? b->wchan : "");
}
