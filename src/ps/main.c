/* ps: report a snapshot of the current processes. */
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include "library/profile.h"
#include "library/request.h"
#include "library/sysinfo.h"
#include "arena.h"
#include "format_build.h"
#include "options.h"
#include "personality.h"
#include "output.h"
#include "signames.h"
#include "mthreads.h"
#include "select.h"
#include "signals.h"
#include "sortforest.h"

void show_version(void);
void show_help(const char *topic);

static void screen_size(const struct ps_args *a, bool warn)
{
	struct winsize ws;
	const char *env;
	int fd;

	if ((ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != -1 && ws.ws_col && ws.ws_row) ||
	    (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) != -1 && ws.ws_col && ws.ws_row) ||
	    (ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) != -1 && ws.ws_col && ws.ws_row)) {
		/* found */
	} else if ((fd = open("/dev/tty", O_NOCTTY | O_NONBLOCK | O_RDONLY)) >= 0 &&
		   (ioctl(fd, TIOCGWINSZ, &ws) != -1 ? close(fd), ws.ws_col && ws.ws_row
							 : (close(fd), 0))) {
		/* found */
	} else {
		ws.ws_col = 80;
		ws.ws_row = 24;
	}
	ctx.screen_cols = ws.ws_col;
	ctx.screen_rows = ws.ws_row;

	/* Piped output is never cut. */
	if (!isatty(STDOUT_FILENO))
		ctx.screen_cols = OUTBUF_SIZE;
	if ((env = getenv("COLUMNS")) && *env) {
		char *end;
		long v = strtol(env, &end, 0);

		if (!*end && v > 0 && v < OUTBUF_SIZE)
			ctx.screen_cols = (int)v;
	}
	if ((env = getenv("LINES")) && *env) {
		char *end;
		long v = strtol(env, &end, 0);

		if (!*end && v > 0 && v < OUTBUF_SIZE)
			ctx.screen_rows = (int)v;
	}
	/* judged once, before the options change the size */
	if (warn && (ctx.screen_cols < 9 || ctx.screen_rows < 2))
		fprintf(stderr, "your %dx%d screen size is bogus. expect trouble\n",
			ctx.screen_cols, ctx.screen_rows);
	if (a->cols)
		ctx.screen_cols = (int)a->cols;
	if (a->rows)
		ctx.screen_rows = (int)a->rows;
	if (a->w_count && ctx.screen_cols < 132)
		ctx.screen_cols = 132;
	if (a->w_count > 1)
		ctx.screen_cols = OUTBUF_SIZE;
}

/* The items every column, sort key and the selection read. */
static struct request *make_request(const struct ps_args *a,
				    const struct format_result *f)
{
	enum item items[256];
	size_t n = 0;
	struct request *r;

	for (const struct column *c = f->columns; c; c = c->next)
		for (int i = 0; c->spec && c->spec->items[i] != ITEM_COUNT &&
		     n < 250; i++)
			items[n++] = c->spec->items[i];
	for (const struct sort_key *k = f->sort; k; k = k->next)
		for (int i = 0; k->spec->items[i] != ITEM_COUNT && n < 250; i++)
			items[n++] = k->spec->items[i];
	if (a->bsd_e)   /* e: the command columns show the environment */
		items[n++] = ITEM_ENVIRON;
	r = request_new(items, n);
	if (!r)
		return NULL;
	request_add_groups(r, selection_groups(a));
	/* e: the environment follows the command */
	if (a->bsd_e)
		request_add_groups(r, GROUP_BIT(GRP_ENVIRON));
	/* a forest hangs each process under its parent, siblings in
	 * order of start */
	if (a->forest)
		request_add_groups(r, items_to_groups((const enum item[]){
			ITEM_PPID, ITEM_START_TIME }, 2));
	return r;
}

/* A selection made of pid lists alone (-p --pid p, bare pids) names
 * its processes: the backend reads those instead of all of /proc.
 * Returns how many pids were put in *out (0: not such a selection). */
static size_t pid_only_selection(const struct ps_args *a, int **out)
{
	size_t n = 0, k = 0;
	int *v;

	if (a->all || a->simple || a->negate || !a->lists)
		return 0;
	for (const struct sel_list *l = a->lists; l; l = l->next) {
		if (l->kind != SEL_PID)
			return 0;
		n += l->n;
	}
	v = arena_alloc(n * sizeof(*v));
	for (const struct sel_list *l = a->lists; l; l = l->next)
		for (size_t i = 0; i < l->n; i++)
			v[k++] = l->v[i].id;
	*out = v;
	return n;
}

