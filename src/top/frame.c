#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "library/coretype.h"
#include "library/sysinfo.h"
#include "bottom.h"
#include "filter.h"
#include "fmt.h"
#include "library/profile.h"
#include "frame.h"
#include "rcfile.h"
#include "screen.h"
#include "summary.h"
#include "library/sysstat.h"
#include "tasks.h"
#include "term.h"
#include "top.h"
#include "xwidth.h"

struct winstate Winstate[WIN_COUNT];
struct layout Lay;
int Task_rows, Tasks_shown, Msg_row, Tasks_total, Fields_total;
const struct row *Top_row;

static struct cpu_set cpus;
static struct mem_info mem;
/* The reference runs "restricted" when its library could not start the
 * cpu or the memory statistics (a sandbox's /proc): no summary but the
 * task states, '?' for %CPU and %MEM, the summary keys refused.  Without
 * the cpu statistics it also counts one cpu. */
static bool restricted, no_cpu_stats;
static double uptime_sav;
static time_t mem_secs;
static bool mem_read;
/* The next frame reads the tasks twice, a pause apart, as the reference
 * does on its first frame (4.0.4) and after 'H' (both): the history of
 * the other mode would give every task a false rate. */
static bool reprime;

/* The window whose task area is being drawn: Curwin, or in the
 * alternate display each shown window in turn. */
static struct window *W;

/* The columns of window w that fit in cols. */
static void calibrate(const struct window *w, struct layout *lay, int cols)
{
	int all[FLD_COUNT], total = 0, len = 0, varcnt = 0, varsz = 0, i;

	int skip = scr_interactive() ? Winstate[w - Rc.win].begpflg : 0;

	Fields_total = 0;
	for (int slot = 0; slot < FLD_COUNT; slot++) {
		int f = rc_slot_field(w, slot);

		if (f < 0 || f >= FLD_COUNT)
			continue;
		if (Fields_total++ >= skip)
			all[total++] = f;
	}
	if (!total)
		all[total++] = F_PID;
	for (i = 0; i < total; i++) {
		int f = all[i];
		int fw = field_is_variable(f) ? (int)strlen(field_name(f)) :
			 field_width(f);

		if (cols < len + fw + 1)
			break;
		if (field_is_variable(f)) {
			varcnt++;
			varsz += (int)strlen(field_name(f));
		}
		len += fw + 1;
		lay->fld[i] = f;
	}
	lay->n = i;
	varsz += cols - len;
	if (varcnt)
		varsz /= varcnt;
	lay->varcolsz = varsz;
}

/* The alternate display gives its task rows one column to the window
 * number. */
static int task_cols(void)
{
	return Rc.mode_altscr ? Screen_cols - 1 : Screen_cols;
}

void frame_calibrate(void)
{
	calibrate(Curwin, &Lay, task_cols());
}

/* Whether window w's task area is drawn this frame. */
static bool win_shown(const struct window *w)
{
	return Rc.mode_altscr ? (w->winflags & WF_TASKON) != 0 : w == Curwin;
}

/* The groups of the columns window w shows. */
static group_mask column_groups(const struct window *w, const struct layout *lay)
{
	group_mask g = 0;

	for (int i = 0; i < lay->n; i++)
		g |= field_groups(lay->fld[i], w->winflags);
	return g;
}

/* What the frame decides with, read for every task: the CPU times and
 * faults (the next frame's %CPU and fault deltas, of a field added by
 * 'f' say, are differences from this one's: tasks.c's history), the
 * state (the summary's counts), and for each window shown its sort key,
 * its filters, its forest's parents; the owner for 'u'/'U'.  A frame
 * that searches ('L', '&') reads the columns of every task too.
 * *columns gets the groups of the columns shown, read only for the rows
 * drawn (show_tasks), unless a batch top prints them all. */
static group_mask frame_groups(group_mask *columns)
{
	static const enum item history[] = {
		ITEM_UTIME, ITEM_STIME, ITEM_MAJFLT, ITEM_MINFLT
	};
	group_mask g = items_to_groups(history, 4) | bottom_groups();

	*columns = 0;
	for (int k = 0; k < WIN_COUNT; k++) {
		const struct window *w = &Rc.win[k];
		struct layout lay;

		if (!win_shown(w))
			continue;
		calibrate(w, &lay, task_cols());
		*columns |= column_groups(w, &lay);
		g |= field_groups(w->sortindx, w->winflags) |
		     filter_groups(k, w->winflags);
		/* 'V' hangs each process under its parent */
		if (w->winflags & WF_FOREST)
			g |= GROUP_BIT(GRP_STAT_IDS);
		if (w == Curwin && Find.str[0] && Find.pending)
			g |= column_groups(w, &lay);
	}
	if (Opt.user.mode)
		g |= GROUP_BIT(GRP_OWNER);
	if (Opt.user.mode == 'U')
		g |= GROUP_BIT(GRP_STATUS);
	return g;
}

