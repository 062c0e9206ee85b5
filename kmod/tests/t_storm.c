// SPDX-License-Identifier: GPL-2.0
/*
 * 1,000 dumps while processes and threads are created and reaped as fast
 * as possible: no task is listed twice in one dump, and every task that
 * lives throughout is in every dump.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tdlib.h"
#include "fixture.h"

#define NSTABLE 20
static pid_t stable[NSTABLE];

#define PID_BITS (1 << 22)
static unsigned char listed[PID_BITS / 8];

struct seen {
	uint32_t last_tgid, last_pid;
	int order_bad, dup;
	int found[NSTABLE];
	long n;
};

static int on_task(const struct td_task *t, void *arg)
{
	struct seen *s = arg;
	int i;

	/* ALL is ascending tgid; ALL_THREAD never repeats a (tgid, tid) */
	if (s->n && t->tgid < s->last_tgid)
		s->order_bad++;
	if (t->pid < PID_BITS) {
		if (listed[t->pid / 8] & (1 << t->pid % 8))
			s->dup++;
		listed[t->pid / 8] |= 1 << t->pid % 8;
	}
	s->last_tgid = t->tgid;
	s->last_pid = t->pid;
	s->n++;
	for (i = 0; i < NSTABLE; i++)
		if ((pid_t)t->pid == stable[i])
			s->found[i]++;
	return 0;
}

static void *thread_fn(void *a)
{
	return a;
}

static void storm_procs(void)
{
	for (;;) {
		pid_t p = fork();

		if (p == 0)
			_exit(0);
		if (p > 0)
			waitpid(p, NULL, 0);
	}
}

static void storm_threads(void)
{
	pthread_t t[8];
	int i;

	for (;;) {
		for (i = 0; i < 8; i++)
			pthread_create(&t[i], NULL, thread_fn, NULL);
		for (i = 0; i < 8; i++)
			pthread_join(t[i], NULL);
	}
}

/* several threads racing on one descriptor: errors allowed, no crash */
static int shared_fd;
static void *racer(void *arg)
{
	char buf[4096];
	int i, odd = 0;

	for (i = 0; i < 100; i++) {
		int ret = td_request(shared_fd, TASK_DIAG_SHOW_BASE |
				     TASK_DIAG_SHOW_STAT | TASK_DIAG_SHOW_CMDLINE,
				     TASK_DIAG_DUMP_ALL, 0, 1);
		ssize_t n;

		if (ret && ret != -EBUSY)
			odd++;
		while ((n = read(shared_fd, buf, sizeof(buf))) > 0)
			;
		if (n < 0 && errno != EINVAL)
			odd++;
	}
	return (void *)(long)odd;
}

static void shared_fd_threads(void)
{
	pthread_t t[4];
	long odd = 0;
	void *r;
	int i;

	shared_fd = td_open(NULL);
	for (i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, racer, NULL);
	for (i = 0; i < 4; i++) {
		pthread_join(t[i], &r);
		odd += (long)r;
	}
	close(shared_fd);
	check(!odd, "4 threads racing on one descriptor (%ld odd errors)", odd);
}

/* readers killed at random points of an answer */
static void killed_readers(void)
{
	int i, st, ok = 1;

	for (i = 0; i < 20; i++) {
		pid_t p = fork();

		if (p == 0) {
			int fd = td_open(NULL);

			for (;;) {
				td_request(fd, TD_ALL_GROUPS_V1,
					   TASK_DIAG_DUMP_ALL_THREAD, 0, 1);
				td_drain(fd, TASK_DIAG_MIN_READ_SIZE);
			}
		}
		usleep(20000 + i * 5000);
		kill(p, SIGKILL);
		waitpid(p, &st, 0);
		ok &= WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL;
	}
	check(ok, "20 readers killed in the middle of answers");
}

static pid_t spawn(void (*fn)(void))
{
	pid_t p = fork();

	if (p == 0)
		fn();
	return p;
}

int main(void)
{
	pid_t storms[3];
	int fd, i, k, bad_order = 0, dups = 0, missing = 0, errs = 0;
	long total = 0;
	double t0;
	char err[256];

	fd = td_open(NULL);
	if (fd < 0) {
		fail("open: %s", strerror(errno));
		return 1;
	}
	for (i = 0; i < NSTABLE; i++)
		stable[i] = hold(NULL, NULL);
	storms[0] = spawn(storm_procs);
	storms[1] = spawn(storm_procs);
	storms[2] = spawn(storm_threads);
	usleep(200000);

	t0 = now_s();
	for (i = 0; i < 1000; i++) {
		struct seen s;
		int strategy = i % 10 == 9 ? TASK_DIAG_DUMP_ALL_THREAD :
					     TASK_DIAG_DUMP_ALL;
		uint64_t show = i % 4 == 3 ? TASK_DIAG_SHOW_BASE |
			TASK_DIAG_SHOW_STAT | TASK_DIAG_SHOW_CMDLINE |
			TASK_DIAG_SHOW_CRED | TASK_DIAG_SHOW_STATM :
			TASK_DIAG_SHOW_BASE;

		memset(&s, 0, sizeof(s));
		memset(listed, 0, sizeof(listed));
		if (td_request(fd, show, strategy, 0, i) ||
		    td_collect(fd, i % 2 ? 4096 : 65536, i, on_task, &s, err,
			       sizeof(err)) < 0) {
			if (!errs++)
				fail("dump %d: %s", i, err);
			continue;
		}
		total += s.n;
		bad_order += s.order_bad;
		dups += s.dup;
		for (k = 0; k < NSTABLE; k++)
			missing += s.found[k] != 1;
	}
	for (i = 0; i < 3; i++) {
		kill(storms[i], SIGKILL);
		waitpid(storms[i], NULL, 0);
	}
	printf("t_storm: 1000 dumps, %ld tasks in %.1f s\n", total,
	       now_s() - t0);
	t0 = now_s();
	shared_fd_threads();
	killed_readers();
	printf("t_storm: races and kills %.1f s\n", now_s() - t0);
	check(!errs, "1000 dumps during a fork/exit storm complete (%d errors)",
	      errs);
	check(!bad_order && !dups, "no task listed twice (%d out of order, %d repeated)",
	      bad_order, dups);
	check(!missing, "every long-lived task in every dump (%d misses)",
	      missing);
	hold_kill_all();
	close(fd);
	printf("t_storm: %d passed, %d failed\n", td_passes, td_fails);
	return td_summary();
}
