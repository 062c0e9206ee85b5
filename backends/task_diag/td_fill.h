/* From a merged task_diag record to the struct task row the procfs backend
 * would have produced for the same task: same units, same missing values.
 * Pure: no I/O; only the row's own strings are allocated. */
#ifndef PROCPS_TD_TD_FILL_H
#define PROCPS_TD_TD_FILL_H

#include "../../library/items.h"
#include "td_proto.h"

struct td_units {
	uint64_t ns_per_tick;   /* 1e9 / sysconf(_SC_CLK_TCK) */
	unsigned page_kib;      /* page size in KiB */
};

/* The units of the running system. */
void td_units_init(struct td_units *u);

/* The show_flags bits that fill data group g (for a version 1 module);
 * 0 when the module has no attribute for it (smaps_rollup).  From the
 * group table td_fill.c fills rows by. */
uint64_t td_group_show(enum data_group g);

/* 1 when r's BASE carries the owner of /proc/PID (module version 2). */
int td_has_owner(const struct td_rec *r);

/* Fills t (zeroed by the caller) with the groups of `groups` that r
 * carries.  -1 when procfs could not have read the task's stat file (the
 * row is then dropped, as the procfs backend drops it); -ENOMEM. */
int td_fill_task(const struct td_rec *r, group_mask groups,
		 const struct td_units *u, struct task *t);

/* Adds to the row t the groups of `groups` it lacks that r carries
 * (stat itself is never touched); a record whose BASE is withheld
 * leaves t as it is.  0 or -ENOMEM. */
int td_fill_more(const struct td_rec *r, group_mask groups,
		 const struct td_units *u, struct task *t);

/* Replaces the per-thread figures of t (stat counters and times, io) with
 * the process-wide ones r carries, as /proc/PID shows them for a leader. */
void td_fill_whole(const struct td_rec *r, group_mask groups,
		   const struct td_units *u, struct task *t);

#endif
