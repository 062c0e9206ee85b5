/* What procps-ng 4.0.2 shows on the thread lines of m and -m, where its
 * thread records are only partly filled. */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "output.h"
#include "mthreads.h"

void mthreads_blank(struct task *t)
{
	/* These come out as zeros on the reference's thread lines. */
	t->priority = 0;
	t->processor = 0;
	t->policy = 0;
	t->rt_priority = 0;
	t->oom_score = 0;
	t->io_rchar = t->io_wchar = t->io_syscr = t->io_syscw = 0;
	t->io_read_bytes = t->io_write_bytes = 0;
	t->io_cancelled_write_bytes = 0;
}

/* The reference crashes on a thread line's WCHAN: its signal handler
 * (signals.c) reports, flushes what was printed, and dies by the signal
 * (as pid 1, which cannot, it exits 1). */
void mthreads_wchan_crash(void)
{
	raise(SIGSEGV);
	exit(1);
}

struct group {
	int tgid;
	size_t first, n;
};

static int by_tgid(const void *a, const void *b)
{
	const struct group *x = a, *y = b;

	if (x->tgid != y->tgid)
		return x->tgid < y->tgid ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

/* m and -m: the reference lists the processes, each followed by its
 * threads, in pid order whatever order /proc lists them in (a copy of
 * /proc on a disk lists in hash order). */
void mthreads_order(struct task_set *rows)
{
	struct group *g;
	struct task *v;
	size_t ng = 0, k = 0;
	bool sorted = true;

	if (rows->n < 2)
		return;
	g = malloc(rows->n * sizeof(*g));
	v = malloc(rows->cap * sizeof(*v));
	if (!g || !v) {
		free(g);
		free(v);
		return;         /* listing order, as before */
	}
	for (size_t i = 0; i < rows->n; i++) {
		if (ng && rows->v[i].is_thread_row) {
			g[ng - 1].n++;
			continue;
		}
		if (ng && rows->v[i].tgid < g[ng - 1].tgid)
			sorted = false;
		g[ng++] = (struct group){ rows->v[i].tgid, i, 1 };
	}
	if (sorted) {
		free(g);
		free(v);
		return;
	}
	qsort(g, ng, sizeof(*g), by_tgid);
	for (size_t i = 0; i < ng; i++)
		for (size_t j = 0; j < g[i].n; j++)
			v[k++] = rows->v[g[i].first + j];
	free(rows->v);
	rows->v = v;
	free(g);
}
