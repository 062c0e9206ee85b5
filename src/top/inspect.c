/* 'Y': the toprc's Inspect entries run for one pid on a screen of their
 * own.  A pause screen lists the entries; the one chosen is read (a file)
 * or run (a pipeline) and its output paged through and searched, until
 * <Enter> goes back to the list or 'q' back to top. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>
#include "fields.h"
#include "frame.h"
#include "inspect.h"
#include "prompt.h"
#include "rctail.h"
#include "screen.h"
#include "taskcmd.h"
#include "tasks.h"
#include "top.h"

/* The status row is padded to 80 columns whatever the width; the output
 * moves 8 columns at a time sideways; more than 16 MiB is not kept. */
enum { STATUS_WIDTH = 80, SIDE_STEP = 8, OUTPUT_MAX = 16 << 20 };

struct output {
	char *buf;              /* the bytes read, NUL after them */
	size_t len;
	size_t *start;          /* where each line starts */
	size_t nlines;
};

static struct {
	int pid;
	char pause_name[128], name[128];
	const struct inspect_entry *e;
	struct output out;
	size_t top, col;        /* first line and column shown */
	char find[64];
} In;

static void status_row(const char *text, int width)
{
	int w = Screen_cols < width ? Screen_cols : width;

	scr_goto(0, 3);
	printf("%s%-*.*s", scr_cap(4), w, Screen_cols, text);
	scr_puts(scr_clr_eol());
	scr_puts(scr_off());
}

static void draw_pause(int sel)
{
	char text[4096], line[8192];
	size_t len;

	scr_goto(0, 0);
	snprintf(text, sizeof(text), "Inspection~2 Pause at: pid ~1%d~4, "
		 "running ~1%s~4\n", In.pid, In.pause_name);
	scr_special(text);
	scr_special("Use~2:  left/right then <Enter> to ~1select~2 an "
		    "option; 'q' or <Esc> to ~1end~2 !~1\n");
	len = (size_t)snprintf(text, sizeof(text), "Options~2: ~1");
	for (int i = 0; i < inspect_count() && len < sizeof(text); i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					" %s ~%c", inspect_entry(i)->name,
					i == sel ? '4' : '1');
	/* a line of its own, not a last line: the markup counts */
	scr_markup(line, sizeof(line), text, Screen_cols);
	scr_puts(line);
	scr_puts(scr_clr_eol());
	status_row("", STATUS_WIDTH);
	scr_flush();
}

/* ---- the output -------------------------------------------------- */

static void output_free(struct output *o)
{
	free(o->buf);
	free(o->start);
	memset(o, 0, sizeof(*o));
}

static void output_append(struct output *o, const char *s, size_t n)
{
	char *grown;

	if (o->len + n > OUTPUT_MAX)
		n = OUTPUT_MAX - o->len;
	grown = realloc(o->buf, o->len + n + 1);
	if (!grown)
		return;
	o->buf = grown;
	memcpy(o->buf + o->len, s, n);
	o->len += n;
	o->buf[o->len] = '\0';
}

static void output_lines(struct output *o)
{
	size_t n = 0;

	if (!o->buf)
		output_append(o, "", 0);
	for (size_t i = 0; i < o->len; i++)
		n += o->buf[i] == '\n';
	/* text after the last newline is a line too */
	n += o->len && o->buf[o->len - 1] != '\n';
	o->start = calloc(n + 1, sizeof(*o->start));
	if (!o->start)
		return;         /* no lines: nlines stays 0 */
	o->nlines = 0;
	for (size_t i = 0; i < o->len && o->nlines < n; i++)
		if (i == 0 || o->buf[i - 1] == '\n')
			o->start[o->nlines++] = i;
	o->start[o->nlines] = o->len;
}

/* Line i as [*s, *e): without its newline; a last line without one
 * takes the NUL after it along, which shows as ^@. */
static bool line_span(size_t i, size_t *s, size_t *e)
{
	const struct output *o = &In.out;

	if (i >= o->nlines)
		return false;
	*s = o->start[i];
	*e = o->start[i + 1];
	if (*e > *s && o->buf[*e - 1] == '\n')
		(*e)--;
	else
		(*e)++;
	return true;
}

