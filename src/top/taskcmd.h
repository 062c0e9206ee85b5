/* Commands that act on one task: 'k' (kill) and 'r' (renice). */
#ifndef TOP_TASKCMD_H
#define TOP_TASKCMD_H

void taskcmd_kill(void);
void taskcmd_renice(void);
/* The pid of the first task shown, 0 if none. */
int taskcmd_top_pid(void);
/* A signal number from a name ("HUP", "sigkill", "RTMIN+2") or a
 * number; -1 when it is none. */
int signal_by_name(const char *s);

#endif