/* The request's groups for this frame, and those to read for every task
 * (a batch top prints every row: all of them). */
static group_mask frame_request(void)
{
	group_mask columns, all = frame_groups(&columns);

	tasks_need(all | columns);
	return scr_interactive() ? all : 0;
}

static bool user_match(const struct task *t)
{
	uid_t u = Opt.user.uid;
	bool hit = t->euid == u;

	if (!Opt.user.mode || Opt.user.win != (int)(W - Rc.win))
		return true;
	if (Opt.user.mode == 'U')
		hit = hit || t->status->ruid == u || t->status->suid == u || t->status->fuid == u;
	return hit != Opt.user.negate;
}

static void put_task_line(const char *text, const char *cap)
{
	char line[SCREEN_MAX * 24];

	if (!scr_interactive()) {
		term_puts("\n");
		term_put_trimmed(text);
		return;
	}
	snprintf(line, sizeof(line), "%s%s%s", cap, text, scr_endline());
	scr_row(line);
}

struct find Find;

static const struct frame *Frame;
/* The fields of the layout being drawn, for the filters. */
static bool Shown[FLD_COUNT];

static bool row_passes(const struct row *r)
{
	if (!(W->winflags & WF_IDLE) && r->tics_delta == 0)
		return false;
	if (!user_match(r->t))
		return false;
	return filter_pass((int)(W - Rc.win), r, Frame, Shown);
}

/* Appends s to the line of len bytes (of size), cut to fit. */
static size_t append(char *line, size_t len, size_t size, const char *s)
{
	size_t n = strlen(s);

	if (len + n >= size)
		n = size - 1 - len;
	memcpy(line + len, s, n);
	line[len + n] = '\0';
	return len + n;
}

/* The text of a task row, with the sort column's highlight if mark. */
static void row_text(char *line, size_t size, const struct row *r,
		     struct frame *fr, bool mark, bool high, const char *lead)
{
	size_t len = append(line, 0, size, lead);

	for (int i = 0; i < Lay.n; i++) {
		bool m = mark && Lay.fld[i] == W->sortindx;

		if (m)
			len = append(line, len, size, scr_cap(7));
		len = append(line, len, size, field_cell(Lay.fld[i], r, fr));
		if (m)
			len = append(line, len, size, scr_cap(high ? 7 : 8));
	}
}

/* Every occurrence of the located string, shown reversed. */
static void mark_found(char *line, size_t size, const char *rowcap)
{
	char out[SCREEN_MAX * 16];
	size_t n = strlen(Find.str), len = 0;
	const char *p = line, *q;

	if (!n || !strstr(line, Find.str))
		return;
	while ((q = strstr(p, Find.str)) && len < sizeof(out)) {
		len += (size_t)snprintf(out + len, sizeof(out) - len,
			"%.*s%s%s%s%s", (int)(q - p), p, scr_cap(4), Find.str,
			scr_off(), rowcap);
		p = q + n;
	}
	if (len < sizeof(out))
		snprintf(out + len, sizeof(out) - len, "%s", p);
	out[sizeof(out) - 1] = '\0';
	if (strlen(out) < size)
		strcpy(line, out);
}

/* 'L' and '&': the first row below the view's top holding the string
 * becomes the top. */
static void locate(struct row **rows, size_t n, struct frame *fr)
{
	struct winstate *ws = &Winstate[W - Rc.win];
	int from = ws->begtask + 1, idx = 0;
	char line[SCREEN_MAX * 16];

	Find.failed = true;
	for (size_t k = 0; k < n; k++) {
		if (!row_passes(rows[k]))
			continue;
		if (idx >= from) {
			row_text(line, sizeof(line), rows[k], fr, false, false,
				 "");
			if (strstr(line, Find.str)) {
				ws->begtask = idx;
				Find.failed = false;
				break;
			}
		}
		idx++;
	}
	Find.pending = 0;
}

/* Room for the n rows a window draws and the bottom windows' task, kept
 * from frame to frame. */
static const struct row **draw_list(size_t n)
{
	static const struct row **v;
	static size_t cap;

	if (n + 1 > cap) {
		cap = n + 1 + n / 2;
		free(v);
		v = malloc(cap * sizeof(*v));
		if (!v)
			die("out of memory");
	}
	return v;
}

/* The task area: header, then the rows that pass the filters.  In the
 * alternate display the header starts with the window's number and
 * each row with a blank. */
