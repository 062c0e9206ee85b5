/* The task_diag backend's vtable: probe, prepare, scan, release.
 *
 * A scan asks the module one question per dump (thread rows come with
 * the process-wide figures procfs shows on a leader's row: one
 * ALL_PROC_THREAD dump, or two dumps from a version 1 module), or one per
 * listed pid, turns each answered task into a row, fills the groups the module lacks from procfs,
 * and, whenever the module fails or goes away, answers the whole scan
 * through the procfs backend instead, so callers never see the switch. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "../../library/backend.h"
#include "td_drawn.h"
#include "td_fallback.h"
#include "td_fill.h"
#include "td_io.h"
#include "td_req.h"

#define NEED_STRATEGIES ((1u << TASK_DIAG_DUMP_ALL) | \
			 (1u << TASK_DIAG_DUMP_ONE) | \
			 (1u << TASK_DIAG_DUMP_ALL_THREAD) | \
			 (1u << TASK_DIAG_DUMP_THREAD))

/* Process-wide figures of one process, kept while its threads arrive. */
struct td_whole {
	uint32_t tgid;
	uint64_t have, withheld;
	struct task_diag_stat stat;
	struct task_diag_io io;
};

struct td_state {
	group_mask groups;
	struct td_units units;
	struct td_conn conn;
	int connected;
	struct td_plan plan;
	struct td_parser parser;
	struct td_fallback fb;          /* groups the module lacks */
	void *procfs;                   /* the whole-scan fallback */
	struct td_whole *whole;
	size_t nwhole, capwhole;
	int *pids;                      /* the selection's pids, sorted */
	size_t npids, cappids;
	struct td_rec scratch;
	/* A scan that reads only some groups for every row (sel->groups)
	 * asks the module for those alone: their plan, made once per set */
	group_mask some_groups;
	struct td_plan some_plan;
	struct td_drawn drawn;          /* fill()'s scratch */
};

/* What one answer is turned into. */
struct td_sink {
	struct td_state *s;
	struct task_set *out;
	enum thread_mode mode;
	const int *pids;                /* keep only these tgids (sorted) */
	size_t npids;
	int want_pid;                   /* ONE/THREAD: only this tgid */
	int list_pid;                   /* in list order: the pid asked for,
					 * which every row of the answer is
					 * filed under, as procfs files
					 * /proc/PID's rows */
	bool quick;                     /* ps -q: rows keep their true tgid */
	int leader_tgid;                /* the process of out->v[leader] */
	size_t leader;
	bool commit;                    /* hand each process's rows on when
					 * the next process starts */
	uint32_t rec_tgid;              /* the process of the last record */
	long fail_after;                /* tests: rows before a failure */
};

static int supported_ok(const struct task_diag_version *v)
{
	uint64_t need = TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_STAT;

	return (v->supported_groups & need) == need &&
		(v->supported_strategies & NEED_STRATEGIES) == NEED_STRATEGIES;
}

/* The probe's connection, handed to the first prepare (saves the second
 * open and version handshake of every ps run). */
static struct td_conn probed;
static int have_probed;

static int td_probe(void)
{
	if (have_probed)
		return 0;
	if (td_conn_open(&probed) < 0)
		return -1;
	if (!supported_ok(&probed.ver)) {
		td_conn_close(&probed);
		return -1;
	}
	have_probed = 1;
	return 0;
}

static void disconnect(struct td_state *s)
{
	if (s->connected)
		td_conn_close(&s->conn);
	s->connected = 0;
}

/* (Re)opens the module and plans the groups against what it offers. */
static int connect_module(struct td_state *s)
{
	if (s->connected)
		return 0;
	if (have_probed) {
		s->conn = probed;
		have_probed = 0;
	} else if (td_conn_open(&s->conn) < 0) {
		return -1;
	}
	s->connected = 1;
	s->some_groups = 0;     /* planned anew against this module */
	if (!supported_ok(&s->conn.ver) ||
	    td_plan_make(s->groups, s->conn.ver.supported_groups,
			 s->conn.ver.version, s->conn.ver.supported_flags,
			 &s->plan) < 0) {
		disconnect(s);
		return -1;
	}
	if (s->fb.groups != s->plan.fallback) {
		td_fallback_release(&s->fb);
		td_fallback_init(&s->fb, s->plan.fallback);
	}
	return 0;
}

