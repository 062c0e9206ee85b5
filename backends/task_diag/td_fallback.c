/* Per-group fallback to procfs, merged by (tgid, tid, row kind). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "td_fallback.h"

void td_fallback_init(struct td_fallback *fb, group_mask groups)
{
	memset(fb, 0, sizeof(*fb));
	fb->groups = groups;
}

void td_fallback_release(struct td_fallback *fb)
{
	if (fb->state)
		procfs_backend.release(fb->state);
	task_set_free(&fb->rows);
	free(fb->pids);
	memset(fb, 0, sizeof(*fb));
}

static int same_row(const struct task *a, const struct task *b)
{
	return a->tgid == b->tgid && a->tid == b->tid &&
		a->is_thread_row == b->is_thread_row;
}

static int collect_pids(struct td_fallback *fb, const struct task_set *out,
			size_t first)
{
	fb->npids = 0;
	for (size_t i = first; i < out->n; i++) {
		int tgid = out->v[i].tgid;

		if (fb->npids && fb->pids[fb->npids - 1] == tgid)
			continue;
		if (fb->npids == fb->cappids) {
			size_t cap = fb->cappids ? fb->cappids * 2 : 64;
			int *p = realloc(fb->pids, cap * sizeof(*p));

			if (!p)
				return -ENOMEM;
			fb->pids = p;
			fb->cappids = cap;
		}
		fb->pids[fb->npids++] = tgid;
	}
	return 0;
}

int td_fallback_fill(struct td_fallback *fb, enum thread_mode mode, int all,
		     struct task_set *out, size_t first)
{
	struct selection sel = { .threads = mode };
	size_t j = 0;
	int rc;

	if (!fb->groups || first >= out->n)
		return 0;
	if (!fb->state) {
		fb->state = procfs_backend.prepare(fb->groups |
						   GROUP_BIT(GRP_STAT));
		if (!fb->state)
			return -errno;
	}
	if (!all) {
		rc = collect_pids(fb, out, first);
		if (rc)
			return rc;
		sel.pids = fb->pids;
		sel.npids = fb->npids;
	}
	task_set_clear(&fb->rows);
	rc = procfs_backend.scan(fb->state, &sel, &fb->rows);
	if (rc)
		return rc;
	/* Both lists run in ascending tgid, rows of a process in the same
	 * order; a task that came or went in between simply finds no
	 * partner and keeps the missing values. */
	for (size_t i = first; i < out->n; i++) {
		struct task *t = &out->v[i];
		size_t k;

		while (j < fb->rows.n && fb->rows.v[j].tgid < t->tgid)
			j++;
		for (k = j; k < fb->rows.n && fb->rows.v[k].tgid == t->tgid;
		     k++)
			if (same_row(&fb->rows.v[k], t))
				break;
		if (k >= fb->rows.n || !same_row(&fb->rows.v[k], t))
			continue;
		task_move_groups(t, &fb->rows.v[k],
				 fb->groups & ~GROUP_BIT(GRP_STAT));
		if (k == j)
			j++;
	}
	return 0;
}
