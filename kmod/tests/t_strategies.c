// SPDX-License-Identifier: GPL-2.0
/*
 * Every dump strategy lists exactly the tasks procfs lists, in procfs'
 * order: ALL = readdir(/proc), ALL_THREAD and THREAD = /proc/PID/task,
 * CHILDREN = /proc/PID/task/TID/children, ONE = that task; ALL_PROC_THREAD
 * and PROC_THREAD as ALL_THREAD and THREAD with a process message (STAT
 * and IO only) before each group.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "compare.h"
#include "fixture.h"

#define MAXT 8192

struct list {
	uint32_t pid[MAXT], tgid[MAXT];
	uint64_t have[MAXT];
	int n;
};

static int on_task(const struct td_task *t, void *arg)
{
	struct list *l = arg;

	if (l->n < MAXT) {
		l->pid[l->n] = t->pid;
		l->tgid[l->n] = t->tgid;
		l->have[l->n] = t->have;
		l->n++;
	}
	return 0;
}

#define PROC_MSG (1ULL << TASK_DIAG_PROCESS)

/*
 * Process messages of l where each group starts (pid == tgid, STAT only
 * of BASE|STAT asked) are taken out; 1 if every group had one first.
 */
static int strip_process_msgs(struct list *l)
{
	uint32_t group = 0;
	int i, j = 0, ok = 1;

	for (i = 0; i < l->n; i++) {
		if (!(l->have[i] & PROC_MSG)) {
			ok &= group && l->tgid[i] == group;
			l->pid[j] = l->pid[i];
			l->tgid[j] = l->tgid[i];
			l->have[j++] = l->have[i];
			continue;
		}
		ok &= l->pid[i] == l->tgid[i] &&
		      l->have[i] == (PROC_MSG | TASK_DIAG_SHOW_STAT) &&
		      i + 1 < l->n && !(l->have[i + 1] & PROC_MSG) &&
		      l->tgid[i + 1] == l->tgid[i] &&
		      (j == 0 || l->tgid[j - 1] != l->tgid[i]);
		group = l->tgid[i];
	}
	l->n = j;
	return ok;
}

/* l lists every /proc/PID/task in order, each group whole */
static int threads_in_order(const struct list *l)
{
	static pid_t p[MAXT];
	int j = 0, k, n, ok = 1;

	while (j < l->n && ok) {
		pid_t tg = l->tgid[j];

		n = proc_threads(tg, p, MAXT);
		ok = n > 0 && l->pid[j] == (uint32_t)tg;
		for (k = 0; ok && k < n; k++)
			ok = j + k < l->n && l->pid[j + k] == (uint32_t)p[k] &&
			     l->tgid[j + k] == (uint32_t)tg;
		j += n;
	}
	return ok;
}

static int dump(int fd, uint64_t show, int strategy, pid_t pid,
		struct list *l)
{
	char err[256];
	long n;
	int ret;

	l->n = 0;
	ret = td_request(fd, show, strategy, pid, 11);
	if (ret)
		return ret;
	n = td_collect(fd, 65536, 11, on_task, l, err, sizeof(err));
	if (n < 0)
		fail("dump strategy %d: %s", strategy, err);
	return n < 0 ? -EPROTO : 0;
}

static int proc_pids(pid_t *out, int max)
{
	struct dirent *de;
	DIR *d = opendir("/proc");
	int n = 0;

	while (d && (de = readdir(d)) && n < max)
		if (de->d_name[0] >= '1' && de->d_name[0] <= '9')
			out[n++] = atoi(de->d_name);
	if (d)
		closedir(d);
	return n;
}

static int same(const uint32_t *a, int na, const pid_t *b, int nb)
{
	int i;

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++)
		if ((pid_t)a[i] != b[i])
			return 0;
	return 1;
}

