#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "bottom.h"
#include "frame.h"
#include "inter.h"
#include "screen.h"
#include "top.h"
#include "xwidth.h"

/* How long a message stays before the next frame replaces it. */
enum { MSG_USEC = 1250000 };

bool Quit;

void inter_msg(const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	bottom_log(text);
	scr_goto(0, Msg_row);
	printf("%s %.*s %s", scr_cap(4), Screen_cols - 2, text, "");
	scr_cursor(false);
	scr_puts(scr_off());
	scr_puts(scr_clr_eol());
	scr_flush();
	scr_row_dirty(Msg_row);
	usleep(MSG_USEC);
}

static void prompt_show(const char *prompt, const char *buf)
{
	scr_goto(0, Msg_row);
	printf("%s%.*s ", scr_cap(5), Screen_cols - 2, prompt);
	scr_cursor(true);
	scr_puts(scr_off());
	scr_puts(scr_clr_eol());
	scr_puts(buf);
	scr_flush();
}

bool inter_prompt(const char *prompt, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	scr_row_dirty(Msg_row);
	prompt_show(prompt, buf);
	for (;;) {
		int k = scr_getkey_text(-1);

		if (k == TK_NONE) {
			/* a resize gives up the question, as the reference
			 * does; the frame loop repaints */
			if (scr_resize_pending()) {
				scr_cursor(false);
				return false;
			}
			continue;
		}
		if (k & 0x1000) {
			Quit = true;
			break;
		}
		if (k == '\n' || k == '\r')
			break;
		if (k == TK_ESC) {
			scr_cursor(false);
			return false;
		}
		if (k == TK_BKSP) {
			if (len) {
				buf[--len] = '\0';
				printf("\b \b");
				scr_flush();
			}
			continue;
		}
		if (k < 0x20 || k > 0xff || len + 1 >= size ||
		    (int)len + (int)strlen(prompt) + 2 >= Screen_cols)
			continue;
		buf[len++] = (char)k;
		buf[len] = '\0';
		putchar(k);
		scr_flush();
	}
	scr_cursor(false);
	return true;
}

int inter_prompt_long(const char *prompt, size_t size, int base,
		      long *value)
{
	char buf[64], *end;
	long v;

	if (size > sizeof(buf))
		size = sizeof(buf);
	if (!inter_prompt(prompt, buf, size))
		return -1;
	if (!buf[0])
		return 0;
	v = strtol(buf, &end, base);
	if (*end || end == buf) {
		inter_msg("Unacceptable integer");
		return -1;
	}
	*value = v;
	return 1;
}

int inter_wait_key(void (*draw)(void))
{
	for (;;) {
		int k = scr_getkey(-1);

		if (k != TK_NONE)
			return k;
		if (scr_resized()) {
			scr_geometry();
			draw();
		}
	}
}

int inter_ask_key(const char *prompt)
{
	int k;

	scr_row_dirty(Msg_row);
	prompt_show(prompt, "");
	do
		k = scr_getkey(-1);
	while (k == TK_NONE && !scr_resize_pending());
	scr_cursor(false);
	if (k != TK_NONE && (k & 0x1000))
		Quit = true;
	return k;
}

int interactive(void)
{
	scr_start();
	/* the compiled default doubles up the summary, but a window that
	 * sums the cpus starts with it off */
	for (int i = 0; i < WIN_COUNT; i++)
		if (Rc.win[i].winflags & WF_CPUSUM)
			Rc.win[i].double_up = 0;
	frame_init();
	while (!Quit && !scr_ended()) {
		int k;

		if (scr_resized()) {
			/* the reference repaints every row, without clearing */
			scr_geometry();
			scr_invalidate();
			bottom_close();
		}
		frame_make();
		/* 'X' -1 widened a field: the reference redraws at once */
		if (xwidth_grew())
			frame_make();
		bottom_show();
		if (bottom_changed()) {
			frame_make();
			bottom_show();
		}
		if (!Lay.n && Task_rows > 0 && Rc.mode_altscr) {
			/* no column fits: the reference's last line scrolls
			 * the screen up one row, frame after frame (when
			 * there is room for a task row at all) */
			scr_goto(0, Screen_rows - 1);
			scr_puts("\n");
			scr_flush();
			scr_invalidate();
		}
		if (Find.failed) {
			Find.failed = false;
			inter_msg("\"%s\" not found", Find.str);
			continue;
		}
		k = scr_getkey(Rc.delay);
		if (k == TK_NONE)
			continue;
		if (k & 0x1000)
			break;
		keys_do(k);
		/* a key makes the reference write every row again, which
		 * shows by newlines (rows that scroll the screen) */
		if (scr_by_newlines())
			scr_invalidate();
	}
	scr_finish();
	return 0;
}
