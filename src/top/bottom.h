/* The bottom windows: ^G control groups, ^K command line, ^N
 * environment, ^U supplementary groups of the topmost task, and ^L the
 * message log.  Each key shows its window or, again, hides it. */
#ifndef TOP_BOTTOM_H
#define TOP_BOTTOM_H

#include <stdbool.h>
#include "library/items.h"

/* True when key is one of the windows' keys (and was handled). */
bool bottom_key(int key);
/* The groups the window shown reads, for every task (0: none shown). */
group_mask bottom_groups(void);
/* Hides the window ('=', a resize). */
void bottom_close(void);
/* Draws the window over the screen's last rows, after a frame. */
void bottom_show(void);
/* The rows the window takes (title and text), which the task area
 * leaves free, and whether the last bottom_show changed them (the
 * frame must then be made again). */
extern int Bottom_rows;
bool bottom_changed(void);
/* Remembers a message for ^L. */
void bottom_log(const char *msg);

#endif
