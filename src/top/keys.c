/* The interactive commands: one small function per key or key group. */
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
#include "inter.h"
#include "numa.h"
#include "rcfile.h"
#include "rctail.h"
#include "screen.h"
#include "taskcmd.h"
#include "tasks.h"
#include "top.h"
#include "xwidth.h"

static void toggle(int flag)
{
	Curwin->winflags ^= flag;
}

/* 'l', 't', 'm' and '1' and friends: summary toggles. */
static void key_summary(int key)
{
	struct window *w = Curwin;

	switch (key) {
	case 'l':
		toggle(WF_LOADAV);
		break;
	case 't':
		/* on, bars, blocks, off */
		if (!(w->winflags & WF_STATES)) {
			w->winflags |= WF_STATES;
			w->graph_cpus = 0;
		} else if (++w->graph_cpus > 2) {
			w->graph_cpus = 0;
			w->winflags &= ~WF_STATES;
		}
		break;
	case 'm':
		if (!(w->winflags & WF_MEMORY)) {
			w->winflags |= WF_MEMORY;
			w->graph_mems = 0;
		} else if (++w->graph_mems > 2) {
			w->graph_mems = 0;
			w->winflags &= ~WF_MEMORY;
		}
		break;
	case '1':
		/* leaving a node view lands on one line per cpu */
		if (w->winflags & WF_CPUNODE)
			w->winflags &= ~(WF_CPUNODE | WF_CPUSUM);
		else
			toggle(WF_CPUSUM);
		break;
	case '4':
		/* two abreast means one line per cpu */
		w->double_up = !w->double_up;
		w->winflags &= ~(WF_CPUSUM | WF_CPUNODE);
		break;
	}
}

/* '2': the summary line and one line per node, or back to the summary
 * alone; from an expanded node it goes to all nodes. */
static void key_nodes(void)
{
	struct window *w = Curwin;

	if (!numa_total()) {
		inter_msg("sorry, NUMA extensions unavailable");
		return;
	}
	if ((w->winflags & WF_CPUNODE) && Numa_sel < 0) {
		w->winflags &= ~WF_CPUNODE;
		w->winflags |= WF_CPUSUM;
	} else {
		/* the summary flag stays as it was: the toprc shows it */
		w->winflags |= WF_CPUNODE;
	}
	Numa_sel = -1;
}

/* '3': one node's line followed by its cpus. */
static void key_node_expand(void)
{
	char prompt[64];
	long n;
	int tot = numa_total();

	if (!tot) {
		inter_msg("sorry, NUMA extensions unavailable");
		return;
	}
	snprintf(prompt, sizeof(prompt), "expand which numa node (0-%d)",
		 tot - 1);
	if (inter_prompt_long(prompt, 16, 10, &n) <= 0)
		return;
	if (n < 0 || n >= tot) {
		inter_msg("invalid numa node");
		return;
	}
	Numa_sel = (int)n;
	Curwin->winflags |= WF_CPUNODE;
	Curwin->winflags &= ~WF_CPUSUM;
}

static void key_delay(void)
{
	char prompt[64], buf[32];
	char *end;
	double d;

	if (Opt.secure) {
		inter_msg("Unavailable in secure mode");
		return;
	}
	snprintf(prompt, sizeof(prompt), "Change delay from %.1f to",
		 Rc.delay);
	if (!inter_prompt(prompt, buf, sizeof(buf)) || !buf[0])
		return;
	d = strtod(buf, &end);
	if (*end || end == buf) {
		inter_msg("Unacceptable floating point");
		return;
	}
	if (d < 0) {
		inter_msg("Unacceptable floating point");
		return;
	}
	Rc.delay = d;
}

static void key_maxtasks(void)
{
	char prompt[96];
	long v;

	snprintf(prompt, sizeof(prompt),
		 "Maximum tasks = %d, change to (0 is unlimited)",
		 Curwin->maxtasks);
	if (inter_prompt_long(prompt, 32, 0, &v) <= 0)
		return;
	if (v < 0) {
		inter_msg("Unacceptable integer");
		return;
	}
	Curwin->maxtasks = (int)v;
}

static void key_user(int key)
{
	char buf[64];
	struct passwd *pw;
	const char *name;
	char *end;
	unsigned long id;

	if (!inter_prompt("Which user (blank for all)", buf, sizeof(buf)))
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
		inter_msg("Invalid user");
		return;
	}
	Opt.user.uid = pw ? pw->pw_uid : (uid_t)id;
	Opt.user.mode = (char)key;
	Opt.user.win = (int)(Curwin - Rc.win);
}

