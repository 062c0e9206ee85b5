/* --signames: a signal mask as names (Debian 13's ps). */
#ifndef PS_SIGNAMES_H
#define PS_SIGNAMES_H

#include <stdint.h>

/* The names of mask's signals into buf, as 4.0.4 prints them in room
 * cells: its length, or -1 when 4.0.4 shows the hexadecimal instead. */
int signame_cell(char *buf, uint64_t mask, int room);

struct column;
/* -m and m with --signames: 4.0.4 has taken the signal columns' "process
 * or thread line" marks away with their alignment, and stops before any
 * output when it finds a column without one. */
void signames_thread_check(const struct column *cols);

#endif
