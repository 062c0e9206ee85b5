/* Cell printers for ids, names, states, priorities and memory.  Each
 * writes into o->buf and returns the cells it used. */
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include "library/escape.h"
#include "library/names.h"
#include "library/ttydev.h"
#include "print.h"
#include "mthreads.h"

enum { COLWID = 240, CMDLINE_MAX = 128 * 1024 };

static int tty_cell(struct out *o, const struct task *t, unsigned abbrev,
		    size_t chop)
{
	tty_name(o->buf, chop, t->tty_nr, t->tgid, abbrev);
	return (int)strlen(o->buf);
}

int pr_tname(struct out *o, const struct task *t)
{
	return tty_cell(o, t, TTY_ABBREV_DEV, COLWID);
}

int pr_tty4(struct out *o, const struct task *t)
{
	return tty_cell(o, t, TTY_ABBREV_DEV | TTY_ABBREV_TTY |
			TTY_ABBREV_PTS, COLWID);
}

/* STAT: state, then <N (nice), L (locked pages), s (session leader),
 * l (threads), + (foreground group). */
int pr_stat(struct out *o, const struct task *t)
{
	int n = 0;

	o->buf[n++] = t->state;
	if (t->nice < 0)
		o->buf[n++] = '<';
	if (t->nice > 0)
		o->buf[n++] = 'N';
	if (t->vm_lock)
		o->buf[n++] = 'L';
	if (t->session == t->tgid)
		o->buf[n++] = 's';
	if (t->nlwp > 1)
		o->buf[n++] = 'l';
	if (t->pgrp == t->tpgid)
		o->buf[n++] = '+';
	o->buf[n] = '\0';
	return n;
}

static int normal_policy(const struct task *t)
{
	return t->policy == SCHED_OTHER || t->policy == SCHED_BATCH;
}

int pr_nice(struct out *o, const struct task *t)
{
	if (!normal_policy(t))
		return fmt_dash(o->buf);
	return fmt_ll(o->buf, t->nice);
}

int pr_rtprio(struct out *o, const struct task *t)
{
	if (t->policy == SCHED_OTHER)
		return fmt_dash(o->buf);
	return fmt_ull(o->buf, t->rt_priority);
}

int pr_pri(struct out *o, const struct task *t)      { return fmt_ll(o->buf, 39 - t->priority); }
int pr_opri(struct out *o, const struct task *t)     { return fmt_ll(o->buf, 60 + t->priority); }
int pr_pri_api(struct out *o, const struct task *t)  { return fmt_ll(o->buf, -1 - t->priority); }
int pr_pri_bar(struct out *o, const struct task *t)  { return fmt_ll(o->buf, t->priority + 1); }
int pr_pri_baz(struct out *o, const struct task *t)  { return fmt_ll(o->buf, t->priority + 100); }
int pr_pri_foo(struct out *o, const struct task *t)  { return fmt_ll(o->buf, t->priority - 20); }

int pr_class(struct out *o, const struct task *t)
{
	static const char *const names[] = {
		"TS", "FF", "RR", "B", "ISO", "IDL", "DLN",
	};

	if (t->policy < sizeof(names) / sizeof(names[0]))
		return fmt_text(o->buf, names[t->policy]);
	return fmt_text(o->buf, "?");
}

int pr_flags(struct out *o, const struct task *t)
{
	return snprintf(o->buf, COLWID, "%o", (unsigned)(t->flags >> 6) & 7u);
}

int pr_pmem(struct out *o, const struct task *t)
{
	unsigned long long pmem = 0;

	if (ctx.mem_total_kib)
		pmem = (unsigned long long)t->vm_rss * 1000ULL /
		       ctx.mem_total_kib;
	if (pmem > 999)
		pmem = 999;
	return snprintf(o->buf, COLWID, "%2u.%u", (unsigned)(pmem / 10),
			(unsigned)(pmem % 10));
}

