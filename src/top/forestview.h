/* The forest view's own commands: 'v' collapses or expands the
 * children of the topmost task, 'F' keeps the focus on it. */
#ifndef TOP_FORESTVIEW_H
#define TOP_FORESTVIEW_H

#include <stddef.h>
#include "frame.h"
#include "top.h"

/* Drops the rows a collapse or the focus hides from a built forest;
 * returns how many remain. */
size_t forestview_apply(struct row **tree, size_t n);
/* The first character of a row's forest art: '+' for a collapsed
 * parent, '|' while a focus holds, else ' '. */
char forestview_mark(const struct row *r);
/* The keys, on window w with its scroll state ws and its n rows;
 * nothing happens outside the forest view. */
void forestview_collapse(const struct window *w, struct winstate *ws,
			 struct row **rows, size_t n);
void forestview_focus(const struct window *w, struct winstate *ws,
		      struct row **rows, size_t n);

#endif
