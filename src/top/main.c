/* top: the frame loop.  Batch mode only for now; the terminal layer
 * (term.c) is where an interactive mode will plug in. */
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "library/sysinfo.h"
#include "args.h"
#include "fields.h"
#include "fmt.h"
#include "rcfile.h"
#include "summary.h"
#include "sysstat.h"
#include "tasks.h"
#include "term.h"
#include "top.h"

struct window *Curwin;
const char *Myname = "top";
int Screen_cols, Screen_rows;

/* The reference sleeps this long between the two reaps of frame one. */
enum { PRIME_USEC = 150000 };

void die(const char *fmt, ...)
{
	va_list ap;

	term_flush();
	fprintf(stderr, "%s: ", Myname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_FAILURE);
}

/* A positive integer from the environment, or 0. */
static int env_size(const char *name)
{
	const char *s = getenv(name);
	char *end;
	long v;

	if (!s || !*s)
		return 0;
	v = strtol(s, &end, 0);
	return (*end || v <= 0 || v > INT_MAX) ? 0 : (int)v;
}

static void adj_geometry(void)
{
	int w_cols = 0, w_rows = 0;

	Screen_cols = term_columns();
	if (Screen_cols > SCREEN_MAX)
		Screen_cols = SCREEN_MAX;
	if (Screen_cols < SCREEN_MIN)
		Screen_cols = SCREEN_MIN;
	if (Opt.width_mode > 0) {
		w_cols = Opt.width_mode;
	} else if (Opt.width_mode < 0) {
		w_cols = env_size("COLUMNS");
		w_rows = env_size("LINES");
		if (!w_cols)
			w_cols = SCREEN_MAX;
		if (w_cols < SCREEN_MIN)
			w_cols = SCREEN_MIN;
		if (w_rows && w_rows < 2)
			w_rows = 2;
	}
	if (w_cols > SCREEN_MAX)
		w_cols = SCREEN_MAX;
	if (w_cols)
		Screen_cols = w_cols;
	Screen_rows = w_rows ? w_rows : INT_MAX;
}

/* The columns of the current window that fit, and the width of the
 * variable ones. */
struct layout {
	int fld[FLD_COUNT];
	int n;
	int varcolsz;
};

static void calibrate(struct layout *lay)
{
	int all[FLD_COUNT], total = 0, len = 0, varcnt = 0, varsz = 0, i;

	for (int slot = 0; slot < FLD_COUNT; slot++) {
		int f = rc_slot_field(Curwin, slot);

		if (f >= 0 && f < FLD_COUNT)
			all[total++] = f;
	}
	if (!total)
		all[total++] = F_PID;
	for (i = 0; i < total; i++) {
		int f = all[i];
		int w = field_is_variable(f) ? (int)strlen(field_name(f)) :
			field_width(f);

		if (Screen_cols < len + w + 1)
			break;
		if (field_is_variable(f)) {
			varcnt++;
			varsz += (int)strlen(field_name(f));
		}
		len += w + 1;
		lay->fld[i] = f;
	}
	lay->n = i;
	varsz += Screen_cols - len;
	if (varcnt)
		varsz /= varcnt;
	lay->varcolsz = varsz;
}

static group_mask needed_groups(const struct layout *lay)
{
	group_mask g = field_groups(Curwin->sortindx, Curwin->winflags);

	for (int i = 0; i < lay->n; i++)
		g |= field_groups(lay->fld[i], Curwin->winflags);
	if (Opt.user.mode)
		g |= GROUP_BIT(GRP_OWNER);
	if (Opt.user.mode == 'U')
		g |= GROUP_BIT(GRP_STATUS);
	return g;
}

