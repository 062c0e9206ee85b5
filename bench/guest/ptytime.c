/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ptytime: time a full-screen program on a terminal of a fixed size.
 *
 *   ptytime [-s COLSxROWS] [-f FRAMES [-m MARKER]] [-e NAME=VALUE]...
 *           -- COMMAND [ARG]...
 *
 * Runs COMMAND as the session leader of a new pseudo-terminal of that
 * size (default 120x40) with the environment changes given, reads and
 * discards everything it writes until it exits, and prints one line in
 * bench/tdtime's format from its wait4() rusage:
 *
 *   run 1 WALL USER SYS MAXRSS_KB STATUS
 *
 * With -f, it types "q" as soon as the output has shown MARKER (default
 * "top - ") FRAMES times.  That is not a count of top's refreshes: top
 * rewrites only the lines that changed, and its first line changes once
 * a second, so a refresh within the same second shows no marker.
 * bench/guest/run.sh therefore ends the interactive top with its own -n
 * and uses ptytime only for the terminal and the rusage.  Built static by
 * guest-bench.  Gives up after 900 s.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Occurrences of marker in buf[0..len); moves the last mlen-1 bytes to
 * the front (a marker split between reads), *carry their count. */
static long count_marks(char *buf, size_t len, const char *marker,
			size_t *carry)
{
	size_t mlen = strlen(marker), keep;
	long n = 0;
	char *p = buf, *end = buf + len;

	while ((p = memmem(p, (size_t)(end - p), marker, mlen))) {
		n++;
		p += mlen;
	}
	keep = len < mlen - 1 ? len : mlen - 1;
	memmove(buf, end - keep, keep);
	*carry = keep;
	return n;
}

static void usage(void)
{
	fputs("usage: ptytime [-s COLSxROWS] [-f FRAMES [-m MARKER]] "
	      "[-e NAME=VALUE]... -- COMMAND [ARG]...\n", stderr);
	exit(2);
}

/* The child: the pty's slave as its controlling terminal and stdio. */
static void child(const char *slave, char **argv)
{
	int fd;

	if (setsid() < 0)
		_exit(126);
	fd = open(slave, O_RDWR);
	if (fd < 0 || ioctl(fd, TIOCSCTTY, 0) < 0)
		_exit(126);
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
	execvp(argv[0], argv);
	_exit(127);
}

int main(int argc, char **argv)
{
	struct winsize ws = { .ws_col = 120, .ws_row = 40 };
	char buf[65536];
	struct rusage ru;
	double t0, t1;
	const char *marker = "top - ";
	long frames = 0, seen = 0;
	size_t carry = 0, mlen;
	int master, opt, status = 0;
	const char *slave;
	pid_t pid;

	while ((opt = getopt(argc, argv, "s:e:f:m:")) != -1) {
		switch (opt) {
		case 's': {
			unsigned c, r;

			if (sscanf(optarg, "%ux%u", &c, &r) != 2 || !c || !r)
				usage();
			ws.ws_col = (unsigned short)c;
			ws.ws_row = (unsigned short)r;
			break;
		}
		case 'f':
			frames = atol(optarg);
			break;
		case 'm':
			marker = optarg;
			break;
		case 'e':
			if (!strchr(optarg, '=') || putenv(optarg))
				usage();
			break;
		default:
			usage();
		}
	}
	mlen = strlen(marker);
	if (optind >= argc || frames < 0 || !mlen || mlen >= sizeof(buf) / 2)
		usage();
	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) || unlockpt(master) ||
	    ioctl(master, TIOCSWINSZ, &ws) < 0) {
		perror("ptytime: pty");
		return 1;
	}
	slave = ptsname(master);
	if (!slave) {
		perror("ptytime: ptsname");
		return 1;
	}
	t0 = now();
	pid = fork();
	if (pid < 0) {
		perror("ptytime: fork");
		return 1;
	}
	if (pid == 0) {
		close(master);
		child(slave, argv + optind);
	}
	alarm(900);
	/* until the last slave descriptor closes (EIO) */
	for (;;) {
		ssize_t n = read(master, buf + carry, sizeof(buf) - carry);

		if (n > 0) {
			if (frames && seen < frames)
				seen += count_marks(buf, carry + (size_t)n,
						    marker, &carry);
			else
				carry = 0;
			if (frames && seen >= frames && seen < LONG_MAX) {
				(void)!write(master, "q", 1);
				seen = LONG_MAX;
			}
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		break;
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("ptytime: wait4");
		return 1;
	}
	t1 = now();
	printf("run 1 %.6f %.6f %.6f %ld %d\n", t1 - t0,
	       (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
	       (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6,
	       ru.ru_maxrss,
	       WIFEXITED(status) ? WEXITSTATUS(status) :
	       128 + WTERMSIG(status));
	return 0;
}
