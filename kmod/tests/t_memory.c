// SPDX-License-Identifier: GPL-2.0
/*
 * t_memory: the kernel memory an ordinary reader can make the module hold.
 *
 * A task with a 6 MiB argument list (exec's limit, with an unlimited stack
 * rlimit).  uid 1000 parks 1,000 descriptors in the middle of its CMDLINE:
 * slab + vmalloc grow by less than 1,000 x 64 KiB, and the parked answers
 * still finish with the bytes of /proc/PID/cmdline, also when the task
 * rewrites its arguments between two reads (the value is read at emission,
 * not copied at the start).  Then uid 1000 in a memory cgroup at its limit:
 * reads fail with ENOMEM, and nothing is OOM-killed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/netlink.h>
#include "tdlib.h"

#define NFDS		1000
#define BUFSZ		65536
#define ARG_LEN		131071		/* MAX_ARG_STRLEN - 1 */
#define NARGS		47
#define LAST_LEN	122879		/* all strings: 6 MiB - 8 KiB */
#define REWRITTEN	10		/* argv index the holder overwrites */
#define CG		"/sys/fs/cgroup/tdmem"
#define SHOW		(TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_STAT | \
			 TASK_DIAG_SHOW_CMDLINE)

static char **hold_argv;

/* the holder: overwrite one argument in place on SIGUSR1 */
static void rewrite(int sig)
{
	char *a = hold_argv[REWRITTEN];

	(void)sig;
	memset(a, 'B', strlen(a));
}

static int hold(char **argv)
{
	hold_argv = argv;
	signal(SIGUSR1, rewrite);
	if (setresgid(1000, 1000, 1000) || setresuid(1000, 1000, 1000))
		return 1;
	for (;;)
		pause();
}

static void become(uid_t uid)
{
	if (setgroups(0, NULL) || setresgid(uid, uid, uid) ||
	    setresuid(uid, uid, uid)) {
		fail("cannot become uid %u: %s", uid, strerror(errno));
		exit(1);
	}
}

/* Slab + VmallocUsed of /proc/meminfo, in KiB */
static long kmem_kib(void)
{
	char line[256];
	long v, sum = 0;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Slab: %ld", &v) == 1 ||
		    sscanf(line, "VmallocUsed: %ld", &v) == 1)
			sum += v;
	fclose(f);
	return sum;
}

static long file_value(const char *path, const char *key)
{
	char line[256];
	size_t kl = key ? strlen(key) : 0;
	long v = -1;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!key) {
			v = atol(line);
			break;
		}
		if (!strncmp(line, key, kl) && line[kl] == ' ') {
			v = atol(line + kl + 1);
			break;
		}
	}
	fclose(f);
	return v;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* a growing byte string */
struct val {
	char *p;
	size_t len, cap;
};

static void val_add(struct val *v, const char *p, size_t n)
{
	if (v->len + n > v->cap) {
		v->cap = (v->len + n) * 2;
		v->p = realloc(v->p, v->cap);
		if (!v->p)
			exit(3);
	}
	memcpy(v->p + v->len, p, n);
	v->len += n;
}

/*
 * Append the CMDLINE payloads of the messages in buf to v.  Returns 1 if
 * the last message continues, 0 if not, -1 on bad framing.
 */
static int take(const char *buf, size_t n, struct val *v)
{
	size_t off = 0;
	int cont = 0;

	while (off + NLMSG_HDRLEN + sizeof(struct task_diag_msg) <= n) {
		struct nlmsghdr h;
		struct task_diag_msg m;
		size_t a, end;

		memcpy(&h, buf + off, sizeof(h));
		memcpy(&m, buf + off + NLMSG_HDRLEN, sizeof(m));
		if (h.nlmsg_len > n - off || h.nlmsg_type != TASK_DIAG_CMD_GET)
			return -1;
		end = off + h.nlmsg_len;
		for (a = off + NLMSG_HDRLEN + sizeof(m); a + 4 <= end;) {
			struct nlattr nla;

			memcpy(&nla, buf + a, sizeof(nla));
			if (nla.nla_len < 4 || a + nla.nla_len > end)
				return -1;
			if (nla.nla_type == TASK_DIAG_CMDLINE)
				val_add(v, buf + a + 4, nla.nla_len - 4);
			a += NLA_ALIGN(nla.nla_len);
		}
		cont = !!(m.flags & TASK_DIAG_FLAG_CONT);
		off += NLMSG_ALIGN(h.nlmsg_len);
	}
	return off == n ? cont : -1;
}

/* read the rest of an answer into v; 0 or -1 */
static int finish(int fd, char *buf, struct val *v)
{
	ssize_t n;

	while ((n = read(fd, buf, BUFSZ)) > 0)
		if (take(buf, n, v) < 0)
			return -1;
	return n == 0 ? 0 : -1;
}

static void read_all(const char *path, struct val *v)
{
	char buf[65536];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	v->len = 0;
	if (fd < 0)
		return;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		val_add(v, buf, n);
	close(fd);
}

