/* The interactive commands: one small function per key or key group,
 * and the binding table that maps each key to its function.  A command
 * gets the current window; only the commands that choose another window
 * ('g', the help's windows page, and altwin.c's) set Curwin. */
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/coretype.h"
#include "library/profile.h"
#include "altwin.h"
#include "bottom.h"
#include "colormap.h"
#include "fieldmgr.h"
#include "fields.h"
#include "filter.h"
#include "fmt.h"
#include "forestview.h"
#include "frame.h"
#include "help.h"
#include "inspect.h"
#include "keys.h"
#include "numa.h"
#include "prompt.h"
#include "rcfile.h"
#include "rctail.h"
#include "screen.h"
#include "taskcmd.h"
#include "tasks.h"
#include "top.h"
#include "xwidth.h"


/* What a command is given: the current window, the key pressed and the
 * binding's argument (a window flag, a field). */
struct cmd {
	struct window *w;
	int key, arg;
};

static void key_toggle(const struct cmd *c)
{
	c->w->winflags ^= c->arg;
}

/* 'S' and 'I' say what they did. */
static void key_ctimes(const struct cmd *c)
{
	c->w->winflags ^= WF_CTIMES;
	prompt_msg("Cumulative time %s",
		   (c->w->winflags & WF_CTIMES) ? "On" : "Off");
}

static void key_irix(const struct cmd *c)
{
	(void)c;
	if (frame_cpu_count() < 2) {
		prompt_msg("Only 1 cpu detected");
		return;
	}
	Rc.mode_irixps = !Rc.mode_irixps;
	prompt_msg("Irix mode %s", Rc.mode_irixps ? "On" : "Off");
}

static void key_quit(const struct cmd *c)
{
	(void)c;
	Quit = true;
}

/* Space and Enter only refresh. */
static void key_refresh(const struct cmd *c)
{
	(void)c;
}

static void key_threads(const struct cmd *c)
{
	(void)c;
	Opt.threads = !Opt.threads;
	frame_reprime();
}

/* 'B' is for all windows. */
static void key_bold(const struct cmd *c)
{
	(void)c;
	for (int i = 0; i < WIN_COUNT; i++)
		Rc.win[i].winflags ^= WF_NOBOLD;
}

static void key_zero(const struct cmd *c)
{
	(void)c;
	Rc.zero_suppress = !Rc.zero_suppress;
}

/* 'E', 'e' and ^E: the next scale, round to the first. */
static void key_summ_scale(const struct cmd *c)
{
	(void)c;
	if (++Rc.summ_mscale > 5)
		Rc.summ_mscale = 0;
}

static void key_task_scale(const struct cmd *c)
{
	(void)c;
	if (++Rc.task_mscale > 4)
		Rc.task_mscale = 0;
}

/* the time scales: natural, then minutes up to weeks */
static void key_tics_scale(const struct cmd *c)
{
	(void)c;
	if (++Rc.tics_scaled > TICS_WEEK2)
		Rc.tics_scaled = 0;
}

/* '1', '2', '3': the states shown again, one cpu (or node) a row, the
 * core types not told apart. */
static void cpus_plain(struct window *w)
{
	w->winflags |= WF_STATES;
	w->double_up = w->core_types = 0;
}

/* 'l', 't', 'm' and '1' and friends: summary toggles. */
static void key_summary(const struct cmd *c)
{
	struct window *w = c->w;

	switch (c->key) {
	case 'l':
		w->winflags ^= WF_LOADAV;
		break;
	case 't':
		/* on, bars, blocks, off; back on in the mode a toprc kept */
		if (!(w->winflags & WF_STATES)) {
			w->winflags |= WF_STATES;
		} else if (++w->graph_cpus > 2) {
			w->graph_cpus = 0;
			w->winflags &= ~WF_STATES;
		}
		/* more than two abreast needs the graphs */
		if (w->double_up > 1 && !w->graph_cpus)
			w->double_up = 0;
		break;
	case 'm':
		if (!(w->winflags & WF_MEMORY)) {
			w->winflags |= WF_MEMORY;
		} else if (++w->graph_mems > 2) {
			w->graph_mems = 0;
			w->winflags &= ~WF_MEMORY;
		}
		break;
	case '1':
		/* leaving a node view lands on one line per cpu, one a row */
		if (w->winflags & WF_CPUNODE)
			w->winflags &= ~(WF_CPUNODE | WF_CPUSUM);
		else
			w->winflags ^= WF_CPUSUM;
		cpus_plain(w);
		break;
	case '4':
		/* 2, then with graphs 3 to 8 abreast, never as many as the
		 * cpus; abreast means one line per cpu */
		if (++w->double_up >= 8 || w->double_up >= frame_cpu_count() ||
		    (w->double_up > 1 && !w->graph_cpus))
			w->double_up = 0;
		w->winflags &= ~(WF_CPUSUM | WF_CPUNODE);
		break;
	}
}

