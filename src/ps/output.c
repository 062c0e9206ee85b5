/* The layout engine.  "correct" is where the next column should start,
 * "actual" is where the cursor is; a cell that overflows pushes the rest
 * of the row right until slack absorbs it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "library/coretype.h"
#include "library/profile.h"
#include "library/sysstat.h"
#include "output.h"

struct ps_context ctx;

static char *outbuf, *outbase;

static void init_buffer(void)
{
	/* SPACE_AMOUNT blanks live just before the cell text, so padding
	 * and text go out in one fwrite. */
	char *base = malloc(SPACE_AMOUNT + OUTBUF_SIZE + 1);

	if (!base) {
		fputs("out of memory\n", stderr);
		exit(1);
	}
	memset(base, ' ', SPACE_AMOUNT);
	outbase = base;
	outbuf = base + SPACE_AMOUNT;
}

void output_release(void)
{
	free(outbase);
	outbase = outbuf = NULL;
}

void fit_columns(struct column *cols)
{
	unsigned total = 0, signals = 0;
	int was_normal = 0;

	for (struct column *c = cols; c; c = c->next) {
		if (c->align == AL_NONE) {      /* AIX text: no gap */
			total += (unsigned)c->width;
			was_normal = 0;
			continue;
		}
		if (c->align == AL_SIGNAL)
			signals++;
		/* names: at least 27 cells, text-like (left, the last one to
		 * the end of the line) */
		if (c->align == AL_SIGNAL && ctx.signal_names) {
			if (c->width < 27)
				c->width = 27;
			c->align = AL_UNLIMITED;
			c->names_signals = true;
		}
		if (c->align == AL_UNLIMITED && !c->next)
			total += 3;
		else
			total += (unsigned)c->width;
		total += (unsigned)was_normal;
		was_normal = 1;
	}
	/* Columns too wide for the screen wrap onto more screen lines. */
	for (int i = 1;; i++) {
		ctx.active_cols = ctx.screen_cols * i;
		if ((unsigned)ctx.active_cols >= total ||
		    ctx.screen_cols * i >= OUTBUF_SIZE / 2)
			break;
	}
	ctx.wide_signals = total + signals * 7 <= (unsigned)ctx.active_cols;
}

/* Under -m, a process line shows its process-wide columns and a thread
 * line its per-thread ones; the others print "-". */
static bool cell_hidden(const struct column *c, const struct task *t)
{
	unsigned f = c->spec->flags;

	if (!ctx.split_threads)
		return false;
	if (t->is_thread_row)
		return f & SF_PROC;
	return !(f & (SF_PROC | SF_EVERY));
}

/* Column positions wrap like the reference's int arithmetic for absurd
 * widths (-o pid:2000000000), but without signed overflow. */
static int wrap_add(int a, int b)
{
	return (int)((unsigned)a + (unsigned)b);
}

static int wrap_sub(int a, int b)
{
	return (int)((unsigned)a - (unsigned)b);
}

/* A row's cells gather here and go to stdout with one fwrite: stdio's
 * per-call cost (locking once the scan has started threads) was most of
 * writing a cell.  A row longer than the buffer goes out in pieces. */
static char rowbuf[8192];
static size_t rowlen;

void output_flush_row(void)
{
	/* ps writes stdout from one thread (the scan threads never do) */
	fwrite_unlocked(rowbuf, rowlen, 1, stdout);
	rowlen = 0;
}

/* Most cells, padding included, are short: they are copied as one
 * fixed 32-byte block (inline moves, where a call to memcpy cost more
 * than the copy); the bytes past n are overwritten by the next cell or
 * never written out.  p has 32 bytes readable: it points into outbuf. */
enum { SHORT_CELL = 32 };

static inline void row_put(const char *p, size_t n)
{
	if (__builtin_expect(rowlen + n > sizeof(rowbuf), 0)) {
		output_flush_row();
		if (n > sizeof(rowbuf)) {
			fwrite(p, n, 1, stdout);
			return;
		}
	}
	if (n <= SHORT_CELL && rowlen + SHORT_CELL <= sizeof(rowbuf))
		memcpy(rowbuf + rowlen, p, SHORT_CELL);
	else
		memcpy(rowbuf + rowlen, p, n);
	rowlen += n;
}

