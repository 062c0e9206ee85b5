/* What procps-ng 4.0.2 shows on the thread lines of m and -m, where its
 * thread records are only partly filled. */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
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
	if (t->groups_filled & GROUP_BIT(GRP_IO))
		memset(t->io, 0, sizeof(*t->io));
}

/* The reference crashes on a thread line's WCHAN: its signal handler
 * (signals.c) reports, flushes what was printed, and dies by the signal
 * (as pid 1, which cannot, it exits 1). */
void mthreads_wchan_crash(void)
{
	raise(SIGSEGV);
	exit(1);
}

/* The reference's first record (see mthreads_order); NULL if none. */
static const struct task *first_record;

bool mthreads_first_record(const struct task *t)
{
	return t == first_record;
}

struct thread_key {
	int tgid;
	unsigned long long start_time;
	size_t idx;
};

static int by_tgid_start(const void *a, const void *b)
{
	const struct thread_key *x = a, *y = b;

	if (x->tgid != y->tgid)
		return x->tgid < y->tgid ? -1 : 1;
	if (x->start_time != y->start_time)
		return x->start_time < y->start_time ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* m and -m, as the reference does them: it reads thread records only,
 * sorts them by start time and then (stably) by process, whatever order
 * /proc lists them in (a copy of /proc on a disk lists in hash order),
 * and shows each run of one process's threads after a process line made
 * from the run's first thread.  So one process listed twice (ps -q) is
 * one run, and a listed thread id's process line is its first thread's.
 * The backend's process rows are dropped for these copies. */
void mthreads_order(struct task_set *rows, bool quick)
{
	size_t first = SIZE_MAX;
	struct thread_key *key;
	struct task *v;
	size_t nt = 0, k = 0, room = rows->n + 1;

	key = malloc(room * sizeof(*key));
	v = malloc(room * sizeof(*v));
	if (!key || !v) {
		free(key);
		free(v);
		return;         /* listing order, as before */
	}
	/* The reference's first record is the first thread it read:
	 * under -q the first listed process's first thread, else the
	 * first process of /proc's listing, pid 1 (the selection comes
	 * after the reading there). */
	for (size_t i = 0; i < rows->n; i++) {
		const struct task *t = &rows->v[i];

		if (!t->is_thread_row)
			continue;
		if (first == SIZE_MAX &&
		    (quick || (t->tid == 1 && t->tgid == 1)))
			first = i;
		key[nt++] = (struct thread_key){ t->tgid, t->start_time, i };
	}
	qsort(key, nt, sizeof(*key), by_tgid_start);
	for (size_t i = 0; i < nt; i++) {
		if (i == 0 || key[i].tgid != key[i - 1].tgid) {
			if (task_copy(&v[k], &rows->v[key[i].idx]) < 0) {
				task_free_strings(&v[k]);
				task_clear(&v[k]);
			}
			v[k++].is_thread_row = 0;
		}
		if (key[i].idx == first)
			first_record = &v[k];
		v[k++] = rows->v[key[i].idx];
	}
	for (size_t i = 0; i < rows->n; i++)
		if (!rows->v[i].is_thread_row)
			task_free_strings(&rows->v[i]);
	free(rows->v);
	rows->v = v;
	rows->n = k;
	rows->cap = room;
	free(key);
}
