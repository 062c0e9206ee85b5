/* The message line: messages, prompts for a line, a number or one key,
 * and the wait for a key on a screen of its own.  It calls only the
 * screen below it and the bottom area's log, never a command or the
 * frame loop. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bottom.h"
#include "frame.h"
#include "prompt.h"
#include "screen.h"
#include "top.h"

bool Quit;

/* How long a message stays before the next frame replaces it. */
enum { MSG_USEC = 1250000 };

void prompt_msg(const char *fmt, ...)
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

bool prompt_line(const char *prompt, char *buf, size_t size)
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

int prompt_long(const char *prompt, size_t size, int base,
		      long *value)
{
	char buf[64], *end;
	long v;

	if (size > sizeof(buf))
		size = sizeof(buf);
	if (!prompt_line(prompt, buf, size))
		return -1;
	if (!buf[0])
		return 0;
	v = strtol(buf, &end, base);
	if (*end || end == buf) {
		prompt_msg("Unacceptable integer");
		return -1;
	}
	*value = v;
	return 1;
}

int prompt_wait_key(void (*draw)(void))
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

int prompt_key(const char *prompt)
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
