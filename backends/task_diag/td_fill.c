/* Record to row.  Each data group is filled from the attributes that carry
 * what its procfs file shows; a group withheld for permission is left as
 * the procfs backend leaves it when the file cannot be read. */
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

enum { PF_KTHREAD_BIT = 0x00200000 };

void td_units_init(struct td_units *u)
{
	long hz = sysconf(_SC_CLK_TCK);
	long page = sysconf(_SC_PAGESIZE);

	u->ns_per_tick = 1000000000ULL / (uint64_t)(hz > 0 ? hz : 100);
	u->page_kib = (unsigned)((page > 0 ? page : 4096) / 1024);
}

static unsigned long long ticks(const struct td_units *u, uint64_t ns)
{
	return ns / u->ns_per_tick;
}

/* The stat fields that depend on whether the figures are process-wide. */
static void stat_counters(struct task *t, const struct task_diag_stat *s,
			  const struct td_units *u)
{
	t->minflt = s->minflt;
	t->cminflt = s->cminflt;
	t->majflt = s->majflt;
	t->cmajflt = s->cmajflt;
	t->utime = ticks(u, s->utime);
	t->stime = ticks(u, s->stime);
	t->cutime = ticks(u, s->cutime);
	t->cstime = ticks(u, s->cstime);
	t->wchan_addr = s->wchan;
}

