// SPDX-License-Identifier: GPL-2.0
/*
 * The LIST strategy: each listed process id is answered as ONE answers it
 * and each listed thread id as THREAD answers that thread (byte for byte,
 * on stopped fixtures), in the list's order with repeats, skipping ids
 * that name no task; as procfs for an unprivileged opener and under
 * hidepid=1 and 2 (as ONE and ALL_THREAD there); resumable with the
 * smallest reads; malformed lists refused with EINVAL or E2BIG.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/netlink.h>
#include "compare.h"
#include "fixture.h"

#define MAXIDS ((TASK_DIAG_MAX_REQUEST_SIZE - NLMSG_HDRLEN - \
		 sizeof(struct task_diag_pid) - NLA_HDRLEN) / 4)
#define MAXA 1100

/* What an answer says of one task: its record without the variable
 * values' pointers or its message count (read sizes differ), and the
 * values' lengths and sums. */
struct snap {
	struct td_task t;
	size_t varlen[__TASK_DIAG_GROUP_MAX];
	uint32_t varsum[__TASK_DIAG_GROUP_MAX];
};

struct answer {
	struct snap s[MAXA];
	int n;
	const char *root;	/* procfs to compare each task with, or NULL */
	int nproc;		/* answers to process ids (the rest: thread ids) */
	int differ;		/* tasks that differ from root's procfs */
};

static uint64_t groups;
static char req[TASK_DIAG_MAX_REQUEST_SIZE + 64];

static int on_task(const struct td_task *t, void *arg)
{
	struct answer *a = arg;
	struct snap *s;
	char dir[128];

	if (a->root) {
		if (a->n < a->nproc)
			snprintf(dir, sizeof(dir), "%s/%u", a->root, t->pid);
		else
			snprintf(dir, sizeof(dir), "%s/%u/task/%u", a->root,
				 t->tgid, t->pid);
		a->differ += compare_task(t, dir, groups, dir, 0) != 0;
	}
	if (a->n >= MAXA)
		return 0;
	s = &a->s[a->n++];
	memset(s, 0, sizeof(*s));
	memcpy(&s->t, t, sizeof(*t));
	memset(s->t.var, 0, sizeof(s->t.var));
	s->t.nmsgs = 0;
	for (int g = 0; g < __TASK_DIAG_GROUP_MAX; g++) {
		s->varlen[g] = t->var[g].len;
		for (size_t i = 0; i < t->var[g].len; i++)
			s->varsum[g] = s->varsum[g] * 31 +
				       (unsigned char)t->var[g].data[i];
	}
	return 0;
}

/* A LIST request: nproc process ids, then nthr thread ids (either part
 * left out when empty); its length. */
static size_t build(uint32_t pid, const uint32_t *proc, size_t nproc,
		    const uint32_t *thr, size_t nthr)
{
	struct nlmsghdr *h = (struct nlmsghdr *)req;
	struct task_diag_pid *r = (struct task_diag_pid *)(req + NLMSG_HDRLEN);
	size_t len = NLMSG_HDRLEN + sizeof(*r);
	const uint32_t *ids[2] = { proc, thr };
	size_t n[2] = { nproc, nthr };

	memset(req, 0, sizeof(req));
	h->nlmsg_type = TASK_DIAG_CMD_GET;
	h->nlmsg_seq = 7;
	r->show_flags = groups;
	r->dump_strategy = TASK_DIAG_DUMP_LIST;
	r->pid = pid;
	for (int k = 0; k < 2; k++) {
		struct nlattr a = { .nla_len = NLA_HDRLEN + 4 * n[k],
				    .nla_type = k ? TASK_DIAG_LIST_THREAD :
						    TASK_DIAG_LIST_PROCESS };

		if (!n[k])
			continue;
		memcpy(req + len, &a, sizeof(a));
		memcpy(req + len + NLA_HDRLEN, ids[k], 4 * n[k]);
		len += a.nla_len;
	}
	h->nlmsg_len = len;
	return len;
}

/* Sends req (len bytes) and collects the answer with reads of bufsize. */
static int ask_raw(int fd, size_t len, size_t bufsize, struct answer *a)
{
	char err[256];
	long n;
	int ret = td_write_raw(fd, req, len);

	a->n = 0;
	a->differ = 0;
	if (ret)
		return ret;
	n = td_collect(fd, bufsize, 7, on_task, a, err, sizeof(err));
	if (n < 0)
		fail("LIST answer: %s", err);
	return n < 0 ? -EPROTO : 0;
}

