// SPDX-License-Identifier: GPL-2.0
/*
 * A pid freed under a reader.  A fixture is killed and reaped after a
 * request named it, or between two reads of an answer that is in the
 * middle of it, and a new task is made at the same pid (clone3's
 * set_tid); then the answer is read on.  It must stay well-formed, list
 * no task twice, and every task carrying that pid's tgid must be wholly
 * the old one's (uid 1000, 'O' command line and environment, one of its
 * threads) or wholly the new one's (uid 1001, 'N'), never a mix; a
 * request that named the old task never answers with the new one.
 * The reuse runs twice: in the initial pid namespace, and in a new one
 * through its own /proc (pids are that namespace's numbers).  Then
 * thousands of threads exit while their process is being dumped.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/netlink.h>
#include "tdlib.h"
#include "fixture.h"

#define OLD_UID 1000
#define NEW_UID 1001
#define BIG (100 * 1024)	/* fill bytes: many reads' worth (< 128 KiB) */
#define NTHREADS 200		/* the old fixture's extra threads */
#define NEXIT 2000		/* threads that exit during a dump */
#define MAXT (NEXIT + 8)
#define PID_BITS (1 << 22)
/* a process message of the PROC_THREAD walks, not a thread */
#define PROC_MSG (1ULL << TASK_DIAG_PROCESS)

/* clone3's arguments up to set_tid_size (CLONE_ARGS_SIZE_VER1) */
struct td_clone_args {
	uint64_t flags, pidfd, child_tid, parent_tid, exit_signal;
	uint64_t stack, stack_size, tls, set_tid, set_tid_size;
};

/* what each fixture's command line and environment read as */
struct value {
	char buf[BIG + 64];
	size_t len;
};
static struct value cmdline[2], environ_[2];	/* [0] old, [1] new */

static unsigned char listed[PID_BITS / 8];

static int seen_twice(uint32_t tid)
{
	int dup;

	if (tid >= PID_BITS)
		return 0;
	dup = !!(listed[tid / 8] & (1 << tid % 8));
	listed[tid / 8] |= 1 << tid % 8;
	return dup;
}

static const char *hold_bin(void)
{
	const char *p = getenv("TD_HOLD");

	return p ? p : "/tests/td_hold";
}

/*
 * td_hold as uid with threads extra threads and a command line and an
 * environment of BIG fill bytes each, at pid want (0: any), stopped.
 * Returns its pid or -errno.
 */
static pid_t spawn(pid_t want, int which, int threads)
{
	static char arg[BIG + 1], env[BIG + 6], nuid[16], nthr[16];
	char *argv[] = { "td_hold", "--uid", nuid, "--threads", nthr, arg,
			 NULL };
	char *envp[] = { env, NULL };
	char fill = which ? 'N' : 'O';
	struct td_clone_args ca;
	struct value *v;
	pid_t pid;
	int i, st;

	snprintf(nuid, sizeof(nuid), "%d", which ? NEW_UID : OLD_UID);
	snprintf(nthr, sizeof(nthr), "%d", threads);
	memset(arg, fill, BIG);
	memcpy(env, "FILL=", 5);
	memset(env + 5, fill, BIG);
	v = &cmdline[which];
	for (v->len = 0, i = 0; argv[i]; i++) {
		memcpy(v->buf + v->len, argv[i], strlen(argv[i]) + 1);
		v->len += strlen(argv[i]) + 1;
	}
	environ_[which].len = strlen(env) + 1;
	memcpy(environ_[which].buf, env, environ_[which].len);

	memset(&ca, 0, sizeof(ca));
	ca.exit_signal = SIGCHLD;
	if (want) {		/* else both 0: clone3 refuses a lone array */
		ca.set_tid = (uintptr_t)&want;
		ca.set_tid_size = 1;
	}
	fflush(stdout);
	pid = syscall(SYS_clone3, &ca, sizeof(ca));
	if (pid == 0) {
		execve(hold_bin(), argv, envp);
		_exit(127);
	}
	if (pid < 0)
		return -errno;
	if (waitpid(pid, &st, WUNTRACED) != pid || !WIFSTOPPED(st))
		return -ECHILD;
	return pid;
}