/* The task area: header, then the rows that pass the filters. */
static void show_tasks(const struct layout *lay, struct frame *fr,
		       int room)
{
	char line[SCREEN_MAX * 16];
	struct row **rows;
	size_t n, len = 0;
	int shown = 0, limit = room;

	for (int i = 0; i < lay->n; i++)
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s",
					field_header(lay->fld[i], fr));
	term_puts("\n");
	term_put_trimmed(line);
	rows = tasks_rows(&n);
	if (!n)
		return;
	if (Curwin->winflags & WF_FOREST)
		tasks_forest();
	else
		tasks_sort(Curwin->sortindx, Curwin->winflags);
	if (Curwin->maxtasks && Curwin->maxtasks < limit)
		limit = Curwin->maxtasks;
	for (size_t k = 0; k < n && shown < limit; k++) {
		const struct row *r = rows[k];
		const struct task *t = r->t;

		if (!(Curwin->winflags & WF_IDLE) && r->tics_delta == 0)
			continue;
		if (Opt.user.mode) {
			uid_t u = Opt.user.uid;
			bool hit = t->euid == u;

			if (Opt.user.mode == 'U')
				hit = hit || t->ruid == u || t->suid == u ||
				      t->fuid == u;
			if (hit == Opt.user.negate)
				continue;
		}
		len = 0;
		for (int i = 0; i < lay->n; i++)
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						"%s", field_cell(lay->fld[i], r,
								 fr));
		term_puts("\n");
		term_put_trimmed(line);
		shown++;
	}
}

static void sleep_secs(double secs)
{
	struct timespec ts;

	if (secs <= 0)
		return;
	ts.tv_sec = (time_t)secs;
	ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
	nanosleep(&ts, NULL);
}

int main(int argc, char **argv)
{
	static struct cpu_set cpus;
	struct mem_info mem = { 0 };
	struct layout lay;
	struct frame fr;
	double uptime_sav = 0;
	time_t mem_secs = 0;
	const char *slash = strrchr(argv[0], '/');

	Myname = slash ? slash + 1 : argv[0];
	setlocale(LC_ALL, "");
	rc_load(Myname);
	Curwin = &Rc.win[Rc.curwin];
	args_parse(argc, argv);
	if (term_setup(Opt.batch) < 0 && !Opt.batch)
		die("terminal is unknown; use -b");
	if (!Opt.batch)
		Opt.batch = true;       /* interactive mode is a later issue */
	adj_geometry();
	Fmt_zero_suppress = Rc.zero_suppress;
	cpus_read(&cpus);
	fields_init((int)sys_pid_digits(), cpus.count, Rc.mode_irixps,
		    Opt.threads);
	calibrate(&lay);
	tasks_init(needed_groups(&lay));

	tasks_refresh();
	uptime_sav = tasks_uptime();
	usleep(PRIME_USEC);
	for (int frame = 0;; frame++) {
		float et;
		int lines;

		if (frame)
			term_puts("\n\n");
		cpus_read(&cpus);
		if (time(NULL) - mem_secs >= 3) {
			meminfo_read(&mem);
			mem_secs = time(NULL);
		}
		tasks_refresh();
		et = (float)(tasks_uptime() - uptime_sav);
		if (et < 0.01f)
			et = 0.005f;
		uptime_sav = tasks_uptime();
		fr = (struct frame){
			.etscale = 100.0f / ((float)sys_hertz() * et *
				   (float)(Rc.mode_irixps ? 1 : cpus.count)),
			.cpu_pmax = (Rc.mode_irixps && cpus.count > 1 &&
				     !Opt.threads) ? 100.0f * (float)cpus.count :
				    99.9f,
			.mem_total = mem.total ? mem.total : 1,
			.uptime = tasks_uptime(),
			.task_mscale = Rc.task_mscale,
			.winflags = Curwin->winflags,
			.varcolsz = lay.varcolsz,
		};
		Sort_uptime = fr.uptime;
		lines = summary_show(&cpus, &mem, tasks_counts());
		show_tasks(&lay, &fr, Screen_rows == INT_MAX ? INT_MAX :
			   Screen_rows - lines - 2);
		if (Opt.loops && frame + 1 >= Opt.loops)
			break;
		term_flush();
		sleep_secs(Rc.delay);
	}
	term_puts("\n");
	term_flush();
	return 0;
}
