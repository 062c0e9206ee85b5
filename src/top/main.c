/* top: start-up, and the batch frame loop (inter.c has the
 * interactive one). */
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "library/sysinfo.h"
#include "args.h"
#include "fields.h"
#include "frame.h"
#include "inter.h"
#include "rcfile.h"
#include "screen.h"
#include "term.h"
#include "top.h"

struct window *Curwin;
int Screen_cols, Screen_rows;

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

static void sleep_secs(double secs)
{
	struct timespec ts;

	if (secs <= 0)
		return;
	ts.tv_sec = (time_t)secs;
	ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
	nanosleep(&ts, NULL);
}

/* Batch mode's signals, as the reference's (interactive mode sets its
 * own in scr_start). */
static struct termios batch_tios;

static void batch_end(int sig)          /* a normal end */
{
	(void)sig;
	term_puts("\n");
	term_flush();
	exit(EXIT_SUCCESS);
}

static void batch_pause(int sig)        /* TSTP, TTIN, TTOU */
{
	(void)sig;
	if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &batch_tios) < 0)
		die("failed tty set: %s", strerror(errno));
	raise(SIGSTOP);
}

static void batch_signals(void)
{
	tcgetattr(STDIN_FILENO, &batch_tios);
	scr_signals(batch_end, SIG_IGN, batch_pause);
}

int main(int argc, char **argv)
{
	const char *slash = strrchr(argv[0], '/');

	/* The reference checks this before even reading its arguments. */
	if (!sys_proc_mounted()) {
		fputs("Error, do this: mount -t proc proc /proc\n", stderr);
		return 47;
	}
	Myname = slash ? slash + 1 : argv[0];
	setlocale(LC_ALL, "");
	rc_load(Myname);
	Curwin = &Rc.win[Rc.curwin];
	args_parse(argc, argv);
	if (term_setup(Opt.batch) < 0 && !Opt.batch)
		die("terminal is unknown; use -b");
	if (!Opt.batch)
		return interactive();
	batch_signals();
	adj_geometry();
	frame_init();
	for (int frame = 0;; frame++) {
		if (frame)
			term_puts("\n\n");
		frame_make();
		if (Opt.loops && frame + 1 >= Opt.loops)
			break;
		term_flush();
		sleep_secs(Rc.delay);
	}
	term_puts("\n");
	term_flush();
	return 0;
}
