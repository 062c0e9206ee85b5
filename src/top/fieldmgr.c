/* The Fields Management screen ('f' and 'F'): show, hide, order the
 * fields of the current window and choose its sort field. */
#include <stdio.h>
#include <string.h>
#include "fieldmgr.h"
#include "fields.h"
#include "prompt.h"
#include "rcfile.h"
#include "screen.h"
#include "top.h"

enum { HEAD_ROWS = 4, DESC_MAX = 20, NAME_W = 8 };

static int slot_field(const struct window *w, int slot)
{
	return (w->fieldscur[slot] >> 1) - 37;
}

static bool slot_shown(const struct window *w, int slot)
{
	return w->fieldscur[slot] & 1;
}

/* The reference's grid: rows per column, each column's width, and
 * the width left after the name for "= description".  False when the
 * fields do not fit at all: at most one column per 11 screen columns,
 * and room in each column for the name. */
static bool grid(int *rows, int *colw, int *descw)
{
	int per = Screen_cols / 11, cols, extra = 0;

	*rows = Screen_rows - HEAD_ROWS;
	*colw = Screen_cols;
	if (per < 1)
		per = 1;
	if (*rows < FLD_COUNT / per + (FLD_COUNT % per ? 1 : 0))
		return false;
	cols = (FLD_COUNT + *rows - 1) / *rows;
	if (cols > 1) {
		*colw /= cols;
		extra = 1;
	}
	if (*colw > NAME_W + 4 + DESC_MAX + extra)
		*colw = NAME_W + 4 + DESC_MAX + extra;
	*descw = *colw - NAME_W - 2 - extra;
	return *descw >= 0;
}

static void draw(const struct window *w, int cur, bool moving, bool clear)
{
	char head[512], cell[256], desc[DESC_MAX + 8];
	int rows, colw, dw = 0;
	bool fit = grid(&rows, &colw, &dw);

	/* the reference clears the screen only on entry and on a resize;
	 * its message of a screen too small stays where it scrolled to */
	if (clear || fit)
		scr_clear();
	else
		scr_putp(scr_home());
	snprintf(head, sizeof(head),
		 "Fields Management~2 for window ~1%d:%s~4, whose current sort "
		 "field is ~1%s~2\n"
		 "   Navigate with Up/Dn, Right selects for move then <Enter> or "
		 "Left commits,\n"
		 "   'd' or <Space> toggles display, 's' sets sort.  Use 'q' or "
		 "<Esc> to end!\n",
		 (int)(w - Rc.win) + 1, w->name,
		 field_name(w->sortindx));
	scr_special(head);
	if (!fit) {
		scr_puts("\neven using field names only, window is now too "
			 "small");
		scr_flush();
		return;
	}
	for (int i = 0; i < FLD_COUNT; i++) {
		int f = slot_field(w, i), x = (i / rows) * colw;
		bool on = slot_shown(w, i), here = i == cur;
		const char *b = on ? scr_cap(2) : "";

		if (f < 0 || f >= FLD_COUNT || x >= Screen_cols)
			continue;
		/* "= " and as much of the description as fits, padded to
		 * the column (all of it may be cut) */
		snprintf(desc, sizeof(desc), "= %.*s", dw > 2 ? dw - 2 : 0,
			 field_desc(f));
		scr_goto(x, HEAD_ROWS + i % rows);
		if (here && moving) {
			/* the field being moved: all of it reversed */
			snprintf(cell, sizeof(cell), "%c%s%s %-*s %-*.*s%s",
				 on ? '*' : ' ', b, scr_cap(4), NAME_W,
				 field_name(f), dw, dw, desc, scr_cap(1));
		} else {
			snprintf(cell, sizeof(cell),
				 "%c%s %s%-*s%s%s %-*.*s%s", on ? '*' : ' ', b,
				 here ? scr_cap(4) : "", NAME_W, field_name(f),
				 scr_cap(1), b, dw, dw, desc, scr_cap(1));
		}
		scr_puts(cell);
	}
	scr_goto(0, HEAD_ROWS + cur % rows);
	scr_flush();
}

void fieldmgr_run(struct window *w)
{
	int cur = 0, moving = -1;

	/* the cursor starts on the sort field */
	for (int i = 0; i < FLD_COUNT; i++)
		if (slot_field(w, i) == w->sortindx)
			cur = i;

	scr_caps(w);
	draw(w, cur, moving >= 0, true);
	while (!Quit) {
		int k = scr_getkey(-1);

		if (k == TK_NONE) {
			if (scr_resized()) {
				scr_geometry();
				draw(w, cur, moving >= 0, true);
			}
			continue;
		}
		if (k & 0x1000) {
			Quit = true;
			break;
		}
		if (k == 'q' || k == TK_ESC)
			break;
		switch (k) {
		case TK_UP:
		case TK_DOWN: {
			int to = cur + (k == TK_UP ? -1 : 1);

			if (to < 0 || to >= FLD_COUNT)
				break;
			if (moving >= 0) {
				int v = w->fieldscur[cur];

				w->fieldscur[cur] = w->fieldscur[to];
				w->fieldscur[to] = v;
			}
			cur = to;
			break;
		}
		case TK_RIGHT:
			moving = cur;
			break;
		case TK_LEFT:
		case '\n':
		case '\r':
			moving = -1;
			break;
		case 'd':
		case ' ':
			w->fieldscur[cur] ^= 1;
			break;
		case 's':
			w->sortindx = slot_field(w, cur);
			break;
		default:
			break;
		}
		draw(w, cur, moving >= 0, false);
	}
	/* the reference leaves without clearing: the next frame paints over
	 * the field list row by row (which a terminal that keeps a row's
	 * former length, as tmux does, shows past a shorter header) */
	scr_invalidate();
}