/* The pid goes where the entry says "%d" (and "%%" is a percent sign
 * then), as a printf format would take it. */
static void expand(char *dst, size_t size, const char *what, int pid)
{
	size_t len = 0;
	bool fmt = strstr(what, "%d") != NULL, done = false;

	for (const char *p = what; *p && len + 1 < size; p++) {
		if (fmt && p[0] == '%' && p[1] == '%') {
			dst[len++] = '%';
			p++;
		} else if (fmt && p[0] == '%' && p[1] == 'd' && !done) {
			len += (size_t)snprintf(dst + len, size - len, "%d",
						pid);
			if (len >= size)
				len = size - 1;
			done = true;
			p++;
		} else {
			dst[len++] = *p;
		}
	}
	dst[len] = '\0';
}

static void ignore_signal(int sig)
{
	(void)sig;
}

static void run_entry(void)
{
	char what[4096], chunk[8192], msg[256];
	struct output *o = &In.out;
	FILE *fp;
	size_t n;

	output_free(o);
	status_row(In.e->pipe ? "working, use Ctrl-C to end ..."
		   : "patience please, working ...", STATUS_WIDTH);
	scr_flush();
	expand(what, sizeof(what), In.e->what, In.pid);
	if (In.e->pipe) {
		/* ^C ends the pipeline, not top: a handler that does nothing
		 * (unlike SIG_IGN, the command does not inherit it) */
		struct sigaction quiet = { .sa_handler = ignore_signal,
					   .sa_flags = SA_RESTART }, old;

		sigemptyset(&quiet.sa_mask);
		sigaction(SIGINT, &quiet, &old);
		fflush(stdout);
		fp = popen(what, "r");
		if (fp) {
			while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
				output_append(o, chunk, n);
			pclose(fp);
		}
		sigaction(SIGINT, &old, NULL);
	} else {
		fp = fopen(what, "r");
		if (fp) {
			while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
				output_append(o, chunk, n);
			fclose(fp);
		}
	}
	if (!fp) {
		snprintf(msg, sizeof(msg), "Selection failed with: %s\n",
			 strerror(errno));
		output_append(o, msg, strlen(msg));
	}
	output_lines(o);
	In.top = In.col = 0;
}

/* ---- drawing the output ------------------------------------------ */

static bool line_is_text(size_t s, size_t e)
{
	mbstate_t st;

	memset(&st, 0, sizeof(st));
	while (s < e) {
		size_t k = mbrtowc(NULL, In.out.buf + s, e - s, &st);

		if (k == (size_t)-1 || k == (size_t)-2)
			return false;
		s += k ? k : 1;
	}
	return true;
}

static void put_marked(const char *text)
{
	scr_puts(scr_cap(4));
	scr_puts(text);
	scr_puts(scr_off());
}

/* A marked stand-in for one byte, if it fits in *room. */
static bool put_token(const char *tok, int *room)
{
	if ((int)strlen(tok) > *room)
		return false;
	put_marked(tok);
	*room -= (int)strlen(tok);
	return true;
}

/* One row: control bytes as ^X and DEL as <7F>, marked.  Bytes that
 * are not text in the locale go out as they are, and such a line takes
 * its newline along (the reference measures it as bytes then). */
