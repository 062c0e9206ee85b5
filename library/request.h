/* A request: the items a program will show, the groups they need, and the
 * backend that fetches them.  Created once, scanned as often as needed. */
#ifndef PROCPS_TD_REQUEST_H
#define PROCPS_TD_REQUEST_H

#include "backend.h"

struct request;

/* Chooses the backend (PROCPS_BACKEND=procfs|task_diag|auto, default
 * auto).  Returns NULL and prints nothing on failure; errno tells why. */
struct request *request_new(const enum item *items, size_t nitems);
/* After request_new failed: a sentence naming the backend that was asked
 * for and why it cannot be used (an unknown value lists the valid ones),
 * or NULL when the cause is no usable /proc, for which the programs print
 * the reference's own message. */
const char *request_error(void);
/* Adds groups beyond those the items imply (e.g. for selection). */
void request_add_groups(struct request *r, group_mask groups);
group_mask request_groups(const struct request *r);
const char *request_backend_name(const struct request *r);

/* Empties out and fills it with the selected rows. 0 or -errno. */
int request_scan(struct request *r, const struct selection *sel,
		 struct task_set *out);
/* The same rows, handed to row() one at a time in order as the backend
 * finishes them (the row is valid only during the call), so that they
 * are never all held at once.  0 or -errno; on -errno some rows may
 * have been handed already. */
int request_scan_each(struct request *r, const struct selection *sel,
		      void (*row)(const struct task *t, void *arg),
		      void *arg);
/* The groups given, of the request's, read into the rows of a scan made
 * with sel (whose sel->groups left them out): a program that reads for
 * every task only what it decides with fills the columns of the rows it
 * shows.  Rows that have a group keep it.  With a backend that cannot
 * fill, scans read every group and this does nothing.  0 or -errno. */
int request_fill(struct request *r, const struct selection *sel,
		 struct task *const *rows, size_t n, group_mask groups);
void request_free(struct request *r);

#endif
