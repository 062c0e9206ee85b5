#ifndef PROCPS_TD_PS_SORTFOREST_H
#define PROCPS_TD_PS_SORTFOREST_H

#include "library/backend.h"
#include "library/request.h"
#include "format_build.h"

enum thread_mode thread_mode(const struct ps_args *a);
/* Exits with the reference's message when -q meets what it excludes. */
void check_quick_conflicts(const struct ps_args *a,
			   const struct format_result *f);
/* Whether rows can be printed as the backend hands them over: nothing
 * reorders them (no sort, forest, m/-m threads or -q list). */
bool rows_can_stream(const struct ps_args *a, const struct format_result *f);
/* Scans and prints each selected row as it comes: the rows are never
 * held all at once.  Returns the exit code, or -errno from the scan. */
int print_stream(const struct ps_args *a, const struct format_result *f,
		 struct request *req, const struct selection *sel);
/* Selects, sorts, arranges and prints the rows; returns the exit code. */
int print_rows(const struct ps_args *a, struct format_result *f,
	       struct task_set *rows);

#endif
