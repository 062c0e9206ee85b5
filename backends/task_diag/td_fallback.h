/* Groups the module cannot give, read from procfs for the rows that need
 * them: the procfs backend is run through its vtable over just those
 * processes, and the groups' fields are moved into the task_diag rows. */
#ifndef PROCPS_TD_TD_FALLBACK_H
#define PROCPS_TD_TD_FALLBACK_H

#include "../../library/backend.h"

struct td_fallback {
	group_mask groups;      /* fallback groups (stat is read regardless) */
	void *state;            /* procfs_backend state, prepared lazily */
	struct task_set rows;   /* procfs's rows of the last pass */
	int *pids;
	size_t npids, cappids;
};

void td_fallback_init(struct td_fallback *fb, group_mask groups);
void td_fallback_release(struct td_fallback *fb);

/* Fills fb->groups into out->v[first..] from procfs.  all: the selection
 * was every process (no pid list is passed down then).  0 or -errno. */
int td_fallback_fill(struct td_fallback *fb, enum thread_mode mode, int all,
		     struct task_set *out, size_t first);

#endif
