#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "library/sysinfo.h"
#include "bottom.h"
#include "filter.h"
#include "fmt.h"
#include "frame.h"
#include "rcfile.h"
#include "screen.h"
#include "summary.h"
#include "sysstat.h"
#include "tasks.h"
#include "term.h"
#include "top.h"

struct winstate Winstate[WIN_COUNT];
struct layout Lay;
int Task_rows, Tasks_shown, Msg_row, Tasks_total, Fields_total;
const struct row *Top_row;

/* The reference sleeps this long between the two reaps of frame one. */
enum { PRIME_USEC = 150000 };

static struct cpu_set cpus;
static struct mem_info mem;
static double uptime_sav;
static time_t mem_secs;
static bool mem_read;

void frame_calibrate(void)
{
	int all[FLD_COUNT], total = 0, len = 0, varcnt = 0, varsz = 0, i;

	int skip = scr_interactive() ? Winstate[Curwin - Rc.win].begpflg : 0;

	Fields_total = 0;
	for (int slot = 0; slot < FLD_COUNT; slot++) {
		int f = rc_slot_field(Curwin, slot);

		if (f < 0 || f >= FLD_COUNT)
			continue;
		if (Fields_total++ >= skip)
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
		Lay.fld[i] = f;
	}
	Lay.n = i;
	varsz += Screen_cols - len;
	if (varcnt)
		varsz /= varcnt;
	Lay.varcolsz = varsz;
}

static group_mask needed_groups(void)
{
	group_mask g = field_groups(Curwin->sortindx, Curwin->winflags);

	for (int i = 0; i < Lay.n; i++)
		g |= field_groups(Lay.fld[i], Curwin->winflags);
	if (Opt.user.mode)
		g |= GROUP_BIT(GRP_OWNER);
	if (Opt.user.mode == 'U')
		g |= GROUP_BIT(GRP_STATUS);
	return g;
}

