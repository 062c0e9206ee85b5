/* What procps-ng 4.0.2 shows on the thread lines of m and -m, where its
 * thread records are only partly filled. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "output.h"
#include "mthreads.h"

void mthreads_blank(struct task *t)
{
	/* These come out as zeros on the reference's thread lines. */
	t->priority = 0;
	t->processor = 0;
	t->policy = 0;
	t->rt_priority = 0;
	t->oom_score = 0;
	t->io_rchar = t->io_wchar = t->io_syscr = t->io_syscw = 0;
	t->io_read_bytes = t->io_write_bytes = 0;
	t->io_cancelled_write_bytes = 0;
}

/* The reference crashes on a thread line's WCHAN: its signal handler
 * reports, flushes what was printed, and dies by the signal (as pid 1,
 * which cannot, it exits 1). */
void mthreads_wchan_crash(void)
{
	fputs("Signal 11 (SEGV) caught by ps (4.0.2).\n", stderr);
	fflush(stdout);
	fprintf(stderr, "%s:src/ps/display.c:71: please report this bug\n",
		program_invocation_name);
	signal(SIGSEGV, SIG_DFL);
	raise(SIGSEGV);
	exit(1);
}