/* '5': on one line per cpu (not combined), the cpus labelled with
 * their core type (%CpP, %CpE), then the P-cores alone, the E-cores
 * alone, and back.  Only where some cpu is an E-core (library/coretype.c);
 * elsewhere the view stays as it is. */
static void key_core_types(const struct cmd *c)
{
	struct window *w = c->w;
	int n = frame_cpu_count(), i;

	if (!(w->winflags & WF_STATES) ||
	    (w->winflags & (WF_CPUSUM | WF_CPUNODE)) || w->combine_cpus) {
		prompt_msg("wrong mode, command inactive");
		return;
	}
	core_types_check(n);
	for (i = 0; i < n && core_type_of(frame_cpu_id(i)) != CORE_E; i++)
		;
	if (i < n && ++w->core_types <= 3)
		return;
	w->core_types = 0;
}

/* '2': the summary line and one line per node, or back to the summary
 * alone; from an expanded node it goes to all nodes. */
static void key_nodes(const struct cmd *c)
{
	struct window *w = c->w;

	if (!numa_total()) {
		prompt_msg("sorry, NUMA extensions unavailable");
		return;
	}
	if ((w->winflags & WF_CPUNODE) && Numa_sel < 0) {
		w->winflags &= ~WF_CPUNODE;
		w->winflags |= WF_CPUSUM;
	} else {
		/* the summary flag stays as it was: the toprc shows it */
		w->winflags |= WF_CPUNODE;
	}
	cpus_plain(w);
	Numa_sel = -1;
}

/* '3': one node's line followed by its cpus. */
static void key_node_expand(const struct cmd *c)
{
	char prompt[64];
	long n;
	int tot = numa_total();

	if (!tot) {
		prompt_msg("sorry, NUMA extensions unavailable");
		return;
	}
	snprintf(prompt, sizeof(prompt), "expand which numa node (0-%d)",
		 tot - 1);
	if (prompt_long(prompt, 16, 10, &n) <= 0)
		return;
	if (n < 0 || n >= tot) {
		prompt_msg("invalid numa node");
		return;
	}
	Numa_sel = (int)n;
	c->w->winflags |= WF_CPUNODE;
	c->w->winflags &= ~WF_CPUSUM;
	cpus_plain(c->w);
}

/* '!': cpus combined in groups of 2, 3, 5, 9, ... (4.0.4: 2, 4, 8, ...;
 * summary.c) until no more; only the one-line-per-cpu view combines. */
static void key_combine(const struct cmd *c)
{
	int *n = &c->w->combine_cpus;

	if (c->w->winflags & (WF_CPUSUM | WF_CPUNODE)) {
		prompt_msg("wrong mode, command inactive");
		return;
	}
	*n = *n ? *n * 2 : profile.top_combine_groups_of_n ? 2 : 1;
	if (*n >= frame_cpu_count())
		*n = 0;
	c->w->core_types = 0;
}

static void key_delay(const struct cmd *c)
{
	char prompt[64], buf[32];
	char *end;
	double d;

	(void)c;
	if (Opt.secure) {
		prompt_msg("Unavailable in secure mode");
		return;
	}
	snprintf(prompt, sizeof(prompt), "Change delay from %.1f to",
		 Rc.delay);
	if (!prompt_line(prompt, buf, sizeof(buf)) || !buf[0])
		return;
	d = strtod(buf, &end);
	if (*end || end == buf || d < 0) {
		prompt_msg("Unacceptable floating point");
		return;
	}
	Rc.delay = d;
}

static void key_maxtasks(const struct cmd *c)
{
	char prompt[96];
	long v;

	snprintf(prompt, sizeof(prompt),
		 "Maximum tasks = %d, change to (0 is unlimited)",
		 c->w->maxtasks);
	if (prompt_long(prompt, 32, 0, &v) <= 0)
		return;
	if (v < 0) {
		prompt_msg("Unacceptable integer");
		return;
	}
	c->w->maxtasks = (int)v;
}

