/* The interactive screen: raw terminal modes, the capability strings
 * of the current window, a cache of what each screen row shows (so a
 * frame rewrites only the rows that changed) and the "~N" markup of
 * the summary and help text.
 *
 * Markup: "~1".."~8" end a segment and say how it was shown:
 *   ~1 plain  ~2 bold  ~3 summary colour  ~4 message (reverse)
 *   ~5 prompt (bold)  ~6 header (reverse)  ~7 highlighted row
 *   ~8 normal row
 * In batch mode the markers vanish. */
#ifndef TOP_SCREEN_H
#define TOP_SCREEN_H

#include <stdbool.h>
#include <stddef.h>
#include "top.h"

enum { CAP_COUNT = 9 };

/* Interactive mode: terminfo for $TERM, raw input, hidden cursor. */
void scr_start(void);
/* The reference's signal set: every signal caught but KILL, STOP and
 * CHLD; END for TERM, INT, QUIT, ALRM, PIPE, USR1, USR2; HUP's own (may
 * be SIG_IGN); PAUSE for TSTP, TTIN, TTOU; WINCH and CONT count as a
 * resize; any other restores the terminal and dies of the signal. */
void scr_signals(void (*end)(int), void (*hup)(int), void (*pause)(int));
/* Restores the terminal (idempotent). */
void scr_finish(void);
bool scr_interactive(void);
/* The terminal is narrower than SCREEN_MIN, and rows written wrap. */
bool scr_wrapping(void);
/* The last frame moved from row to row by newlines. */
bool scr_by_newlines(void);

/* Builds the attribute strings of window w (colours, bold). */
void scr_caps(const struct window *w);
const char *scr_cap(int n);
/* Caps_off: attributes and colours back to normal. */
const char *scr_off(void);
const char *scr_endline(void);

/* Forget what the screen shows and clear it. */
void scr_clear(void);
/* The row cache is stale (e.g. after a window was drawn over). */
void scr_invalidate(void);

/* Starts a frame at the top of the screen; by_newlines: rows follow
 * each other by newlines (always so when scr_wrapping). */
void scr_frame_begin(bool by_newlines);
/* Writes the next screen row; text may hold escape sequences and must
 * already fit the width.  Rows past the screen bottom are dropped. */
void scr_row(const char *text);
/* The row the next scr_row writes. */
int scr_next_row(void);
/* Leaves the next row as it is (drawn outside the cache). */
void scr_next_skip(void);
/* Clears below the last row written and flushes. */
void scr_frame_end(void);

/* Translates markup into text with escapes, cut at width visible cells;
 * the result ends with the end-of-line sequence in interactive mode. */
void scr_markup(char *out, size_t size, const char *in, int width);
/* Writes markup lines (separated by '\n') directly, uncached. */
void scr_special(const char *in);

/* One line of markup: a cached screen row, or in batch mode the text
 * and a newline. */
void scr_line(const char *markup);
/* Marks a row as changed behind the cache's back (a message). */
void scr_row_dirty(int row);
const char *scr_clr_eol(void);
const char *scr_clr_eos(void);
const char *scr_home(void);

void scr_goto(int col, int row);
void scr_puts(const char *s);
void scr_putp(const char *cap);
void scr_flush(void);
void scr_cursor(bool visible);

/* Waits at most secs (< 0: forever) for a command key; TK_NONE on
 * timeout.  Of keys read together only the first counts. */
int scr_getkey(double secs);
/* The same for a line typed at a prompt: keys read together all count. */
int scr_getkey_text(double secs);
/* True once SIGTERM, SIGHUP, SIGINT or SIGQUIT arrived. */
bool scr_ended(void);
/* Forgets typed-ahead input. */
void scr_drop_input(void);
/* Whether a resize waits to be handled (left for the caller). */
bool scr_resize_pending(void);
/* True when a resize arrived since the last call. */
bool scr_resized(void);
/* Reads the terminal size into Screen_cols/Screen_rows. */
void scr_geometry(void);

/* Special keys scr_getkey returns beside bytes. */
enum {
	TK_NONE = -1,
	TK_UP = 0x101, TK_DOWN, TK_LEFT, TK_RIGHT, TK_PGUP, TK_PGDN,
	TK_HOME, TK_END, TK_BKSP, TK_INS, TK_DEL, TK_UNKNOWN,
	TK_ESC = 27,
};

#endif