/* Holds every row, orders them as m/-m, a sort or a forest asks, and
 * prints them: the exit code, or -errno from the scan. */
static int scan_and_print(const struct ps_args *a, struct format_result *f,
			  struct request *req, const struct selection *sel,
			  struct task_set *rows)
{
	int rc = request_scan(req, sel, rows);

	if (rc < 0)
		return rc;
	if (sel->threads == THREADS_AFTER)
		mthreads_order(rows, a->quick_count != 0);
	return print_rows(a, f, rows);
}

int main(int argc, char **argv)
{
	struct ps_args args;
	struct format_result fmt;
	struct request *req;
	struct task_set rows = { 0 };
	struct selection sel = { 0 };
	const char *err;
	int rc;

	ps_startup(argv);
	setlocale(LC_ALL, "");
	setenv("TZ", ":/etc/localtime", 0);
	personality_init();
	screen_size(&(struct ps_args){ 0 }, true);
	info_cols = ctx.screen_cols;
	info_rows = ctx.screen_rows;
	parse_arguments(argc, argv, &args, &fmt);
	if (args.help) {
		show_help(args.help_topic);
		return 0;
	}
	if (args.show_version) {
		show_version();
		return 0;
	}
	if (args.list_specs) {
		specs_print_list();
		return 0;
	}
	err = selection_setup(&args);
	if (err)
		fail_usage(err);
	check_quick_conflicts(&args, &fmt);
	screen_size(&args, false);

	ctx.hertz = sys_hertz();
	ctx.page_kib = sys_page_kib();
	ctx.mem_total_kib = sys_mem_total_kib();
	ctx.boot_time = sys_boot_time();
	ctx.boot_tics = (unsigned long long)(sys_uptime() * (double)ctx.hertz);
	ctx.now = (long long)time(NULL);
	ctx.bsd_c = args.bsd_c;
	ctx.bsd_e = args.bsd_e;
	ctx.cumulative = args.cumulative;
	if (profile.ps_date_format)
		ctx.date_format = args.date_format ? args.date_format
						   : "%a %b %e %H:%M:%S %Y";
	ctx.user_is_number = ctx.wchan_is_number = args.numeric_names;
	ctx.forest_type = args.forest;
	ctx.signal_names = args.signal_names;
	fit_columns(fmt.columns);
	if (args.signal_names && thread_mode(&args) == THREADS_AFTER)
		signames_thread_check(fmt.columns);

	req = make_request(&args, &fmt);
	if (!req) {
		if (request_error())    /* a named backend that cannot be used */
			fprintf(stderr, "%s: %s\n", ps_name, request_error());
		else
			fputs("Error, do this: mount -t proc proc /proc\n", stderr);
		return 47;
	}
	sel.threads = thread_mode(&args);
	ctx.split_threads = sel.threads == THREADS_AFTER;
	/* Sorted output holds processes only: -L -T -m m then show each
	 * process once (H lists threads as processes and keeps them). */
	if (fmt.sort && !(args.thread_flags & TF_B_H))
		sel.threads = THREADS_NONE;
	if (args.quick_count) {
		sel.pids = args.quick_pids;
		sel.npids = args.nquick;
		sel.in_list_order = sel.quick = true;
	} else {
		sel.leaders_only = true;
		int *pids = NULL;

		sel.npids = pid_only_selection(&args, &pids);
		sel.pids = sel.npids ? pids : NULL;
		selection_to_backend(&args, &sel);
	}
	/* m and -m order each process's threads by start time */
	if (sel.threads == THREADS_AFTER)
		request_add_groups(req, items_to_groups((const enum item[]){
			ITEM_START_TIME }, 1));
	if (rows_can_stream(&args, &fmt))
		rc = print_stream(&args, &fmt, req, &sel);
	else
		rc = scan_and_print(&args, &fmt, req, &sel, &rows);
	if (rc < 0) {
		fputs("Error, do this: mount -t proc proc /proc\n", stderr);
		return 47;
	}
	fflush(stdout);
	task_set_free(&rows);
	request_free(req);
	output_release();
	arena_free_all();
	return rc;
}