static void draw_line(size_t i)
{
	size_t s, e, p, flen = strlen(In.find);
	int room = Screen_cols;
	mbstate_t st;

	if (!line_span(i, &s, &e))
		return;
	if (!line_is_text(s, e) && e < In.out.len && In.out.buf[e] == '\n')
		e++;
	memset(&st, 0, sizeof(st));
	for (p = s + In.col; p < e && room > 0;) {
		const char *at = In.out.buf + p;
		unsigned char c = (unsigned char)*at;
		char tok[8];
		wchar_t wc;
		size_t k;
		int w;

		if (flen && p + flen <= e && !memcmp(at, In.find, flen) &&
		    (int)flen <= room) {
			put_marked(In.find);
			room -= (int)flen;
			p += flen;
			continue;
		}
		if (c == '\n') {
			putchar(c);
			p++;
			continue;
		}
		if (c < 0x20 || c == 0x7f) {
			if (c == 0x7f)
				snprintf(tok, sizeof(tok), "<7F>");
			else
				snprintf(tok, sizeof(tok), "^%c", c + '@');
			if (!put_token(tok, &room))
				break;
			p++;
			continue;
		}
		k = mbrtowc(&wc, at, e - p, &st);
		if (k == (size_t)-1 || k == (size_t)-2) {
			memset(&st, 0, sizeof(st));
			putchar(c);
			room--;
			p++;
			continue;
		}
		if (k == 0 || k > e - p)
			k = 1;
		w = c < 0x80 ? 1 : wcwidth(wc);
		if (w < 0) {
			snprintf(tok, sizeof(tok), "<%02X>", c);
			if (!put_token(tok, &room))
				break;
			p++;
			continue;
		}
		if (w > room)
			break;
		fwrite(at, 1, k, stdout);
		room -= w;
		p += k;
	}
}

