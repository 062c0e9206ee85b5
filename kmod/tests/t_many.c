// SPDX-License-Identifier: GPL-2.0
/*
 * 10,000 processes: one dump lists them all, once, and costs less than
 * reading their /proc/PID/stat files.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tdlib.h"

#define N 10000
#define STACK 16384
#define PID_BITS (1 << 22)
static unsigned char mine[PID_BITS / 8], seen[PID_BITS / 8];

struct st {
	long total, found, dup;
};

static int on_task(const struct td_task *t, void *arg)
{
	struct st *s = arg;

	s->total++;
	if (t->pid >= PID_BITS)
		return 0;
	if (seen[t->pid / 8] & (1 << t->pid % 8))
		s->dup++;
	seen[t->pid / 8] |= 1 << t->pid % 8;
	if (mine[t->pid / 8] & (1 << t->pid % 8))
		s->found++;
	return 0;
}

static int idle(void *arg)
{
	/* the raw syscall: libc wrappers would touch the parent's TLS */
	for (;;)
		syscall(SYS_pause);
	return 0;
}

static long scan_proc(void)
{
	char path[64], buf[1024];
	struct dirent *de;
	DIR *d = opendir("/proc");
	long n = 0;

	while (d && (de = readdir(d))) {
		int fd;

		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%.16s/stat", de->d_name);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		if (read(fd, buf, sizeof(buf)) > 0)
			n++;
		close(fd);
	}
	if (d)
		closedir(d);
	return n;
}

int main(void)
{
	int fd, i, pipefd[2];
	pid_t group;
	double t0, t_td, t_proc;
	struct st s;
	char err[256], c;
	long scanned;

	fd = td_open(NULL);
	if (fd < 0) {
		fail("open: %s", strerror(errno));
		return 1;
	}
	/* orphans come back to us to be reaped, not to the shell at pid 1 */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (pipe(pipefd))
		return 1;
	t0 = now_s();
	group = fork();
	if (group == 0) {
		/*
		 * Processes that share this one's memory (clone without
		 * CLONE_THREAD): separate tasks and thread groups, but no
		 * address space to copy, so 10,000 start in seconds even
		 * under TCG.
		 */
		char *stacks = mmap(NULL, (size_t)N * STACK, PROT_READ |
				    PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS |
				    MAP_NORESERVE, -1, 0);

		setpgid(0, 0);
		for (i = 0; stacks != MAP_FAILED && i < N; i++) {
			pid_t p = clone(idle, stacks + (size_t)(i + 1) * STACK,
					CLONE_VM | SIGCHLD, NULL);

			if (p < 0 || write(pipefd[1], &p, sizeof(p)) != sizeof(p))
				break;
		}
		close(pipefd[1]);
		for (;;)
			pause();
	}
	close(pipefd[1]);
	for (i = 0; i < N; i++) {
		pid_t p;

		if (read(pipefd[0], &p, sizeof(p)) != sizeof(p))
			break;
		if (p < PID_BITS)
			mine[p / 8] |= 1 << p % 8;
	}
	(void)c;
	check(i == N, "spawned %d processes in %.1f s", i, now_s() - t0);

	memset(&s, 0, sizeof(s));
	t0 = now_s();
	if (td_request(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_ALL, 0, 1) ||
	    td_collect(fd, 1 << 20, 1, on_task, &s, err, sizeof(err)) < 0)
		fail("dump: %s", err);
	t_td = now_s() - t0;
	t0 = now_s();
	scanned = scan_proc();
	t_proc = now_s() - t0;
	printf("t_many: task_diag BASE of %ld tasks %.3f s; /proc/*/stat of %ld tasks %.3f s\n",
	       s.total, t_td, scanned, t_proc);
	check(s.found == i && !s.dup, "one dump lists all %d processes once (%ld found, %ld twice)",
	      i, s.found, s.dup);

	memset(&s, 0, sizeof(s));
	memset(seen, 0, sizeof(seen));
	t0 = now_s();
	if (td_request(fd, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_CRED |
		       TASK_DIAG_SHOW_STAT | TASK_DIAG_SHOW_STATM |
		       TASK_DIAG_SHOW_CMDLINE, TASK_DIAG_DUMP_ALL_THREAD, 0, 2) ||
	    td_collect(fd, 65536, 2, on_task, &s, err, sizeof(err)) < 0)
		fail("dump: %s", err);
	printf("t_many: ALL_THREAD base+cred+stat+statm+cmdline %.3f s\n",
	       now_s() - t0);
	check(s.found == i && !s.dup, "ALL_THREAD with five groups lists them all once");

	kill(-group, SIGKILL);
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
	close(fd);
	printf("t_many: %d passed, %d failed\n", td_passes, td_fails);
	return td_summary();
}
