/* The forest view's own commands: 'v' collapses or expands the
 * children of the topmost task, 'F' keeps the focus on it. */
#ifndef TOP_FORESTVIEW_H
#define TOP_FORESTVIEW_H

#include <stddef.h>
#include "top.h"

/* Drops the rows a collapse or the focus hides from a built forest;
 * returns how many remain. */
size_t forestview_apply(struct row **tree, size_t n);
/* The first character of a row's forest art: '+' for a collapsed
 * parent, '|' while a focus holds, else ' '. */
char forestview_mark(const struct row *r);
/* The keys; nothing happens outside the forest view. */
void forestview_collapse(void);
void forestview_focus(void);

#endif
