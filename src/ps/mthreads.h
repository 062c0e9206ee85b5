#ifndef PS_MTHREADS_H
#define PS_MTHREADS_H
#include "library/task.h"

void mthreads_blank(struct task *t);
void mthreads_wchan_crash(void);

#endif