static void *td_prepare(group_mask groups)
{
	struct td_state *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->groups = groups | GROUP_BIT(GRP_STAT);
	td_units_init(&s->units);
	td_parser_init(&s->parser, 0);
	td_fallback_init(&s->fb, 0);
	/* A module that vanished since the probe is not an error: scans
	 * then go to procfs until it is back. */
	connect_module(s);
	return s;
}

static void td_release(void *state)
{
	struct td_state *s = state;

	disconnect(s);
	td_parser_free(&s->parser);
	td_fallback_release(&s->fb);
	if (s->procfs)
		procfs_backend.release(s->procfs);
	for (unsigned g = 0; g < __TASK_DIAG_GROUP_MAX; g++)
		free(s->scratch.var[g].data);
	free(s->whole);
	free(s->pids);
	td_drawn_free(&s->drawn);
	free(s);
}

static int in_sorted(const int *v, size_t n, int x)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid] == x)
			return 1;
		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

static const struct td_whole *find_whole(const struct td_state *s,
					 uint32_t tgid)
{
	size_t lo = 0, hi = s->nwhole;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->whole[mid].tgid == tgid)
			return &s->whole[mid];
		if (s->whole[mid].tgid < tgid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static int wanted(const struct td_sink *k, const struct td_rec *r)
{
	if (k->list_pid)
		return 1;       /* whatever /proc/PID shows, a tid's too */
	if (k->want_pid && (int)r->tgid != k->want_pid)
		return 0;
	if (k->pids && !in_sorted(k->pids, k->npids, (int)r->tgid))
		return 0;
	/* without threads, only a process itself (ONE may name a thread) */
	return k->mode != THREADS_NONE || r->pid == r->tgid;
}

static int emit_whole(const struct td_rec *r, void *arg)
{
	struct td_sink *k = arg;
	struct td_state *s = k->s;
	struct td_whole *w;

	if (r->pid != r->tgid || !wanted(k, r))
		return 0;
	if (s->nwhole && s->whole[s->nwhole - 1].tgid >= r->tgid) {
		/* ascending but for a list's own order: start over */
		s->nwhole = 0;
	}
	if (s->nwhole == s->capwhole) {
		size_t cap = s->capwhole ? s->capwhole * 2 : 256;
		struct td_whole *v = realloc(s->whole, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		s->whole = v;
		s->capwhole = cap;
	}
	w = &s->whole[s->nwhole++];
	w->tgid = r->tgid;
	w->have = r->have;
	w->withheld = r->withheld;
	w->stat = r->stat;
	w->io = r->io;
	return 0;
}

/* The leader's thread row shows /proc/PID's figures (procfs reads the
 * leader from the process directory); under THREADS_AFTER the process
 * row, a copy of it, comes first. */
static int leader_row(struct td_sink *k, size_t idx, uint32_t tgid)
{
	struct td_state *s = k->s;
	struct task *t = &k->out->v[idx];
	const struct td_whole *w = find_whole(s, tgid);
	struct task *proc;

	if (w) {
		s->scratch.have = w->have;
		s->scratch.withheld = w->withheld;
		s->scratch.stat = w->stat;
		s->scratch.io = w->io;
		td_fill_whole(&s->scratch, s->plan.native, &s->units, t);
	}
	if (k->mode != THREADS_AFTER)
		return 0;
	proc = task_set_push(k->out);
	if (!proc)
		return -ENOMEM;
	t = &k->out->v[idx];            /* the push may have moved rows */
	if (task_copy(proc, t) < 0)
		return -ENOMEM;
	/* swap: process row first, then the leader's thread row */
	{
		struct task tmp = *t;

		*t = *proc;
		*proc = tmp;
	}
	k->out->v[idx].is_thread_row = 0;
	return 0;
}

/* procfs reads ns/ and exe of a thread row from its process directory:
 * a thread shows its leader's (missing ones included). */
static int leader_links(struct td_sink *k, struct task *t)
{
	const struct task *l = &k->out->v[k->leader];
	group_mask g = k->s->plan.native;

	if (k->leader_tgid != t->tgid)
		return 0;
	if (g & GROUP_BIT(GRP_NS)) {
		if (!task_ns_own(t))
			return -ENOMEM;
		*t->ns = *l->ns;
		t->groups_filled = (t->groups_filled & ~GROUP_BIT(GRP_NS)) |
			(l->groups_filled & GROUP_BIT(GRP_NS));
	}
	if (g & GROUP_BIT(GRP_EXE)) {
		free(t->exe);
		t->exe = l->exe ? strdup(l->exe) : NULL;
		if (l->exe && !t->exe)
			return -ENOMEM;
		t->groups_filled = (t->groups_filled & ~GROUP_BIT(GRP_EXE)) |
			(l->groups_filled & GROUP_BIT(GRP_EXE));
	}
	return 0;
}

static int emit_row(const struct td_rec *r, void *arg)
{
	struct td_sink *k = arg;
	struct task *t;
	size_t idx;
	int rc;

	if (!wanted(k, r))
		return 0;
	if (k->fail_after && --k->fail_after == 0)
		return -EIO;
	if (k->commit && r->tgid != k->rec_tgid) {
		task_set_commit(k->out);
		k->rec_tgid = r->tgid;
	}
	t = task_set_push(k->out);
	if (!t)
		return -ENOMEM;
	idx = k->out->n - 1;
	rc = td_fill_task(r, k->s->plan.native, &k->s->units, t);
	if (rc < 0) {
		task_set_pop(k->out);
		return rc == -1 ? 0 : rc;
	}
	if (k->list_pid) {
		if (!k->quick)
			t->tgid = k->list_pid;
		if (k->mode == THREADS_NONE)
			t->tid = k->list_pid;
	}
	if (k->mode == THREADS_NONE)
		return 0;
	t->is_thread_row = 1;
	/* the row procfs reads from /proc/PID itself */
	if (r->pid != (k->list_pid ? (uint32_t)k->list_pid : r->tgid))
		return leader_links(k, t);
	k->leader_tgid = t->tgid;
	k->leader = idx;
	return leader_row(k, idx, r->tgid);
}

/* ALL_PROC_THREAD, PROC_THREAD: a group's process message, then its
 * threads.  Only the current group's figures are needed, so the table
 * holds one entry instead of growing with the process count. */
static int emit_any(const struct td_rec *r, void *arg)
{
	struct td_sink *k = arg;

	if (!r->process)
		return emit_row(r, arg);
	k->s->nwhole = 0;
	return emit_whole(r, arg);
}

static int query(struct td_state *s, uint64_t show, uint32_t strategy,
		 uint32_t pid, td_emit_fn emit, struct td_sink *k)
{
	int fatal = 0;
	int rc = td_conn_query(&s->conn, &s->parser, show, s->plan.flags,
			       strategy, pid, emit, k, &fatal);

	if (fatal)
		disconnect(s);
	return rc;
}

/* Sorted, distinct copy of the selection's pids. */
static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static int sort_pids(struct td_state *s, const struct selection *sel)
{
	size_t n = 0;

	if (sel->npids > s->cappids) {
		int *p = realloc(s->pids, sel->npids * sizeof(*p));

		if (!p)
			return -ENOMEM;
		s->pids = p;
		s->cappids = sel->npids;
	}
	if (sel->npids)
		memcpy(s->pids, sel->pids, sel->npids * sizeof(*s->pids));
	qsort(s->pids, sel->npids, sizeof(*s->pids), cmp_int);
	for (size_t i = 0; i < sel->npids; i++)
		if (s->pids[i] > 0 && (!n || s->pids[n - 1] != s->pids[i]))
			s->pids[n++] = s->pids[i];
	s->npids = n;
	return 0;
}

/* One request per pid costs about three system calls and touches only
 * that task; a full dump costs a few reads but walks every task.  procfs
 * counts its processes in the link count of its root. */
static int per_pid_is_cheaper(size_t npids)
{
	const char *force = getenv("PROCPS_TD_PIDLIST");    /* tests */
	struct stat st;

	if (force && (!strcmp(force, "one") || !strcmp(force, "all")))
		return force[0] == 'o';
	if (npids <= 4)
		return 1;
	if (stat("/proc", &st) < 0)
		return 0;
	return npids * 32 <= (size_t)st.st_nlink;
}

static int has_strategy(const struct td_state *s, uint32_t strategy)
{
	return (s->conn.ver.supported_strategies & (1u << strategy)) != 0;
}

/* One process (and its threads as k->mode asks) by pid: ONE, or the
 * group's threads with its process message first (two requests to a
 * version 1 module).  A pid that is gone or hidden is no error, as in
 * procfs. */
static int query_pid(struct td_state *s, struct td_sink *k, uint32_t pid)
{
	int rc;

	if (k->mode == THREADS_NONE) {
		rc = query(s, s->plan.show, TASK_DIAG_DUMP_ONE, pid, emit_row,
			   k);
	} else if (has_strategy(s, TASK_DIAG_DUMP_PROC_THREAD)) {
		rc = query(s, s->plan.show | s->plan.whole_show,
			   TASK_DIAG_DUMP_PROC_THREAD, pid, emit_any, k);
	} else {
		s->nwhole = 0;
		rc = query(s, s->plan.whole_show, TASK_DIAG_DUMP_ONE, pid,
			   emit_whole, k);
		if (rc == 0 && s->nwhole)
			rc = query(s, s->plan.show, TASK_DIAG_DUMP_THREAD, pid,
				   emit_row, k);
	}
	if (rc == -ESRCH && s->connected)
		rc = 0;
	return rc;
}

static int scan_module(struct td_state *s, const struct selection *sel,
		       struct task_set *out)
{
	/* rows the procfs fallback completes afterwards stay in the set */
	struct td_sink k = { .s = s, .out = out, .mode = sel->threads,
			     .quick = sel->quick,
			     .commit = !s->plan.fallback };
	/* PROCPS_TD_FAIL_AFTER=N (tests): the dump fails at its Nth row, as
	 * one cut short by the module would, so that the fallback after rows
	 * went out is exercised */
	const char *fail = getenv("PROCPS_TD_FAIL_AFTER");
	int rc = 0;

	if (fail)
		k.fail_after = atol(fail);

	s->nwhole = 0;
	if (sel->pids && sel->in_list_order) {
		/* the list as given, repeats included, as procfs reads it */
		for (size_t i = 0; i < sel->npids && !rc; i++) {
			if (sel->pids[i] <= 0)
				continue;
			k.list_pid = sel->pids[i];
			rc = query_pid(s, &k, (uint32_t)sel->pids[i]);
		}
		return rc;
	}
	if (sel->pids) {
		rc = sort_pids(s, sel);
		if (rc)
			return rc;
		if (per_pid_is_cheaper(s->npids)) {
			/* ascending, each once: the order of /proc */
			for (size_t i = 0; i < s->npids && !rc; i++) {
				k.want_pid = s->pids[i];
				rc = query_pid(s, &k, (uint32_t)s->pids[i]);
			}
			return rc;
		}
		k.pids = s->pids;
		k.npids = s->npids;
	}
	if (sel->threads == THREADS_NONE)
		return query(s, s->plan.show, TASK_DIAG_DUMP_ALL, 0,
			     emit_row, &k);
	if (has_strategy(s, TASK_DIAG_DUMP_ALL_PROC_THREAD))
		return query(s, s->plan.show | s->plan.whole_show,
			     TASK_DIAG_DUMP_ALL_PROC_THREAD, 0, emit_any, &k);
	rc = query(s, s->plan.whole_show, TASK_DIAG_DUMP_ALL, 0,
		   emit_whole, &k);
	if (!rc)
		rc = query(s, s->plan.show, TASK_DIAG_DUMP_ALL_THREAD, 0,
			   emit_row, &k);
	return rc;
}

static int scan_procfs(struct td_state *s, const struct selection *sel,
		       struct task_set *out)
{
	if (!s->procfs) {
		s->procfs = procfs_backend.prepare(s->groups);
		if (!s->procfs)
			return -errno;
	}
	return procfs_backend.scan(s->procfs, sel, out);
}

/* PROCPS_TD_STRICT=1 (tests): say so whenever procfs answers instead. */
static void note_fallback(const char *why, int rc)
{
	if (getenv("PROCPS_TD_STRICT"))
		fprintf(stderr, "task_diag: %s (%s): procfs answers this scan\n",
			why, strerror(rc < 0 ? -rc : rc));
}

/* A dump that failed after some processes' rows were handed on (a set
 * with a sink): procfs reads the rest, the processes after the last one
 * handed, in the same ascending order.  A list in its own order is not
 * ascending: that scan just fails. */
static int resume_procfs(struct td_state *s, const struct selection *sel,
			 struct task_set *out, int rc)
{
	struct task_set rest = { 0 };

	if (sel->pids && sel->in_list_order)
		return rc;
	rc = scan_procfs(s, sel, &rest);
	for (size_t i = 0; rc == 0 && i < rest.n; i++) {
		struct task *t;

		if (rest.v[i].tgid <= out->last_tgid)
			continue;
		t = task_set_push(out);
		if (!t) {
			rc = -ENOMEM;
			break;
		}
		*t = rest.v[i];                 /* the strings move with it */
		task_clear(&rest.v[i]);
	}
	task_set_free(&rest);
	return rc;
}

/* The plan of a scan of some of the prepared groups: what the module is
 * asked for shrinks to them (the procfs fallback still reads its
 * groups, a superset).  0, or -1 to use the whole plan. */
static int plan_some(struct td_state *s, group_mask groups,
		     struct td_plan *p)
{
	groups = (groups & s->groups) | GROUP_BIT(GRP_STAT);
	if (groups == s->groups)
		return -1;
	if (groups != s->some_groups) {
		if (td_plan_make(groups, s->conn.ver.supported_groups,
				 s->conn.ver.version,
				 s->conn.ver.supported_flags, p) < 0)
			return -1;
		s->some_plan = *p;
		s->some_groups = groups;
	}
	*p = s->some_plan;
	p->fallback = s->plan.fallback;
	return 0;
}

static int td_scan(void *state, const struct selection *sel,
		   struct task_set *out)
{
	struct td_state *s = state;
	size_t first = out->n, handed = out->handed;
	struct td_plan whole = { 0 }, some;
	int rc;

	if (connect_module(s) < 0) {
		note_fallback("module unavailable", ENODEV);
		return scan_procfs(s, sel, out);
	}
	if (sel->groups && plan_some(s, sel->groups, &some) == 0) {
		whole = s->plan;
		s->plan = some;
	}
	rc = scan_module(s, sel, out);
	if (whole.show)
		s->plan = whole;
	if (rc == 0 && s->plan.fallback)
		rc = td_fallback_fill(&s->fb, sel->threads, !sel->pids, out,
				      first);

	if (rc == 0)
		return 0;
	note_fallback("scan failed", rc);
	if (out->handed != handed) {
		task_set_truncate(out, 0);
		return resume_procfs(s, sel, out, rc);
	}
	task_set_truncate(out, first);
	return scan_procfs(s, sel, out);
}

/* The rows drawn of a scan of some groups (top's screen): their other
 * groups come from the module in one LIST request (version 4), the
 * groups it lacks from procfs, as the scan reads them; a module without
 * LIST, or a request that fails, leaves them all to procfs. */
static int td_fill(void *state, const struct selection *sel,
		   struct task *const *rows, size_t n, group_mask groups)
{
	struct td_state *s = state;
	group_mask need = 0, rest, thr = 0;
	struct td_plan p;
	int rc = 0, fatal;

	if (!s->procfs) {
		s->procfs = procfs_backend.prepare(s->groups);
		if (!s->procfs)
			return -errno;
	}
	groups &= s->groups;
	for (size_t i = 0; i < n; i++)
		need |= groups & ~rows[i]->groups_filled;
	rest = need;
	if (need && s->connected && has_strategy(s, TASK_DIAG_DUMP_LIST) &&
	    td_plan_make(need, s->conn.ver.supported_groups,
			 s->conn.ver.version, s->conn.ver.supported_flags,
			 &p) == 0) {
		rc = td_drawn_fill(&s->drawn, &s->conn, &s->parser, &s->units,
				   &p, sel, rows, n, &fatal);
		if (fatal)
			disconnect(s);
		if (rc == 0) {
			rest = p.fallback & need;
			thr = p.native & need & TD_DRAWN_THREAD_PROCFS;
		} else {
			note_fallback("fill failed", rc);
		}
	}
	rc = 0;
	if (rest)
		rc = procfs_backend.fill(s->procfs, sel, rows, n, rest);
	if (rc == 0 && thr && s->drawn.nthread)
		rc = procfs_backend.fill(s->procfs, sel, s->drawn.thread_rows,
					 s->drawn.nthread, thr);
	return rc;
}

/* Why the probe refused, for a user who asked for this backend. */
static void td_explain(char *why, size_t size)
{
	int fd = open(TD_PATH, O_RDWR | O_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		snprintf(why, size, "PROCPS_BACKEND=task_diag: "
			 "the module behind %s answers with a version "
			 "this program does not understand", TD_PATH);
	} else if (errno == ENOENT && access("/proc/self", F_OK) == 0) {
		snprintf(why, size, "PROCPS_BACKEND=task_diag: "
			 "%s does not exist (the task_diag module is "
			 "not loaded)", TD_PATH);
	} else {
		snprintf(why, size, "PROCPS_BACKEND=task_diag: "
			 "%s: %s", TD_PATH, strerror(errno));
	}
}

const struct backend_ops task_diag_backend = {
	.name = "task_diag",
	.probe = td_probe,
	.prepare = td_prepare,
	.scan = td_scan,
	.release = td_release,
	.fill = td_fill,
	.explain = td_explain,
};
