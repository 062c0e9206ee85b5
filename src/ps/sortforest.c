/* After the scan: selection, sorting, the process tree, and the header
 * rhythm.  Sorting is stable, so equal keys keep /proc's order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/profile.h"
#include "library/request.h"
#include "mthreads.h"
#include "options.h"
#include "output.h"
#include "select.h"
#include "sortforest.h"

const char *check_thread_options(struct ps_args *a)
{
	unsigned tf = a->thread_flags;

	if (!tf)
		return NULL;
	if (a->forest)
		return "thread display conflicts with forest display";
	if ((tf & TF_B_H) && (tf & (TF_B_m | TF_U_m)))
		return "thread flags conflict; can't use H with m or -m";
	if ((tf & TF_B_m) && (tf & TF_U_m))
		return "thread flags conflict; can't use both m and -m";
	if ((tf & TF_U_L) && (tf & TF_U_T))
		return "thread flags conflict; can't use both -L and -T";
	return NULL;
}

/* -q reads exactly the listed pids, so it excludes what would filter
 * or reorder them.  The reference prints these without "error:". */
void check_quick_conflicts(const struct ps_args *a,
			   const struct format_result *f)
{
	const char *msg = NULL;

	if (!a->quick_count)
		return;
	if (a->quick_count > 1)
		msg = "q/-q/--quick-pid can only be used once.";
	else if (a->lists || a->simple)
		msg = "q/-q/--quick-pid cannot be combined with other selection options.";
	else if (a->negate)
		msg = "q/-q/--quick-pid cannot be used together with negation switches.";
	else if (a->forest)
		msg = "q/-q/--quick-pid cannot be used together with forest type listings.";
	else if (f->sort)
		msg = "q/-q,--quick-pid cannot be used together with sort options.";
	if (msg) {
		fprintf(stderr, "%s\n", msg);
		exit(1);
	}
}

enum thread_mode thread_mode(const struct ps_args *a)
{
	if (a->thread_flags & (TF_B_m | TF_U_m))
		return THREADS_AFTER;
	if (a->thread_flags)
		return THREADS_ONLY;
	return THREADS_NONE;
}

struct printer {
	const struct column *cols;
	int lines_to_header;    /* -1: never */
	int header_gap;
	bool printed;
	const struct ps_args *args;
};

/* Keys in the order they decide: the first differs wins. */
static const struct sort_key *keys;
static bool forest_keys;

static int compare_rows(const void *pa, const void *pb)
{
	const struct task *a = *(const struct task *const *)pa;
	const struct task *b = *(const struct task *const *)pb;
	int r;

	for (const struct sort_key *k = keys; k; k = k->next) {
		r = spec_compare(k->spec, a, b);
		if (r)
			return k->reverse ? -r : r;
	}
	if (forest_keys) {
		if (a->ppid != b->ppid && !keys)
			return a->ppid < b->ppid ? -1 : 1;
		if (a->start_time != b->start_time)
			return a->start_time < b->start_time ? -1 : 1;
	}
	return 0;
}

