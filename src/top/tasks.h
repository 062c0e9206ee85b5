/* The task list of one refresh: scanning through the library (only the
 * groups the shown fields need), the per-task deltas between refreshes
 * (%CPU, fault rates), the counts for the summary, sorting and the
 * forest view. */
#ifndef TOP_TASKS_H
#define TOP_TASKS_H

#include <stddef.h>
#include "library/items.h"
#include "top.h"

struct task_counts {
	unsigned total, running, sleeping, stopped, zombie;
};

/* Prepares the request for the groups given. */
void tasks_init(group_mask groups);
/* Adds the groups newly shown fields need. */
void tasks_need(group_mask groups);
/* Reaps all (or the -p) tasks and computes the deltas.  Also reads
 * /proc/uptime, as the reference's library does at every reap.
 * for_all: the groups read for every task (0: all the request's); the
 * rest come for the rows drawn, by tasks_fill(). */
void tasks_refresh(group_mask for_all);
/* Reads the groups given (those of the columns drawn) into the n rows of
 * this reap in v, where the reap left them out. */
void tasks_fill(const struct row *const *v, size_t n, group_mask groups);

struct row **tasks_rows(size_t *n);
/* Puts the rows back in the order of the reap: each window of the
 * alternate display sorts its own copy of it. */
void tasks_reap_order(void);
const struct task_counts *tasks_counts(void);
double tasks_uptime(void);

/* Orders the rows for display: by field f, or as a forest. */
void tasks_sort(int f, int winflags);
void tasks_forest(void);

#endif
