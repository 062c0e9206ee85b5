// SPDX-License-Identifier: GPL-2.0
/*
 * Every group of every fixture task equals what procfs shows for it, for
 * ALL (per process), ONE (process and non-leader thread) and THREAD (per
 * thread); and BASE of every other task matches procfs too.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "compare.h"
#include "fixture.h"

static uint64_t groups;

static void on_usr1(int sig)
{
	(void)sig;
}
static pid_t fix[16];
static const char *fix_name[16];
static int nfix;

static int fixture_index(pid_t pid)
{
	int i;

	for (i = 0; i < nfix; i++)
		if (fix[i] == pid)
			return i;
	return -1;
}

struct all_state {
	int seen[16];
	pid_t odd[4096];
	int nodd;
	long total;
};

static int on_all(const struct td_task *t, void *arg)
{
	struct all_state *s = arg;
	char dir[64], label[96];
	int i = fixture_index(t->pid);

	s->total++;
	snprintf(dir, sizeof(dir), "/proc/%u", t->pid);
	if (i >= 0) {
		s->seen[i]++;
		snprintf(label, sizeof(label), "ALL %s", fix_name[i]);
		compare_task(t, dir, groups, label, 1);
	} else if (compare_task(t, dir, TASK_DIAG_SHOW_BASE, "", 0) &&
		   s->nodd < 4096) {
		/* a running task may move; checked again below */
		s->odd[s->nodd++] = t->pid;
	}
	return 0;
}

struct one_state {
	const char *dir;
	const char *label;
	uint64_t mask;
	int n;
};

static int on_one(const struct td_task *t, void *arg)
{
	struct one_state *s = arg;

	s->n++;
	compare_task(t, s->dir, s->mask, s->label, s->label != NULL);
	return 0;
}

static void one(int fd, pid_t pid, const char *dir, const char *label,
		uint64_t mask, int strategy)
{
	struct one_state s = { dir, label, mask, 0 };
	char err[256];
	long n;
	int ret = td_request(fd, mask, strategy, pid, 7);

	if (ret) {
		fail("%s: request: %s", label, strerror(-ret));
		return;
	}
	n = td_collect(fd, 65536, 7, on_one, &s, err, sizeof(err));
	if (n != 1)
		fail("%s: %ld tasks (%s)", label, n, err);
}

static int quiet_bad;

static int on_quiet(const struct td_task *t, void *arg)
{
	quiet_bad += compare_task(t, arg, TASK_DIAG_SHOW_BASE, "", 0);
	return 0;
}

/* STAT of this process with request flags: what they skip reads 0, the
 * rest is as without them */
static int on_stat(const struct td_task *t, void *arg)
{
	*(struct task_diag_stat *)arg = t->stat;
	return 0;
}

static int stat_with(int fd, uint32_t flags, struct task_diag_stat *st)
{
	char err[256];

	memset(st, 0, sizeof(*st));
	if (td_request_flags(fd, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_STAT,
			     flags, TASK_DIAG_DUMP_ONE, getpid(), 11))
		return -1;
	return td_collect(fd, 65536, 11, on_stat, st, err, sizeof(err)) == 1 ?
		0 : -1;
}

static void request_flags(int fd)
{
	const uint64_t caught = 1ULL << (SIGUSR1 - 1);
	const uint64_t ignored = 1ULL << (SIGUSR2 - 1);
	struct task_diag_stat all, nosig, nomm;
	struct sigaction sa = { .sa_handler = on_usr1 };

	sigaction(SIGUSR1, &sa, NULL);
	signal(SIGUSR2, SIG_IGN);
	if (stat_with(fd, 0, &all) ||
	    stat_with(fd, TASK_DIAG_REQ_NO_SIGHANDLERS, &nosig) ||
	    stat_with(fd, TASK_DIAG_REQ_NO_STAT_MM, &nomm)) {
		fail("request flags: a request failed");
		return;
	}
	check((all.sig_caught & caught) && (all.sig_ignored & ignored) &&
	      all.vsize && all.start_code && all.wchan == nosig.wchan,
	      "no flags: handlers (%#llx, %#llx) and the address space",
	      (unsigned long long)all.sig_caught,
	      (unsigned long long)all.sig_ignored);
	check(!nosig.sig_caught && !nosig.sig_ignored &&
	      nosig.vsize == all.vsize && nosig.start_code == all.start_code,
	      "NO_SIGHANDLERS: no handler bits, the address space kept");
	check(!nomm.vsize && !nomm.rss && !nomm.start_code && !nomm.end_code &&
	      !nomm.start_stack && !nomm.wchan && !nomm.stat_flags &&
	      (nomm.sig_caught & caught) &&
	      nomm.start_time == all.start_time && nomm.nice == all.nice,
	      "NO_STAT_MM: no address-space fields, the rest kept");
	signal(SIGUSR1, SIG_DFL);
	signal(SIGUSR2, SIG_DFL);
}

