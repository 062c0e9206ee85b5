#include <errno.h>
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
	&procfs_backend,
};

static const struct backend_ops *choose_backend(void)
{
	const char *want = getenv("PROCPS_BACKEND");
	size_t n = sizeof(backends) / sizeof(backends[0]);

	if (!want || !*want || strcmp(want, "auto") == 0) {
		for (size_t i = 0; i < n; i++)
			if (backends[i]->probe() == 0)
				return backends[i];
		errno = ENODEV;
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(backends[i]->name, want) == 0)
			return backends[i]->probe() == 0 ? backends[i] : NULL;
	errno = ENOENT;
	return NULL;
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

int request_scan(struct request *r, const struct selection *sel,
		 struct task_set *out)
{
	static const struct selection everything;

	task_set_clear(out);
	if (!r->state) {
		r->state = r->ops->prepare(r->groups);
		if (!r->state)
			return -errno;
	}
	return r->ops->scan(r->state, sel ? sel : &everything, out);
}

void request_free(struct request *r)
{
	if (!r)
		return;
	if (r->state)
		r->ops->release(r->state);
	free(r);
}
