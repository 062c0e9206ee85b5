/* The toprc's lines after the windows: other filters and Inspect
 * entries. */
#ifndef TOP_RCTAIL_H
#define TOP_RCTAIL_H

#include <stdbool.h>
#include <stdio.h>

struct inspect_entry {
	bool pipe;              /* popen(what), else fopen(what) */
	char *name;
	char *what;             /* a "%d" in it becomes the pid */
};

/* Forgets what was read: no entries, nothing kept, no error. */
void rctail_reset(void);
/* Reads the lines after the windows' (rc_load). */
void rctail_load(FILE *fp);
/* Writes them back after the windows' ('W'). */
void rctail_save(FILE *fp);
/* Whether a line read was no valid entry ('W' asks before saving). */
bool rctail_errors(void);

int inspect_count(void);
const struct inspect_entry *inspect_entry(int i);

#endif
