/* Descriptors kept open between scans (top refreshes).
 *
 * Opening /proc/PID/stat walks the path (pid lookup, revalidation, an
 * owner check) every time; a kept descriptor is read again with pread
 * from offset 0, which regenerates the file.  An entry per task
 * directory holds its stat, statm and status descriptors and an O_PATH
 * one of the directory itself (for its owner); a scan marks
 * the entries it used and its end closes the rest.
 *
 * Limits: the soft RLIMIT_NOFILE is raised to the hard one, and no more
 * descriptors are kept than it allows minus a reserve, so a machine with
 * more tasks than that keeps some and reopens the others. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "procfs_int.h"

enum { FD_RESERVE = 64 };

struct held_entry {
	uint64_t key;                   /* tid * 2 + in_task */
	unsigned long long start_time;  /* 0: not known yet */
	unsigned gen;                   /* the last scan that used it */
	int fd[HELD_FDS];
	/* a process directory's threads but its main one, as task/ last
	 * listed them (held_threads); ntids < 0: none kept */
	int *tids;
	int ntids;
};

struct held_fds {
	int procfd;
	pthread_mutex_t lock;           /* the table; an entry belongs to the
					 * one thread reading its task */
	struct held_entry **slots;      /* open addressing, power of two */
	size_t nslots, nused;
	unsigned gen;
	unsigned kinds;                 /* held_file bits worth keeping */
	long fds_held, fds_max;         /* under lock */
};

static uint64_t make_key(int tid, bool in_task)
{
	return (uint64_t)(unsigned)tid * 2 + in_task;
}

static size_t slot_of(const struct held_fds *h, uint64_t key)
{
	return (size_t)(key * 0x9E3779B97F4A7C15ull >> 17) & (h->nslots - 1);
}

struct held_fds *held_new(int procfd)
{
	struct held_fds *h = calloc(1, sizeof(*h));
	struct rlimit rl;

	if (!h)
		return NULL;
	h->procfd = procfd;
	pthread_mutex_init(&h->lock, NULL);
	h->nslots = 1024;
	h->slots = calloc(h->nslots, sizeof(*h->slots));
	if (!h->slots) {
		free(h);
		return NULL;
	}
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
		if (rl.rlim_cur < rl.rlim_max) {
			rl.rlim_cur = rl.rlim_max;
			if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
				getrlimit(RLIMIT_NOFILE, &rl);
		}
		if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > (1u << 24))
			rl.rlim_cur = 1u << 24;
		h->fds_max = (long)rl.rlim_cur - FD_RESERVE;
	}
	return h;
}

void held_forget_threads(struct held_entry *e)
{
	free(e->tids);
	e->tids = NULL;
	e->ntids = -1;
}

static void entry_close(struct held_fds *h, struct held_entry *e)
{
	held_forget_threads(e);
	for (int i = 0; i < HELD_FDS; i++)
		if (e->fd[i] >= 0) {
			close(e->fd[i]);
			e->fd[i] = -1;
			__atomic_fetch_sub(&h->fds_held, 1, __ATOMIC_RELAXED);
		}
}

void held_free(struct held_fds *h)
{
	if (!h)
		return;
	for (size_t i = 0; i < h->nslots; i++)
		if (h->slots[i]) {
			entry_close(h, h->slots[i]);
			free(h->slots[i]);     /* entry_close freed its tids */
		}
	free(h->slots);
	pthread_mutex_destroy(&h->lock);
	free(h);
}

static void insert_slot(struct held_entry **slots, size_t nslots,
			const struct held_fds *h, struct held_entry *e)
{
	size_t i = slot_of(h, e->key);

	while (slots[i])
		i = (i + 1) & (nslots - 1);
	slots[i] = e;
}

/* Rebuilds the table at `nslots`; with drop_unused, closes and frees the
 * entries this scan did not use. */
static int rebuild(struct held_fds *h, size_t nslots, bool drop_unused)
{
	struct held_entry **old = h->slots;
	size_t oldn = h->nslots;
	struct held_entry **slots = calloc(nslots, sizeof(*slots));

	if (!slots)
		return -1;
	h->slots = slots;
	h->nslots = nslots;
	h->nused = 0;
	for (size_t i = 0; i < oldn; i++) {
		struct held_entry *e = old[i];

		if (!e)
			continue;
		if (drop_unused && e->gen != h->gen) {
			entry_close(h, e);
			free(e);
			continue;
		}
		insert_slot(slots, nslots, h, e);
		h->nused++;
	}
	free(old);
	return 0;
}

