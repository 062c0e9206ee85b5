/* The drawn rows' groups through LIST requests.
 *
 * Each row is one id of the request, asked the way the procfs backend's
 * fill would read it: from /proc/ID (LIST's process ids: process-wide
 * figures) or from /proc/TGID/task/ID (its thread ids: the thread's own).
 * Rows of the same id and kind share one id.  The module answers in the
 * list's order and leaves out tasks that are gone, so an answer belongs
 * to the first id at or after the last one answered that it names. */
#include <errno.h>
#include <stdlib.h>
#include "../../library/profile.h"
#include "td_drawn.h"

struct td_drawn_row {
	uint32_t id;
	uint32_t thread;        /* 1: read as /proc/TGID/task/ID */
	struct task *t;
};

/* As backends/procfs/row.c's fill_row() picks the directory. */
static int read_as_thread(const struct selection *sel, const struct task *t)
{
	return sel->threads != THREADS_NONE && t->is_thread_row &&
	       (t->tid != t->tgid || profile.thread_main_from_task);
}

static int cmp_row(const void *a, const void *b)
{
	const struct td_drawn_row *x = a, *y = b;

	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

static int grow(void **v, size_t *cap, size_t n, size_t size)
{
	void *p;

	if (n <= *cap)
		return 0;
	p = realloc(*v, n * size);
	if (!p)
		return -ENOMEM;
	*v = p;
	*cap = n;
	return 0;
}

/* The rows that lack some of their groups, sorted by kind and id;
 * d->thread_rows gets every row read as a thread. */
static int collect(struct td_drawn *d, const struct td_plan *plan,
		   const struct selection *sel, struct task *const *rows,
		   size_t n)
{
	if (grow((void **)&d->w, &d->capw, n, sizeof(*d->w)) ||
	    grow((void **)&d->ids, &d->capids, n, sizeof(*d->ids)) ||
	    grow((void **)&d->thread_rows, &d->capthread, n,
		 sizeof(*d->thread_rows)))
		return -ENOMEM;
	d->nw = 0;
	d->nthread = 0;
	for (size_t i = 0; i < n; i++) {
		struct task *t = rows[i];
		int th = read_as_thread(sel, t);
		group_mask want = plan->native & ~GROUP_BIT(GRP_STAT);

		if (th) {
			d->thread_rows[d->nthread++] = t;
			want &= ~TD_DRAWN_THREAD_PROCFS;
		}
		if (!(want & ~t->groups_filled))
			continue;
		d->w[d->nw].id = (uint32_t)(th || sel->threads == THREADS_NONE ?
					    t->tid : t->tgid);
		d->w[d->nw].thread = (uint32_t)th;
		d->w[d->nw].t = t;
		if (d->w[d->nw].id)
			d->nw++;
	}
	qsort(d->w, d->nw, sizeof(*d->w), cmp_row);
	return 0;
}

struct drawn_sink {
	const struct td_drawn *d;
	size_t cur, end;        /* the rows of this request not answered */
	const struct td_units *u;
	group_mask groups[2];   /* by kind: process, thread */
};

static int on_answer(const struct td_rec *r, void *arg)
{
	struct drawn_sink *k = arg;
	const struct td_drawn_row *w = k->d->w;
	size_t i = k->cur;
	uint32_t kind;

	while (i < k->end && w[i].id != r->pid)
		i++;
	if (i == k->end)
		return 0;
	kind = w[i].thread;
	for (; i < k->end && w[i].id == r->pid && w[i].thread == kind; i++) {
		int rc = td_fill_more(r, k->groups[kind], k->u, w[i].t);

		if (rc < 0)
			return rc;
	}
	k->cur = i;
	return 0;
}

int td_drawn_fill(struct td_drawn *d, struct td_conn *c, struct td_parser *p,
		  const struct td_units *u, const struct td_plan *plan,
		  const struct selection *sel, struct task *const *rows,
		  size_t n, int *fatal)
{
	size_t room = td_list_room(c), a = 0;
	int rc;

	*fatal = 0;
	rc = collect(d, plan, sel, rows, n);
	while (rc == 0 && a < d->nw) {
		struct drawn_sink k = {
			.d = d, .cur = a, .u = u,
			.groups = { plan->native,
				    plan->native & ~TD_DRAWN_THREAD_PROCFS },
		};
		size_t b = a, nproc = 0, nthr = 0;

		/* whole runs of one id and kind, as many ids as fit */
		while (b < d->nw && nproc + nthr < room) {
			d->ids[nproc + nthr] = d->w[b].id;
			if (d->w[b].thread)
				nthr++;
			else
				nproc++;
			do
				b++;
			while (b < d->nw && !cmp_row(&d->w[b - 1], &d->w[b]));
		}
		k.end = b;
		rc = td_conn_list(c, p, plan->show, plan->flags, d->ids, nproc,
				  d->ids + nproc, nthr, on_answer, &k, fatal);
		a = b;
	}
	return rc;
}

void td_drawn_free(struct td_drawn *d)
{
	free(d->w);
	free(d->ids);
	free(d->thread_rows);
	*d = (struct td_drawn){ 0 };
}