static void key_user(const struct cmd *c)
{
	char buf[64];
	struct passwd *pw;
	const char *name;
	char *end;
	unsigned long id;

	if (!prompt_line("Which user (blank for all)", buf, sizeof(buf)))
		return;
	if (!buf[0]) {
		Opt.user.mode = 0;
		return;
	}
	name = buf;
	Opt.user.negate = false;
	if (*name == '!') {
		name++;
		Opt.user.negate = true;
	}
	id = strtoul(name, &end, 0);
	pw = *end ? getpwnam(name) : getpwuid((uid_t)id);
	if (!pw && *end) {
		Opt.user.mode = 0;
		prompt_msg("Invalid user");
		return;
	}
	Opt.user.uid = pw ? pw->pw_uid : (uid_t)id;
	Opt.user.mode = (char)c->key;
	Opt.user.win = (int)(c->w - Rc.win);
}

/* '<' and '>': the sort moves to the neighbouring shown column. */
static void key_sort_move(const struct cmd *c)
{
	struct window *w = c->w;
	int at = -1;

	for (int i = 0; i < Lay.n; i++)
		if (Lay.fld[i] == w->sortindx)
			at = i;
	if (c->key == '<') {
		if (at > 0)
			w->sortindx = Lay.fld[at - 1];
		else if (at < 0 && Lay.n)
			w->sortindx = Lay.fld[0];
	} else if (at >= 0 && at + 1 < Lay.n) {
		w->sortindx = Lay.fld[at + 1];
	}
}

/* 'P', 'M', 'N', 'T': a sort field, and the forest view off. */
static void key_sort_by(const struct cmd *c)
{
	c->w->sortindx = c->arg;
	c->w->winflags &= ~WF_FOREST;
}

/* The help's windows page: Enter, q or Esc leave it; 'a', 'w' and
 * '1'..'4' choose the current window. */
static void help_windows_page(void)
{
	for (;;) {
		int k = prompt_wait_key(help_windows);

		if (k & 0x1000)
			Quit = true;
		if ((k & 0x1000) || k == '\n' || k == '\r' || k == 'q' ||
		    k == TK_ESC)
			break;
		if (k == 'a' || k == 'w') {
			int i = (int)(Curwin - Rc.win);

			i = (i + (k == 'a' ? 1 : WIN_COUNT - 1)) % WIN_COUNT;
			Curwin = &Rc.win[i];
			help_windows();
		} else if (k >= '1' && k <= '4') {
			Curwin = &Rc.win[k - '1'];
			help_windows();
		}
	}
}

static void key_help(const struct cmd *c)
{
	(void)c;
	help_show();
	for (;;) {
		int k = prompt_wait_key(help_show);

		if (k & 0x1000) {
			Quit = true;
			break;
		}
		if (k == 'q' || k == TK_ESC)
			break;
		if (k != 'h' && k != '?')
			continue;
		help_windows();
		help_windows_page();
		break;
	}
	scr_clear();
}

/* Scrolling: arrows, pages, Home and End move the window's view. */
static void key_scroll(const struct cmd *c)
{
	struct winstate *ws = &Winstate[c->w - Rc.win];
	int page = Task_rows > 1 ? Task_rows - 1 : 1;
	int last = Tasks_total > 0 ? Tasks_total - 1 : 0;

	switch (c->key) {
	case TK_UP:
		ws->begtask--;
		break;
	case TK_DOWN:
		ws->begtask++;
		break;
	case TK_PGUP:
		ws->begtask -= page;
		break;
	case TK_PGDN:
		ws->begtask += page;
		break;
	case TK_HOME:
		ws->begtask = 0;
		break;
	case TK_END:
		ws->begtask = Tasks_total - Task_rows;
		break;
	case TK_LEFT:
		ws->begpflg--;
		break;
	case TK_RIGHT:
		ws->begpflg++;
		break;
	}
	if (ws->begtask > last)
		ws->begtask = last;
	if (ws->begtask < 0)
		ws->begtask = 0;
	if (ws->begpflg > Fields_total - 1)
		ws->begpflg = Fields_total - 1;
	if (ws->begpflg < 0)
		ws->begpflg = 0;
}

