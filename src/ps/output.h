/* Cells and rows: the layout engine that places each cell the way the
 * reference does (padding carried between columns, the last column takes
 * the rest of the line, no trailing blanks). */
#ifndef PROCPS_TD_PS_OUTPUT_H
#define PROCPS_TD_PS_OUTPUT_H

#include <stdio.h>
#include "ps.h"

enum { OUTBUF_SIZE = 2 * 64 * 1024, SPACE_AMOUNT = 144 };

/* What a printer gets: where to write and how much room it has. */
struct out {
	char *buf;              /* OUTBUF_SIZE bytes */
	int max_rightward;      /* cells this cell may use */
	int bytes;              /* the text's length, when the printer says
	                           (out_bytes); -1: the layout counts it */
};

/* A printer that knows the length of what it wrote says so: the layout
 * then need not count it.  Returns n, for "return out_bytes(o, ...)". */
static inline int out_bytes(struct out *o, int n)
{
	o->bytes = n;
	return n;
}

/* Settings the printers share, fixed before the first row. */
struct ps_context {
	unsigned long long hertz;
	unsigned page_kib;
	unsigned long mem_total_kib;
	unsigned long long boot_time;   /* btime, seconds since the epoch */
	unsigned long long boot_tics;   /* /proc/uptime in ticks */
	long long now;                  /* time(NULL) at start */
	const char *date_format;        /* lstart's strftime format, or NULL:
	                                   4.0.2's fixed ctime() text */
	bool bsd_c, bsd_e, cumulative;
	bool user_is_number, wchan_is_number;
	bool wide_signals;
	bool signal_names;              /* --signames (debian13) */
	int screen_cols, screen_rows;
	int active_cols;
	char forest_prefix[1024];       /* set per row by the tree walk */
	int forest_len;
	char forest_type;
	int test_row;                   /* the reference's lines_to_next_header,
	                                   which its test columns cycle on */
	bool split_threads;             /* -m, m: process line, then threads */
	unsigned long row_serial;       /* bumped per row when rows share one
	                                   slot (printed as they come): the
	                                   printers' per-row caches key on
	                                   it with the row's address */
};

extern struct ps_context ctx;

/* A printer's text kept from the row it was made for.  Rows printed as
 * they come share one slot, so the address alone does not say whose it
 * is: the row serial does. */
struct row_key {
	const struct task *row;
	unsigned long serial;
};

/* Whether the kept text is t's; if not, the key becomes t's. */
static inline bool row_key_same(struct row_key *k, const struct task *t)
{
	if (k->row == t && k->serial == ctx.row_serial)
		return true;
	k->row = t;
	k->serial = ctx.row_serial;
	return false;
}

/* Prints one row (t != NULL) or the header (t == NULL) to stdout. */
void show_row(const struct column *cols, const struct task *t);
/* Decides active_cols and wide_signals from the columns and screen. */
void fit_columns(struct column *cols);
/* Frees the output buffer (before exit, for leak checkers). */
void output_release(void);
/* The cells of the row being written, to stdout (a crash's last words). */
void output_flush_row(void);
/* For the printers that need the boot time or the memory total: end ps
 * in the middle of the row, as the reference does, when its library
 * could not have told them. */
void need_boot_time(void);
void need_mem_total(void);

#endif