static int digits(size_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

static void draw_view(void)
{
	char text[4096];
	int rows = Screen_rows - 4;

	scr_goto(0, 0);
	snprintf(text, sizeof(text), "Inspection~2 View at pid: ~1%d~3, "
		 "running ~1%s~3.  Locating: ~1%s~4\n", In.pid, In.name,
		 In.find[0] ? In.find : " N/A ");
	scr_special(text);
	scr_special("Use~2:  left/right/up/down/etc to ~1navigate~2 the "
		    "output; 'L'/'&' to ~1locate~2/~1next~2.~1\n");
	scr_special("Or~2:   <Enter> to ~1select another~2; 'q' or <Esc> to "
		    "~1end~2 !~1\n");
	snprintf(text, sizeof(text), "%s: %*zu-%zu lines, %*zu-%zu columns, "
		 "%zu bytes read", In.e->name, digits(In.out.nlines),
		 In.out.nlines ? In.top + 1 : 0, In.out.nlines, digits(In.col + (size_t)Screen_cols),
		 In.col + 1, In.col + (size_t)Screen_cols, In.out.len);
	status_row(text, STATUS_WIDTH);
	for (int r = 0; r < rows; r++) {
		if (In.top + (size_t)r >= In.out.nlines) {
			scr_puts("\n");
			scr_puts(scr_clr_eos());
			break;
		}
		scr_puts("\n");
		draw_line(In.top + (size_t)r);
		scr_puts(scr_clr_eol());
	}
	scr_flush();
}

/* ---- searching --------------------------------------------------- */

/* From line l, byte c on: the next line and column holding the string. */
static bool find_from(size_t l, size_t c)
{
	size_t flen = strlen(In.find);

	for (; flen && l < In.out.nlines; l++, c = 0) {
		size_t s, e;

		line_span(l, &s, &e);
		for (size_t p = s + c; p + flen <= e; p++)
			if (!memcmp(In.out.buf + p, In.find, flen)) {
				In.top = l;
				In.col = p - s;
				return true;
			}
	}
	return false;
}

static void find_next(bool first)
{
	if (!In.find[0])
		prompt_msg("Locate next inactive, use \"L\"");
	/* from the first line shown, at the column shown (the next one
	 * for '&'), wherever the last match was */
	else if (!find_from(In.top, first ? In.col : In.col + 1))
		prompt_msg("\"%s\" not found", In.find);
	else
		return;
	/* what was typed during the message is dropped here */
	scr_drop_input();
}

static void find_ask(void)
{
	char buf[sizeof(In.find)];

	if (!prompt_line("Locate string", buf, sizeof(buf)))
		return;
	snprintf(In.find, sizeof(In.find), "%s", buf);
	find_next(true);
}

/* ---- the two screens --------------------------------------------- */

static void redraw_view(void)
{
	scr_clear();
	draw_view();
}

/* Pages through the output; true to choose another entry. */
static bool view(void)
{
	size_t last = In.out.nlines;

	scr_clear();
	for (;;) {
		size_t rows, page;
		int k;

		draw_view();
		k = prompt_wait_key(redraw_view);
		/* the screen may have been resized while waiting */
		rows = Screen_rows > 4 ? (size_t)Screen_rows - 4 : 1;
		page = rows > 1 ? rows - 1 : 1;
		switch (k) {
		case '\n': case '\r':
			return true;
		case 'q': case TK_ESC:
			return false;
		case TK_UP:
			if (In.top)
				In.top--;
			break;
		case TK_DOWN:
			if (In.top + 1 < last)
				In.top++;
			break;
		case TK_PGUP: case 'b':
			In.top = In.top > page ? In.top - page : 0;
			break;
		case TK_PGDN: case ' ':
			In.top += page;
			if (last && In.top >= last)
				In.top = last - 1;
			break;
		case TK_HOME: case 'g':
			In.top = In.col = 0;
			break;
		case TK_END: case 'G':
			In.top = last > rows ? last - rows : 0;
			In.col = 0;
			break;
		case TK_LEFT:
			In.col = In.col > SIDE_STEP ? In.col - SIDE_STEP : 0;
			break;
		case TK_RIGHT:
			In.col += SIDE_STEP;
			break;
		case 'L': case '/':
			find_ask();
			break;
		case '&': case 'n':
			find_next(false);
			break;
		case '=': {
			/* the other status row, until any key (which does
			 * nothing else) */
			char text[4096 + 8];

			snprintf(text, sizeof(text), "%s: %s",
				 In.e->pipe ? "pipe" : "file", In.e->what);
			status_row(text, Screen_cols);
			scr_flush();
			k = prompt_wait_key(redraw_view);
			break;
		}
		default:
			break;
		}
		if (k & 0x1000) {
			Quit = true;
			return false;
		}
	}
}

static int pause_sel;

static void redraw_pause(void)
{
	scr_clear();
	draw_pause(pause_sel);
}

static void pause_screen(void)
{
	int n = inspect_count();

	scr_clear();
	for (;;) {
		int k;

		draw_pause(pause_sel);
		k = prompt_wait_key(redraw_pause);
		if (k & 0x1000) {
			Quit = true;
			return;
		}
		switch (k) {
		case TK_LEFT:
			pause_sel = (pause_sel + n - 1) % n;
			break;
		case TK_RIGHT:
			pause_sel = (pause_sel + 1) % n;
			break;
		case '\n': case '\r':
			In.e = inspect_entry(pause_sel);
			run_entry();
			In.find[0] = '\0';
			if (!view() || Quit)
				return;
			scr_clear();
			break;
		case 'q': case TK_ESC:
			return;
		default:
			break;
		}
	}
}

void inspect_key(void)
{
	char prompt[64];
	struct row **rows;
	size_t n, at;
	long v;
	int got, save_row = Msg_row;

	if (!inspect_count()) {
		char buf[4];

		prompt_line("to enable 'Y' press <Enter> then type 'W' and "
			     "restart top", buf, sizeof(buf));
		return;
	}
	rows = tasks_rows(&n);
	In.pid = taskcmd_top_pid();
	snprintf(prompt, sizeof(prompt), "inspect at PID [default pid = %d]",
		 In.pid);
	got = prompt_long(prompt, 16, 10, &v);
	if (got < 0)
		return;
	if (got)
		In.pid = (int)v;
	for (at = 0; at < n && rows[at]->t->tid != In.pid; at++)
		;
	if (at == n) {
		prompt_msg("unable to inspect, pid %d not found", In.pid);
		return;
	}
	field_command(rows[at], 0, In.name, sizeof(In.name));
	/* the reference names the pause screen after the task as far down
	 * the list as there are entries */
	field_command(rows[(size_t)inspect_count() < n ?
			   (size_t)inspect_count() : at], 0,
		      In.pause_name, sizeof(In.pause_name));
	/* the choice is kept from one 'Y' to the next */
	if (pause_sel >= inspect_count())
		pause_sel = 0;
	In.find[0] = '\0';
	Msg_row = 3;
	pause_screen();
	Msg_row = save_row;
	output_free(&In.out);
	scr_clear();
	scr_invalidate();
}
