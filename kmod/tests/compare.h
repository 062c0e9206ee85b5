/* SPDX-License-Identifier: GPL-2.0 */
/* Compare one task_diag task with what procfs shows for the same task. */
#ifndef COMPARE_H
#define COMPARE_H

#include "tdlib.h"

/* read a whole file; 0 or -errno */
int read_all(const char *path, char **buf, size_t *len);

/* state letter of dir's stat (dir: /proc/PID on any procfs), or -errno */
int proc_state(const char *dir);

/*
 * Compare the groups in mask of t against the procfs directory dir
 * (/proc/PID or /proc/PID/task/TID, on any procfs mount).  Prints one
 * PASS/FAIL line per group when report is set; returns the number of
 * groups that differ.  A group procfs refuses (EACCES/EPERM) must be
 * withheld, and the other way round.
 */
int compare_task(const struct td_task *t, const char *dir, uint64_t mask,
		 const char *label, int report);

extern const char *const td_group_names[__TASK_DIAG_GROUP_MAX];

#endif
