/* The rows a program draws (top's screen): their other groups through
 * LIST requests (module version 4), one per frame for up to about a
 * thousand rows, matched back to the rows by id. */
#ifndef PROCPS_TD_TD_DRAWN_H
#define PROCPS_TD_TD_DRAWN_H

#include "../../library/backend.h"
#include "td_fill.h"
#include "td_io.h"
#include "td_req.h"

/* procfs reads these of a thread row from its process directory (ns/,
 * exe) or not at all (autogroup, a file of /proc/PID only): a thread row
 * asks procfs for them */
#define TD_DRAWN_THREAD_PROCFS (GROUP_BIT(GRP_NS) | GROUP_BIT(GRP_EXE) | \
				GROUP_BIT(GRP_AUTOGROUP))

struct td_drawn_row;

/* Scratch kept between frames. */
struct td_drawn {
	struct td_drawn_row *w;
	size_t nw, capw;
	uint32_t *ids;
	size_t capids;
	struct task **thread_rows;      /* rows procfs reads from task/TID */
	size_t nthread, capthread;
};

/* Fills rows[0..n) (made by a scan with sel) with the groups of
 * plan->native that they lack, from the module: a row procfs would read
 * from /proc/ID as LIST's process ids, one it would read from
 * /proc/TGID/task/ID as its thread ids (without TD_DRAWN_THREAD_PROCFS;
 * d->thread_rows lists those rows afterwards).  A row whose task is gone
 * or hidden keeps its groups missing.  0, or the failed request's -errno
 * (*fatal: reopen the module). */
int td_drawn_fill(struct td_drawn *d, struct td_conn *c, struct td_parser *p,
		  const struct td_units *u, const struct td_plan *plan,
		  const struct selection *sel, struct task *const *rows,
		  size_t n, int *fatal);
void td_drawn_free(struct td_drawn *d);

#endif
