/* SPDX-License-Identifier: GPL-2.0-or-later
 *
 * tdtime: run a command REPS times and print one line per run:
 *
 *   tdtime [-n REPS] [-e NAME=VALUE]... [-o FILE] -- COMMAND [ARG]...
 *   -> "run I wall_s user_s sys_s maxrss_kb status"
 *
 * Wall time from CLOCK_MONOTONIC, user/sys/peak RSS from wait4()'s
 * rusage, microsecond resolution.  The command's stdout goes to FILE
 * (default /dev/null); its stderr is kept.  Used by the guest benchmark,
 * where neither python3 nor GNU time exists; the host runner measures
 * the same way in python3.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const char *out = "/dev/null";
	long reps = 1;
	int opt, bad = 0;

	while ((opt = getopt(argc, argv, "+n:e:o:")) != -1) {
		switch (opt) {
		case 'n':
			reps = strtol(optarg, NULL, 10);
			break;
		case 'e':
			if (!strchr(optarg, '=') || putenv(optarg) != 0)
				bad = 1;
			break;
		case 'o':
			out = optarg;
			break;
		default:
			bad = 1;
		}
	}
	if (bad || optind >= argc || reps < 1) {
		fprintf(stderr, "usage: tdtime [-n REPS] [-e NAME=VALUE]... "
				"[-o FILE] -- COMMAND [ARG]...\n");
		return 2;
	}
	for (long i = 1; i <= reps; i++) {
		struct rusage ru;
		int status;
		double t0 = now(), t1;
		pid_t p = fork(), w;

		if (p < 0) {
			perror("tdtime: fork");
			return 1;
		}
		if (p == 0) {
			int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);

			if (fd < 0 || dup2(fd, 1) < 0) {
				perror(out);
				_exit(127);
			}
			close(fd);
			execvp(argv[optind], argv + optind);
			perror(argv[optind]);
			_exit(127);
		}
		do
			w = wait4(p, &status, 0, &ru);
		while (w < 0 && errno == EINTR);
		t1 = now();
		if (w < 0) {
			perror("tdtime: wait4");
			return 1;
		}
		printf("run %ld %.6f %.6f %.6f %ld %d\n", i, t1 - t0,
		       ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
		       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6,
		       ru.ru_maxrss,
		       WIFEXITED(status) ? WEXITSTATUS(status)
					 : 128 + WTERMSIG(status));
		fflush(stdout);
	}
	return 0;
}
