#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <curses.h>
#include <term.h>
#include "term.h"

static int have_term;

int term_setup(int batch)
{
	int err = 0;

	/* Interactive mode is a later issue: it will use the real $TERM. */
	if (setupterm(batch ? "dumb" : NULL, STDOUT_FILENO, &err) != OK)
		return -1;
	have_term = 1;
	return 0;
}

int term_columns(void)
{
	struct winsize wz;
	int cols = have_term ? columns : -1;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &wz) == 0 && wz.ws_col > 0 &&
	    wz.ws_row > 0)
		cols = wz.ws_col;
	return cols;
}

int term_lines(void)
{
	struct winsize wz;
	int rows = have_term ? lines : -1;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &wz) == 0 && wz.ws_col > 0 &&
	    wz.ws_row > 0)
		rows = wz.ws_row;
	return rows;
}

void term_puts(const char *s)
{
	fputs(s, stdout);
}

void term_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

void term_put_trimmed(const char *s)
{
	size_t n = strlen(s);

	while (n && s[n - 1] == ' ')
		n--;
	fwrite(s, 1, n, stdout);
}

void term_flush(void)
{
	fflush(stdout);
}