static void reap(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/* the scenario in progress: the pid reused, the swap and the findings */
static struct {
	pid_t pid;		/* the pid that is freed and reused */
	int threads;		/* the old fixture's extra threads */
	int swapped;		/* 1 done, -1 the pid could not be reused */
	int mid;		/* the swap came inside the answer's part of it */
	int bad, dup;		/* tasks mixing the two or unknown; repeats */
	int olds, news;		/* tasks of each */
	pid_t tids[MAXT];	/* the old group's threads */
	int ntids;
	char why[200];
} sc;

/* Kill and reap the old task, make the new one at its pid. */
static void swap(void)
{
	pid_t p;

	reap(sc.pid);
	p = spawn(sc.pid, 1, 3);
	sc.swapped = p == sc.pid ? 1 : -1;
	if (p != sc.pid)
		snprintf(sc.why, sizeof(sc.why), "clone3 set_tid %d: %s",
			 sc.pid, p < 0 ? strerror(-p) : "another pid");
}

/*
 * The first message of tgid's group in a read's bytes: 1 if it goes on
 * in the next message (TASK_DIAG_FLAG_CONT), 0 if not, -1 if none.
 */
static int group_msg(const char *buf, size_t n, pid_t tgid)
{
	size_t off = 0;

	while (off + NLMSG_HDRLEN + sizeof(struct task_diag_msg) <= n) {
		struct nlmsghdr h;
		struct task_diag_msg m;

		memcpy(&h, buf + off, sizeof(h));
		memcpy(&m, buf + off + NLMSG_HDRLEN, sizeof(m));
		if (m.tgid == (uint32_t)tgid)
			return !!(m.flags & TASK_DIAG_FLAG_CONT);
		if (h.nlmsg_len < NLMSG_HDRLEN)
			break;
		off += NLMSG_ALIGN(h.nlmsg_len);
	}
	return -1;
}

/*
 * After each read: swap once a message of the pid's group has come,
 * inside the task (its long values go on in the next messages) or inside
 * its group (more threads follow): the answer resumes from a dead task.
 */
static void swap_hook(const char *buf, size_t n)
{
	int cont;

	if (sc.swapped)
		return;
	cont = group_msg(buf, n, sc.pid);
	if (cont < 0)
		return;
	sc.mid = cont || sc.threads;
	swap();
}

/* b is a prefix of want (a value read from a task that may have died) */
static int prefix(const struct td_bytes *b, const struct value *want)
{
	return b->len <= want->len && !memcmp(b->data, want->buf, b->len);
}

static int is_old_tid(uint32_t tid)
{
	int i;

	for (i = 0; i < sc.ntids; i++)
		if ((uint32_t)sc.tids[i] == tid)
			return 1;
	return 0;
}

static void bad(const char *fmt, uint32_t tid, uint32_t a, uint32_t b)
{
	if (!sc.bad++)
		snprintf(sc.why, sizeof(sc.why), fmt, tid, a, b);
}

/*
 * A task of the reused pid's group: wholly old or wholly new.  CRED and
 * BASE's owner name the task; the command line and environment, read
 * while the answer is emitted, must be that task's bytes or fewer.
 */
static int on_task(const struct td_task *t, void *arg)
{
	const struct td_bytes *cl = &t->var[TASK_DIAG_CMDLINE];
	const struct td_bytes *ev = &t->var[TASK_DIAG_ENVIRON];
	int old, new;

	(void)arg;
	/* a process message (STAT and IO only) names no owner */
	if (t->have & PROC_MSG)
		return 0;
	sc.dup += seen_twice(t->pid);
	if (t->tgid != (uint32_t)sc.pid)
		return 0;
	old = t->cred.uid == OLD_UID && t->base.owner_uid == OLD_UID;
	new = t->cred.uid == NEW_UID && t->base.owner_uid == NEW_UID;
	if (old == new) {
		bad("tid %u: uid %u, directory owner %u: neither task's",
		    t->pid, t->cred.uid, t->base.owner_uid);
		return 0;
	}
	if (old && !is_old_tid(t->pid))
		bad("tid %u: the old task's uid on a tid it never had (%u, %u)",
		    t->pid, t->cred.uid, t->base.owner_uid);
	if (t->base.tgid != t->tgid || t->base.pid != t->pid)
		bad("tid %u: BASE says tid %u tgid %u", t->pid, t->base.pid,
		    t->base.tgid);
	if (!prefix(cl, &cmdline[new]) || !prefix(ev, &environ_[new]))
		bad("tid %u: command line (%u bytes) or environment (%u bytes) not the owner's",
		    t->pid, (uint32_t)cl->len, (uint32_t)ev->len);
	sc.olds += old;
	sc.news += new;
	return 0;
}

static const char *sname(uint32_t s)
{
	static const char *const names[] = {
		"ALL", "ONE", "ALL_THREAD", "CHILDREN", "THREAD",
		"ALL_PROC_THREAD", "PROC_THREAD" };

	return s < sizeof(names) / sizeof(names[0]) ? names[s] : "?";
}

static int named(uint32_t strategy)
{
	return strategy == TASK_DIAG_DUMP_ONE ||
	       strategy == TASK_DIAG_DUMP_THREAD ||
	       strategy == TASK_DIAG_DUMP_PROC_THREAD;
}

/*
 * One scenario: an old fixture with threads extra threads, a dump of
 * strategy with bufsize reads.  early: the pid is reused between the
 * request and the first read; else by the read hook, inside the answer.
 * long values: CMDLINE and ENVIRON requested (streamed over many reads).
 */
static void scenario(const char *ns, int fd, uint32_t strategy, int threads,
		     size_t bufsize, int early, int long_values)
{
	uint64_t show = TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_CRED |
			TASK_DIAG_SHOW_STAT;
	const char *when = early ? "between request and read" : "mid-answer";
	char err[256] = "";
	long n = -1;
	pid_t p;

	if (long_values)
		show |= TASK_DIAG_SHOW_CMDLINE | TASK_DIAG_SHOW_ENVIRON;
	memset(&sc, 0, sizeof(sc));
	memset(listed, 0, sizeof(listed));
	p = spawn(0, 0, threads);
	if (p < 0) {
		fail("%s: old fixture: %s", ns, strerror(-p));
		return;
	}
	sc.pid = p;
	sc.threads = threads;
	sc.ntids = proc_threads(p, sc.tids, MAXT);
	if (td_request(fd, show, strategy, named(strategy) ? p : 0, 7)) {
		fail("%s: %s request: %s", ns, sname(strategy), strerror(errno));
		reap(p);
		return;
	}
	if (early) {
		swap();
		sc.mid = 1;
	} else {
		td_after_read = swap_hook;
	}
	n = td_collect(fd, bufsize, 7, on_task, NULL, err, sizeof(err));
	td_after_read = NULL;
	check(n >= 0, "%s: %s, pid %d (%d threads) reused %s: answer well-formed%s%s",
	      ns, sname(strategy), p, threads + 1, when, n < 0 ? ": " : "",
	      n < 0 ? err : "");
	check(sc.swapped == 1 && sc.mid,
	      "%s: %s: the pid was freed and reused %s (%s)", ns,
	      sname(strategy), when, sc.swapped != 1 ? sc.why :
	      sc.mid ? "yes" : "no: the old task had been read whole");
	check(!sc.bad && !sc.dup,
	      "%s: %s: %d old and %d new tasks of pid %d, none mixed or unknown (%d), none twice (%d)%s%s",
	      ns, sname(strategy), sc.olds, sc.news, p, sc.bad, sc.dup,
	      sc.bad ? ": " : "", sc.bad ? sc.why : "");
	/* a request that named the old task never answers with the new one */
	if (named(strategy))
		check(!sc.news, "%s: %s of the old pid: none of the new task's (%d)",
		      ns, sname(strategy), sc.news);
	reap(p);
}

/*
 * The exiting group's threads leave one after another, as fast as the
 * kernel lets them: the first when its gate closes, each of the others
 * when the one before it has gone.  Released all at once, 3,000
 * runnable threads starved the guest's RCU grace-period kthread under
 * TCG on a loaded host (a stall report, "All QSes seen ... kthread
 * starved": no reader held RCU, the kthread got no CPU).
 */
static int gate[2];
static void *first_out(void *arg)
{
	char c;

	(void)arg;
	while (read(gate[0], &c, 1) < 0 && errno == EINTR)
		;
	return NULL;
}

static void *next_out(void *prev)
{
	pthread_join(*(pthread_t *)prev, NULL);
	return NULL;
}

static struct {
	pid_t pid;
	int ntids, dup, unknown, leader, released, listed, gone;
	pid_t tids[MAXT];
} ex;

/*
 * Once the answer has reached the group: let the threads go, and from
 * then on wait before each read for one more of them to have gone (at
 * most 20 ms), so that the walk and the exits go on side by side.
 */
static void release_hook(const char *buf, size_t n)
{
	int i;

	if (!ex.released) {
		if (group_msg(buf, n, ex.pid) < 0)
			return;
		ex.released = 1;
		ex.gone = 1;	/* tids[0] is the leader, who stays */
		close(gate[1]);
	}
	for (i = 0; i < 200 && ex.gone < ex.ntids; i++) {
		if (syscall(SYS_tgkill, ex.pid, ex.tids[ex.gone], 0) < 0 &&
		    errno == ESRCH) {
			ex.gone++;
			break;
		}
		usleep(100);
	}
}

static int on_exiting(const struct td_task *t, void *arg)
{
	int i, known = 0;

	(void)arg;
	if (t->tgid != (uint32_t)ex.pid || (t->have & PROC_MSG))
		return 0;
	ex.dup += seen_twice(t->pid);
	for (i = 0; i < ex.ntids && !known; i++)
		known = (uint32_t)ex.tids[i] == t->pid;
	ex.unknown += !known;
	ex.leader += t->pid == (uint32_t)ex.pid;
	ex.listed++;
	return 0;
}

/* a process of NEXIT threads waiting on the gate, its leader pausing */
static pid_t exiting_group(void)
{
	static pthread_t th[NEXIT];
	pthread_attr_t a;
	pid_t p;
	int i;

	if (pipe(gate))
		return -1;
	fflush(stdout);
	p = fork();
	if (p == 0) {
		close(gate[1]);
		pthread_attr_init(&a);
		pthread_attr_setstacksize(&a, 65536);
		pthread_create(&th[0], &a, first_out, NULL);
		for (i = 1; i < NEXIT; i++)
			pthread_create(&th[i], &a, next_out, &th[i - 1]);
		for (;;)
			pause();
	}
	close(gate[0]);
	/* /proc/PID/task lists them once they all run */
	for (i = 0; i < 1200; i++) {
		ex.ntids = proc_threads(p, ex.tids, MAXT);
		if (ex.ntids == NEXIT + 1)
			break;
		usleep(50000);
	}
	return p;
}

/*
 * NEXIT threads exit, one after another, from the moment a dump of
 * their process has reached it (512-byte reads: the rest resumes among
 * dying threads); the leader stays.  A well-formed answer, no thread twice, none that
 * was never there, the leader once.
 */
static void threads_exiting(const char *ns, int fd, uint32_t strategy)
{
	char err[256] = "";
	double t0;
	long n = -1;

	memset(&ex, 0, sizeof(ex));
	memset(listed, 0, sizeof(listed));
	ex.pid = exiting_group();
	if (ex.pid < 0 || ex.ntids != NEXIT + 1) {
		fail("%s: %d threads started, not %d", ns, ex.ntids - 1, NEXIT);
		if (ex.pid > 0) {
			close(gate[1]);
			reap(ex.pid);
		}
		return;
	}
	t0 = now_s();
	if (!td_request(fd, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_STAT, strategy,
			named(strategy) ? ex.pid : 0, 9)) {
		td_after_read = release_hook;
		n = td_collect(fd, TASK_DIAG_MIN_READ_SIZE, 9, on_exiting, NULL,
			       err, sizeof(err));
		td_after_read = NULL;
	}
	if (!ex.released)
		close(gate[1]);
	/* the exits overlapped the walk: some threads went before it came */
	check(ex.listed > 1 && ex.listed < ex.ntids,
	      "%s: %s: the threads exited during the walk (%d of %d listed, %d seen gone)",
	      ns, sname(strategy), ex.listed, ex.ntids, ex.gone);
	check(n >= 0 && ex.released && !ex.dup && !ex.unknown && ex.leader == 1,
	      "%s: %s while %d threads exit: well-formed, %d twice, %d unknown, leader listed %d time(s) (%.1f s)%s%s",
	      ns, sname(strategy), NEXIT, ex.dup, ex.unknown, ex.leader,
	      now_s() - t0, n < 0 ? ": " : "", n < 0 ? err : "");
	reap(ex.pid);
}

static void run_all(const char *ns, const char *path, int exits)
{
	static const uint32_t thread_walks[] = {
		TASK_DIAG_DUMP_THREAD, TASK_DIAG_DUMP_PROC_THREAD,
		TASK_DIAG_DUMP_ALL_THREAD, TASK_DIAG_DUMP_ALL_PROC_THREAD };
	int fd = td_open(path);
	double t0 = now_s();
	unsigned int i;

	if (fd < 0) {
		fail("%s: open %s: %s", ns, path, strerror(errno));
		return;
	}
	/* long values streamed over 4 KiB reads, cut by the task's death */
	scenario(ns, fd, TASK_DIAG_DUMP_ONE, 0, 4096, 1, 1);
	scenario(ns, fd, TASK_DIAG_DUMP_ONE, 0, 4096, 0, 1);
	scenario(ns, fd, TASK_DIAG_DUMP_ALL, 0, 4096, 0, 1);
	/* thread walks resuming from a dead group */
	for (i = 0; i < sizeof(thread_walks) / sizeof(thread_walks[0]); i++) {
		scenario(ns, fd, thread_walks[i], NTHREADS,
			 TASK_DIAG_MIN_READ_SIZE, 0, 0);
		if (named(thread_walks[i]))
			scenario(ns, fd, thread_walks[i], NTHREADS,
				 TASK_DIAG_MIN_READ_SIZE, 1, 0);
	}
	/* one group's walk and every group's (the PROC_ ones share them) */
	if (exits) {
		threads_exiting(ns, fd, TASK_DIAG_DUMP_THREAD);
		threads_exiting(ns, fd, TASK_DIAG_DUMP_ALL_THREAD);
	}
	close(fd);
	printf("t_reuse: %s: %.1f s\n", ns, now_s() - t0);
}

/* The same in a new pid namespace, as its init, through its own /proc. */
static int in_new_pidns(void)
{
	pid_t p;
	int st;

	if (unshare(CLONE_NEWPID)) {
		fail("unshare(CLONE_NEWPID): %s", strerror(errno));
		return 1;
	}
	fflush(stdout);
	p = fork();
	if (p == 0) {
		if (unshare(CLONE_NEWNS) ||
		    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		    mount("proc", "/proc", "proc", 0, NULL)) {
			fail("pid namespace: its own /proc: %s", strerror(errno));
			_exit(1);
		}
		td_passes = td_fails = 0;	/* this process's own */
		run_all("pid namespace", "/proc/task-diag", 0);
		printf("t_reuse (pid namespace): %d passed, %d failed\n",
		       td_passes, td_fails);
		_exit(td_summary());
	}
	if (p < 0 || waitpid(p, &st, 0) != p)
		return 1;
	return !WIFEXITED(st) || WEXITSTATUS(st);
}

int main(void)
{
	int ns_failed;

	run_all("initial namespace", NULL, 1);
	ns_failed = in_new_pidns();
	printf("t_reuse: %d passed, %d failed\n", td_passes, td_fails);
	return td_summary() || ns_failed;
}
