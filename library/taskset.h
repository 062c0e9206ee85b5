/* A growable array of rows that owns the strings inside them. */
#ifndef PROCPS_TD_TASKSET_H
#define PROCPS_TD_TASKSET_H

#include "task.h"

struct task_set {
	struct task *v;
	size_t n, cap;
};

/* A zeroed row at the end of the set, or NULL if out of memory. */
struct task *task_set_push(struct task_set *s);
/* Drops the last row (a task that vanished while being read). */
void task_set_pop(struct task_set *s);
/* Drops the rows from index n on (rows read for what was then turned
 * down). */
void task_set_truncate(struct task_set *s, size_t n);
/* Frees the rows' strings and empties the set, keeping the storage. */
void task_set_clear(struct task_set *s);
void task_set_free(struct task_set *s);

#endif