/* uid 1000 parks NFDS descriptors mid-answer over the holder */
static void park(pid_t h)
{
	static int fds[NFDS];
	struct val ref = { 0 }, got = { 0 }, proc = { 0 }, pre[3] = { 0 };
	char *buf = malloc(BUFSZ), path[64], c = 0;
	long before, after;
	int i, ok = 1, cont, pf;
	ssize_t n;

	become(1000);
	snprintf(path, sizeof(path), "/proc/%d/cmdline", h);
	read_all(path, &ref);
	check(ref.len > 6000000, "the holder's command line has %zu bytes",
	      ref.len);

	before = kmem_kib();
	for (i = 0; i < NFDS; i++) {
		fds[i] = td_open(NULL);
		if (fds[i] < 0 || td_request(fds[i], SHOW, TASK_DIAG_DUMP_ONE,
					     h, i) ||
		    (n = read(fds[i], buf, BUFSZ)) <= 0 ||
		    take(buf, n, i < 3 ? &pre[i] : &got) != 1) {
			ok = 0;
			break;
		}
		got.len = 0;
	}
	after = kmem_kib();
	check(ok, "uid 1000 parks %d descriptors mid-answer", NFDS);
	printf("INFO: t_memory: %d parked descriptors: slab+vmalloc %+ld KiB"
	       " (%ld bytes each; the bound is %d KiB)\n", NFDS,
	       after - before, (after - before) * 1024 / NFDS, NFDS * 64);
	check(after - before < NFDS * 64L,
	      "kernel memory of %d parked readers under %d x 64 KiB (%ld KiB)",
	      NFDS, NFDS, after - before);

	/* a few of them finish with procfs's bytes */
	for (i = 0; i < 3 && ok; i++)
		ok = finish(fds[i], buf, &pre[i]) == 0 &&
		     pre[i].len == ref.len && !memcmp(pre[i].p, ref.p, ref.len);
	check(ok, "parked answers finish with /proc/PID/cmdline's bytes");
	for (i = 0; i < NFDS; i++)
		close(fds[i]);

	/* whole answers equal /proc/PID/cmdline */
	for (i = 0, ok = 1; i < 3; i++) {
		int fd = td_open(NULL);

		got.len = 0;
		ok &= fd >= 0 && !td_request(fd, SHOW, TASK_DIAG_DUMP_ONE, h,
					     1) &&
		      finish(fd, buf, &got) == 0 && got.len == ref.len &&
		      !memcmp(got.p, ref.p, ref.len);
		if (fd >= 0)
			close(fd);
	}
	check(ok, "whole 6 MiB answers equal /proc/PID/cmdline");

	/*
	 * Park one answer and one procfs reader at the same offset; the
	 * holder rewrites an argument past it; both go on reading.
	 */
	fds[0] = td_open(NULL);
	got.len = 0;
	ok = fds[0] >= 0 && !td_request(fds[0], SHOW, TASK_DIAG_DUMP_ONE, h,
					 2) &&
	     (n = read(fds[0], buf, BUFSZ)) > 0 && take(buf, n, &got) == 1;
	pf = open(path, O_RDONLY);
	proc.len = 0;
	while (ok && pf >= 0 && proc.len < got.len) {
		n = read(pf, buf, got.len - proc.len);
		if (n <= 0)
			break;
		val_add(&proc, buf, n);
	}
	ok &= proc.len == got.len && !memcmp(proc.p, got.p, got.len);
	check(ok, "a parked answer and procfs stopped at byte %zu", got.len);
	kill(h, SIGUSR1);
	/* wait for the rewrite: 23 bytes of argv[0] and [1], then 128 KiB each */
	for (i = 0; i < 500; i++) {
		int fd = open(path, O_RDONLY);

		n = fd < 0 ? -1 : pread(fd, &c, 1, 23 + (off_t)(REWRITTEN - 2) *
					 (ARG_LEN + 1) + 20);
		if (fd >= 0)
			close(fd);
		if (n == 1 && c == 'B')
			break;
		usleep(10000);
	}
	check(c == 'B', "the holder rewrote its argument %d", REWRITTEN);
	cont = finish(fds[0], buf, &got);
	while ((n = read(pf, buf, BUFSZ)) > 0)
		val_add(&proc, buf, n);
	check(!cont && got.len == proc.len && !memcmp(got.p, proc.p, got.len)
	      && memchr(got.p + BUFSZ, 'B', got.len - BUFSZ),
	      "after the rewrite both read the same bytes, the new ones (%zu)",
	      got.len);
	close(fds[0]);
	close(pf);
	exit(td_fails ? 1 : 0);
}

