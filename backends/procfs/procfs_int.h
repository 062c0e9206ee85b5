/* The procfs backend's own parts: its state, the per-thread reader
 * (reader.c), one process's rows (row.c), the kept descriptors (held.c)
 * and the parallel scan (parallel.c). */
#ifndef PROCPS_TD_PROCFS_INT_H
#define PROCPS_TD_PROCFS_INT_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>
#include "../../library/backend.h"

struct held_fds;

enum { DENTS_BUF = 64 * 1024, PATH_MAXLEN = 64, PROC_FS_MAGIC = 0x9fa0 };

/* what getdents64 fills the listing buffers with */
struct linux_dirent64 {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* Set once per scan, then only read, by every scanning thread. */
struct procfs {
	int procfd;
	bool real_proc;         /* procfs itself: it lists pids ascending */
	group_mask groups;
	group_mask scan_groups; /* of those, the ones this scan reads */
	/* the items of those groups that are a file of their own (IN_FILE) */
	enum item file_items[ITEM_COUNT];
	size_t nfile_items;
	unsigned long page_kib;
	struct held_fds *held;  /* kept descriptors (top), or NULL */
	const struct selection *sel;    /* the scan's */
	char *dents;            /* /proc's listing, read in the caller */
	int *pids;              /* the pids of that listing, in its order */
	size_t npids, pidcap;
	/* relist.c: the listing kept from scan to scan */
	signed char relist_ok;  /* -1: not checked yet */
	int loadavg_fd;
	unsigned relist_history;        /* scans since a wrap */
	unsigned relist_scans;          /* partial listings since a full one */
	long cursor_prev, cursor_prev2; /* the pid cursor at the last two */
	/* this scan's pids are the kept listing (not /proc's own), where a
	 * pid gone since may now name a thread: rows drop threads */
	bool listing_kept;
};

/* What one scanning thread owns. */
struct reader {
	const struct procfs *p;
	char *buf;              /* file contents, grown on demand */
	size_t bufcap;
	char *tdents;           /* a process's task/ listing, on demand */
	int *tids;              /* its thread ids, for held_set_threads */
	size_t tidcap;
	/* the kept-descriptor entry of the process directory read next
	 * (held_get_many), or NULL: row.c looks it up */
	struct held_entry *entry;
	int entry_pid;
	bool gone;              /* the last pid read had vanished */
};

int reader_init(struct reader *r, const struct procfs *p);
void reader_release(struct reader *r);
/* Reads path (relative to /proc) whole into r->buf, NUL-terminated.
 * Returns its length, or -1.  fd >= 0: read that open file from 0. */
ssize_t reader_read(struct reader *r, const char *path, int fd);
/* Appends x to the array *v of *n ints (room *cap, doubled when full,
 * first_cap at first): 0, or -ENOMEM (the array left as it was). */
int int_push(int **v, size_t *n, size_t *cap, size_t first_cap, int x);
/* The pid a /proc directory name stands for, or -1 (not a pid). */
int pid_of_name(const char *name);
/* Calls each() for every pid /proc lists from directory position pos
 * on (0: all), reading bufsize bytes of the listing first, then
 * DENTS_BUF at a time, until each() returns non-zero: 0, or -errno (a
 * negative return of each()). */
int list_pids(struct procfs *p, off_t pos, size_t bufsize,
	      int (*each)(struct procfs *p, int pid, void *arg), void *arg);

/* relist.c: for a scan that keeps its listing (top), adds to p->pids the
 * pids that can be new since the last scans; 0, or RELIST_FULL when the
 * whole of /proc must be listed instead. */
enum { RELIST_FULL = 1 };
int relist_collect(struct procfs *p);
/* Drops the pids a scan found gone (set to 0) from the kept listing. */
void relist_forget_gone(struct procfs *p);

/* row.c */

/* One process (and its threads as sel asks) appended to out; 0, or
 * -ENOMEM.  A vanished process appends nothing. */
int scan_one(struct reader *r, const struct selection *sel, int pid,
	     struct task_set *out);
/* One process row into t (zeroed by the caller): 0, or -1 (t left zeroed)
 * if it vanished, the selection turned it down, or it is a thread of
 * another process when sel asks for leaders only. */
int read_process_row(struct reader *r, const struct selection *sel, int pid,
		     struct task *t);

/* Reads the groups g (but those t has) into a row of a scan with sel,
 * by path.  A task that is gone leaves them missing. */
void fill_row(struct reader *r, const struct selection *sel, struct task *t,
	      group_mask g);

/* parallel.c: how many threads to scan n processes with (1: none), and
 * the scan of p->pids split among them, rows in the listing's order. */
int scan_thread_count(size_t n);
int scan_parallel(struct procfs *p, const struct selection *sel,
		  int nthreads, struct task_set *out);

/* held.c: stat/statm (and status) kept open from one scan to the next,
 * read again with pread.  The kernel ties an open /proc file to its
 * task: once the task is gone (even if its pid is reused) the read fails
 * and the file is opened again by name. */
enum held_file { HELD_STAT, HELD_STATM, HELD_STATUS, HELD_COUNT,
		 HELD_DIR = HELD_COUNT, HELD_FDS };
struct held_entry;
struct held_fds *held_new(int procfd);
void held_free(struct held_fds *h);
/* kinds: the held_file kinds (bits) worth keeping this scan; those kept
 * of a kind no longer wanted are closed */
void held_scan_begin(struct held_fds *h, unsigned kinds);
void held_scan_end(struct held_fds *h);     /* closes the vanished */
/* The entry of a task directory (in_task: PID/task/TID), made if new and
 * marked used by this scan; NULL if out of memory.  Thread-safe. */
struct held_entry *held_get(struct held_fds *h, int tid, bool in_task);
/* held_get of n process directories at once (one lock for a block of a
 * parallel scan: taking it per task was 5 % of a top frame). */
void held_get_many(struct held_fds *h, const int *pids, size_t n,
		   struct held_entry **out);
/* Reads file `which` at path into r->buf through e's descriptor, opening
 * (and keeping) it if needed.  Returns its length, or -1 if gone. */
ssize_t held_read(struct held_fds *h, struct held_entry *e, struct reader *r,
		  enum held_file which, const char *path);
/* The owner of the task's directory (dir: its path), by fstat of a kept
 * O_PATH descriptor: the kernel works it out afresh on each call, with no
 * path walk.  0, or -1 if gone. */
int held_owner(struct held_fds *h, struct held_entry *e, const char *dir,
	       struct stat *st);
/* The start time read with the held stat: a different one means the
 * descriptors belong to an older task of that id; they are dropped and
 * false returned (read again). */
bool held_check_start(struct held_fds *h, struct held_entry *e,
		      unsigned long long start_time);
/* The threads (but the main one) a process's entry kept from its last
 * task/ listing, in that order, or NULL if none are kept; the entry
 * forgets them when its task is found gone or replaced. */
const int *held_threads(const struct held_entry *e, size_t *n);
void held_set_threads(struct held_entry *e, const int *tids, size_t n);
void held_forget_threads(struct held_entry *e);

#endif