static void key_locate(const struct cmd *c)
{
	char buf[sizeof(Find.str)];

	if (c->key == 'L') {
		if (!prompt_line("Locate string", buf, sizeof(buf)))
			return;
		snprintf(Find.str, sizeof(Find.str), "%s", buf);
	}
	if (Find.str[0])
		Find.pending = c->key;
	else if (c->key == '&')
		prompt_msg("Locate next inactive, use \"L\"");
}

static void key_filter(const struct cmd *c)
{
	int win = (int)(c->w - Rc.win);
	char prompt[96], buf[128];
	const char *err;

	snprintf(prompt, sizeof(prompt), "add filter #%d (%s) as: [!]FLD?VAL",
		 filter_count(win) + 1,
		 c->key == 'o' ? "ignoring case" : "case sensitive");
	if (!prompt_line(prompt, buf, sizeof(buf)) || !buf[0])
		return;
	err = filter_add(win, buf, c->key == 'o');
	if (err)
		prompt_msg("%s", err);
}

/* ^O: the filters in force, until <Enter>. */
static void key_show_filters(const struct cmd *c)
{
	char list[1024], prompt[1100], buf[4];

	filter_list((int)(c->w - Rc.win), list, sizeof(list));
	snprintf(prompt, sizeof(prompt), "<Enter> to resume, filters: %s",
		 list[0] ? list : "none");
	prompt_line(prompt, buf, sizeof(buf));
}

/* '=': the window's filters, user filter, task limit and scrolling
 * undone; in the alternate display it shows the window again. */
static void key_reset(const struct cmd *c)
{
	struct winstate *ws = &Winstate[c->w - Rc.win];

	bottom_close();
	filter_clear((int)(c->w - Rc.win));
	Opt.user.mode = 0;
	c->w->maxtasks = 0;
	ws->begtask = 0;
	ws->begpflg = 0;
	if (Rc.mode_altscr)
		c->w->winflags |= WF_TASKON;
}

/* 'g': a window by number becomes the current one. */
static void key_group(const struct cmd *c)
{
	/* one key, taken as soon as it is typed (no Enter), as the
	 * reference does; any other key closes the prompt */
	int k = prompt_key("Choose field group (1 - 4)");

	(void)c;
	if (k >= '1' && k <= '4')
		Curwin = &Rc.win[k - '1'];
}

static void key_write(const struct cmd *c)
{
	(void)c;
	if (rctail_errors()) {
		int k = prompt_key("rcfile has inspect/other-filter "
				   "error(s), save anyway?");

		if (k != 'y' && k != 'Y')
			return;
	}
	if (rc_write())
		prompt_msg("Failed '%s' open: %s", Rc_path, strerror(errno));
	else
		prompt_msg("Wrote configuration to '%s'", Rc_path);
}

/* 'X': the extra width of the widening fields. */
static void key_xwidth(const struct cmd *c)
{
	char prompt[96];
	long v;

	(void)c;
	snprintf(prompt, sizeof(prompt),
		 "width incr is %d, change to (0 default, -1 auto)",
		 Rc.fixed_widest);
	if (prompt_long(prompt, 16, 0, &v) > 0)
		xwidth_set(v);
}

/* 'F' focuses on the topmost task, 'v' collapses or expands it. */
static void key_forest(const struct cmd *c)
{
	size_t n;
	struct row **rows = tasks_rows(&n);
	struct winstate *ws = &Winstate[c->w - Rc.win];

	if (c->key == 'F')
		forestview_focus(c->w, ws, rows, n);
	else
		forestview_collapse(c->w, ws, rows, n);
}

/* The screens and prompts other modules own. */
static void key_fields(const struct cmd *c)
{
	fieldmgr_run(c->w);
}

static void key_altwin(const struct cmd *c)
{
	altwin_key(c->key);
}

#define CTRL(k) ((k) & 0x1f)

/* One row per key: the key and its command, either one of this file's
 * (run, given arg) or another module's that needs nothing (plain). */
