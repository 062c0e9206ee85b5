#ifndef PS_MTHREADS_H
#define PS_MTHREADS_H
#include <stdbool.h>
#include "library/taskset.h"

void mthreads_blank(struct task *t);
void mthreads_wchan_crash(void);
/* Whether t is the first record the reference read (its thread line
 * shows an empty WCHAN where the others crash). */
bool mthreads_first_record(const struct task *t);
/* Puts an m/-m listing in the reference's order (quick: ps -q). */
void mthreads_order(struct task_set *rows, bool quick);

#endif