static void show_tasks(struct frame *fr, int room)
{
	char line[SCREEN_MAX * 16];
	struct row **rows;
	size_t n, len = 0, nfill;
	int shown = 0, limit = room, skip;
	const struct row **drawn;
	bool inter = scr_interactive();
	const char *lead = Rc.mode_altscr ? " " : "";
	bool find = inter && Find.str[0];

	Frame = fr;
	memset(Shown, 0, sizeof(Shown));
	for (int i = 0; i < Lay.n; i++)
		Shown[Lay.fld[i]] = true;
	line[0] = '\0';
	if (Rc.mode_altscr)
		len = (size_t)snprintf(line, sizeof(line), "%d",
				       (int)(W - Rc.win) + 1);
	for (int i = 0; i < Lay.n; i++)
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s",
					field_header(Lay.fld[i], fr));
	put_task_line(line, scr_cap(6));
	rows = tasks_rows(&n);
	Tasks_shown = 0;
	if (W == Curwin)
		Top_row = NULL;
	if (!n)
		return;
	if (W->winflags & WF_FOREST)
		tasks_forest();
	else
		tasks_sort(W->sortindx, W->winflags);
	rows = tasks_rows(&n);          /* a forest may hide some ('v') */
	if (W->maxtasks && W->maxtasks < limit)
		limit = W->maxtasks;
	/* 'L' searches and marks the current window only */
	if (W != Curwin)
		find = false;
	if (find && Find.pending)
		locate(rows, n, fr);
	skip = inter ? Winstate[W - Rc.win].begtask : 0;
	Tasks_total = 0;
	drawn = draw_list(limit > 0 && (size_t)limit < n ? (size_t)limit : n);
	for (size_t k = 0; k < n; k++) {
		const struct row *r = rows[k];

		if (!row_passes(r))
			continue;
		Tasks_total++;
		if (skip > 0) {
			skip--;
			continue;
		}
		/* the bottom windows' task, even with no room to show it */
		if (!Top_row && W == Curwin)
			Top_row = r;
		if (shown >= limit)
			continue;
		drawn[shown++] = r;
	}
	/* the columns of the rows drawn (and of the bottom windows' task,
	 * drawn or not) */
	nfill = (size_t)shown;
	if (!shown && Top_row && W == Curwin)
		drawn[nfill++] = Top_row;
	tasks_fill(drawn, nfill, column_groups(W, &Lay));
	for (int k = 0; k < shown; k++) {
		const struct row *r = drawn[k];
		bool high = (W->winflags & WF_HIROWS) && r->t->state == 'R';

		row_text(line, sizeof(line), r, fr,
			 inter && (W->winflags & WF_HICOLS), high, lead);
		if (find)
			mark_found(line, sizeof(line), scr_cap(high ? 7 : 8));
		put_task_line(line, scr_cap(high ? 7 : 8));
	}
	Tasks_shown = shown;
}

/* The task areas of the frame: Curwin's, or in the alternate display
 * every window's whose task area is on, in order.  There each window
 * gets an even share of the rows (its header included) that the ones
 * before it left, or as many as its task limit asks. */
static void show_windows(struct frame *fr, int room)
{
	int wins = 0, total = 0, shown = 0, rows = 0;
	int left = room == INT_MAX ? room : room + 1;

	if (!Rc.mode_altscr) {
		W = Curwin;
		show_tasks(fr, room);
		return;
	}
	for (int k = 0; k < WIN_COUNT; k++)
		wins += win_shown(&Rc.win[k]);
	for (int k = 0; k < WIN_COUNT && left > 0; k++) {
		int share;

		W = &Rc.win[k];
		if (!win_shown(W))
			continue;
		/* a window with a task limit ('n') takes just that */
		share = W->maxtasks ? W->maxtasks + 1 : left / wins;
		wins--;
		/* a window drawn at all gets its header */
		if (share < 1)
			share = 1;
		if (share > left)
			share = left;
		if (share < 1)
			break;
		tasks_reap_order();
		calibrate(W, &Lay, task_cols());
		fr->winflags = W->winflags;
		fr->varcolsz = Lay.varcolsz;
		if (scr_interactive())
			scr_caps(W);
		show_tasks(fr, share - 1);
		left -= 1 + Tasks_shown;
		if (W == Curwin) {
			total = Tasks_total;
			shown = Tasks_shown;
			rows = share - 1;
		}
	}
	W = Curwin;
	if (scr_interactive())
		scr_caps(Curwin);
	frame_calibrate();
	Tasks_total = total;
	Tasks_shown = shown;
	Task_rows = rows;
}

int frame_cpu_count(void)
{
	return no_cpu_stats ? 1 : cpus.count;
}

bool frame_restricted(void)
{
	return restricted;
}

int frame_cpu_id(int i)
{
	return cpus.cpu[i].id;
}