/* The reference's printers ask its library for the boot time (lstart,
 * start, stime, bsdstart) and the memory total (%MEM) when a row first
 * needs them, and give up in the middle of that row when the library
 * cannot start its statistics (sysstat.h): the row's earlier cells go
 * out, then the message. */
static _Noreturn void give_up_in_row(const char *msg)
{
	output_flush_row();
	fprintf(stderr, "%s: %s\n", program_invocation_short_name, msg);
	exit(EXIT_FAILURE);
}

void need_boot_time(void)
{
	static int usable = -1;

	if (usable < 0)
		usable = stat_usable() &&
			 (profile.cpuinfo_tolerant || cpuinfo_whole());
	if (!usable)
		give_up_in_row("Unable to get system boot time");
}

void need_mem_total(void)
{
	static int usable = -1;

	if (usable < 0)
		usable = meminfo_usable();
	if (!usable)
		give_up_in_row("Unable to get total memory");
}

void show_row(const struct column *c, const struct task *t)
{
	int correct = 0, actual = 0, dospace = 0;
	struct out o;

	if (!outbuf)
		init_buffer();
	/* --width/--cols beyond the reference's line buffer: it says so on
	 * every line it writes (and writes the line all the same). */
	if (ctx.screen_cols > OUTBUF_SIZE)
		fputs("fix bigness error\n", stderr);
	o.buf = outbuf;
	for (;;) {
		int amount, leftpad = 0, space, legit = 0, tmpspace = 0;
		size_t sz;

		if (c->next) {
			o.max_rightward = c->width;
		} else {
			tmpspace = correct - actual;
			if (tmpspace < 1) {
				tmpspace = dospace;
				o.max_rightward = ctx.active_cols - actual - tmpspace;
			} else {
				o.max_rightward = ctx.active_cols -
					(correct > actual ? correct : actual);
			}
		}
		if (o.max_rightward <= 0)
			o.max_rightward = 0;
		else if (o.max_rightward >= OUTBUF_SIZE)
			o.max_rightward = OUTBUF_SIZE - 1;

		o.bytes = -1;
		if (t && c->spec && cell_hidden(c, t))
			amount = snprintf(outbuf, OUTBUF_SIZE, "-");
		else if (t && c->spec)
			amount = spec_print(c->spec, &o, t);
		else
			amount = snprintf(outbuf, OUTBUF_SIZE, "%s", c->header);
		if (amount < 0) {
			outbuf[amount = 0] = '\0';
			o.bytes = -1;
		} else if (amount >= OUTBUF_SIZE) {
			outbuf[amount = OUTBUF_SIZE - 1] = '\0';
			o.bytes = -1;
		}

		switch (c->align) {
		case AL_NONE:
		case AL_LEFT:
			break;
		case AL_RIGHT:
			leftpad = c->width - amount;
			break;
		case AL_SIGNAL:
			if (ctx.wide_signals) {
				leftpad = 16 - amount;
				legit = 7;
			} else {
				leftpad = 9 - amount;
			}
			break;
		case AL_USER:
			if (ctx.user_is_number)
				leftpad = c->width - amount;
			break;
		case AL_WCHAN:
			if (ctx.wchan_is_number) {
				leftpad = c->width - amount;
				break;
			}
			/* fall through */
		case AL_UNLIMITED:
			/* no room at all: the cell shrinks to one character */
			if (ctx.active_cols - actual - tmpspace < 1) {
				outbuf[1] = '\0';
				o.bytes = -1;
			}
			break;
		}
		if (leftpad < 0)
			leftpad = 0;
		space = wrap_add(wrap_sub(correct, actual), leftpad);
		if (space < 1)
			space = dospace;
		if (space > SPACE_AMOUNT)
			space = SPACE_AMOUNT;
		outbuf[OUTBUF_SIZE - 1] = '\0';
		sz = o.bytes >= 0 && o.bytes < OUTBUF_SIZE - 1 ?
		     (size_t)o.bytes : strlen(outbuf);
		if (!c->next) {
			outbuf[sz] = '\n';
			row_put(outbuf - space, (size_t)space + sz + 1);
			output_flush_row();
			break;
		}
		row_put(outbuf - space, (size_t)space + sz);
		actual = wrap_add(actual, wrap_add(space, amount));
		correct = wrap_add(correct, wrap_add(c->width, legit));
		/* one blank between two real columns; none next to AIX text */
		dospace = c->spec && c->next->spec;
		correct = wrap_add(correct, dospace);
		c = c->next;
	}
}