/* uid 1000 in a memory cgroup at its limit */
static void limited(pid_t h, int go_rd, int ready_wr, int res_wr)
{
	static int fds[NFDS];
	int i, res[3] = { 0, 0, 0 };	/* ok, ENOMEM, other */
	char *buf = malloc(BUFSZ), pid[32];
	ssize_t n;

	snprintf(pid, sizeof(pid), "%d", getpid());
	if (write_file(CG "/cgroup.procs", pid))
		exit(4);
	become(1000);
	for (i = 0; i < NFDS; i++) {
		fds[i] = td_open(NULL);
		if (fds[i] < 0 ||
		    td_request(fds[i], SHOW, TASK_DIAG_DUMP_ONE, h, i))
			exit(5);
	}
	memset(buf, 1, BUFSZ);	/* no page faults once limited */
	if (write(ready_wr, "r", 1) != 1 || read(go_rd, pid, 1) != 1)
		exit(6);
	for (i = 0; i < NFDS; i++) {
		n = read(fds[i], buf, BUFSZ);
		if (n > 0)
			res[0]++;
		else if (n < 0 && errno == ENOMEM)
			res[1]++;
		else
			res[2]++;
	}
	for (i = 0; i < NFDS; i++)
		close(fds[i]);
	if (write(res_wr, res, sizeof(res)) != sizeof(res))
		exit(7);
	exit(0);
}

static void memcg(pid_t h)
{
	int go[2], ready[2], res[2], r[3] = { -1, -1, -1 }, st;
	long cur, oom_before, oom_after, cg_oom;
	char text[64], c;
	pid_t p;

	write_file("/sys/fs/cgroup/cgroup.subtree_control", "+memory");
	mkdir(CG, 0755);
	if (access(CG "/memory.max", W_OK)) {
		fail("no memory controller for " CG);
		return;
	}
	if (pipe(go) || pipe(ready) || pipe(res))
		exit(2);
	oom_before = file_value("/proc/vmstat", "oom_kill");
	p = fork();
	if (p == 0)
		limited(h, go[0], ready[1], res[1]);
	if (read(ready[0], &c, 1) != 1) {
		fail("the limited reader did not get ready");
		waitpid(p, &st, 0);
		return;
	}
	cur = file_value(CG "/memory.current", NULL);
	/* room for a few dozen stages, far from the 1,000 requested */
	snprintf(text, sizeof(text), "%ld", cur + 256 * 1024);
	check(!write_file(CG "/memory.max", text),
	      "memory.max = memory.current + 256 KiB (%s)", text);
	if (write(go[1], "g", 1) != 1)
		exit(2);
	if (read(res[0], r, sizeof(r)) != sizeof(r))
		fail("no result from the limited reader");
	waitpid(p, &st, 0);
	write_file(CG "/memory.max", "max");
	oom_after = file_value("/proc/vmstat", "oom_kill");
	cg_oom = file_value(CG "/memory.events", "oom_kill");
	printf("INFO: t_memory: under the limit %d reads answered, %d ENOMEM,"
	       " %d other errors\n", r[0], r[1], r[2]);
	check(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "the limited reader lived (status %#x)", st);
	check(r[1] > 0 && r[2] == 0 && r[0] > 0,
	      "at the cgroup limit reads fail with ENOMEM, and only so");
	check(cg_oom == 0 && oom_after == oom_before,
	      "no OOM kill (cgroup %ld, system %ld -> %ld)", cg_oom,
	      oom_before, oom_after);
	check(kill(h, 0) == 0, "the task read is alive");
	rmdir(CG);
}

int main(int argc, char **argv)
{
	struct rlimit nofile = { NFDS + 64, NFDS + 64 };
	struct rlimit stack = { RLIM_INFINITY, RLIM_INFINITY };
	char *args[NARGS + 4], *env[] = { "TD_MEMORY_HOLDER=1", NULL };
	char path[64];
	pid_t h, p;
	int i, st;

	if (argc > 1 && !strcmp(argv[1], "--hold"))
		return hold(argv);
	if (setrlimit(RLIMIT_NOFILE, &nofile) ||
	    setrlimit(RLIMIT_STACK, &stack)) {
		fail("setrlimit: %s", strerror(errno));
		return 1;
	}
	args[0] = argv[0];
	args[1] = "--hold";
	for (i = 0; i <= NARGS; i++) {
		size_t len = i < NARGS ? ARG_LEN : LAST_LEN;

		args[i + 2] = malloc(len + 1);
		memset(args[i + 2], 'a' + i % 26, len);
		args[i + 2][len] = 0;
	}
	args[NARGS + 3] = NULL;
	h = fork();
	if (h == 0) {
		execve("/proc/self/exe", args, env);
		_exit(127);
	}
	snprintf(path, sizeof(path), "/proc/%d/cmdline", h);
	for (i = 0; i < 500; i++) {
		struct val v = { 0 };

		read_all(path, &v);
		free(v.p);
		if (v.len > 6000000)
			break;
		usleep(10000);
	}

	p = fork();
	if (p == 0)
		park(h);
	waitpid(p, &st, 0);
	check(WIFEXITED(st) && WEXITSTATUS(st) <= 1,
	      "the parking reader ended normally (status %#x)", st);
	memcg(h);

	kill(h, SIGKILL);
	waitpid(h, &st, 0);
	printf("t_memory: %d passed, %d failed\n", td_passes, td_fails);
	return td_summary();
}