int pr_wchan(struct out *o, const struct task *t)
{
	const char *w = t->wchan;
	size_t len;

	if (ctx.split_threads && t->is_thread_row)
		mthreads_wchan_crash();
	if (!w)
		w = "?";
	else if (!*w || !strcmp(w, "0"))
		w = "-";
	/* symbol decorations are dropped, as the reference does */
	while (*w == '.' || *w == '_')
		w++;
	len = strlen(w);
	if (len > (size_t)o->max_rightward)
		len = (size_t)o->max_rightward;
	memcpy(o->buf, w, len);
	o->buf[len] = '\0';
	return (int)len;
}

/* ---- command names and lines ---- */

const char *comm_text(const struct task *t)
{
	static char buf[TASK_COMM_MAX * 2];

	escape_lib(buf, t->comm, sizeof(buf));
	return buf;
}

/* The escaped command line, or "[comm]" (plus " <defunct>" for a
 * zombie) when it is empty, as the reference's library builds it. */
const char *cmdline_text(const struct task *t)
{
	static char joined[CMDLINE_MAX], text[CMDLINE_MAX];
	static const struct task *last;
	size_t n;

	if (t == last)
		return text;
	last = t;
	n = 0;
	if (t->cmdline.data && t->cmdline.len)
		n = join_vector(joined, sizeof(joined), t->cmdline.data,
				t->cmdline.len);
	if (n) {
		escape_lib(text, joined, sizeof(text));
	} else if (t->cmdline.data && t->cmdline.len) {
		/* a command line of NULs only: the reference shows "?" */
		strcpy(text, "?");
	} else {
		size_t e = 0;

		text[e++] = '[';
		e += escape_lib(text + e, t->comm, sizeof(text) - 12 - e);
		text[e++] = ']';
		if (t->state == 'Z') {
			memcpy(text + e, " <defunct>", 10);
			e += 10;
		}
		text[e] = '\0';
	}
	return text;
}

/* Appends " ENV" for the e option when room is left. */
static char *append_environ(const struct task *t, char *end, int *cells)
{
	static char joined[CMDLINE_MAX], text[CMDLINE_MAX];

	if (!ctx.bsd_e || *cells <= 1)
		return end;
	if (!t->environ.data || !t->environ.len || !t->environ.data[0]) {
		strcpy(text, "-");
	} else {
		join_vector(joined, sizeof(joined), t->environ.data,
			    t->environ.len);
		escape_lib(text, joined, sizeof(text));
	}
	if (text[0] == '-' && text[1] == '\0')
		return end;
	*end++ = ' ';
	(*cells)--;
	end += escape_cells(end, text, OUTBUF_SIZE, cells);
	return end;
}

/* Writes the forest prefix; returns its length.  Like the reference,
 * only whole levels that fit the column are written, and the name gets
 * whatever room is left. */
static int forest_cell(struct out *o)
{
	int step = ctx.forest_type == 'u' ? 2 : 4, n = 0;

	while (n < ctx.forest_len && o->max_rightward - n >= step)
		n += step;
	memcpy(o->buf, ctx.forest_prefix, (size_t)n);
	return n;
}

static int command_cell(struct out *o, const struct task *t,
			const char *text)
{
	int cells = o->max_rightward, fh = forest_cell(o);
	char *end = o->buf + fh;

	cells -= fh;
	end += escape_cells(end, text, OUTBUF_SIZE, &cells);
	end = append_environ(t, end, &cells);
	*end = '\0';
	return o->max_rightward - cells;
}

int pr_comm(struct out *o, const struct task *t)
{
	return command_cell(o, t, comm_text(t));
}

int pr_args(struct out *o, const struct task *t)
{
	return command_cell(o, t, ctx.bsd_c ? comm_text(t) : cmdline_text(t));
}

/* The name gets at most 8 cells after the forest prefix.  The reference
 * counts the cells it took from the room it had before that cut, so a
 * column wider than 8 reports more than it wrote and is not padded. */
int pr_fname(struct out *o, const struct task *t)
{
	int fh = forest_cell(o), cells = o->max_rightward - fh;

	if (cells > 8)
		cells = 8;
	escape_cells(o->buf + fh, comm_text(t), OUTBUF_SIZE, &cells);
	return o->max_rightward - cells;
}