/* this process's BASE, from whatever the dump lists */
static int on_base(const struct td_task *t, void *arg)
{
	if (t->pid == (uint32_t)getpid())
		*(struct task_diag_base *)arg = t->base;
	return 0;
}

static int base_with(int fd, uint32_t flags, uint32_t strategy,
		     struct task_diag_base *b)
{
	char err[256];

	memset(b, 0xff, sizeof(*b));
	if (td_request_flags(fd, TASK_DIAG_SHOW_BASE, flags, strategy,
			     strategy == TASK_DIAG_DUMP_ONE ? getpid() : 0, 12))
		return -1;
	return td_collect(fd, 65536, 12, on_base, b, err, sizeof(err)) >= 1 ?
		0 : -1;
}

/* BASE with TASK_DIAG_REQ_NO_IDS: no ppid, pgid, sid, tpgid (0), the
 * rest as without it; in a whole dump the pid and tgid (taken from the
 * walk, not looked up again) are this process's */
static void request_no_ids(int fd)
{
	struct task_diag_base all, noids, thr;

	if (base_with(fd, 0, TASK_DIAG_DUMP_ONE, &all) ||
	    base_with(fd, TASK_DIAG_REQ_NO_IDS, TASK_DIAG_DUMP_ONE, &noids) ||
	    base_with(fd, TASK_DIAG_REQ_NO_IDS, TASK_DIAG_DUMP_ALL_THREAD,
		      &thr)) {
		fail("NO_IDS: a request failed");
		return;
	}
	check(all.ppid == (uint32_t)getppid() && all.sid == getsid(0) &&
	      all.pgid == getpgrp(),
	      "no flags: ppid %u, sid %d, pgid %d", all.ppid, all.sid,
	      all.pgid);
	check(!noids.ppid && !noids.sid && !noids.pgid && !noids.tpgid &&
	      noids.pid == all.pid && noids.tgid == all.tgid &&
	      noids.tty_nr == all.tty_nr && noids.nlwp == all.nlwp &&
	      !strcmp(noids.comm, all.comm),
	      "NO_IDS: ppid %u sid %d pgid %d tpgid %d read 0, the rest kept",
	      noids.ppid, noids.sid, noids.pgid, noids.tpgid);
	check(thr.pid == (uint32_t)getpid() && thr.tgid == (uint32_t)getpid(),
	      "ALL_THREAD dump: pid %u tgid %u", thr.pid, thr.tgid);
}

/* a task whose BASE differed: accept it if a fresh look agrees */
static int recheck(int fd, pid_t pid)
{
	char dir[64], err[256];
	int tries;

	snprintf(dir, sizeof(dir), "/proc/%d", pid);
	for (tries = 0; tries < 3; tries++) {
		if (access(dir, F_OK))
			return 1;	/* exited meanwhile */
		if (td_request(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_ONE,
			       pid, 8))
			return 1;
		quiet_bad = 0;
		if (td_collect(fd, 65536, 8, on_quiet, dir, err,
			       sizeof(err)) == 1 && !quiet_bad)
			return 1;
	}
	return 0;
}

static int on_thread(const struct td_task *t, void *arg)
{
	char dir[96], label[96];

	snprintf(dir, sizeof(dir), "/proc/%d/task/%u", *(pid_t *)arg, t->pid);
	snprintf(label, sizeof(label), "THREAD %s",
		 t->pid == t->tgid ? "leader" : "thread");
	compare_task(t, dir, groups, label, 1);
	return 0;
}


