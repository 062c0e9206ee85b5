#ifndef PROCPS_TD_PS_SORTKEYS_H
#define PROCPS_TD_PS_SORTKEYS_H

#include "ps.h"

/* A spec that can be sorted on, including sort-only keys. */
const struct spec *sort_spec_find(const char *name);
/* O's letters, e.g. "-pu"; pushes keys in front of *out. */
const char *parse_short_sort(const char *arg, struct sort_key **out);

#endif
