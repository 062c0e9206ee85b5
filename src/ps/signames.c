/* --signames (Debian 13's ps 4.0.4): signal columns as names.  4.0.4
 * reads the kernel's hexadecimal mask text as a decimal number (fixed
 * only in 4.0.5), so the names shown are those of the bits of that
 * number; the quirk is kept, since the output must match. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "output.h"
#include "ps.h"
#include "signames.h"

/* Signals 1 to 31 by number, as the reference abbreviates them. */
static const char *const names[32] = {
	NULL, "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE",
	"KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT",
	"CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ",
	"VTALRM", "PROF", "WINCH", "POLL", "PWR", "SYS",
};

static void abbrev(char *buf, size_t size, int sig)
{
	int rtmin = SIGRTMIN, rtmax = SIGRTMAX;

	if (sig < 32)
		snprintf(buf, size, "%s", names[sig]);
	else if (sig < rtmin)           /* the two glibc keeps for itself */
		snprintf(buf, size, "LIBC+%02d", sig - 32);
	else if (sig == rtmin)
		snprintf(buf, size, "RTMIN");
	else if (sig == rtmax)
		snprintf(buf, size, "RTMAX");
	else
		snprintf(buf, size, "RTMIN+%02d", sig - rtmin);
}

int signame_cell(char *buf, uint64_t mask, int room)
{
	char text[17], name[24];
	uint64_t number = 0;
	int len = 0;

	/* the mask as /proc/PID/status shows it, read as decimal up to its
	 * first letter; a mask whose text starts with a letter has no
	 * number, and the caller prints the hexadecimal */
	snprintf(text, sizeof(text), "%016llx", (unsigned long long)mask);
	if (text[0] < '0' || text[0] > '9')
		return -1;
	for (const char *p = text; *p >= '0' && *p <= '9'; p++)
		number = number * 10 + (uint64_t)(*p - '0');
	for (int sig = 1; sig <= 64; sig++) {
		int n;

		if (!(number >> (sig - 1) & 1))
			continue;
		abbrev(name, sizeof(name), sig);
		n = (int)strlen(name);
		/* the next name must fit with a character to spare, or '+'
		 * says there are more */
		if (n + 1 >= room) {
			buf[len++] = '+';
			break;
		}
		n = snprintf(buf + len, OUTBUF_SIZE - (size_t)len, "%s%s",
			     len ? "," : "", name);
		len += n;
		room -= n;
	}
	if (!len)
		buf[len++] = '-';
	buf[len] = '\0';
	return len;
}

void signames_thread_check(const struct column *cols)
{
	extern char *program_invocation_name;

	for (const struct column *c = cols; c; c = c->next)
		if (c->names_signals) {
			fflush(stdout);
			/* 4.0.4's words and source position */
			fprintf(stderr, "%s:src/ps/display.c:252: please "
				"report this bug\n", program_invocation_name);
			exit(1);
		}
}
