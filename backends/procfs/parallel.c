/* The listing read by several threads.
 *
 * The kernel side of a /proc read (RCU path walk, generating the file)
 * scales with cores, so a big listing is cut into blocks that threads
 * take in turn; rows come out in the listing's order all the same.  One
 * row per process lands straight in its slot of the result (no copy);
 * with threads shown each block fills its own set, joined at the end.
 *
 * PROCPS_SCAN_THREADS=N sets the number of threads (1: none). */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../../library/profile.h"
#include "procfs_int.h"

enum {
	BLOCK = 256,            /* pids a thread takes at a time */
	MIN_PER_THREAD = 2000,  /* below this a thread costs more than it saves */
	MAX_THREADS = 8,
	ENV_MAX_THREADS = 64,
};

int scan_thread_count(size_t n)
{
	const char *env = getenv("PROCPS_SCAN_THREADS");
	long cpus, want;

	if (env && *env) {
		char *end;
		long v = strtol(env, &end, 10);

		if (!*end && v >= 1)
			return (int)(v > ENV_MAX_THREADS ? ENV_MAX_THREADS : v);
	}
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	want = (long)(n / MIN_PER_THREAD);
	if (want > cpus)
		want = cpus;
	if (want > MAX_THREADS)
		want = MAX_THREADS;
	return want < 1 ? 1 : (int)want;
}

struct job {
	struct procfs *p;
	const struct selection *sel;
	size_t nblocks;
	size_t self_block;      /* the block with our own pid, read first */
	size_t next;            /* the next block to take (atomic) */
	int error;              /* the first -errno (atomic) */
	struct task *slots;     /* one row per pid, THREADS_NONE */
	char *filled;           /* whether a slot holds a row */
	struct task_set *sets;  /* one set per block, with threads */
};

static void run_block(struct job *j, struct reader *r, size_t b)
{
	struct procfs *p = j->p;
	size_t end = (b + 1) * BLOCK < p->npids ? (b + 1) * BLOCK : p->npids;
	struct held_entry *entries[BLOCK];
	/* each pid's own directory is read as a row, but in thread modes
	 * where the main thread comes from task/PID */
	bool prefetch = p->held && !(j->sel->threads == THREADS_ONLY &&
				     profile.thread_main_from_task);

	if (prefetch)
		held_get_many(p->held, p->pids + b * BLOCK, end - b * BLOCK,
			      entries);
	for (size_t i = b * BLOCK; i < end; i++) {
		int rc = 0;

		if (prefetch) {
			r->entry = entries[i - b * BLOCK];
			r->entry_pid = p->pids[i];
		}
		r->gone = false;
		if (j->slots) {
			task_clear(&j->slots[i]);
			j->filled[i] = read_process_row(r, j->sel, p->pids[i],
							&j->slots[i]) == 0;
		} else {
			rc = scan_one(r, j->sel, p->pids[i], &j->sets[b]);
		}
		if (r->gone)    /* out of the kept listing (relist.c) */
			p->pids[i] = 0;
		if (rc < 0) {
			int none = 0;

			__atomic_compare_exchange_n(&j->error, &none, rc, false,
						    __ATOMIC_RELAXED,
						    __ATOMIC_RELAXED);
			return;
		}
	}
}

static void *worker(void *arg)
{
	struct job *j = arg;
	struct reader r;

	if (reader_init(&r, j->p) < 0) {
		int none = 0;

		__atomic_compare_exchange_n(&j->error, &none, -ENOMEM, false,
					    __ATOMIC_RELAXED, __ATOMIC_RELAXED);
		return NULL;
	}
	for (;;) {
		size_t b = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED);

		if (b >= j->nblocks ||
		    __atomic_load_n(&j->error, __ATOMIC_RELAXED))
			break;
		if (b != j->self_block)
			run_block(j, &r, b);
	}
	reader_release(&r);
	return NULL;
}

/* Room for n more rows at the end of out. */
static int reserve(struct task_set *out, size_t n)
{
	if (out->cap - out->n < n) {
		size_t cap = out->n + n;
		struct task *v = realloc(out->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		out->v = v;
		out->cap = cap;
	}
	return 0;
}

/* Moves the rows read into out, in the listing's order. */
static int gather(struct job *j, struct task_set *out)
{
	if (j->slots) {
		for (size_t i = 0; i < j->p->npids; i++)
			if (j->filled[i])
				out->v[out->n++] = j->slots[i];
		return 0;
	}
	for (size_t b = 0; b < j->nblocks; b++) {
		struct task_set *s = &j->sets[b];

		if (reserve(out, s->n) < 0)
			return -ENOMEM;
		memcpy(out->v + out->n, s->v, s->n * sizeof(*s->v));
		out->n += s->n;
		free(s->v);
		*s = (struct task_set){ 0 };
	}
	return 0;
}

static size_t own_block(const struct procfs *p)
{
	int self = getpid();

	for (size_t i = 0; i < p->npids; i++)
		if (p->pids[i] == self)
			return i / BLOCK;
	return SIZE_MAX;
}

int scan_parallel(struct procfs *p, const struct selection *sel,
		  int nthreads, struct task_set *out)
{
	struct job j = { .p = p, .sel = sel };
	pthread_t tids[ENV_MAX_THREADS];
	int started = 0, rc;

	j.nblocks = (p->npids + BLOCK - 1) / BLOCK;
	j.self_block = own_block(p);
	if (sel->threads == THREADS_NONE) {
		/* the result's own array holds the slots: gather() only
		 * closes the gaps the vanished left, moving rows down */
		if (reserve(out, p->npids) < 0)
			return -ENOMEM;
		j.slots = out->v + out->n;
		j.filled = calloc(p->npids ? p->npids : 1, 1);
		if (!j.filled)
			return -ENOMEM;
	} else {
		j.sets = calloc(j.nblocks ? j.nblocks : 1, sizeof(*j.sets));
		if (!j.sets)
			return -ENOMEM;
	}
	/* Our own row is read before any other thread exists, so it shows
	 * one thread, as the reference's single-threaded scan does. */
	if (j.self_block != SIZE_MAX) {
		struct reader r;

		if (reader_init(&r, p) < 0) {
			j.error = -ENOMEM;
		} else {
			run_block(&j, &r, j.self_block);
			reader_release(&r);
		}
	}
	/* this thread works too */
	for (int i = 1; i < nthreads; i++)
		if (pthread_create(&tids[started], NULL, worker, &j) == 0)
			started++;
	worker(&j);
	for (int i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	rc = j.error;
	if (rc == 0)
		rc = gather(&j, out);
	if (rc < 0) {
		/* rows read but not gathered: free what they hold */
		for (size_t i = 0; j.slots && i < p->npids; i++)
			if (j.filled[i])
				task_free_strings(&j.slots[i]);
		for (size_t b = 0; j.sets && b < j.nblocks; b++)
			task_set_free(&j.sets[b]);
	}
	free(j.filled);
	free(j.sets);
	return rc;
}