/* A stable merge sort (qsort is not guaranteed stable). */
static void merge_sort(const struct task **v, const struct task **tmp,
		       size_t n)
{
	size_t mid = n / 2, i = 0, j = mid, k = 0;

	if (n < 2)
		return;
	merge_sort(v, tmp, mid);
	merge_sort(v + mid, tmp, n - mid);
	while (i < mid && j < n)
		tmp[k++] = compare_rows(&v[j], &v[i]) < 0 ? v[j++] : v[i++];
	while (i < mid)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

static void emit(struct printer *p, const struct task *t)
{
	if (!--ctx.test_row)
		ctx.test_row = p->header_gap;
	if (p->lines_to_header > 0 && !--p->lines_to_header) {
		p->lines_to_header = p->header_gap;
		show_row(p->cols, NULL);
	}
	show_row(p->cols, t);
	p->printed = true;
}

static char prefix[1024];

static void build_forest_prefix(void)
{
	int n = 0, step = ctx.forest_type == 'u' ? 2 : 4;

	for (const char *p = prefix; *p && n + step < (int)sizeof(ctx.forest_prefix); p++) {
		const char *s = "    ";

		if (ctx.forest_type == 'u')
			s = "  ";
		else if (*p == 'L' || *p == '+')
			s = " \\_ ";
		else if (*p == '|')
			s = " |  ";
		memcpy(ctx.forest_prefix + n, s, (size_t)step);
		n += step;
	}
	ctx.forest_len = n;
}

static void show_tree(struct printer *pr, const struct task **v, size_t self,
		      size_t n, int level, bool sibling)
{
	size_t i = 0;

	if (level >= (int)sizeof(prefix) - 1)
		level = (int)sizeof(prefix) - 2;
	if (level)
		prefix[level - 1] = sibling ? '+' : 'L';
	prefix[level] = '\0';
	build_forest_prefix();
	emit(pr, v[self]);
	while (i < n && v[i]->ppid != v[self]->tgid)
		i++;
	if (level)
		prefix[level - 1] = sibling ? '|' : ' ';
	while (i < n) {
		int self_pid = v[self]->tgid;
		bool more = i + 1 < n && v[i + 1]->ppid == self_pid;

		/* procps-ng 4.0.2 keeps init's children at the top level
		 * of BSD-style forests. */
		if (self_pid == 1 && ctx.forest_type != 'u')
			show_tree(pr, v, i++, n, level, more);
		else
			show_tree(pr, v, i++, n, level + 1, more);
		if (!more)
			break;
	}
	prefix[level] = '\0';
}

static void show_forest(struct printer *pr, const struct task **v, size_t n)
{
	for (size_t i = n; i-- > 0;) {
		size_t j;

		for (j = n; j-- > 0;)
			if (v[j]->tgid == v[i]->ppid)
				break;
		if (j == (size_t)-1)
			show_tree(pr, v, i, n, 0, false);
	}
}

/* ps -q keeps a row whose process it listed (a listed thread id gives
 * its process's tgid, and so a row only when that is listed too). */
static bool quick_listed(const struct ps_args *a, const struct task *t)
{
	for (size_t i = 0; i < a->nquick; i++)
		if (a->quick_pids[i] == t->tgid)
			return true;
	return false;
}

static void printer_start(struct printer *pr, const struct ps_args *a,
			  const struct format_result *f)
{
	*pr = (struct printer){ f->columns, 1, -1, false, a };
	if (a->header == 0 || f->no_header)
		pr->lines_to_header = -1;
	else if (a->header == 1)
		pr->header_gap = ctx.screen_rows - 1;
	ctx.test_row = pr->lines_to_header == -1 ? -1 : 1;
}

/* The exit code: 1 when no row was selected (the header still shows). */
static int printer_end(struct printer *pr)
{
	if (pr->printed)
		return 0;
	if (pr->lines_to_header > 0)
		show_row(pr->cols, NULL);
	return 1;
}

bool rows_can_stream(const struct ps_args *a, const struct format_result *f)
{
	return !f->sort && !a->forest && !a->quick_count &&
	       thread_mode(a) != THREADS_AFTER;
}

static void printer_take(const struct task *t, void *arg)
{
	struct printer *pr = arg;

	ctx.row_serial++;
	if (want_task(pr->args, t))
		emit(pr, t);
}

int print_stream(const struct ps_args *a, const struct format_result *f,
		 struct request *req, const struct selection *sel)
{
	struct printer pr;
	int rc;

	printer_start(&pr, a, f);
	rc = request_scan_each(req, sel, printer_take, &pr);
	if (rc < 0)
		return rc;
	return printer_end(&pr);
}

int print_rows(const struct ps_args *a, struct format_result *f,
	       struct task_set *rows)
{
	const struct task **v = malloc((rows->n + 1) * sizeof(*v));
	const struct task **tmp = malloc((rows->n + 1) * sizeof(*tmp));
	struct printer pr;
	size_t n = 0;
	bool take = false;

	if (!v || !tmp)
		return 1;
	for (size_t i = 0; i < rows->n; i++) {
		struct task *t = &rows->v[i];

		/* m and -m: a thread line follows its process's fate */
		if (ctx.split_threads && t->is_thread_row) {
			if (!profile.ps_m_thread_values)
				mthreads_blank(t);
		}
		else
			take = a->quick_count ? quick_listed(a, t)
					      : want_task(a, t);
		if (take)
			v[n++] = t;
	}
	printer_start(&pr, a, f);
	keys = f->sort;
	forest_keys = a->forest != 0;
	if (keys || forest_keys)
		merge_sort(v, tmp, n);
	if (a->forest)
		show_forest(&pr, v, n);
	else
		for (size_t i = 0; i < n; i++)
			emit(&pr, v[i]);
	free(v);
	free(tmp);
	return printer_end(&pr);
}