static const struct binding {
	int key;
	void (*run)(const struct cmd *c);
	int arg;
	void (*plain)(void);
} bindings[] = {
	{ 'q', .run = key_quit },
	{ 'h', .run = key_help },
	{ '?', .run = key_help },
	{ 'l', .run = key_summary },
	{ 't', .run = key_summary },
	{ 'm', .run = key_summary },
	{ '1', .run = key_summary },
	{ '4', .run = key_summary },
	{ '5', .run = key_core_types },
	{ '2', .run = key_nodes },
	{ '3', .run = key_node_expand },
	{ '!', .run = key_combine },
	{ 'c', .run = key_toggle, .arg = WF_CMDLINE },
	{ 'i', .run = key_toggle, .arg = WF_IDLE },
	{ 'V', .run = key_toggle, .arg = WF_FOREST },
	{ 'J', .run = key_toggle, .arg = WF_JRNUMS },
	{ 'j', .run = key_toggle, .arg = WF_JRSTRS },
	{ 'R', .run = key_toggle, .arg = WF_SORTHI },
	{ 'x', .run = key_toggle, .arg = WF_HICOLS },
	{ 'y', .run = key_toggle, .arg = WF_HIROWS },
	{ 'z', .run = key_toggle, .arg = WF_COLORS },
	{ 'b', .run = key_toggle, .arg = WF_HIBOLD },
	{ 'C', .run = key_toggle, .arg = WF_SCROLL },
	{ 'S', .run = key_ctimes },
	{ 'I', .run = key_irix },
	{ 'H', .run = key_threads },
	{ 'B', .run = key_bold },
	{ '0', .run = key_zero },
	{ 'E', .run = key_summ_scale },
	{ 'e', .run = key_task_scale },
	{ CTRL('E'), .run = key_tics_scale },
	{ 'P', .run = key_sort_by, .arg = F_CPU },
	{ 'M', .run = key_sort_by, .arg = F_MEM },
	{ 'N', .run = key_sort_by, .arg = F_PID },
	{ 'T', .run = key_sort_by, .arg = F_TIMEP },
	{ '<', .run = key_sort_move },
	{ '>', .run = key_sort_move },
	{ 'd', .run = key_delay },
	{ 's', .run = key_delay },
	{ 'k', .plain = taskcmd_kill },
	{ 'r', .plain = taskcmd_renice },
	{ CTRL('R'), .plain = taskcmd_renice },
	{ 'n', .run = key_maxtasks },
	{ '#', .run = key_maxtasks },
	{ 'u', .run = key_user },
	{ 'U', .run = key_user },
	{ 'W', .run = key_write },
	{ 'Z', .plain = colormap_run },
	{ 'f', .run = key_fields },
	{ 'L', .run = key_locate },
	{ '&', .run = key_locate },
	{ 'o', .run = key_filter },
	{ 'O', .run = key_filter },
	{ CTRL('O'), .run = key_show_filters },
	{ '=', .run = key_reset },
	{ 'A', .run = key_altwin },
	{ 'a', .run = key_altwin },
	{ 'w', .run = key_altwin },
	{ '-', .run = key_altwin },
	{ '_', .run = key_altwin },
	{ 'G', .run = key_altwin },
	{ '+', .run = key_altwin },
	{ 'g', .run = key_group },
	{ 'X', .run = key_xwidth },
	{ 'Y', .plain = inspect_key },
	{ 'F', .run = key_forest },
	{ 'v', .run = key_forest },
	{ ' ', .run = key_refresh },
	{ '\n', .run = key_refresh },
	{ '\r', .run = key_refresh },
	{ TK_UP, .run = key_scroll },
	{ TK_DOWN, .run = key_scroll },
	{ TK_PGUP, .run = key_scroll },
	{ TK_PGDN, .run = key_scroll },
	{ TK_HOME, .run = key_scroll },
	{ TK_END, .run = key_scroll },
	{ TK_LEFT, .run = key_scroll },
	{ TK_RIGHT, .run = key_scroll },
};

bool keys_do(int key)
{
	if (bottom_key(key))
		return true;
	/* restricted (frame.c): the summary area's keys but 'C' */
	if (frame_restricted() && key > 0 && key < 128 &&
	    strchr("!12345lmt", key)) {
		prompt_msg("sorry, restricted namespace with reduced functionality");
		return true;
	}
	for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
		if (bindings[i].key == key) {
			struct cmd c = { Curwin, key, bindings[i].arg };

			if (bindings[i].plain)
				bindings[i].plain();
			else
				bindings[i].run(&c);
			return true;
		}
	}
	prompt_msg("Unknown command - try 'h' for help");
	return false;
}
