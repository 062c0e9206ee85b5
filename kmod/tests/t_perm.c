// SPDX-License-Identifier: GPL-2.0
/*
 * Permissions follow procfs, for the opener: an unprivileged user sees
 * every task but is refused exactly the groups procfs refuses it; hidepid=
 * and gid= of the procfs mount hide or lock the same tasks; a descriptor
 * passed to root keeps its opener's view; pids (and ppid, pgid, sid,
 * tpgid) follow the pid namespace of the procfs instance task-diag is
 * opened through, whoever reads, and tasks outside it are neither listed
 * nor found; ids follow the opener's user namespace.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>
#include <linux/capability.h>
#include "compare.h"
#include "fixture.h"

#define GATED (TASK_DIAG_SHOW_ENVIRON | TASK_DIAG_SHOW_IO | \
	       TASK_DIAG_SHOW_EXE | TASK_DIAG_SHOW_NS | TASK_DIAG_SHOW_WCHAN)

static uint64_t groups;
static pid_t fr, fu, fn, fo;	/* root, uid 1000, 1000 nodump, uid 1001 */
static pid_t ft;		/* root, with 3 threads more */
static pid_t ft_tids[8];	/* its threads, from /proc/ft/task */
static int ft_n;

struct cmp_arg {
	const char *root;
	const char *label;
	uint64_t mask;
};

static int on_cmp(const struct td_task *t, void *arg)
{
	struct cmp_arg *a = arg;
	char dir[128], label[160];

	snprintf(dir, sizeof(dir), "%s/%u", a->root, t->pid);
	snprintf(label, sizeof(label), "%s pid %u", a->label, t->pid);
	compare_task(t, dir, a->mask, label, 1);
	return 0;
}

/* ONE on pid through root/task-diag, compared with root/PID */
static int one(int fd, const char *root, pid_t pid, const char *label,
	       uint64_t mask)
{
	struct cmp_arg a = { root, label, mask };
	char err[256];
	int ret = td_request(fd, mask, TASK_DIAG_DUMP_ONE, pid, 4);

	if (ret)
		return ret;
	if (td_collect(fd, 65536, 4, on_cmp, &a, err, sizeof(err)) != 1)
		fail("%s: %s", label, err);
	return 0;
}

struct set {
	pid_t p[4096];
	int n;
};

static int on_set(const struct td_task *t, void *arg)
{
	struct set *s = arg;

	if (s->n < 4096)
		s->p[s->n++] = t->pid;
	return 0;
}

static int in(const struct set *s, pid_t p)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (s->p[i] == p)
			return 1;
	return 0;
}

/* ALL through root/task-diag lists what readdir(root) lists */
static int all_matches_readdir(const char *root, struct set *s)
{
	char path[128], err[256];
	struct dirent *de;
	int tries, fd, ok = 0;

	snprintf(path, sizeof(path), "%s/task-diag", root);
	fd = td_open(path);
	for (tries = 0; fd >= 0 && tries < 5 && !ok; tries++) {
		struct set d = { .n = 0 };
		DIR *dir = opendir(root);

		while (dir && (de = readdir(dir)))
			if (de->d_name[0] >= '1' && de->d_name[0] <= '9')
				d.p[d.n++] = atoi(de->d_name);
		if (dir)
			closedir(dir);
		s->n = 0;
		if (td_request(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_ALL, 0,
			       2) ||
		    td_collect(fd, 65536, 2, on_set, s, err, sizeof(err)) < 0)
			break;
		ok = s->n == d.n && !memcmp(s->p, d.p, d.n * sizeof(pid_t));
	}
	if (fd >= 0)
		close(fd);
	return ok;
}

static void unprivileged_proc(void)
{
	struct set s;
	int fd;

	td_become(1000, 0);
	fd = td_open(NULL);
	check(fd >= 0, "uid 1000 opens /proc/task-diag");
	check(all_matches_readdir("/proc", &s) && in(&s, fr) && in(&s, fo),
	      "uid 1000: ALL lists every task, root's too (%d)", s.n);
	one(fd, "/proc", fr, "uid1000 root-task", groups);
	one(fd, "/proc", fu, "uid1000 own-task", groups);
	one(fd, "/proc", fn, "uid1000 own-nodump-task", groups);
	one(fd, "/proc", fo, "uid1000 other-user-task", groups);
	one(fd, "/proc", 1, "uid1000 init", groups);
	exit(0);
}

