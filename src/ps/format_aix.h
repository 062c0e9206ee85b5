#ifndef PROCPS_TD_PS_FORMAT_AIX_H
#define PROCPS_TD_PS_FORMAT_AIX_H

#include "ps.h"

/* Appends the columns of an AIX descriptor list ("%p %c") to *out;
 * returns an error text, or NULL. */
const char *parse_aix_format(const char *arg, struct column **out);

#endif
