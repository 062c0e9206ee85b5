/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FIXTURE_H
#define FIXTURE_H
#include <sys/types.h>

/*
 * Start td_hold with the given arguments (NULL-terminated, without argv[0])
 * and environment (NULL: inherit); wait until it has stopped.  Returns its
 * pid or -1.
 */
pid_t hold(const char *const *args, char *const *envp);
/* Same with a command line of about bytes bytes of filler arguments. */
pid_t hold_big(size_t bytes);
/* SIGKILL and reap every fixture started so far. */
void hold_kill_all(void);
/* Pids of the children of thread tid (/proc/TID/task/TID/children). */
int proc_children(pid_t tid, pid_t *out, int max);
/* Tids of /proc/PID/task in listing order. */
int proc_threads(pid_t pid, pid_t *out, int max);
/* Take uid as real, effective and saved uid and gid, with extra as the
 * only supplementary group (none if 0); a FAIL line and exit(1) if not. */
void td_become(uid_t uid, gid_t extra);
/* Run fn in a child and wait for it; a FAIL line unless it exits 0. */
void td_run_child(void (*fn)(void));
#endif
