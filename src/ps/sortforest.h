#ifndef PROCPS_TD_PS_SORTFOREST_H
#define PROCPS_TD_PS_SORTFOREST_H

#include "library/backend.h"
#include "format_build.h"

enum thread_mode thread_mode(const struct ps_args *a);
/* Exits with the reference's message when -q meets what it excludes. */
void check_quick_conflicts(const struct ps_args *a,
			   const struct format_result *f);
/* Selects, sorts, arranges and prints the rows; returns the exit code. */
int print_rows(const struct ps_args *a, struct format_result *f,
	       struct task_set *rows);

#endif