/* messages of ft's group in an ALL_THREAD or ALL_PROC_THREAD dump */
static int group_msgs(int fd, uint32_t strategy)
{
	char err[256];
	struct set s = { .n = 0 };
	int i, n = 0;

	if (td_request(fd, TASK_DIAG_SHOW_BASE, strategy, 0, 3) ||
	    td_collect(fd, 65536, 3, on_set, &s, err, sizeof(err)) < 0)
		return -1;
	for (i = 0; i < s.n; i++) {
		int j;

		for (j = 0; j < ft_n; j++)
			n += s.p[i] == ft_tids[j];
	}
	return n;
}

/*
 * Requests that open /proc/PID/task or .../children in procfs: refused
 * as procfs refuses them (err), on root's tasks; allowed on one's own.
 */
static void listing_refused(int fd, const char *label, int err)
{
	static const uint32_t st[] = { TASK_DIAG_DUMP_THREAD,
		TASK_DIAG_DUMP_PROC_THREAD, TASK_DIAG_DUMP_CHILDREN };
	unsigned int i;

	for (i = 0; i < sizeof(st) / sizeof(st[0]); i++) {
		int r = td_request(fd, TASK_DIAG_SHOW_BASE, st[i], ft, 1);

		if (!r && td_drain(fd, 65536) < 0)
			r = -EIO;
		check(r == err, "%s: strategy %u on root's threaded task: %d (want %d)",
		      label, st[i], r, err);
		r = td_request(fd, TASK_DIAG_SHOW_BASE, st[i], fu, 1);
		check(r == 0 && td_drain(fd, 65536) >= 0,
		      "%s: strategy %u on one's own task: %d", label, st[i], r);
	}
}

static void hidepid(const char *root, int level, gid_t extra)
{
	char label[64];
	struct set s;
	int fd, ok;
	char path[128];

	td_become(1000, extra);
	snprintf(path, sizeof(path), "%s/task-diag", root);
	snprintf(label, sizeof(label), "hidepid=%d%s", level,
		 extra ? ",gid" : "");
	fd = td_open(path);
	check(fd >= 0, "%s: open", label);
	ok = all_matches_readdir(root, &s);
	check(ok, "%s: ALL lists exactly readdir(%s) (%d)", label, root, s.n);
	if ((level == 2 && !extra) || level == 4) {
		check(!in(&s, fr) && in(&s, fu), "%s: root's task hidden, own shown",
		      label);
		check(td_request(fd, groups, TASK_DIAG_DUMP_ONE, fr, 1) == -ESRCH,
		      "%s: ONE on a hidden task: ESRCH", label);
		check(td_request(fd, groups, TASK_DIAG_DUMP_CHILDREN, fr, 1) ==
		      -ESRCH, "%s: CHILDREN of a hidden task: ESRCH", label);
		listing_refused(fd, label, -ESRCH);
		check(group_msgs(fd, TASK_DIAG_DUMP_ALL_THREAD) == 0 &&
		      group_msgs(fd, TASK_DIAG_DUMP_ALL_PROC_THREAD) == 0,
		      "%s: no thread of a hidden process in the thread dumps",
		      label);
	} else {
		check(in(&s, fr), "%s: root's task listed", label);
		one(fd, root, fr, label, groups);
	}
	if (level == 1) {
		/* /proc/PID listed, its task/ and children refused */
		listing_refused(fd, label, -EPERM);
		check(group_msgs(fd, TASK_DIAG_DUMP_ALL_THREAD) == 1 &&
		      group_msgs(fd, TASK_DIAG_DUMP_ALL_PROC_THREAD) == 1,
		      "%s: thread dumps give root's threaded process one message, no threads",
		      label);
	} else if (level == 2 && extra) {
		listing_refused(fd, label, 0);
		check(group_msgs(fd, TASK_DIAG_DUMP_ALL_THREAD) == 4,
		      "%s: the gid= group lists every thread", label);
	}
	one(fd, root, fu, label, groups);
	exit(0);
}

