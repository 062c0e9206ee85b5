#ifndef PS_MTHREADS_H
#define PS_MTHREADS_H
#include "library/taskset.h"

void mthreads_blank(struct task *t);
void mthreads_wchan_crash(void);
/* Puts the processes of an m/-m listing in pid order. */
void mthreads_order(struct task_set *rows);

#endif
