/* A growable array of rows that owns the strings inside them. */
#ifndef PROCPS_TD_TASKSET_H
#define PROCPS_TD_TASKSET_H

#include "task.h"

struct task_set {
	struct task *v;
	size_t n, cap;
	/* Optional: a program that prints rows as they come (ps without a
	 * sort or forest) takes each committed row here, and the set keeps
	 * only the rows not yet committed, so its storage stays small and
	 * warm.  The row is valid only during the call. */
	void (*sink)(const struct task *t, void *arg);
	void *sink_arg;
	size_t handed;          /* rows handed to the sink so far */
	int last_tgid;          /* the tgid of the last row handed */
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
/* The rows so far are final: no later pop or truncate reaches them.  A
 * set with a sink hands them on in order and empties itself (keeping its
 * storage); without one this does nothing.  Backends commit at process
 * boundaries; the request commits what is left when a scan ends. */
void task_set_commit(struct task_set *s);
void task_set_free(struct task_set *s);

#endif