void held_scan_begin(struct held_fds *h, unsigned kinds)
{
	unsigned dropped = h->kinds & ~kinds;

	h->gen++;
	h->kinds = kinds;
	if (!dropped)
		return;
	/* the descriptors of files no longer read for every task would
	 * take the room of those that are */
	for (size_t i = 0; i < h->nslots; i++) {
		struct held_entry *e = h->slots[i];

		for (int k = 0; e && k < HELD_FDS; k++)
			if ((dropped & (1u << k)) && e->fd[k] >= 0) {
				close(e->fd[k]);
				e->fd[k] = -1;
				h->fds_held--;
			}
	}
}

void held_scan_end(struct held_fds *h)
{
	size_t want = 1024;

	while (want < h->nused * 2)
		want *= 2;
	rebuild(h, want, true);
}

/* The entry of key, made if new; the caller holds the lock. */
static struct held_entry *entry_locked(struct held_fds *h, uint64_t key)
{
	struct held_entry *e;
	size_t i;

	if ((h->nused + 1) * 2 > h->nslots &&
	    rebuild(h, h->nslots * 2, false) < 0)
		return NULL;
	for (i = slot_of(h, key); (e = h->slots[i]); i = (i + 1) & (h->nslots - 1))
		if (e->key == key)
			goto found;
	e = malloc(sizeof(*e));
	if (e) {
		e->key = key;
		e->start_time = 0;
		e->tids = NULL;
		e->ntids = -1;
		for (int k = 0; k < HELD_FDS; k++)
			e->fd[k] = -1;
		h->slots[i] = e;
		h->nused++;
	}
found:
	if (e)
		e->gen = h->gen;
	return e;
}

struct held_entry *held_get(struct held_fds *h, int tid, bool in_task)
{
	struct held_entry *e;

	pthread_mutex_lock(&h->lock);
	e = entry_locked(h, make_key(tid, in_task));
	pthread_mutex_unlock(&h->lock);
	return e;
}

void held_get_many(struct held_fds *h, const int *pids, size_t n,
		   struct held_entry **out)
{
	pthread_mutex_lock(&h->lock);
	for (size_t i = 0; i < n; i++)
		out[i] = entry_locked(h, make_key(pids[i], false));
	pthread_mutex_unlock(&h->lock);
}

/* Whether one more descriptor may be kept; counts it if so. */
static bool may_keep(struct held_fds *h)
{
	long n = __atomic_add_fetch(&h->fds_held, 1, __ATOMIC_RELAXED);

	if (n <= h->fds_max)
		return true;
	__atomic_fetch_sub(&h->fds_held, 1, __ATOMIC_RELAXED);
	return false;
}

ssize_t held_read(struct held_fds *h, struct held_entry *e, struct reader *r,
		  enum held_file which, const char *path)
{
	ssize_t n;
	int fd;

	if (!e)
		return reader_read(r, path, -1);
	if (e->fd[which] >= 0) {
		n = reader_read(r, path, e->fd[which]);
		if (n >= 0)
			return n;
		/* the task is gone: what it held is stale; a new task may
		 * have its id, so look again by name */
		entry_close(h, e);
		e->start_time = 0;
	}
	if (!(h->kinds & (1u << which)))
		return reader_read(r, path, -1);
	fd = openat(h->procfd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	n = reader_read(r, path, fd);
	if (n >= 0 && may_keep(h))
		e->fd[which] = fd;
	else
		close(fd);
	return n;
}

int held_owner(struct held_fds *h, struct held_entry *e, const char *dir,
	       struct stat *st)
{
	int fd = e->fd[HELD_DIR];

	if (fd >= 0)
		return fstat(fd, st);
	/* no room to keep one: a plain fstatat, not open + fstat + close */
	if (!(h->kinds & (1u << HELD_DIR)) || !may_keep(h))
		return fstatat(h->procfd, dir, st, 0);
	fd = openat(h->procfd, dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, st) < 0) {
		if (fd >= 0)
			close(fd);
		__atomic_fetch_sub(&h->fds_held, 1, __ATOMIC_RELAXED);
		return -1;
	}
	e->fd[HELD_DIR] = fd;
	return 0;
}

bool held_check_start(struct held_fds *h, struct held_entry *e,
		      unsigned long long start_time)
{
	if (e->start_time && e->start_time != start_time) {
		entry_close(h, e);
		e->start_time = 0;
		return false;
	}
	e->start_time = start_time;
	return true;
}

const int *held_threads(const struct held_entry *e, size_t *n)
{
	if (e->ntids < 0)
		return NULL;
	*n = (size_t)e->ntids;
	return e->tids;
}

void held_set_threads(struct held_entry *e, const int *tids, size_t n)
{
	int *copy = NULL;

	held_forget_threads(e);
	if (n > (size_t)INT_MAX ||
	    (n && !(copy = malloc(n * sizeof(*copy)))))
		return;         /* not kept: the next scan lists task/ */
	if (n)
		memcpy(copy, tids, n * sizeof(*copy));
	e->tids = copy;
	e->ntids = (int)n;
}
