#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "library/request.h"
#include "fields.h"
#include "library/sysstat.h"
#include "forestview.h"
#include "tasks.h"

/* What a task looked like at the previous reap.  The counters keep
 * their low 32 bits (16 bytes a task matter with 50,000 of them): see
 * delta(). */
struct hist {
	int tid;
	uint32_t tics, maj, min;
};

/* now - before as the full 64-bit counters would give it: the
 * difference modulo 2^32, read as signed, is the true one whenever the
 * counter moved less than 2^31 either way between two reaps (a counter
 * that went down, on a reused pid, wraps as the 64-bit one does). */
static unsigned long long delta(unsigned long long now, uint32_t before)
{
	return (unsigned long long)(long long)(int32_t)((uint32_t)now - before);
}

static struct request *req;
static struct task_set set;
static struct row *rows;
static struct row **order;
static size_t nrows, cap;
/* The rows shown: fewer than nrows when a forest hides some ('v', 'F'). */
static size_t nshown;
static struct hist *hist_old, *hist_new;
static size_t nold, hist_cap;
static struct task_counts counts;
static double uptime_now;

void tasks_init(group_mask groups)
{
	req = request_new(NULL, 0);
	if (!req && request_error())    /* a named backend, unusable */
		die("%s", request_error());
	if (!req)
		die("failed to use the process backend: %s", strerror(errno));
	request_add_groups(req, groups);
}

void tasks_need(group_mask groups)
{
	/* the request keeps its backend's state (and the descriptors it
	 * keeps open) unless a group is new */
	request_add_groups(req, groups);
}

static int hist_cmp(const void *a, const void *b)
{
	const struct hist *x = a, *y = b;

	return (x->tid > y->tid) - (x->tid < y->tid);
}

/* The previous reap's entry of tid.  Rows mostly come in the order of
 * the last reap, so the entry after the last one found is tried first
 * (*next), before a binary search. */
static const struct hist *hist_find(int tid, size_t *next)
{
	struct hist key = { .tid = tid };
	const struct hist *h;

	if (*next < nold && hist_old[*next].tid == tid)
		return &hist_old[(*next)++];
	h = nold ? bsearch(&key, hist_old, nold, sizeof(key), hist_cmp) : NULL;
	if (h)
		*next = (size_t)(h - hist_old) + 1;
	return h;
}

static bool hist_sorted(const struct hist *h, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (h[i - 1].tid > h[i].tid)
			return false;
	return true;
}

/* -H -p can show a thread twice (two ids of one process with another
 * between them): the reference's history then finds the last of them.
 * Sorts the N entries by tid, keeping only the last of each tid;
 * returns how many are left.  (Lists are short: an index sort.) */
static const struct hist *by_index;

static int index_cmp(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int x = by_index[i].tid, y = by_index[j].tid;

	if (x != y)
		return (x > y) - (x < y);
	return (i > j) - (i < j);
}

static size_t hist_sort_last_wins(struct hist *h, size_t n)
{
	size_t *idx = malloc((n ? n : 1) * sizeof(*idx));
	struct hist *tmp = malloc((n ? n : 1) * sizeof(*tmp));
	size_t k = 0;

	if (!idx || !tmp)
		die("out of memory");
	for (size_t i = 0; i < n; i++)
		idx[i] = i;
	by_index = h;
	qsort(idx, n, sizeof(*idx), index_cmp);
	for (size_t i = 0; i < n; i++)
		if (i + 1 == n || h[idx[i + 1]].tid != h[idx[i]].tid)
			tmp[k++] = h[idx[i]];
	memcpy(h, tmp, k * sizeof(*h));
	free(idx);
	free(tmp);
	return k;
}

/* Rows in the order of the -p list, as the reference reads them. */
static void order_by_pid_list(void)
{
	size_t k = 0;

	for (int i = 0; i < Opt.npids; i++)
		for (size_t j = 0; j < nrows; j++)
			if (rows[j].t->tgid == Opt.pids[i])
				order[k++] = &rows[j];
}