void frame_init(void)
{
	no_cpu_stats = !stat_usable() ||
		       (!profile.cpuinfo_tolerant && !cpuinfo_whole());
	restricted = no_cpu_stats || !meminfo_usable();
	if (!no_cpu_stats)
		cpus_read(&cpus);
	fields_init((int)sys_pid_digits(), frame_cpu_count(), Rc.mode_irixps,
		    Opt.threads);
	frame_calibrate();
	tasks_init(0);
	if (profile.top_start_pause_usec) {
		usleep(profile.top_start_pause_usec);
		reprime = true;
		return;
	}
	tasks_refresh(frame_request());
	uptime_sav = tasks_uptime();
	usleep(profile.top_prime_usec);
}

void frame_reprime(void)
{
	reprime = true;
}

void frame_make(void)
{
	struct frame fr;
	float et;
	int lines;
	bool inter = scr_interactive(), nofit;
	group_mask all;
	int ncpu;

	Fmt_zero_suppress = Rc.zero_suppress;
	/* what 'W' records as Curwin: every key is followed by a frame */
	Rc.curwin = (int)(Curwin - Rc.win);
	xwidth_frame();
	frame_calibrate();
	all = frame_request();
	if (reprime) {
		/* the reference reads the tasks, then the cpus, and pauses */
		tasks_refresh(all);
		uptime_sav = tasks_uptime();
		if (!restricted)
			cpus_read(&cpus);
		usleep(profile.top_prime_usec);
		reprime = false;
	} else if (!restricted) {
		cpus_read(&cpus);
	}
	if (!restricted && (!mem_read || time(NULL) - mem_secs >= 3)) {
		meminfo_read(&mem);
		mem_secs = time(NULL);
		mem_read = true;
	}
	tasks_refresh(all);
	ncpu = frame_cpu_count();
	et = (float)(tasks_uptime() - uptime_sav);
	if (et < 0.01f)
		et = 0.005f;
	uptime_sav = tasks_uptime();
	fr = (struct frame){
		.etscale = 100.0f / ((float)sys_hertz() * et *
			   (float)(Rc.mode_irixps ? 1 : ncpu)),
		.cpu_pmax = (Rc.mode_irixps && ncpu > 1 &&
			     !Opt.threads) ? 100.0f * (float)ncpu : 99.9f,
		.restricted = restricted,
		.mem_total = mem.total ? mem.total : 1,
		.uptime = tasks_uptime(),
		.task_mscale = Rc.task_mscale,
		.winflags = Curwin->winflags,
		.varcolsz = Lay.varcolsz,
	};
	Sort_uptime = fr.uptime;
	/* no column fits: the reference's task rows are empty, and it
	 * writes one more than there is room for, moving from row to row
	 * by newlines: each frame scrolls the screen up a row */
	nofit = !Lay.n && !Rc.mode_altscr;
	if (inter) {
		scr_caps(Curwin);
		/* on a screen of one row, the header goes past its bottom
		 * and scrolls it just the same */
		scr_frame_begin(nofit || Screen_rows < 2);
	}
	lines = restricted ? summary_show(NULL, NULL, tasks_counts()) :
		summary_show(&cpus, &mem, tasks_counts());
	if (inter) {
		Msg_row = scr_next_row();
		if (scr_by_newlines()) {
			/* by newlines, the message row is cleared anew */
			scr_row_dirty(Msg_row);
			scr_row(scr_clr_eol());
		} else if (Curwin->winflags & WF_SCROLL) {
			/* the counts come from the task area drawn below */
			scr_row_dirty(Msg_row);
			scr_next_skip();
		} else {
			scr_row(scr_clr_eol());
		}
		Task_rows = Screen_rows - lines - 2 - Bottom_rows;
		if (Task_rows < 0)
			Task_rows = 0;
		show_windows(&fr, Task_rows + (nofit && Task_rows > 0));
		/* then it clears the task rows' places on the screen */
		if (nofit && Task_rows > 0 && profile.top_clear_rest_by_newline) {
			scr_puts("\n");
			scr_puts(scr_clr_eos());
		}
		for (int i = Msg_row + 2; nofit && i < Screen_rows &&
		     !profile.top_clear_rest_by_newline; i++) {
			scr_goto(0, i);
			scr_puts(scr_clr_eol());
		}
		if (Curwin->winflags & WF_SCROLL) {
			char msg[256];

			scr_goto(0, Msg_row);
			snprintf(msg, sizeof(msg), "  scroll coordinates: y = "
				 "%d/%d (tasks), x = %d/%d (fields)",
				 Winstate[Curwin - Rc.win].begtask + 1,
				 Tasks_total, Winstate[Curwin - Rc.win].begpflg + 1,
				 Fields_total);
			/* cut one short of the width */
			printf("%s%.*s%s", scr_off(), Screen_cols - 1, msg,
			       scr_clr_eol());
		}
		scr_frame_end();
	} else {
		show_windows(&fr, Screen_rows == INT_MAX ? INT_MAX :
			   Screen_rows - lines - 2);
	}
}
