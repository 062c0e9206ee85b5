/* The summary area: uptime and load, task counts, cpu states, memory. */
#ifndef TOP_SUMMARY_H
#define TOP_SUMMARY_H

#include "library/sysstat.h"
#include "tasks.h"

/* Prints the summary lines for the current window; returns how many.
 * Restricted (frame.c), cpus and mem are NULL: the task states alone. */
int summary_show(const struct cpu_set *cpus, const struct mem_info *mem,
		 const struct task_counts *counts);

#endif
