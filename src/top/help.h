/* The help screen. */
#ifndef TOP_HELP_H
#define TOP_HELP_H

/* Draws the help screen; the caller waits for a key. */
void help_show(void);
/* The second page: windows and field groups. */
void help_windows(void);

#endif