static void count(const struct task *t)
{
	counts.total++;
	switch (t->state) {
	case 'R':
		counts.running++;
		break;
	case 'T':
	case 't':
		counts.stopped++;
		break;
	case 'Z':
		counts.zombie++;
		break;
	default:
		/* S, D and the rest count as sleeping */
		counts.sleeping++;
		break;
	}
}

/* The last scan's selection, for filling its rows. */
static struct selection sel;

void tasks_refresh(group_mask for_all)
{
	int rc;

	sel = (struct selection){
		.threads = Opt.threads ? THREADS_ONLY : THREADS_NONE,
		.pids = Opt.npids ? Opt.pids : NULL,
		.npids = (size_t)Opt.npids,
		/* the reference reads each listed id's directory, so a
		 * thread id given to -p shows that thread */
		.in_list_order = true,
		/* -H: as ps -q, a listed id shows its whole thread group
		 * in task/'s order, and an id of the group listed just
		 * before shows nothing more */
		.quick = Opt.threads && Opt.npids,
		.keep_open = true,
		.groups = for_all,
	};
	rc = request_scan(req, &sel, &set);
	size_t next;

	if (rc < 0)
		die("failed to read processes: %s", strerror(-rc));
	uptime_now = uptime_read();
	if (set.n > cap) {
		cap = set.n + set.n / 2;
		rows = realloc(rows, cap * sizeof(*rows));
		order = realloc(order, cap * sizeof(*order));
		if (!rows || !order)
			die("out of memory");
	}
	if (set.n > hist_cap) {
		hist_cap = set.n + set.n / 2;
		hist_new = realloc(hist_new, hist_cap * sizeof(*hist_new));
		if (!hist_new)
			die("out of memory");
	}
	nrows = nshown = set.n;
	memset(&counts, 0, sizeof(counts));
	next = 0;
	for (size_t i = 0; i < nrows; i++) {
		struct task *t = &set.v[i];
		struct row *r = &rows[i];
		const struct hist *h = hist_find(t->tid, &next);

		r->t = t;
		r->level = -1;
		r->tics_delta = t->utime + t->stime;
		r->maj_delta = t->majflt;
		r->min_delta = t->minflt;
		if (h) {
			r->tics_delta = delta(r->tics_delta, h->tics);
			r->maj_delta = (unsigned long)delta(r->maj_delta, h->maj);
			r->min_delta = (unsigned long)delta(r->min_delta, h->min);
		} else if (nold) {
			/* a task the last reap did not see (a thread shown
			 * by 'H', say) has no rate yet */
			r->tics_delta = 0;
			r->maj_delta = r->min_delta = 0;
		}
		/* the reference keeps the difference in an unsigned int:
		 * one that went down (a thread shown twice by -H -p) sorts
		 * first as %CPU */
		r->tics_delta = (uint32_t)r->tics_delta;
		hist_new[i] = (struct hist){ t->tid,
					     (uint32_t)(t->utime + t->stime),
					     (uint32_t)t->majflt,
					     (uint32_t)t->minflt };
		order[i] = r;
		count(t);
	}
	/* a scan of processes comes in pid order already: then no sort
	 * (and none of qsort's scratch copy) */
	size_t nhist = nrows;

	if (sel.quick)
		nhist = hist_sort_last_wins(hist_new, nrows);
	else if (nrows && !hist_sorted(hist_new, nrows))
		qsort(hist_new, nrows, sizeof(*hist_new), hist_cmp);
	{
		struct hist *tmp = hist_old;

		hist_old = hist_new;
		hist_new = tmp;
		nold = nhist;
		size_t c = hist_cap;

		/* both arrays must be able to hold a full reap */
		if (!hist_new || c > nold) {
			hist_new = realloc(hist_new, hist_cap * sizeof(*hist_new));
			if (!hist_new)
				die("out of memory");
		}
	}
	if (Opt.npids && !Opt.threads)
		order_by_pid_list();
}