static int ask(int fd, const uint32_t *proc, size_t nproc,
	       const uint32_t *thr, size_t nthr, struct answer *a)
{
	a->nproc = (int)nproc;
	return ask_raw(fd, build(0, proc, nproc, thr, nthr), 65536, a);
}

/* The answer of another strategy for pid, the task tid of it only. */
static int other(int fd, uint32_t strategy, uint32_t pid, uint32_t tid,
		 struct answer *a)
{
	static struct answer all;
	char err[256];
	long n;
	int ret = td_request(fd, groups, strategy, pid, 7);

	a->n = 0;
	all.n = 0;
	all.root = NULL;
	if (ret)
		return ret;
	n = td_collect(fd, 65536, 7, on_task, &all, err, sizeof(err));
	for (int i = 0; n >= 0 && i < all.n; i++)
		if (all.s[i].t.pid == tid)
			a->s[a->n++] = all.s[i];
	return n < 0 ? -EPROTO : 0;
}

static int same_snap(const struct snap *x, const struct snap *y)
{
	return !memcmp(x, y, sizeof(*x));
}

static pid_t fr, fu, fn, ft;	/* root, uid 1000, 1000 nodump, threaded */
static pid_t ft_tids[8];
static int ft_n;

/*
 * Each fixture as a process id equals ONE's answer, each thread id
 * THREAD's answer for it, and every answer matches procfs; in order.
 */
static void against_one(int fd, const char *label)
{
	static struct answer a, b;
	uint32_t proc[4] = { fr, fu, fn, ft }, thr[8];
	int i, ok = 1;

	a.root = "/proc";
	for (i = 0; i < ft_n; i++)
		thr[i] = ft_tids[ft_n - 1 - i];	/* not in listing order */
	i = ask(fd, proc, 4, thr, ft_n, &a);
	check(!i && a.n == 4 + ft_n,
	      "%s: LIST of 4 processes and %d threads: %d answers", label,
	      ft_n, a.n);
	check(a.differ == 0, "%s: every LIST answer matches procfs (%d differ)",
	      label, a.differ);
	for (i = 0; i < 4 && i < a.n; i++) {
		ok &= !other(fd, TASK_DIAG_DUMP_ONE, proc[i], proc[i], &b) &&
		      b.n == 1 && same_snap(&a.s[i], &b.s[0]);
	}
	check(ok, "%s: process ids answered byte for byte as ONE", label);
	ok = 1;
	for (i = 0; i < ft_n && 4 + i < a.n; i++) {
		ok &= a.s[4 + i].t.pid == thr[i] &&
		      !other(fd, TASK_DIAG_DUMP_THREAD, ft, thr[i], &b) &&
		      b.n == 1 && same_snap(&a.s[4 + i], &b.s[0]);
	}
	check(ok, "%s: thread ids answered byte for byte as THREAD, in the list's order",
	      label);
	/* a thread id among the process ids: /proc/TID, as ONE */
	check(!ask(fd, thr, 1, NULL, 0, &a) && a.n == 1 &&
	      !other(fd, TASK_DIAG_DUMP_ONE, thr[0], thr[0], &b) && b.n == 1 &&
	      same_snap(&a.s[0], &b.s[0]),
	      "%s: a thread id as a process id is ONE's answer", label);
}

static void unprivileged(void)
{
	int fd;

	td_become(1000, 0);
	fd = td_open(NULL);
	against_one(fd, "uid 1000");
	close(fd);
}