static bool user_match(const struct task *t)
{
	uid_t u = Opt.user.uid;
	bool hit = t->euid == u;

	if (!Opt.user.mode)
		return true;
	if (Opt.user.mode == 'U')
		hit = hit || t->ruid == u || t->suid == u || t->fuid == u;
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

static bool row_passes(const struct row *r)
{
	if (!(Curwin->winflags & WF_IDLE) && r->tics_delta == 0)
		return false;
	if (!user_match(r->t))
		return false;
	return filter_pass((int)(Curwin - Rc.win), r, Frame);
}

/* The text of a task row, with the sort column's highlight if mark. */
static void row_text(char *line, size_t size, const struct row *r,
		     struct frame *fr, bool mark, bool high)
{
	size_t len = 0;

	line[0] = '\0';
	for (int i = 0; i < Lay.n; i++) {
		bool m = mark && Lay.fld[i] == Curwin->sortindx;

		len += (size_t)snprintf(line + len, size - len, "%s%s%s",
			m ? scr_cap(7) : "", field_cell(Lay.fld[i], r, fr),
			m ? scr_cap(high ? 7 : 8) : "");
		if (len >= size)
			len = size - 1;
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
	struct winstate *ws = &Winstate[Curwin - Rc.win];
	int from = ws->begtask + 1, idx = 0;
	char line[SCREEN_MAX * 16];

	Find.failed = true;
	for (size_t k = 0; k < n; k++) {
		if (!row_passes(rows[k]))
			continue;
		if (idx >= from) {
			row_text(line, sizeof(line), rows[k], fr, false, false);
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

/* The task area: header, then the rows that pass the filters. */
static void show_tasks(struct frame *fr, int room)
{
	char line[SCREEN_MAX * 16];
	struct row **rows;
	size_t n, len = 0;
	int shown = 0, limit = room, skip;
	bool inter = scr_interactive();

	Frame = fr;
	line[0] = '\0';
	for (int i = 0; i < Lay.n; i++)
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s",
					field_header(Lay.fld[i], fr));
	put_task_line(line, scr_cap(6));
	rows = tasks_rows(&n);
	Tasks_shown = 0;
	Top_row = NULL;
	if (!n)
		return;
	if (Curwin->winflags & WF_FOREST)
		tasks_forest();
	else
		tasks_sort(Curwin->sortindx, Curwin->winflags);
	rows = tasks_rows(&n);          /* a forest may hide some ('v') */
	if (Curwin->maxtasks && Curwin->maxtasks < limit)
		limit = Curwin->maxtasks;
	if (inter && Find.pending && Find.str[0])
		locate(rows, n, fr);
	skip = inter ? Winstate[Curwin - Rc.win].begtask : 0;
	Tasks_total = 0;
	for (size_t k = 0; k < n; k++) {
		const struct row *r = rows[k];
		bool high;

		if (!row_passes(r))
			continue;
		Tasks_total++;
		if (skip > 0) {
			skip--;
			continue;
		}
		if (shown >= limit)
			continue;
		if (!shown)
			Top_row = r;
		high = (Curwin->winflags & WF_HIROWS) && r->t->state == 'R';
		row_text(line, sizeof(line), r, fr,
			 inter && (Curwin->winflags & WF_HICOLS), high);
		if (inter && Find.str[0])
			mark_found(line, sizeof(line), scr_cap(high ? 7 : 8));
		put_task_line(line, scr_cap(high ? 7 : 8));
		shown++;
	}
	Tasks_shown = shown;
}

void frame_init(void)
{
	cpus_read(&cpus);
	fields_init((int)sys_pid_digits(), cpus.count, Rc.mode_irixps,
		    Opt.threads);
	frame_calibrate();
	tasks_init(needed_groups());
	tasks_refresh();
	uptime_sav = tasks_uptime();
	usleep(PRIME_USEC);
}

void frame_make(void)
{
	struct frame fr;
	float et;
	int lines;
	bool inter = scr_interactive();

	Fmt_zero_suppress = Rc.zero_suppress;
	frame_calibrate();
	tasks_need(needed_groups());
	cpus_read(&cpus);
	if (!mem_read || time(NULL) - mem_secs >= 3) {
		meminfo_read(&mem);
		mem_secs = time(NULL);
		mem_read = true;
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
			     !Opt.threads) ? 100.0f * (float)cpus.count : 99.9f,
		.mem_total = mem.total ? mem.total : 1,
		.uptime = tasks_uptime(),
		.task_mscale = Rc.task_mscale,
		.winflags = Curwin->winflags,
		.varcolsz = Lay.varcolsz,
	};
	Sort_uptime = fr.uptime;
	if (inter) {
		scr_caps(Curwin);
		scr_frame_begin();
	}
	lines = summary_show(&cpus, &mem, tasks_counts());
	if (inter) {
		Msg_row = scr_next_row();
		if (Curwin->winflags & WF_SCROLL) {
			/* the counts come from the task area drawn below */
			scr_row_dirty(Msg_row);
			scr_next_skip();
		} else {
			scr_row(scr_clr_eol());
		}
		Task_rows = Screen_rows - lines - 2 - Bottom_rows;
		if (Task_rows < 0)
			Task_rows = 0;
		show_tasks(&fr, Task_rows);
		if (Curwin->winflags & WF_SCROLL) {
			char msg[256];

			scr_goto(0, Msg_row);
			snprintf(msg, sizeof(msg), "%s  scroll coordinates: y = "
				 "%d/%d (tasks), x = %d/%d (fields)%s", scr_off(),
				 Winstate[Curwin - Rc.win].begtask + 1,
				 Tasks_total, Winstate[Curwin - Rc.win].begpflg + 1,
				 Fields_total, scr_clr_eol());
			scr_puts(msg);
		}
		scr_frame_end();
	} else {
		show_tasks(&fr, Screen_rows == INT_MAX ? INT_MAX :
			   Screen_rows - lines - 2);
	}
}
