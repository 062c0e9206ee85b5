#include <stdbool.h>
#include "forestview.h"
#include "frame.h"

enum { COLLAPSED_MAX = 256 };

/* Collapsed parents by tid; they stay collapsed while they live. */
static int collapsed[COLLAPSED_MAX];
static int ncollapsed;
/* The focused task (0: none) and the scroll position to go back to. */
static int focus_tid, focus_begtask;

static int find_collapsed(int tid)
{
	for (int i = 0; i < ncollapsed; i++)
		if (collapsed[i] == tid)
			return i;
	return -1;
}

size_t forestview_apply(struct row **tree, size_t n)
{
	size_t out = 0, i = 0;
	int top_level;

	if (focus_tid) {
		while (i < n && tree[i]->t->tid != focus_tid)
			i++;
		if (i == n) {
			/* the task is gone: the focus with it */
			focus_tid = 0;
			i = 0;
		}
	}
	/* the rows move down in place: keep the focus's depth aside */
	top_level = i < n ? tree[i]->level : 0;
	for (size_t start = i; i < n; i++) {
		struct row *r = tree[i];

		if (focus_tid && i > start && r->level <= top_level)
			break;
		tree[out++] = r;
		if (find_collapsed(r->t->tid) >= 0) {
			while (i + 1 < n && tree[i + 1]->level > r->level)
				i++;
		}
	}
	return out;
}

char forestview_mark(const struct row *r)
{
	if (find_collapsed(r->t->tid) >= 0)
		return '+';
	return focus_tid ? '|' : ' ';
}

/* The topmost task of a window (at its scroll position begtask among
 * the n rows), and whether it has children (the next row of the built
 * forest lies deeper). */
static struct row *top_task(struct row **rows, size_t n, int at,
			    bool *children)
{
	*children = false;
	if (at < 0 || (size_t)at >= n)
		return NULL;
	*children = (size_t)at + 1 < n && rows[at + 1]->level > rows[at]->level;
	return rows[at];
}

void forestview_collapse(const struct window *w, struct winstate *ws,
			 struct row **rows, size_t n)
{
	bool children;
	struct row *r;
	int i;

	if (!(w->winflags & WF_FOREST))
		return;
	r = top_task(rows, n, ws->begtask, &children);
	if (!r)
		return;
	i = find_collapsed(r->t->tid);
	if (i >= 0)
		collapsed[i] = collapsed[--ncollapsed];
	else if (children && ncollapsed < COLLAPSED_MAX)
		collapsed[ncollapsed++] = r->t->tid;
}

void forestview_focus(const struct window *w, struct winstate *ws,
		      struct row **rows, size_t n)
{
	bool children;
	struct row *r;

	if (!(w->winflags & WF_FOREST))
		return;
	if (focus_tid) {
		focus_tid = 0;
		ws->begtask = focus_begtask;
		return;
	}
	r = top_task(rows, n, ws->begtask, &children);
	if (!r)
		return;
	focus_tid = r->t->tid;
	focus_begtask = ws->begtask;
	ws->begtask = 0;
}
