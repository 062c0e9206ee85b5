/* die(): the one way top gives up.  It calls only the terminal layers
 * below it, so every module may use it without a call cycle. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "screen.h"
#include "term.h"
#include "top.h"

const char *Myname = "top";

void die(const char *fmt, ...)
{
	va_list ap;

	scr_finish();
	term_flush();
	fprintf(stderr, "%s: ", Myname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_FAILURE);
}
