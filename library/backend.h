/* The backend interface: a small vtable.
 *
 * A backend is probed once, prepared once for the set of data groups a
 * request needs, then asked to scan as often as the program likes (top
 * scans every refresh).  It appends one struct task per row. */
#ifndef PROCPS_TD_BACKEND_H
#define PROCPS_TD_BACKEND_H

#include <stdbool.h>
#include "items.h"
#include "taskset.h"

enum thread_mode {
	THREADS_NONE,   /* one row per process */
	THREADS_ONLY,   /* one row per thread (ps -L, -T, H; top -H) */
	THREADS_AFTER,  /* a process row followed by its thread rows (ps m) */
};

struct selection {
	enum thread_mode threads;
	const int *pids;        /* NULL: every process */
	size_t npids;           /* rows keep /proc's own order regardless, */
	bool in_list_order;     /* unless this asks for the list's order
				 * (repeats included) without a full scan */
	bool leaders_only;      /* a listed id that is a thread of another
				 * process gives no row (ps; top shows it) */
	bool quick;             /* ps -q and top -H -p, with in_list_order:
				 * a listed id's rows carry its process's
				 * true tgid, and with threads an id of the
				 * process listed just before adds no rows
				 * (top -p without -H counts a listed
				 * thread as a process) */
	bool keep_open;         /* the program scans again: a backend may
				 * keep what makes the next scan cheaper */
	/* The groups to read for every row of this scan, a subset of those
	 * prepared (stat always); 0: all of them.  A program that shows
	 * only some rows (top's screen) reads the others' groups for just
	 * those rows afterwards, by fill().  A backend without fill()
	 * ignores it and reads every prepared group. */
	group_mask groups;
	/* A process row the program would drop, told before the costly
	 * groups are read: called (from any scanning thread) with stat,
	 * owner and status filled as far as they were requested, and tid
	 * and tgid set.  NULL: every row is read whole.  Process rows only
	 * (threads of an accepted process follow it). */
	bool (*accept)(const struct task *t, const void *arg);
	const void *accept_arg;
};

struct backend_ops {
	const char *name;
	/* 0 when the backend can be used on this system */
	int (*probe)(void);
	/* returns backend state, or NULL with errno set */
	void *(*prepare)(group_mask groups);
	/* appends rows to out; 0 on success, -errno when /proc is unusable */
	int (*scan)(void *state, const struct selection *sel,
		    struct task_set *out);
	void (*release)(void *state);
	/* optional: reads the groups given (prepared ones; those a row has
	 * already are skipped) into rows this backend's last scan with sel
	 * made; a row whose task is gone keeps them missing.  0 or -errno */
	int (*fill)(void *state, const struct selection *sel,
		    struct task *const *rows, size_t n, group_mask groups);
	/* optional: after probe refused, why, for the user, into why
	 * (size bytes); left empty when there is nothing to add */
	void (*explain)(char *why, size_t size);
};

extern const struct backend_ops procfs_backend;
#ifdef HAVE_TASK_DIAG
extern const struct backend_ops task_diag_backend;
#endif
#ifdef HAVE_BPF
extern const struct backend_ops bpf_backend;
#endif

#endif
