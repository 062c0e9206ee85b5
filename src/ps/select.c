/* Which rows to show.  Simple options (-a -d a x g) index a 16-entry
 * truth table by four facts about a process; lists (-p -u -t ...) are
 * ORed with it; -N inverts the result. */
#include <string.h>
#include <unistd.h>
#include "library/escape.h"
#include "library/sysinfo.h"
#include "options.h"
#include "select.h"
#include "personality.h"

static unsigned select_bits;
static uid_t our_euid;

const char *selection_setup(const struct ps_args *a)
{
	unsigned s = a->simple;
	unsigned u = s & (SS_U_a | SS_U_d), b = s & (SS_B_a | SS_B_x | SS_B_g);

	our_euid = geteuid();
	if (u && b)
		return "process selection options conflict";
	switch (u) {
	case SS_U_a:
		select_bits = 0x0303;
		return NULL;
	case SS_U_d:
		select_bits = 0x3333;
		return NULL;
	case SS_U_a | SS_U_d:
		select_bits = 0x3f3f;
		return NULL;
	}
	b &= ~SS_B_g;   /* g only widens a: it is always on */
	switch (b) {
	case 0:
		/* same euid, and our tty (SysV) or any tty (BSD) */
		select_bits = a->prefer_bsd ? 0x0a0a : 0xaa00;
		break;
	case SS_B_a:
		select_bits = 0x0f0f;
		break;
	case SS_B_x:
		select_bits = 0xaaaa;
		break;
	default:
		select_bits = 0xffff;
	}
	/* SunOS 4 shows session leaders only when g is given. */
	if ((pers.bits & PER_NO_DEFAULT_g) && !(s & SS_B_g))
		select_bits &= 0x3333;
	return NULL;
}

group_mask selection_groups(const struct ps_args *a)
{
	group_mask g = 0;

	if (a->all)
		return 0;
	/* the table and -u/-g need effective ids: the directory owner; the
	 * table also tells session leaders */
	if (a->simple || !a->lists)
		g |= GROUP_BIT(GRP_OWNER) | GROUP_BIT(GRP_STAT_IDS);
	for (const struct sel_list *l = a->lists; l; l = l->next) {
		if (l->kind == SEL_EUID || l->kind == SEL_EGID)
			g |= GROUP_BIT(GRP_OWNER);
		else if (l->kind == SEL_RUID || l->kind == SEL_RGID)
			g |= GROUP_BIT(GRP_STATUS);
		else if (l->kind == SEL_PPID || l->kind == SEL_SESS ||
			 l->kind == SEL_PGRP)
			g |= GROUP_BIT(GRP_STAT_IDS);
	}
	return g;
}

/* Whether the table's answer can depend on our own terminal: only then
 * is /proc/self/stat worth reading (a x, for one, takes any tty). */
static bool tty_matters(void)
{
	return (select_bits & 0x00ff) != (select_bits >> 8);
}

static bool table_accept(const struct task *t)
{
	unsigned i = (t->euid == our_euid) |
		     (t->session == t->tgid) << 1 |
		     (t->tty_nr == 0) << 2;

	if (tty_matters() && t->tty_nr == sys_own_tty_nr())
		i |= 1u << 3;
	return select_bits & (1u << i);
}

static bool listed(const struct ps_args *a, const struct task *t)
{
	for (const struct sel_list *l = a->lists; l; l = l->next) {
		for (size_t i = 0; i < l->n; i++) {
			int id = l->v[i].id;
			bool hit = false;

			switch (l->kind) {
			case SEL_PID:  hit = t->tgid == id; break;
			case SEL_PPID: hit = t->ppid == id; break;
			case SEL_SESS: hit = t->session == id; break;
			case SEL_PGRP: hit = t->pgrp == id; break;
			case SEL_EUID: hit = (int)t->euid == id; break;
			case SEL_RUID: hit = (int)t->status->ruid == id; break;
			case SEL_EGID: hit = (int)t->egid == id; break;
			case SEL_RGID: hit = (int)t->status->rgid == id; break;
			case SEL_TTY:
				hit = t->tty_nr == (id == OWN_TTY ? sys_own_tty_nr() : id);
				break;
			case SEL_COMM: {
				char comm[TASK_COMM_MAX * 2];

				escape_lib(comm, t->comm, sizeof(comm));
				hit = strncmp(comm, l->v[i].name, 63) == 0;
				break;
			}
			}
			if (hit)
				return true;
		}
	}
	return false;
}

bool want_task(const struct ps_args *a, const struct task *t)
{
	bool ok = true;

	if (a->all)
		goto finish;
	if ((a->simple || !a->lists) && table_accept(t))
		goto finish;
	if (listed(a, t))
		goto finish;
	ok = false;
finish:
	if (a->running_only && t->state != 'R' && t->state != 'D')
		ok = false;
	return a->negate ? !ok : ok;
}

static bool accept_row(const struct task *t, const void *arg)
{
	return want_task(arg, t);
}

void selection_to_backend(const struct ps_args *a, struct selection *sel)
{
	bool own_tty = false;

	/* -e takes every row: nothing to judge early */
	if (a->all && !a->running_only && !a->negate)
		return;
	/* The judge may run in several scanning threads: what it reads
	 * lazily (our own terminal) is read here, once, if at all. */
	if ((a->simple || !a->lists) && tty_matters())
		own_tty = true;
	for (const struct sel_list *l = a->lists; l; l = l->next)
		for (size_t i = 0; l->kind == SEL_TTY && i < l->n; i++)
			if (l->v[i].id == OWN_TTY)
				own_tty = true;
	if (own_tty)
		sys_own_tty_nr();
	sel->accept = accept_row;
	sel->accept_arg = a;
}
