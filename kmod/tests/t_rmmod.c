// SPDX-License-Identifier: GPL-2.0
/*
 * rmmod while other processes are in the middle of answers: readers get
 * errors, not crashes; the module unloads and loads again and works.
 * Usage: t_rmmod /path/to/task_diag.ko
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tdlib.h"

static int run(const char *prog, const char *arg)
{
	pid_t p = fork();
	int st;

	if (p == 0) {
		execl("/bin/busybox", prog, arg, (char *)NULL);
		_exit(127);
	}
	waitpid(p, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* dump again and again with tiny reads until the file goes away */
static void reader(int id)
{
	char buf[TASK_DIAG_MIN_READ_SIZE];
	int rounds = 0;

	for (;;) {
		int fd = td_open(NULL);
		ssize_t n;

		if (fd < 0)
			_exit(errno == ENOENT ? 0 : 10);
		if (td_request(fd, TD_ALL_GROUPS_V1, TASK_DIAG_DUMP_ALL, 0,
			       id) == 0) {
			while ((n = read(fd, buf, sizeof(buf))) > 0)
				;
			if (n < 0 && errno != EIO)
				_exit(11);
		}
		close(fd);
		rounds++;
	}
}

int main(int argc, char **argv)
{
	char buf[TASK_DIAG_MIN_READ_SIZE];
	pid_t readers[3];
	int fd, i, st, ok;
	ssize_t n;

	if (argc < 2) {
		fail("usage: t_rmmod MODULE.ko");
		return 1;
	}
	/* one descriptor parked in the middle of an answer */
	fd = td_open(NULL);
	ok = fd >= 0 && !td_request(fd, TD_ALL_GROUPS_V1, TASK_DIAG_DUMP_ALL,
				    0, 1) &&
	     read(fd, buf, sizeof(buf)) > 0;
	check(ok, "a descriptor stops in the middle of an answer");
	for (i = 0; i < 3; i++) {
		readers[i] = fork();
		if (readers[i] == 0)
			reader(i);
	}
	usleep(300000);
	check(run("rmmod", "task_diag") == 0, "rmmod while 3 readers dump");
	check(access(TD_PATH, F_OK) && errno == ENOENT, "/proc/task-diag is gone");
	for (i = 0, ok = 1; i < 3; i++) {
		waitpid(readers[i], &st, 0);
		ok &= WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	check(ok, "the readers saw only EIO/ENOENT and exited cleanly");
	n = read(fd, buf, sizeof(buf));
	check(n < 0 && errno == EIO, "the parked descriptor reads EIO");
	check(td_request(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_ALL, 0, 2) ==
	      -EIO, "and writes EIO");
	check(close(fd) == 0, "and closes");

	check(run("insmod", argv[1]) == 0, "insmod again");
	fd = td_open(NULL);
	ok = fd >= 0 && !td_request(fd, TASK_DIAG_SHOW_BASE,
				    TASK_DIAG_DUMP_ONE, getpid(), 3) &&
	     td_drain(fd, 4096) > 0;
	check(ok, "the reloaded module answers");
	if (fd >= 0)
		close(fd);
	printf("t_rmmod: %d passed, %d failed\n", td_passes, td_fails);
	return td_summary();
}