void tasks_fill(const struct row *const *v, size_t n, group_mask groups)
{
	struct task *one[64];

	/* the request takes the rows' tasks: a few at a time, with no
	 * allocation */
	for (size_t i = 0; i < n; i += 64) {
		size_t k = n - i < 64 ? n - i : 64;

		for (size_t j = 0; j < k; j++)
			one[j] = v[i + j]->t;
		request_fill(req, &sel, one, k, groups);
	}
}

void tasks_reap_order(void)
{
	for (size_t i = 0; i < nrows; i++)
		order[i] = &rows[i];
	if (Opt.npids && !Opt.threads)
		order_by_pid_list();
}

struct row **tasks_rows(size_t *n)
{
	*n = nshown;
	return order;
}

const struct task_counts *tasks_counts(void)
{
	return &counts;
}

double tasks_uptime(void)
{
	return uptime_now;
}

/* A stable merge sort of the display order. */
typedef int (*row_cmp)(const struct row *, const struct row *, void *);

static void merge_sort(struct row **v, struct row **tmp, size_t n,
		       row_cmp cmp, void *arg)
{
	size_t mid = n / 2, i = 0, j = mid, k = 0;

	if (n < 2)
		return;
	merge_sort(v, tmp, mid, cmp, arg);
	merge_sort(v + mid, tmp, n - mid, cmp, arg);
	/* halves already in order need no merge (its result would be the
	 * same): most rows of a %CPU sort are idle and equal, so a frame
	 * costs about n comparisons instead of n log n */
	if (cmp(v[mid], v[mid - 1], arg) >= 0)
		return;
	while (i < mid && j < n)
		tmp[k++] = cmp(v[j], v[i], arg) < 0 ? v[j++] : v[i++];
	while (i < mid)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

/* Scratch room of nrows pointers for the sort and the forest, kept from
 * frame to frame. */
static struct row **scratch(void)
{
	static struct row **tmp;
	static size_t tmp_cap;

	if (nrows > tmp_cap || !tmp) {
		tmp_cap = cap > nrows ? cap : nrows + 1;
		free(tmp);
		tmp = malloc(tmp_cap * sizeof(*tmp));
		if (!tmp)
			die("out of memory");
	}
	return tmp;
}

static void sort_rows(row_cmp cmp, void *arg)
{
	merge_sort(order, scratch(), nrows, cmp, arg);
}

struct sort_by {
	int field, winflags, sign;
};

static int cmp_field(const struct row *a, const struct row *b, void *arg)
{
	const struct sort_by *s = arg;

	return s->sign * field_compare(s->field, a, b, s->winflags);
}

void tasks_sort(int f, int winflags)
{
	struct sort_by s = { f, winflags, (winflags & WF_SORTHI) ? -1 : 1 };

	sort_rows(cmp_field, &s);
}

static int cmp_start(const struct row *a, const struct row *b, void *arg)
{
	(void)arg;
	return (a->t->start_time > b->t->start_time) -
	       (a->t->start_time < b->t->start_time);
}

/* Adds row self and, depth first, the later rows that are its children
 * (or, in thread mode, its threads). */
static void forest_add(struct row **seed, struct row **tree, size_t *n,
		       size_t self, int level)
{
	const struct task *p = seed[self]->t;

	if (*n >= nrows)
		return;
	if (level > 100)
		level = 101;
	seed[self]->level = level;
	tree[(*n)++] = seed[self];
	for (size_t i = self + 1; i < nrows; i++) {
		const struct task *c = seed[i]->t;

		if (seed[i]->level >= 0)
			continue;
		if ((p->tid == c->tgid && c->tid != c->tgid) ||
		    (p->tid == c->ppid && c->tid == c->tgid))
			forest_add(seed, tree, n, i, level + 1);
	}
}

void tasks_forest(void)
{
	struct row **tree;
	size_t n = 0;

	sort_rows(cmp_start, NULL);
	tree = scratch();
	for (size_t i = 0; i < nrows; i++)
		if (order[i]->level < 0)
			forest_add(order, tree, &n, i, 0);
	if (n)          /* order is NULL before the first row */
		memcpy(order, tree, n * sizeof(*tree));
	nshown = forestview_apply(order, n);
}
