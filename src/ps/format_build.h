#ifndef PROCPS_TD_PS_FORMAT_BUILD_H
#define PROCPS_TD_PS_FORMAT_BUILD_H

#include "ps.h"

struct format_result {
	struct column *columns;
	struct sort_key *sort;
	bool no_header;         /* every header empty */
};

/* Builds the column list and sort keys from the parsed options and
 * PS_FORMAT.  Returns an error text, or NULL. */
const char *build_formats(struct ps_args *a, struct format_result *out);

#endif
