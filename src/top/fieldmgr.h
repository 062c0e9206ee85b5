/* The Fields Management screen. */
#ifndef TOP_FIELDMGR_H
#define TOP_FIELDMGR_H

/* Runs the screen until 'q' or Esc. */
void fieldmgr_run(void);

#endif