/* hidepid=level as uid 1000, through root's task-diag */
static void hidden(const char *root, int level)
{
	static struct answer a, b;
	uint32_t proc[3] = { fr, fu, fr }, thr[2] = { ft, ft_tids[1] };
	char path[128], label[32];
	int fd, want;

	td_become(1000, 0);
	snprintf(path, sizeof(path), "%s/task-diag", root);
	snprintf(label, sizeof(label), "hidepid=%d", level);
	fd = td_open(path);
	check(fd >= 0, "%s: open", label);
	a.root = root;
	want = level == 2 ? 1 : 3;
	check(!ask(fd, proc, 3, NULL, 0, &a) && a.n == want && a.differ == 0,
	      "%s: root's, own, root's process: %d answers (want %d), as procfs",
	      label, a.n, want);
	check(level == 2 ? a.n == 1 && a.s[0].t.pid == (uint32_t)fu &&
			   other(fd, TASK_DIAG_DUMP_ONE, fr, fr, &b) == -ESRCH :
		  a.n == 3 && !other(fd, TASK_DIAG_DUMP_ONE, fr, fr, &b) &&
			   b.n == 1 && same_snap(&a.s[0], &b.s[0]) &&
			   same_snap(&a.s[2], &b.s[0]) &&
			   a.s[0].t.withheld == groups,
	      "%s: root's process %s, as ONE", label,
	      level == 2 ? "skipped" : "answered with every group withheld");
	/* thread ids of root's group: ALL_THREAD lists only the leader */
	want = level == 2 ? 0 : 1;
	check(!ask(fd, NULL, 0, thr, 2, &a) && a.n == want &&
	      (!want || (a.s[0].t.pid == (uint32_t)ft && a.s[0].t.withheld == groups)),
	      "%s: thread ids of root's threaded process: %d answers (want %d: %s)",
	      label, a.n, want, want ? "the leader, withheld" : "none");
	close(fd);
}

static void hp1(void) { hidden("/tmp/l1", 1); }
static void hp2(void) { hidden("/tmp/l2", 2); }

static int expect(int fd, size_t len, int want, const char *what)
{
	int got = td_write_raw(fd, req, len);

	check(got == want, "%s: %s (got %s)", what,
	      want ? strerror(-want) : "accepted",
	      got ? strerror(-got) : "accepted");
	if (!got)
		td_drain(fd, 65536);
	return got;
}

static void malformed(int fd)
{
	uint32_t one[2] = { (uint32_t)getpid(), 1 }, bad;
	struct nlattr *at = (struct nlattr *)(req + NLMSG_HDRLEN +
					      sizeof(struct task_diag_pid));
	size_t len;
	int i, odd = 0;

	expect(fd, build(0, one, 1, NULL, 0), 0, "LIST of one id");
	expect(fd, build(getpid(), one, 1, NULL, 0), -EINVAL,
	       "LIST with pid set");
	expect(fd, build(0, NULL, 0, NULL, 0), -EINVAL, "LIST without ids");
	len = build(0, one, 1, NULL, 0) - 4;
	at->nla_len = NLA_HDRLEN;
	((struct nlmsghdr *)req)->nlmsg_len = len;
	expect(fd, len, -EINVAL, "LIST with an empty attribute only");
	bad = 0;
	expect(fd, build(0, &bad, 1, NULL, 0), -EINVAL, "LIST with id 0");
	bad = 0xffffffff;
	expect(fd, build(0, one, 1, &bad, 1), -EINVAL, "LIST with id -1");
	bad = 0x80000000;
	expect(fd, build(0, &bad, 1, NULL, 0), -EINVAL, "LIST with id 2^31");
	len = build(0, one, 2, NULL, 0);
	((struct nlmsghdr *)req)->nlmsg_len = len - 2;
	expect(fd, len - 2, -EINVAL, "LIST attribute cut short");
	len = build(0, one, 1, NULL, 0);
	at->nla_len = 3;
	expect(fd, len, -EINVAL, "LIST attribute with nla_len 3");
	len = build(0, one, 2, NULL, 0);
	at->nla_len = NLA_HDRLEN + 6;
	expect(fd, len, -EINVAL, "LIST attribute of 6 bytes of ids");
	len = build(0, one, 1, NULL, 0);
	at->nla_type = 3;
	expect(fd, len, -EINVAL, "LIST attribute of an unknown type");
	len = build(0, one, 1, NULL, 0);
	((struct nlmsghdr *)req)->nlmsg_len = len + 4;
	expect(fd, len + 4, -EINVAL, "LIST with bytes after its attributes");
	{
		static uint32_t many[MAXIDS + 1];
		static struct answer a;

		for (i = 0; i < (int)MAXIDS + 1; i++)
			many[i] = i % 2 ? (uint32_t)getpid() : (uint32_t)fr;
		expect(fd, build(0, many, MAXIDS + 1, NULL, 0), -E2BIG,
		       "LIST one id over the request size");
		check(!ask(fd, many, MAXIDS, NULL, 0, &a) && a.n == (int)MAXIDS,
		      "LIST of %zu ids, repeats included: %d answers",
		      (size_t)MAXIDS, a.n);
	}
	/* random lists: some ids, random bytes in the attribute area */
	srand(4321);
	for (i = 0; i < 3000; i++) {
		size_t n = rand() % 40, k;
		int ret;

		len = build(0, one, 2, NULL, 0);
		for (k = len - 12; k < len - 12 + n && k < sizeof(req); k++)
			req[k] = rand() % 4 ? rand() : 0;
		len = len - 12 + n;
		((struct nlmsghdr *)req)->nlmsg_len = len;
		ret = td_write_raw(fd, req, len);
		if (ret == 0)
			td_drain(fd, 512);
		else if (ret != -EINVAL && ret != -E2BIG)
			odd++;
	}
	check(!odd, "3000 random lists give only EINVAL or E2BIG (%d odd)", odd);
}

