#ifndef PROCPS_TD_PS_LISTS_H
#define PROCPS_TD_PS_LISTS_H

#include <sys/sysmacros.h>
#include "ps.h"

/* Parses a list and pushes it onto *out; returns an error text or NULL. */
const char *parse_sel_list(const char *arg, enum sel_kind kind,
			   struct sel_list **out);
/* A dev_t in the tty_nr encoding of /proc/PID/stat. */
unsigned tty_encode(dev_t dev);

#endif