static int send_fd(int sock, int fd)
{
	char c = 0, ctl[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { &c, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = ctl, .msg_controllen = sizeof(ctl) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&m);

	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	return sendmsg(sock, &m, 0) == 1 ? 0 : -1;
}

static int recv_fd(int sock)
{
	char c, ctl[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { &c, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = ctl, .msg_controllen = sizeof(ctl) };
	struct cmsghdr *cm;
	int fd = -1;

	if (recvmsg(sock, &m, 0) != 1)
		return -1;
	cm = CMSG_FIRSTHDR(&m);
	if (cm && cm->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	return fd;
}

static int on_withheld(const struct td_task *t, void *arg)
{
	*(struct td_task *)arg = *t;
	memset(((struct td_task *)arg)->var, 0, sizeof(t->var));
	return 0;
}

/* root reading through a descriptor uid 1000 opened sees uid 1000's view */
static void passed_fd(void)
{
	struct td_task t;
	char err[256];
	int sv[2], fd, ok;
	pid_t pid;

	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	pid = fork();
	if (pid == 0) {
		td_become(1000, 0);
		fd = td_open(NULL);
		send_fd(sv[1], fd);
		exit(0);
	}
	fd = recv_fd(sv[0]);
	waitpid(pid, NULL, 0);
	check(fd >= 0, "root receives uid 1000's descriptor");
	memset(&t, 0, sizeof(t));
	ok = !td_request(fd, groups, TASK_DIAG_DUMP_ONE, fr, 3) &&
	     td_collect(fd, 65536, 3, on_withheld, &t, err, sizeof(err)) == 1;
	check(ok && (t.withheld & GATED) == GATED &&
	      (t.stat.stat_flags & TASK_DIAG_STAT_RESTRICTED),
	      "passed descriptor keeps the opener's rights (withheld %#llx)",
	      (unsigned long long)t.withheld);
	/* root's own process: ptrace's same-group shortcut is not the opener's */
	memset(&t, 0, sizeof(t));
	ok = !td_request(fd, groups, TASK_DIAG_DUMP_ONE, getpid(), 4) &&
	     td_collect(fd, 65536, 4, on_withheld, &t, err, sizeof(err)) == 1;
	check(ok && (t.withheld & GATED) == (groups & GATED) &&
	      (t.stat.stat_flags & TASK_DIAG_STAT_RESTRICTED),
	      "passed descriptor: the reader's own process gets the opener's view (withheld %#llx)",
	      (unsigned long long)t.withheld);
	close(fd);
	fd = td_open(NULL);
	memset(&t, 0, sizeof(t));
	ok = !td_request(fd, groups, TASK_DIAG_DUMP_ONE, fr, 3) &&
	     td_collect(fd, 65536, 3, on_withheld, &t, err, sizeof(err)) == 1;
	check(ok && !t.withheld && !t.stat.stat_flags,
	      "root's own descriptor gets everything");
	close(fd);
}

/*
 * A pid namespace: its init (1), a plain child (2), a session leader on a
 * pseudo-terminal (3) and a child of that one in its own group, the
 * terminal's foreground (4).  The namespace's init sends these numbers
 * up `up' and lives until a byte comes down `down'.
 */
static void ns_init(int up, int down)
{
	pid_t p[4] = { getpid(), 0, 0, 0 };
	int rep[2], ptm, pts;
	struct set s;
	char c;
	int fd;

	mkdir("/tmp/pns", 0755);
	if (mount("proc", "/tmp/pns", "proc", 0, NULL))
		fail("mount ns proc: %s", strerror(errno));
	check(all_matches_readdir("/tmp/pns", &s) && s.n == 1 &&
	      s.p[0] == 1, "pid ns: ALL lists only its init as 1");
	fd = td_open("/tmp/pns/task-diag");
	/* this task runs: compare what cannot move */
	one(fd, "/tmp/pns", 1, "pid ns init",
	    TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_CRED |
	    TASK_DIAG_SHOW_NS | TASK_DIAG_SHOW_CMDLINE);
	close(fd);

	mkdir("/tmp/pnspts", 0755);
	if (mount("devpts", "/tmp/pnspts", "devpts", 0,
		  "newinstance,ptmxmode=0666"))
		fail("mount devpts: %s", strerror(errno));
	p[1] = fork();
	if (p[1] == 0)
		for (;;)
			pause();
	if (pipe(rep))
		fail("pipe: %s", strerror(errno));
	p[2] = fork();
	if (p[2] == 0) {
		int unlock = 0;
		pid_t k;

		setsid();
		ptm = open("/tmp/pnspts/ptmx", O_RDWR | O_NOCTTY);
		pts = -1;
		if (ptm >= 0 && !ioctl(ptm, TIOCSPTLCK, &unlock))
			pts = ioctl(ptm, TIOCGPTPEER, O_RDWR);
		if (pts < 0 || ioctl(pts, TIOCSCTTY, 0))
			fail("pid ns: no controlling terminal: %s",
			     strerror(errno));
		k = fork();
		if (k == 0) {
			setpgid(0, 0);
			for (;;)
				pause();
		}
		setpgid(k, k);
		if (tcsetpgrp(pts, k))
			fail("tcsetpgrp: %s", strerror(errno));
		write(rep[1], &k, sizeof(k));
		for (;;)
			pause();
	}
	if (read(rep[0], &p[3], sizeof(p[3])) != sizeof(p[3]))
		fail("pid ns: no word from the session leader");
	write(up, p, sizeof(p));
	read(down, &c, 1);
	/* leaving takes the namespace's other tasks with it */
}

struct byid {
	struct td_task t[8];
	int n;
};

static int on_byid(const struct td_task *t, void *arg)
{
	struct byid *b = arg;

	if (b->n < 8) {
		b->t[b->n] = *t;
		memset(b->t[b->n].var, 0, sizeof(t->var));
		b->n++;
	}
	return 0;
}

/* the tasks a request gets through fd; -errno if it is refused */
static int ask(int fd, uint32_t strategy, pid_t pid, struct byid *b)
{
	char err[256];
	int ret = td_request(fd, TASK_DIAG_SHOW_BASE, strategy, pid, 5);

	b->n = 0;
	if (ret)
		return ret;
	if (td_collect(fd, 65536, 5, on_byid, b, err, sizeof(err)) < 0)
		fail("collect: %s", err);
	return 0;
}

static const struct task_diag_base *base_of(const struct byid *b, pid_t pid)
{
	for (int i = 0; i < b->n; i++)
		if (b->t[i].pid == (uint32_t)pid)
			return &b->t[i].base;
	return NULL;
}

/* ids as the reader's pid namespace would number them: want[] is pid,
 * ppid, pgid, sid, tpgid */
static void ids(const struct byid *b, pid_t pid, const int *want,
		const char *label)
{
	const struct task_diag_base *x = base_of(b, pid);

	check(x && (int)x->pid == want[0] && (int)x->tgid == want[0] &&
	      (int)x->ppid == want[1] && x->pgid == want[2] &&
	      x->sid == want[3] &&
	      x->tpgid == want[4],
	      "%s: pid %d ppid %d pgid %d sid %d tpgid %d (got %d %d %d %d %d)",
	      label, want[0], want[1], want[2], want[3], want[4],
	      x ? (int)x->pid : -1, x ? (int)x->ppid : -1,
	      x ? (int)x->pgid : -1, x ? (int)x->sid : -1,
	      x ? (int)x->tpgid : -1);
}

/* polls root/PID/stat until the task sleeps (up to 5 s): a task that
 * has just written to a pipe may still be running, on another CPU, when
 * its processor and wchan are compared */
static void wait_asleep(const char *root, pid_t pid)
{
	char dir[64];

	snprintf(dir, sizeof(dir), "%s/%d", root, pid);
	for (int i = 0; i < 500; i++) {
		if (proc_state(dir) == 'S')
			return;
		usleep(10000);
	}
	fail("%s: pid %d did not go to sleep", root, pid);
}

/*
 * Pids follow the pid namespace of the procfs instance task-diag is
 * opened through, not the reader's: this process, outside the namespace
 * (in a session of its own there, so that the namespace's init has a
 * session and group the namespace cannot name: 0), reads the namespace's
 * procfs and the outer one.
 */
static void pid_ns(void)
{
	int up[2], down[2], fd, st, ok;
	pid_t pid, p[4], me;
	struct byid b;
	struct set s;
	uint64_t mask = TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_CRED |
			TASK_DIAG_SHOW_STAT;

	setsid();
	me = getpid();
	if (pipe(up) || pipe(down) || unshare(CLONE_NEWPID | CLONE_NEWNS)) {
		fail("unshare pid ns: %s", strerror(errno));
		exit(1);
	}
	mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
	pid = fork();
	if (pid == 0) {
		ns_init(up[1], down[0]);
		exit(0);
	}
	if (read(up[0], p, sizeof(p)) != sizeof(p)) {
		fail("pid ns: the namespace did not come up");
		kill(pid, SIGKILL);
		waitpid(pid, &st, 0);
		exit(1);
	}

	/* through the namespace's procfs: its tasks, its numbers */
	ok = all_matches_readdir("/tmp/pns", &s);
	check(ok && s.n == 4 && in(&s, 1) && in(&s, p[1]) && in(&s, p[2]) &&
	      in(&s, p[3]),
	      "pid ns, read from outside: ALL lists exactly the namespace's 4 tasks (%d)",
	      s.n);
	fd = td_open("/tmp/pns/task-diag");
	ok = !ask(fd, TASK_DIAG_DUMP_ALL, 0, &b);
	check(ok && b.n == 4, "pid ns: ALL gives 4 tasks (%d)", b.n);
	{
		const int w0[] = { 1, 0, 0, 0, -1 };
		const int w1[] = { p[1], 1, 0, 0, -1 };
		const int w2[] = { p[2], 1, p[2], p[2], p[3] };
		const int w3[] = { p[3], p[2], p[3], p[2], p[3] };

		ids(&b, 1, w0, "pid ns init, from outside");
		ids(&b, p[1], w1, "pid ns child");
		ids(&b, p[2], w2, "pid ns session leader");
		ids(&b, p[3], w3, "pid ns foreground group");
	}
	for (int i = 0; i < 4; i++) {
		wait_asleep("/tmp/pns", p[i]);
		one(fd, "/tmp/pns", p[i], "pid ns, from outside", mask);
	}
	ok = !ask(fd, TASK_DIAG_DUMP_CHILDREN, 1, &b);
	check(ok && b.n == 2 && base_of(&b, p[1]) && base_of(&b, p[2]),
	      "pid ns: CHILDREN of 1 are %d and %d (%d tasks)", p[1], p[2],
	      b.n);
	/* tasks outside it do not exist there */
	if (me > 4)
		check(ask(fd, TASK_DIAG_DUMP_ONE, me, &b) == -ESRCH &&
		      ask(fd, TASK_DIAG_DUMP_CHILDREN, me, &b) == -ESRCH &&
		      ask(fd, TASK_DIAG_DUMP_THREAD, me, &b) == -ESRCH,
		      "pid ns: ONE, CHILDREN, THREAD on an outer pid (%d): ESRCH",
		      me);
	if (fr > 4)
		check(ask(fd, TASK_DIAG_DUMP_ONE, fr, &b) == -ESRCH,
		      "pid ns: ONE on another outer pid (%d): ESRCH", fr);
	close(fd);

	/* the same tasks through the outer procfs: the outer numbers */
	fd = td_open(NULL);
	ok = !ask(fd, TASK_DIAG_DUMP_ONE, pid, &b);
	{
		const int w[] = { pid, me, me, me, -1 };

		ids(&b, pid, w, "pid ns init, through the outer procfs");
	}
	one(fd, "/proc", pid, "pid ns init, outer procfs", mask);
	ok = !ask(fd, TASK_DIAG_DUMP_CHILDREN, pid, &b) && b.n == 2;
	for (int i = 0; ok && i < 2; i++)
		ok = b.t[i].base.ppid == (uint32_t)pid;
	check(ok, "pid ns: its init's 2 children, through the outer procfs, with its outer pid %d as parent (%d tasks)",
	      pid, b.n);
	for (int i = 0; ok && i < b.n; i++)
		one(fd, "/proc", b.t[i].pid, "pid ns child, outer procfs", mask);
	close(fd);

	write(down[1], "x", 1);
	waitpid(pid, &st, 0);
	check(WIFEXITED(st) && !WEXITSTATUS(st), "pid ns init exited (%#x)", st);
	exit(0);
}

/* ids are mapped into the opener's user namespace */
static void user_ns(void)
{
	char map[32];
	int fd;

	td_become(1000, 0);
	if (unshare(CLONE_NEWUSER)) {
		fail("unshare user ns: %s", strerror(errno));
		exit(1);
	}
	fd = open("/proc/self/setgroups", O_WRONLY);
	if (fd >= 0) {
		write(fd, "deny", 4);
		close(fd);
	}
	snprintf(map, sizeof(map), "0 1000 1");
	fd = open("/proc/self/uid_map", O_WRONLY);
	write(fd, map, strlen(map));
	close(fd);
	fd = open("/proc/self/gid_map", O_WRONLY);
	write(fd, map, strlen(map));
	close(fd);
	fd = td_open(NULL);
	one(fd, "/proc", fu, "user ns, mapped owner",
	    TASK_DIAG_SHOW_CRED | TASK_DIAG_SHOW_GROUPS |
	    TASK_DIAG_SHOW_LOGINUID | TASK_DIAG_SHOW_STAT);
	one(fd, "/proc", fr, "user ns, unmapped root",
	    TASK_DIAG_SHOW_CRED | TASK_DIAG_SHOW_GROUPS |
	    TASK_DIAG_SHOW_LOGINUID | TASK_DIAG_SHOW_ENVIRON);
	exit(0);
}

/*
 * root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH may still ptrace
 * but no longer open other users' mode 0400 files (environ, io).
 */
static void no_dac_caps(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	int fd;

	if (syscall(SYS_capget, &h, d)) {
		fail("capget: %s", strerror(errno));
		exit(1);
	}
	d[0].effective &= ~((1U << CAP_DAC_OVERRIDE) |
			    (1U << CAP_DAC_READ_SEARCH));
	if (syscall(SYS_capset, &h, d)) {
		fail("capset: %s", strerror(errno));
		exit(1);
	}
	fd = td_open(NULL);
	one(fd, "/proc", fu, "root without DAC caps", groups);
	one(fd, "/proc", fr, "root without DAC caps, own", groups);
	exit(0);
}

static void hp2(void) { hidepid("/tmp/p2", 2, 0); }
static void hp1(void) { hidepid("/tmp/p1", 1, 0); }
static void hpg(void) { hidepid("/tmp/pg", 2, 1234); }
static void hp4(void) { hidepid("/tmp/p4", 4, 0); }

int main(void)
{
	static const char *const a_u[] = { "--uid", "1000", NULL };
	static const char *const a_n[] = { "--uid", "1000", "--nodump", NULL };
	static const char *const a_o[] = { "--uid", "1001", NULL };
	static const char *const a_t[] = { "--threads", "3", NULL };
	struct task_diag_version v;
	int fd;

	fd = td_open(NULL);
	if (fd < 0 || td_version(fd, &v)) {
		fail("open/version: %s", strerror(errno));
		return 1;
	}
	close(fd);
	groups = v.supported_groups;
	chmod("/tmp", 01777);
	fr = hold(NULL, NULL);
	fu = hold(a_u, NULL);
	fn = hold(a_n, NULL);
	fo = hold(a_o, NULL);
	ft = hold(a_t, NULL);
	ft_n = proc_threads(ft, ft_tids, 8);
	check(ft_n == 4, "root's fixture has 4 threads (%d)", ft_n);

	td_run_child(unprivileged_proc);
	td_run_child(no_dac_caps);
	passed_fd();
	mkdir("/tmp/p1", 0755);
	mkdir("/tmp/p2", 0755);
	mkdir("/tmp/pg", 0755);
	mkdir("/tmp/p4", 0755);
	check(!mount("proc", "/tmp/p1", "proc", 0, "hidepid=1") &&
	      !mount("proc", "/tmp/p2", "proc", 0, "hidepid=2") &&
	      !mount("proc", "/tmp/pg", "proc", 0, "hidepid=2,gid=1234") &&
	      !mount("proc", "/tmp/p4", "proc", 0, "hidepid=ptraceable"),
	      "mount procfs with hidepid=1, 2, 2+gid, ptraceable");
	td_run_child(hp1);
	td_run_child(hp2);
	td_run_child(hpg);
	td_run_child(hp4);
	umount("/tmp/p1");
	umount("/tmp/p2");
	umount("/tmp/pg");
	umount("/tmp/p4");
	td_run_child(pid_ns);
	td_run_child(user_ns);

	hold_kill_all();
	printf("t_perm: %d passed, %d failed (children report their own)\n",
	       td_passes, td_fails);
	return td_summary();
}