static void fill_stat(struct task *t, const struct td_rec *r,
		      const struct td_units *u)
{
	const struct task_diag_base *b = &r->base;
	const struct task_diag_stat *s = &r->stat;
	static const char states[] = TASK_DIAG_STATE_CHARS;
	size_t n = strnlen(b->comm, sizeof(b->comm));

	if (n >= sizeof(t->comm))
		n = sizeof(t->comm) - 1;
	memcpy(t->comm, b->comm, n);
	t->comm[n] = '\0';
	t->state = b->state < sizeof(states) - 1 ? states[b->state] : '?';
	t->ppid = (int)b->ppid;
	t->pgrp = b->pgid;
	t->session = b->sid;
	t->tty_nr = (int)b->tty_nr;
	t->tpgid = b->tpgid;
	t->flags = b->flags;
	t->nlwp = (int)b->nlwp;
	t->exit_signal = b->exit_signal;
	t->processor = b->processor;
	stat_counters(t, s, u);
	t->priority = s->priority;
	t->nice = s->nice;
	t->start_time = ticks(u, s->start_time);
	t->vsize = s->vsize;
	t->rss = (long)s->rss;
	t->rsslim = s->rsslim;
	t->start_code = s->start_code;
	t->end_code = s->end_code;
	t->start_stack = s->start_stack;
	t->kstk_esp = s->kstkesp;
	t->kstk_eip = s->kstkeip;
	t->rt_priority = s->rt_priority;
	t->policy = s->policy;
	t->is_kernel_thread = (t->flags & PF_KTHREAD_BIT) != 0;
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

static int fill_status(struct task *t, const struct td_rec *r,
		       const struct td_units *u)
{
	const struct task_diag_creds *c = &r->cred;
	const struct task_diag_statm *m = &r->statm;
	const struct task_diag_stat *s = &r->stat;
	unsigned long kib = u->page_kib;

	t->tgid = (int)r->base.tgid;
	t->tracer = (int)r->base.tpid;
	t->status_nlwp = (int)r->base.nlwp;
	t->ruid = c->uid; t->euid = c->euid; t->suid = c->suid;
	t->fuid = c->fsuid;
	t->rgid = c->gid; t->egid = c->egid; t->sgid = c->sgid;
	t->fgid = c->fsgid;
	free(t->supgids);
	t->supgids = supgids_text(&r->var[TASK_DIAG_GROUPS]);
	if (!t->supgids)
		return -ENOMEM;
	if (m->has_mm) {
		t->vm_size = m->size * kib;
		t->vm_lock = m->locked_vm * kib;
		t->vm_rss = m->resident * kib;
		t->vm_rss_anon = m->anon * kib;
		t->vm_rss_file = m->file * kib;
		t->vm_rss_shared = m->shmem * kib;
		t->vm_data = m->data_vm * kib;
		t->vm_stack = m->stack_vm * kib;
		t->vm_exe = m->vm_exe >> 10;
		t->vm_lib = m->vm_lib >> 10;
		t->vm_swap = m->swap * kib;
	}
	t->sig_pending = s->sig_pending;
	t->sig_shared = s->sig_shared_pending;
	t->sig_blocked = s->sig_blocked;
	t->sig_ignored = s->sig_ignored;
	t->sig_caught = s->sig_caught;
	return 0;
}

static void fill_statm(struct task *t, const struct task_diag_statm *m,
		       const struct td_units *u)
{
	t->vm_rss = m->resident * u->page_kib;  /* status's VmRSS */
	/* statm's lib and dirty columns are always 0 since Linux 2.6 */
	t->sm_size = m->size;
	t->sm_resident = m->resident;
	t->sm_shared = m->shared;
	t->sm_text = m->text;
	t->sm_lib = 0;
	t->sm_data = m->data;
	t->sm_dirty = 0;
}

static int blob_from(const struct td_var *v, struct task_blob *b)
{
	b->data = malloc(v->len + 1);
	if (!b->data)
		return -ENOMEM;
	if (v->len)
		memcpy(b->data, v->data, v->len);
	b->data[v->len] = '\0';
	b->len = v->len;
	return 0;
}

static char *str_from(const struct td_var *v)
{
	char *s = malloc(v->len + 1);

	if (!s)
		return NULL;
	if (v->len)
		memcpy(s, v->data, v->len);
	s[v->len] = '\0';
	return s;
}

static void fill_ns(struct task *t, const struct task_diag_ns *ns)
{
	t->ns[TASK_NS_CGROUP] = ns->cgroup;
	t->ns[TASK_NS_IPC] = ns->ipc;
	t->ns[TASK_NS_MNT] = ns->mnt;
	t->ns[TASK_NS_NET] = ns->net;
	t->ns[TASK_NS_PID] = ns->pid;
	t->ns[TASK_NS_TIME] = ns->time;
	t->ns[TASK_NS_USER] = ns->user;
	t->ns[TASK_NS_UTS] = ns->uts;
}

static void fill_io(struct task *t, const struct task_diag_io *io)
{
	t->io_rchar = io->rchar;
	t->io_wchar = io->wchar;
	t->io_syscr = io->syscr;
	t->io_syscw = io->syscw;
	t->io_read_bytes = io->read_bytes;
	t->io_write_bytes = io->write_bytes;
	t->io_cancelled_write_bytes = io->cancelled_write_bytes;
}

/* A bytes group that procfs returns as a blob. */
static int fill_blob(struct task *t, const struct td_rec *r, unsigned type,
		     enum data_group g, struct task_blob *b)
{
	if (!HAVE(r, type) || WITHHELD(r, type))
		return 0;
	if (blob_from(&r->var[type], b) < 0)
		return -ENOMEM;
	t->groups_filled |= GROUP_BIT(g);
	return 0;
}

static int fill_extras(struct task *t, const struct td_rec *r,
		       group_mask groups)
{
	int rc = 0;

	if (WANT(groups, GRP_CMDLINE))
		rc |= fill_blob(t, r, TASK_DIAG_CMDLINE, GRP_CMDLINE,
				&t->cmdline);
	if (WANT(groups, GRP_ENVIRON))
		rc |= fill_blob(t, r, TASK_DIAG_ENVIRON, GRP_ENVIRON,
				&t->environ);
	if (WANT(groups, GRP_CGROUP))
		rc |= fill_blob(t, r, TASK_DIAG_CGROUP, GRP_CGROUP,
				&t->cgroup);
	if (WANT(groups, GRP_WCHAN)) {
		/* procfs prints "0" for a wchan the reader may not see */
		if (WITHHELD(r, TASK_DIAG_WCHAN))
			t->wchan = strdup("0");
		else if (HAVE(r, TASK_DIAG_WCHAN))
			t->wchan = str_from(&r->var[TASK_DIAG_WCHAN]);
		if (t->wchan)
			t->groups_filled |= GROUP_BIT(GRP_WCHAN);
		else if (HAVE(r, TASK_DIAG_WCHAN) ||
			 WITHHELD(r, TASK_DIAG_WCHAN))
			rc = -ENOMEM;
	}
	if (WANT(groups, GRP_IO) && HAVE(r, TASK_DIAG_IO) &&
	    !WITHHELD(r, TASK_DIAG_IO)) {
		fill_io(t, &r->io);
		t->groups_filled |= GROUP_BIT(GRP_IO);
	}
	if (WANT(groups, GRP_OOM) && HAVE(r, TASK_DIAG_OOM)) {
		t->oom_score = (int)r->oom.oom_score;
		t->oom_adj = r->oom.oom_score_adj;
		t->groups_filled |= GROUP_BIT(GRP_OOM);
	}
	/* procfs marks ns read even when every link is refused (all 0) */
	if (WANT(groups, GRP_NS) &&
	    (HAVE(r, TASK_DIAG_NS) || WITHHELD(r, TASK_DIAG_NS))) {
		if (!WITHHELD(r, TASK_DIAG_NS))
			fill_ns(t, &r->ns);
		t->groups_filled |= GROUP_BIT(GRP_NS);
	}
	if (WANT(groups, GRP_LOGIN) && HAVE(r, TASK_DIAG_LOGINUID)) {
		t->loginuid = r->loginuid.loginuid;
		t->groups_filled |= GROUP_BIT(GRP_LOGIN);
	}
	if (WANT(groups, GRP_EXE) && HAVE(r, TASK_DIAG_EXE) &&
	    !WITHHELD(r, TASK_DIAG_EXE)) {
		t->exe = str_from(&r->var[TASK_DIAG_EXE]);
		if (!t->exe)
			rc = -ENOMEM;
		else
			t->groups_filled |= GROUP_BIT(GRP_EXE);
	}
	/* autogroup is a file of /proc/PID only: procfs reads a thread's
	 * row from /proc/PID/task/TID, which has none (the leader's row
	 * comes from /proc/PID) */
	if (WANT(groups, GRP_AUTOGROUP) && HAVE(r, TASK_DIAG_AUTOGROUP) &&
	    r->pid == r->tgid) {
		const struct td_var *v = &r->var[TASK_DIAG_AUTOGROUP];

		if (v->len && parse_autogroup(v->data, v->len, t) == 0)
			t->groups_filled |= GROUP_BIT(GRP_AUTOGROUP);
	}
	return rc ? -ENOMEM : 0;
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
	fill_stat(t, r, u);
	t->groups_filled |= GROUP_BIT(GRP_STAT);

	/* The owner of the task's /proc directory: the module's own answer
	 * (version 2), else its effective ids, root for a kernel thread
	 * (dumpability only changes its files' owner). */
	if (WANT(groups, GRP_OWNER) && td_has_owner(r)) {
		t->euid = r->base.owner_uid;
		t->egid = r->base.owner_gid;
		t->groups_filled |= GROUP_BIT(GRP_OWNER);
	} else if (WANT(groups, GRP_OWNER) && HAVE(r, TASK_DIAG_CRED) &&
		   !WITHHELD(r, TASK_DIAG_CRED)) {
		t->euid = t->is_kernel_thread ? 0 : r->cred.euid;
		t->egid = t->is_kernel_thread ? 0 : r->cred.egid;
		t->groups_filled |= GROUP_BIT(GRP_OWNER);
	}
	if (WANT(groups, GRP_STATUS) && HAVE(r, TASK_DIAG_CRED) &&
	    HAVE(r, TASK_DIAG_STATM) && !WITHHELD(r, TASK_DIAG_CRED) &&
	    !WITHHELD(r, TASK_DIAG_GROUPS)) {
		if (fill_status(t, r, u) < 0)
			return -ENOMEM;
		t->groups_filled |= GROUP_BIT(GRP_STATUS);
	}
	if (WANT(groups, GRP_STATM) && HAVE(r, TASK_DIAG_STATM) &&
	    !WITHHELD(r, TASK_DIAG_STATM)) {
		fill_statm(t, &r->statm, u);
		t->groups_filled |= GROUP_BIT(GRP_STATM);
	}
	return fill_extras(t, r, groups);
}

void td_fill_whole(const struct td_rec *r, group_mask groups,
		   const struct td_units *u, struct task *t)
{
	if (HAVE(r, TASK_DIAG_STAT) && !WITHHELD(r, TASK_DIAG_STAT))
		stat_counters(t, &r->stat, u);
	if (WANT(groups, GRP_IO) && HAVE(r, TASK_DIAG_IO) &&
	    !WITHHELD(r, TASK_DIAG_IO)) {
		fill_io(t, &r->io);
		t->groups_filled |= GROUP_BIT(GRP_IO);
	} else if (WANT(groups, GRP_IO)) {
		static const struct task_diag_io none;

		fill_io(t, &none);
		t->groups_filled &= ~GROUP_BIT(GRP_IO);
	}
}

static int dup_blob(struct task_blob *b)
{
	char *d;

	if (!b->data)
		return 0;
	d = malloc(b->len + 1);
	if (!d) {
		b->data = NULL;
		b->len = 0;
		return -1;
	}
	memcpy(d, b->data, b->len + 1);
	b->data = d;
	return 0;
}

static int dup_str(char **s)
{
	if (*s && !(*s = strdup(*s)))
		return -1;
	return 0;
}

int td_task_dup(struct task *dst, const struct task *src)
{
	int bad = 0;

	*dst = *src;
	bad |= dup_str(&dst->supgids);
	bad |= dup_blob(&dst->cmdline);
	bad |= dup_blob(&dst->environ);
	bad |= dup_blob(&dst->cgroup);
	bad |= dup_str(&dst->wchan);
	bad |= dup_str(&dst->exe);
	return bad ? -ENOMEM : 0;
}