/* '<' and '>': the sort moves to the neighbouring shown column. */
static void key_sort_move(int key)
{
	int at = -1;

	for (int i = 0; i < Lay.n; i++)
		if (Lay.fld[i] == Curwin->sortindx)
			at = i;
	if (key == '<') {
		if (at > 0)
			Curwin->sortindx = Lay.fld[at - 1];
		else if (at < 0 && Lay.n)
			Curwin->sortindx = Lay.fld[0];
	} else if (at >= 0 && at + 1 < Lay.n) {
		Curwin->sortindx = Lay.fld[at + 1];
	}
}

static void key_sort_by(int f)
{
	Curwin->sortindx = f;
	Curwin->winflags &= ~WF_FOREST;
}

/* '!': cpus combined in groups of 2, 3, 5, 9, ... until no more. */
static void combine_more(void)
{
	int *c = &Curwin->combine_cpus;

	*c = *c ? *c * 2 : 1;
	if (*c >= frame_cpu_count())
		*c = 0;
}

static void key_help(void)
{
	int k;

	help_show();
	for (;;) {
		k = inter_wait_key(help_show);
		if (k & 0x1000) {
			Quit = true;
			break;
		}
		if (k == 'q' || k == TK_ESC)
			break;
		if (k != 'h' && k != '?')
			continue;
		/* the windows page: Enter, q or Esc leave it */
		help_windows();
		for (;;) {
			k = inter_wait_key(help_windows);
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
		break;
	}
	scr_clear();
}

/* Scrolling: arrows, pages, Home and End move the window's view. */
static void key_scroll(int key)
{
	struct winstate *ws = &Winstate[Curwin - Rc.win];
	int page = Task_rows > 1 ? Task_rows - 1 : 1;
	int last = Tasks_total > 0 ? Tasks_total - 1 : 0;

	switch (key) {
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

static void key_locate(int key)
{
	char buf[sizeof(Find.str)];

	if (key == 'L') {
		if (!inter_prompt("Locate string", buf, sizeof(buf)))
			return;
		snprintf(Find.str, sizeof(Find.str), "%s", buf);
	}
	if (Find.str[0])
		Find.pending = key;
	else if (key == '&')
		inter_msg("Locate next inactive, use \"L\"");
}

static void key_filter(int key)
{
	int win = (int)(Curwin - Rc.win);
	char prompt[96], buf[128];
	const char *err;

	snprintf(prompt, sizeof(prompt), "add filter #%d (%s) as: [!]FLD?VAL",
		 filter_count(win) + 1,
		 key == 'o' ? "ignoring case" : "case sensitive");
	if (!inter_prompt(prompt, buf, sizeof(buf)) || !buf[0])
		return;
	err = filter_add(win, buf, key == 'o');
	if (err)
		inter_msg("%s", err);
}

/* ^O: the filters in force, until <Enter>. */
static void key_show_filters(void)
{
	char list[1024], prompt[1100], buf[4];

	filter_list((int)(Curwin - Rc.win), list, sizeof(list));
	snprintf(prompt, sizeof(prompt), "<Enter> to resume, filters: %s",
		 list[0] ? list : "none");
	inter_prompt(prompt, buf, sizeof(buf));
}

/* 'g': a window by number becomes the current one. */
static void key_group(void)
{
	char buf[8];

	if (!inter_prompt("Choose field group (1 - 4)", buf, sizeof(buf)) ||
	    !buf[0])
		return;
	if (buf[0] >= '1' && buf[0] <= '4' && !buf[1])
		Curwin = &Rc.win[buf[0] - '1'];
}

static void key_write(void)
{
	if (rctail_errors()) {
		int k = inter_ask_key("rcfile has inspect/other-filter "
				      "error(s), save anyway?");

		if (k != 'y' && k != 'Y')
			return;
	}
	if (rc_write())
		inter_msg("Failed '%s' open: %s", Rc_path, strerror(errno));
	else
		inter_msg("Wrote configuration to '%s'", Rc_path);
}

bool keys_do(int key)
{
	if (bottom_key(key))
		return true;
	switch (key) {
	case 'q':
		Quit = true;
		break;
	case 'h':
	case '?':
		key_help();
		break;
	case 'l': case 't': case 'm': case '1': case '4':
		key_summary(key);
		break;
	case 'c':
		toggle(WF_CMDLINE);
		break;
	case 'i':
		toggle(WF_IDLE);
		break;
	case 'S':
		toggle(WF_CTIMES);
		inter_msg("Cumulative time %s",
			  (Curwin->winflags & WF_CTIMES) ? "On" : "Off");
		break;
	case 'H':
		Opt.threads = !Opt.threads;
		break;
	case 'I':
		Rc.mode_irixps = !Rc.mode_irixps;
		inter_msg("Irix mode %s", Rc.mode_irixps ? "On" : "Off");
		break;
	case 'V':
		toggle(WF_FOREST);
		break;
	case 'J':
		toggle(WF_JRNUMS);
		break;
	case 'j':
		toggle(WF_JRSTRS);
		break;
	case 'R':
		toggle(WF_SORTHI);
		break;
	case 'x':
		toggle(WF_HICOLS);
		break;
	case 'y':
		toggle(WF_HIROWS);
		break;
	case 'z':
		toggle(WF_COLORS);
		break;
	case 'b':
		toggle(WF_HIBOLD);
		break;
	case 'B':
		for (int i = 0; i < WIN_COUNT; i++)
			Rc.win[i].winflags ^= WF_NOBOLD;
		break;
	case '0':
		Rc.zero_suppress = !Rc.zero_suppress;
		break;
	case 'E':
		if (++Rc.summ_mscale > 5)
			Rc.summ_mscale = 0;
		break;
	case 'e':
		if (++Rc.task_mscale > 4)
			Rc.task_mscale = 0;
		break;
	case 'P':
		key_sort_by(F_CPU);
		break;
	case 'M':
		key_sort_by(F_MEM);
		break;
	case 'N':
		key_sort_by(F_PID);
		break;
	case 'T':
		key_sort_by(F_TIMEP);
		break;
	case '<':
	case '>':
		key_sort_move(key);
		break;
	case 'd':
	case 's':
		key_delay();
		break;
	case 'k':
		taskcmd_kill();
		break;
	case 'r':
		taskcmd_renice();
		break;
	case 'n':
	case '#':
		key_maxtasks();
		break;
	case 'u':
	case 'U':
		key_user(key);
		break;
	case 'W':
		key_write();
		break;
	case 'Z':
		colormap_run();
		break;
	case 'E' & 0x1f:
		/* the time scales: natural, then minutes up to weeks */
		if (++Rc.tics_scaled > TICS_WEEK2)
			Rc.tics_scaled = 0;
		break;
	case 'C':
		toggle(WF_SCROLL);
		break;
	case 'f':
		fieldmgr_run();
		break;
	case 'L':
	case '&':
		key_locate(key);
		break;
	case 'o':
	case 'O':
		key_filter(key);
		break;
	case 'A': case 'a': case 'w': case '-': case '_': case 'G': case '+':
		altwin_key(key);
		break;
	case 'g':
		key_group();
		break;
	case 'X':
		xwidth_key();
		break;
	case 'Y':
		inspect_key();
		break;
	case '2':
		key_nodes();
		break;
	case '3':
		key_node_expand();
		break;
	case '!':
		/* only the one-line-per-cpu view combines */
		if (Curwin->winflags & (WF_CPUSUM | WF_CPUNODE))
			inter_msg("wrong mode, command inactive");
		else
			combine_more();
		break;
	case 'R' & 0x1f:
		taskcmd_renice();
		break;
	case 'O' & 0x1f:
		key_show_filters();
		break;
	case '=':
		bottom_close();
		filter_clear((int)(Curwin - Rc.win));
		Opt.user.mode = 0;
		Curwin->maxtasks = 0;
		Winstate[Curwin - Rc.win].begtask = 0;
		Winstate[Curwin - Rc.win].begpflg = 0;
		/* and in the alternate display it shows the window again */
		if (Rc.mode_altscr)
			Curwin->winflags |= WF_TASKON;
		break;
	case ' ':
	case '\n':
	case '\r':
		break;
	case 'F':
		forestview_focus();
		break;
	case 'v':
		forestview_collapse();
		break;
	case TK_UP: case TK_DOWN: case TK_PGUP: case TK_PGDN:
	case TK_HOME: case TK_END: case TK_LEFT: case TK_RIGHT:
		key_scroll(key);
		break;
	default:
		inter_msg("Unknown command - try 'h' for help");
		return false;
	}
	return true;
}
