/* The Fields Management screen. */
#ifndef TOP_FIELDMGR_H
#define TOP_FIELDMGR_H

#include "top.h"

/* Runs the screen for window w until 'q' or Esc. */
void fieldmgr_run(struct window *w);

#endif