int main(void)
{
	static const char *const a_u[] = { "--uid", "1000", NULL };
	static const char *const a_n[] = { "--uid", "1000", "--nodump", NULL };
	static const char *const a_t[] = { "--threads", "3", NULL };
	static const struct {
		pid_t *pid;
		const char *const *args;
	} fixtures[4] = { { &fr, NULL }, { &fu, a_u }, { &fn, a_n },
			  { &ft, a_t } };
	static struct answer a, b;
	static uint32_t ids[MAXIDS];
	struct task_diag_version v;
	uint32_t gone[4];
	pid_t dead;
	int fd, i, n;

	fd = td_open(NULL);
	if (fd < 0 || td_version(fd, &v)) {
		fail("open/version: %s", strerror(errno));
		return 1;
	}
	check(v.version >= 4 && (v.supported_strategies &
				 (1u << TASK_DIAG_DUMP_LIST)),
	      "version %u offers LIST", v.version);
	groups = v.supported_groups;
	for (i = 0; i < 4; i++)
		*fixtures[i].pid = hold(fixtures[i].args, NULL);
	ft_n = proc_threads(ft, ft_tids, 8);
	check(ft_n == 4, "threaded fixture has 4 threads (%d)", ft_n);

	against_one(fd, "root");

	/* gone ids are skipped, repeats answered each time */
	dead = fork();
	if (dead == 0)
		_exit(0);
	waitpid(dead, NULL, 0);
	gone[0] = fu;
	gone[1] = dead;
	gone[2] = 0x7fffff00;
	gone[3] = fu;
	i = ask(fd, gone, 4, NULL, 0, &a);
	check(!i && a.n == 2 &&
	      a.s[0].t.pid == (uint32_t)fu && a.s[1].t.pid == (uint32_t)fu,
	      "gone and unused ids skipped, a repeat answered twice (%d)", a.n);

	/* resumed across the smallest reads: the same tasks in the same order */
	for (i = n = 0; i < (int)MAXIDS - 1; i++)	/* two attributes */
		ids[n++] = i % 3 ? (uint32_t)ft_tids[i % ft_n] : (uint32_t)fr;
	a.root = b.root = NULL;
	check(!ask_raw(fd, build(0, ids, n / 2, ids + n / 2, n - n / 2),
		       TASK_DIAG_MIN_READ_SIZE, &a) &&
	      !ask(fd, ids, n / 2, ids + n / 2, n - n / 2, &b) && a.n == n &&
	      b.n == n && !memcmp(a.s, b.s, n * sizeof(a.s[0])),
	      "%d ids read %d bytes at a time and at once: same answers",
	      n, TASK_DIAG_MIN_READ_SIZE);

	malformed(fd);

	td_run_child(unprivileged);
	mkdir("/tmp/l1", 0755);
	mkdir("/tmp/l2", 0755);
	check(!mount("proc", "/tmp/l1", "proc", 0, "hidepid=1") &&
	      !mount("proc", "/tmp/l2", "proc", 0, "hidepid=2"),
	      "mount procfs with hidepid=1 and 2");
	td_run_child(hp1);
	td_run_child(hp2);
	umount("/tmp/l1");
	umount("/tmp/l2");
	rmdir("/tmp/l1");
	rmdir("/tmp/l2");

	hold_kill_all();
	close(fd);
	printf("t_list: %d passed, %d failed (children report their own)\n",
	       td_passes, td_fails);
	return td_summary();
}