int main(void)
{
	static const char *const a_threads[] = { "--threads", "4", NULL };
	static const char *const a_zombie[] = { "--zombie", NULL };
	static const char *const a_title[] = { "--title", "one", "two", NULL };
	static const char *const a_user[] = { "--groups", "--uid", "1000",
					      NULL };
	/* 20 KiB of groups: streamed in several chunks */
	static const char *const a_many[] = { "--manygroups", "5000", NULL };
	static const char *const a_nodump[] = { "--uid", "1001", "--nodump",
						NULL };
	struct task_diag_version v;
	struct all_state all;
	char err[256], *bigenv[3];
	pid_t tids[64];
	int fd, i, n, ret;

	fd = td_open(NULL);
	if (fd < 0) {
		fail("open %s: %s", TD_PATH, strerror(errno));
		return 1;
	}
	ret = td_version(fd, &v);
	check(!ret && v.version == TASK_DIAG_VERSION &&
	      v.min_read_size == TASK_DIAG_MIN_READ_SIZE,
	      "version handshake (version %u, groups %#llx)", v.version,
	      (unsigned long long)v.supported_groups);
	check(v.supported_flags == (TASK_DIAG_REQ_NO_SIGHANDLERS |
				    TASK_DIAG_REQ_NO_STAT_MM |
				    TASK_DIAG_REQ_NO_IDS),
	      "request flags offered (%#x)", v.supported_flags);
	groups = v.supported_groups;
	check(groups == TD_ALL_GROUPS_V1, "every group is available (%#llx)",
	      (unsigned long long)groups);

	/* an environment over 64 KiB, so ENVIRON needs several chunks */
	bigenv[0] = malloc(80 * 1024);
	memset(bigenv[0], 'e', 80 * 1024 - 1);
	memcpy(bigenv[0], "BIG=", 4);
	bigenv[0][80 * 1024 - 1] = 0;
	bigenv[1] = "TD_FIXTURE=1";
	bigenv[2] = NULL;

	fix_name[nfix] = "plain";
	fix[nfix++] = hold(NULL, NULL);
	fix_name[nfix] = "threads";
	fix[nfix++] = hold(a_threads, NULL);
	fix_name[nfix] = "zombie-parent";
	fix[nfix++] = hold(a_zombie, NULL);
	fix_name[nfix] = "cmdline-200k";
	fix[nfix++] = hold_big(200 * 1024);
	fix_name[nfix] = "setproctitle";
	fix[nfix++] = hold(a_title, bigenv + 1);
	fix_name[nfix] = "uid1000-groups";
	fix[nfix++] = hold(a_user, NULL);
	fix_name[nfix] = "groups-5000";
	fix[nfix++] = hold(a_many, NULL);
	fix_name[nfix] = "nodump";
	fix[nfix++] = hold(a_nodump, NULL);
	fix_name[nfix] = "environ-80k";
	fix[nfix++] = hold(NULL, bigenv);
	n = proc_children(fix[2], tids, 4);
	if (n == 1) {
		fix_name[nfix] = "zombie";
		fix[nfix++] = tids[0];
	}
	for (i = 0; i < nfix; i++)
		if (fix[i] <= 0)
			fail("fixture %s did not start", fix_name[i]);
	/* a cgroup path deeper than the root (cgroup2 is mounted by init) */
	{
		FILE *f;

		mkdir("/sys/fs/cgroup/td-test", 0755);
		mkdir("/sys/fs/cgroup/td-test/inner", 0755);
		f = fopen("/sys/fs/cgroup/td-test/inner/cgroup.procs", "w");
		check(f && fprintf(f, "%d\n", fix[0]) > 0 && !fclose(f),
		      "plain fixture moved to /td-test/inner");
	}
	check(n == 1, "zombie fixture present");

	/* ALL, every group */
	memset(&all, 0, sizeof(all));
	ret = td_request(fd, groups, TASK_DIAG_DUMP_ALL, 0, 1);
	check(!ret, "ALL request accepted");
	if (td_collect(fd, 1 << 20, 1, on_all, &all, err, sizeof(err)) < 0)
		fail("ALL dump: %s", err);
	for (i = 0; i < nfix; i++)
		check(all.seen[i] == 1, "ALL lists %s once", fix_name[i]);
	/* kernel threads included: their long comm comes from procfs' code */
	for (i = 0, n = 0; i < all.nodd; i++)
		n += !recheck(fd, all.odd[i]);
	check(!n, "BASE of all %ld tasks matches procfs (%d differ)",
	      all.total, n);

	/* ONE, per process, for every fixture */
	for (i = 0; i < nfix; i++) {
		char dir[64], label[96];

		snprintf(dir, sizeof(dir), "/proc/%d", fix[i]);
		snprintf(label, sizeof(label), "ONE %s", fix_name[i]);
		one(fd, fix[i], dir, label, groups, TASK_DIAG_DUMP_ONE);
	}

	/* a non-leader tid with ONE is the process view of /proc/TID */
	n = proc_threads(fix[1], tids, 64);
	check(n == 5, "threads fixture has 5 threads (%d)", n);
	if (n > 2) {
		char pdir[64];

		snprintf(pdir, sizeof(pdir), "/proc/%d", tids[2]);
		one(fd, tids[2], pdir, "ONE non-leader tid", groups,
		    TASK_DIAG_DUMP_ONE);
	}

	/* THREAD: per-thread values against /proc/PID/task/TID */
	ret = td_request(fd, groups, TASK_DIAG_DUMP_THREAD, tids[1], 3);
	check(!ret, "THREAD request accepted");
	if (!ret) {
		long cnt = td_collect(fd, 65536, 3, on_thread, &fix[1], err,
				      sizeof(err));

		check(cnt == n, "THREAD lists %ld of %d threads %s", cnt, n,
		      err);
	}
	request_flags(fd);
	request_no_ids(fd);
	hold_kill_all();
	close(fd);
	printf("t_values: %d passed, %d failed\n", td_passes, td_fails);
	return td_summary();
}
