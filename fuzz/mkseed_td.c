/* Writes the seed corpus of fuzz_td (fuzz/corpus/td/) in its input
 * format: a flags byte, then chunks of a 16-bit little-endian length and
 * the bytes.  Built and run by hand when the wire format changes:
 *   cc -I. -Ikmod/include -o /tmp/mkseed_td fuzz/mkseed_td.c
 *   /tmp/mkseed_td fuzz/corpus/td */
#include <stdio.h>
#include <stdlib.h>
#include "backends/task_diag/tests/td_build.h"

static struct tb b;

static void base_of(struct task_diag_base *base, uint32_t pid,
		    uint32_t tgid, const char *comm)
{
	memset(base, 0, sizeof(*base));
	base->pid = pid;
	base->tgid = tgid;
	base->ppid = 1;
	base->state = TASK_DIAG_INTERRUPTIBLE;
	snprintf(base->comm, sizeof(base->comm), "%s", comm);
}

/* One task with every group; flags may carry TASK_DIAG_FLAG_CONT. */
static void task(uint32_t pid, uint32_t tgid, const char *comm,
		 uint32_t flags, int full)
{
	struct task_diag_base base;
	struct task_diag_creds cred;
	struct task_diag_stat st;
	struct task_diag_statm sm;
	struct task_diag_io io;
	struct task_diag_ns ns;
	struct task_diag_oom oom;
	struct task_diag_loginuid lu;
	uint32_t gids[2] = { 4, 27 };
	uint64_t withheld = TASK_DIAG_SHOW_ENVIRON | TASK_DIAG_SHOW_IO;

	memset(&cred, 0, sizeof(cred));
	memset(&st, 0x11, sizeof(st));
	memset(&sm, 0x01, sizeof(sm));
	memset(&io, 0x02, sizeof(io));
	memset(&ns, 0x03, sizeof(ns));
	memset(&oom, 0, sizeof(oom));
	memset(&lu, 0xff, sizeof(lu));
	base_of(&base, pid, tgid, comm);
	tb_begin(&b, 1, pid, tgid, flags);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_CMDLINE, "/bin/x\0-a\0\x1b[2J\0", 15);
	if (full) {
		tb_attr(&b, TASK_DIAG_CRED, &cred, sizeof(cred));
		tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
		tb_attr(&b, TASK_DIAG_STATM, &sm, sizeof(sm));
		tb_attr(&b, TASK_DIAG_GROUPS, gids, sizeof(gids));
		tb_attr(&b, TASK_DIAG_ENVIRON, "A=1\0B=2\0", 8);
		tb_attr(&b, TASK_DIAG_CGROUP, "0::/user.slice\n", 15);
		tb_attr(&b, TASK_DIAG_WCHAN, "do_select", 9);
		tb_attr(&b, TASK_DIAG_IO, &io, sizeof(io));
		tb_attr(&b, TASK_DIAG_EXE, "/usr/bin/x (deleted)", 20);
		tb_attr(&b, TASK_DIAG_NS, &ns, sizeof(ns));
		tb_attr(&b, TASK_DIAG_OOM, &oom, sizeof(oom));
		tb_attr(&b, TASK_DIAG_LOGINUID, &lu, sizeof(lu));
		tb_attr(&b, TASK_DIAG_AUTOGROUP, "/autogroup-5 nice 0\n", 20);
		tb_attr(&b, TASK_DIAG_WITHHELD, &withheld, sizeof(withheld));
	}
	tb_end(&b);
}

static void done(void)
{
	struct nlmsghdr h = { .nlmsg_len = NLMSG_HDRLEN, .nlmsg_type = NLMSG_DONE,
			      .nlmsg_flags = NLM_F_MULTI, .nlmsg_seq = 1 };

	tb_put(&b, &h, sizeof(h));
}

/* Writes b as chunks of at most `chunk` bytes cut at message ends. */
static void save(const char *dir, const char *name, unsigned flags,
		 const size_t *cuts, size_t ncuts)
{
	char path[4096];
	size_t at = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f) {
		perror(path);
		exit(1);
	}
	fputc((int)flags, f);
	for (size_t i = 0; i <= ncuts; i++) {
		size_t end = i < ncuts ? cuts[i] : b.len, n = end - at;

		fputc((int)(n & 0xff), f);
		fputc((int)(n >> 8), f);
		fwrite(b.buf + at, 1, n, f);
		at = end;
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	size_t cut[2];

	if (argc != 2)
		return 2;
	b.len = 0;
	task(1, 1, "init", 0, 1);
	done();
	save(argv[1], "one-full", 0, NULL, 0);

	b.len = 0;
	task(10, 10, "lead", TASK_DIAG_FLAG_CONT, 1);
	cut[0] = b.len;
	task(10, 10, "lead", 0, 0);
	cut[1] = b.len;
	task(11, 10, "thread", 0, 1);
	done();
	save(argv[1], "cont-two-chunks", 2, cut, 2);

	b.len = 0;
	{
		struct nlmsghdr h = { .nlmsg_type = TASK_DIAG_CMD_VERSION,
				      .nlmsg_seq = 1 };
		struct task_diag_version v;

		memset(&v, 0, sizeof(v));
		v.version = TASK_DIAG_VERSION;
		b.msg = 0;
		tb_put(&b, &h, sizeof(h));
		tb_put(&b, &v, sizeof(v));
		tb_end(&b);
	}
	save(argv[1], "version", 1, NULL, 0);

	b.len = 0;
	{
		struct nlmsghdr h = { .nlmsg_type = NLMSG_ERROR, .nlmsg_seq = 1 };
		struct nlmsgerr e = { .error = -13 };

		b.msg = 0;
		tb_put(&b, &h, sizeof(h));
		tb_put(&b, &e, sizeof(e));
		tb_end(&b);
	}
	save(argv[1], "error", 0, NULL, 0);
	return 0;
}
