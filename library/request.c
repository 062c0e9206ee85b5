#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "request.h"

struct request {
	const struct backend_ops *ops;
	void *state;            /* prepared lazily, on the first scan */
	group_mask groups;
};

/* Backends in order of preference for "auto". */
static const struct backend_ops *const backends[] = {
#ifdef HAVE_TASK_DIAG
	&task_diag_backend,
#endif
#ifdef HAVE_BPF
	&bpf_backend,
#endif
	&procfs_backend,
};

/* Why the last request_new failed, when a named backend was the cause;
 * empty when it was /proc itself (the reference's own message). */
static char why[200];

static void list_valid(char *buf, size_t size)
{
	size_t n = sizeof(backends) / sizeof(backends[0]);
	int len = snprintf(buf, size, "auto");

	for (size_t i = 0; i < n && len > 0 && (size_t)len < size; i++)
		len += snprintf(buf + len, size - (size_t)len, ", %s",
				backends[i]->name);
}

static const struct backend_ops *choose_backend(void)
{
	const char *want = getenv("PROCPS_BACKEND");
	size_t n = sizeof(backends) / sizeof(backends[0]);
	char valid[64];

	why[0] = '\0';
	if (!want || !*want || strcmp(want, "auto") == 0) {
		for (size_t i = 0; i < n; i++)
			if (backends[i]->probe() == 0)
				return backends[i];
		errno = ENODEV;
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		if (strcmp(backends[i]->name, want) != 0)
			continue;
		errno = 0;
		if (backends[i]->probe() == 0)
			return backends[i];
		/* the probe refused: the backend says why, for the user */
		if (backends[i]->explain)
			backends[i]->explain(why, sizeof(why));
		errno = ENODEV;
		return NULL;
	}
	list_valid(valid, sizeof(valid));
	if (strcmp(want, "task_diag") == 0 || strcmp(want, "bpf") == 0)
		snprintf(why, sizeof(why), "PROCPS_BACKEND=%s: this "
			 "program was built without the %s backend "
			 "(valid values: %s)", want, want, valid);
	else
		snprintf(why, sizeof(why), "PROCPS_BACKEND=%.60s: unknown "
			 "backend (valid values: %s)", want, valid);
	errno = ENOENT;
	return NULL;
}

const char *request_error(void)
{
	return why[0] ? why : NULL;
}

struct request *request_new(const enum item *items, size_t nitems)
{
	struct request *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->ops = choose_backend();
	if (!r->ops) {
		int e = errno;

		free(r);
		errno = e;
		return NULL;
	}
	/* stat is the spine of every row: ids, state and the thread count. */
	r->groups = GROUP_BIT(GRP_STAT) | items_to_groups(items, nitems);
	return r;
}

void request_add_groups(struct request *r, group_mask groups)
{
	/* the same groups again keep the prepared state (and what it keeps
	 * open for the next scan) */
	if ((r->groups | groups) == r->groups)
		return;
	r->groups |= groups;
	if (r->state) {
		r->ops->release(r->state);
		r->state = NULL;
	}
}

group_mask request_groups(const struct request *r)
{
	return r->groups;
}

const char *request_backend_name(const struct request *r)
{
	return r->ops->name;
}

/* ps -q with threads, as procps-ng reads a list: each id lists its
 * process's threads, except an id of the process whose threads were the
 * last listed (procps-ng keeps that task directory open, read to its
 * end, and finds nothing more in it). */
static int scan_quick_threads(struct request *r, const struct selection *sel,
			      struct task_set *out)
{
	struct selection one = *sel;
	int last_tgid = 0;

	for (size_t i = 0; i < sel->npids; i++) {
		size_t first = out->n;
		int rc;

		one.pids = &sel->pids[i];
		one.npids = 1;
		rc = r->ops->scan(r->state, &one, out);
		if (rc < 0)
			return rc;
		if (out->n == first)
			continue;
		if (out->v[first].tgid == last_tgid) {
			task_set_truncate(out, first);
			continue;
		}
		last_tgid = out->v[first].tgid;
	}
	return 0;
}

int request_scan(struct request *r, const struct selection *sel,
		 struct task_set *out)
{
	static const struct selection everything;
	struct selection some;

	task_set_clear(out);
	if (!r->state) {
		r->state = r->ops->prepare(r->groups);
		if (!r->state)
			return -errno;
	}
	if (sel && sel->groups) {
		/* stat is every row's spine; a backend that cannot fill
		 * later reads everything now */
		some = *sel;
		some.groups = r->ops->fill ?
			      (sel->groups & r->groups) | GROUP_BIT(GRP_STAT) :
			      0;
		sel = &some;
	}
	if (sel && sel->quick && sel->threads != THREADS_NONE)
		return scan_quick_threads(r, sel, out);
	return r->ops->scan(r->state, sel ? sel : &everything, out);
}

int request_fill(struct request *r, const struct selection *sel,
		 struct task *const *rows, size_t n, group_mask groups)
{
	groups &= r->groups;
	if (!r->state || !r->ops->fill || !sel->groups || !n ||
	    !(groups & ~sel->groups))
		return 0;
	return r->ops->fill(r->state, sel, rows, n, groups);
}

int request_scan_each(struct request *r, const struct selection *sel,
		      void (*row)(const struct task *t, void *arg),
		      void *arg)
{
	struct task_set set = { .sink = row, .sink_arg = arg };
	int rc;

	/* ps -q's threads drop rows after the fact (scan_quick_threads) */
	if (sel && sel->quick && sel->threads != THREADS_NONE)
		set.sink = NULL;
	rc = request_scan(r, sel, &set);
	set.sink = row;
	if (rc == 0)
		task_set_commit(&set);
	task_set_free(&set);
	return rc;
}

void request_free(struct request *r)
{
	if (!r)
		return;
	if (r->state)
		r->ops->release(r->state);
	free(r);
}