int main(void)
{
	static const char *const a_threads[] = { "--threads", "7", NULL };
	static const char *const a_zombie[] = { "--zombie", NULL };
	static struct list l;
	static pid_t p[MAXT];
	pid_t thr, zp, kids[64];
	int fd, i, n, ok, tries;

	fd = td_open(NULL);
	if (fd < 0) {
		fail("open: %s", strerror(errno));
		return 1;
	}
	thr = hold(a_threads, NULL);
	zp = hold(a_zombie, NULL);
	for (i = 0; i < 5; i++)
		hold(NULL, NULL);

	/* ALL equals readdir(/proc); retry if something came or went */
	for (tries = 0, ok = 0; tries < 5 && !ok; tries++) {
		n = proc_pids(p, MAXT);
		if (dump(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_ALL, 0, &l))
			break;
		ok = same(l.pid, l.n, p, n);
		for (i = 0; i < l.n; i++)
			ok &= l.pid[i] == l.tgid[i];
	}
	check(ok, "ALL lists the pids readdir(/proc) lists, in order (%d)",
	      l.n);

	/* ALL_THREAD: each process followed by its threads, procfs order */
	for (tries = 0, ok = 0; tries < 5 && !ok; tries++) {
		if (dump(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_ALL_THREAD, 0,
			 &l))
			break;
		ok = threads_in_order(&l);
	}
	check(ok, "ALL_THREAD lists every /proc/PID/task in order (%d)", l.n);

	/* ALL_PROC_THREAD: the same, each group after its process message */
	for (tries = 0, ok = 0; tries < 5 && !ok; tries++) {
		if (dump(fd, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_STAT,
			 TASK_DIAG_DUMP_ALL_PROC_THREAD, 0, &l))
			break;
		ok = strip_process_msgs(&l) && threads_in_order(&l);
	}
	check(ok, "ALL_PROC_THREAD lists every /proc/PID/task in order, each "
	      "after a process message of STAT only (%d)", l.n);
	for (i = 0, n = 0; i < l.n; i++)
		n += l.tgid[i] == (uint32_t)thr;
	check(n == 8, "ALL_THREAD has the 8 threads of the fixture (%d)", n);

	/* THREAD from a non-leader tid */
	n = proc_threads(thr, p, MAXT);
	ok = n == 8 && !dump(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_THREAD,
			     p[3], &l) && same(l.pid, l.n, p, n);
	check(ok, "THREAD from tid %d lists /proc/%d/task in order", p[3], thr);
	for (i = 0, ok = 1; i < l.n; i++)
		ok &= l.tgid[i] == (uint32_t)thr;
	check(ok, "THREAD answers carry the thread group id");

	/* PROC_THREAD from a non-leader tid: the process, then its threads */
	n = proc_threads(thr, p, MAXT);
	ok = n == 8 && !dump(fd, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_STAT,
			     TASK_DIAG_DUMP_PROC_THREAD, p[3], &l) &&
	     l.n == 9 && l.pid[0] == (uint32_t)thr && strip_process_msgs(&l) &&
	     same(l.pid, l.n, p, n);
	check(ok, "PROC_THREAD from tid %d: process %d, then /proc/%d/task",
	      p[3], thr, thr);

	/* ONE on a thread: exactly that thread */
	ok = !dump(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_ONE, p[5], &l) &&
	     l.n == 1 && l.pid[0] == (uint32_t)p[5] &&
	     l.tgid[0] == (uint32_t)thr;
	check(ok, "ONE on tid %d answers that thread", p[5]);

	/* CHILDREN of this process and of the zombie's parent */
	n = proc_children(getpid(), kids, 64);
	ok = !dump(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_CHILDREN, getpid(),
		   &l) && same(l.pid, l.n, kids, n);
	check(ok, "CHILDREN lists /proc/self/task/TID/children (%d)", n);
	n = proc_children(zp, kids, 64);
	ok = n == 1 && !dump(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_CHILDREN,
			     zp, &l) && same(l.pid, l.n, kids, n);
	check(ok, "CHILDREN of a fixture lists its zombie child");
	ok = !dump(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_CHILDREN, kids[0],
		   &l) && l.n == 0;
	check(ok, "CHILDREN of a childless zombie is empty");

	/* strategies need a live pid where they take one */
	check(td_request(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_THREAD,
			 999999, 1) == -ESRCH, "THREAD on a free pid: ESRCH");
	check(td_request(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_CHILDREN,
			 0, 1) == -EINVAL, "CHILDREN without pid: EINVAL");

	/* a new request on the same fd after the end, many times */
	for (i = 0, ok = 1; i < 50 && ok; i++)
		ok = !dump(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_ONE,
			   getpid(), &l) && l.n == 1;
	check(ok, "50 requests in a row on one descriptor");

	hold_kill_all();
	close(fd);
	printf("t_strategies: %d passed, %d failed\n", td_passes, td_fails);
	return td_summary();
}
