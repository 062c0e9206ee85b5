#ifndef PROCPS_TD_PS_SELECT_H
#define PROCPS_TD_PS_SELECT_H

#include "library/backend.h"
#include "ps.h"

/* Works out the simple-selection table; an error text or NULL. */
const char *selection_setup(const struct ps_args *a);
/* True when the row passes the command line's selection. */
bool want_task(const struct ps_args *a, const struct task *t);
/* Lets the backend judge process rows before it reads their costly
 * files (want_task() on stat, owner and status). */
void selection_to_backend(const struct ps_args *a, struct selection *sel);
/* Items the selection itself reads. */
group_mask selection_groups(const struct ps_args *a);

#endif
