// SPDX-License-Identifier: GPL-2.0
/*
 * The answer is the same whatever the read() size, from the minimum to
 * 1 MiB: values longer than the buffer (a 200 KiB command line, a 300 KiB
 * environment) arrive whole through continuation messages.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "compare.h"
#include "fixture.h"

static pid_t fix[4];
static uint64_t groups;

struct digest {
	uint64_t h[4];
	int msgs[4];
	int seen[4];
	size_t cmdlen;
};

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--)
		h = (h ^ *c++) * 0x100000001b3ULL;
	return h;
}

static int on_task(const struct td_task *t, void *arg)
{
	struct digest *d = arg;
	uint64_t h = 0xcbf29ce484222325ULL;
	int i, g;

	for (i = 0; i < 4; i++)
		if (fix[i] == (pid_t)t->pid)
			break;
	if (i == 4)
		return 0;
	h = fnv(h, &t->have, sizeof(t->have));
	h = fnv(h, &t->withheld, sizeof(t->withheld));
	h = fnv(h, &t->base, sizeof(t->base));
	h = fnv(h, &t->cred, sizeof(t->cred));
	h = fnv(h, &t->stat, sizeof(t->stat));
	h = fnv(h, &t->statm, sizeof(t->statm));
	h = fnv(h, &t->io, sizeof(t->io));
	h = fnv(h, &t->ns, sizeof(t->ns));
	h = fnv(h, &t->oom, sizeof(t->oom));
	h = fnv(h, &t->login, sizeof(t->login));
	for (g = 0; g < __TASK_DIAG_GROUP_MAX; g++) {
		h = fnv(h, &t->var[g].len, sizeof(t->var[g].len));
		if (t->var[g].len)
			h = fnv(h, t->var[g].data, t->var[g].len);
	}
	d->h[i] = h;
	d->msgs[i] = t->nmsgs;
	d->seen[i]++;
	if (i == 0)
		d->cmdlen = t->var[TASK_DIAG_CMDLINE].len;
	return 0;
}

int main(void)
{
	static const size_t sizes[] = {
		TASK_DIAG_MIN_READ_SIZE, TASK_DIAG_MIN_READ_SIZE + 1, 517, 600,
		1000, 4096, 8191, 16384, 65536, 65537, 200000, 262144, 1 << 20,
	};
	static const char *const a_threads[] = { "--threads", "3", NULL };
	struct task_diag_version v;
	struct digest ref, d;
	char err[256], *env[4], buf[TASK_DIAG_MIN_READ_SIZE];
	unsigned int s;
	int fd, i, ok;
	long n;

	fd = td_open(NULL);
	if (fd < 0 || td_version(fd, &v)) {
		fail("open/version: %s", strerror(errno));
		return 1;
	}
	groups = v.supported_groups;
	/* 300 KiB of environment; one string may not exceed 128 KiB */
	for (i = 0; i < 3; i++) {
		env[i] = malloc(100 * 1024);
		memset(env[i], 'v', 100 * 1024 - 1);
		memcpy(env[i], "HUGE0=", 6);
		env[i][4] += i;
		env[i][100 * 1024 - 1] = 0;
	}
	env[3] = NULL;
	fix[0] = hold_big(200 * 1024);
	fix[1] = hold(NULL, env);
	fix[2] = hold(a_threads, NULL);
	fix[3] = hold(NULL, NULL);

	/* the reference: one full dump with 1 MiB reads, checked vs procfs */
	memset(&ref, 0, sizeof(ref));
	if (td_request(fd, groups, TASK_DIAG_DUMP_ALL, 0, 5) ||
	    td_collect(fd, 1 << 20, 5, on_task, &ref, err, sizeof(err)) < 0)
		fail("reference dump: %s", err);
	check(ref.cmdlen > 200 * 1024, "200 KiB command line arrives whole (%zu bytes)",
	      ref.cmdlen);

	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		memset(&d, 0, sizeof(d));
		n = td_request(fd, groups, TASK_DIAG_DUMP_ALL, 0, 6);
		if (!n)
			n = td_collect(fd, sizes[s], 6, on_task, &d, err,
				       sizeof(err));
		ok = n > 0;
		for (i = 0; i < 4; i++)
			ok &= d.seen[i] == 1 && d.h[i] == ref.h[i];
		check(ok, "read size %zu: same answer as with 1 MiB (%s)",
		      sizes[s], n < 0 ? err : "ok");
		if (sizes[s] < 4096)
			check(d.msgs[0] > 100 && d.msgs[1] > 100,
			      "read size %zu: long values continue over %d and %d messages",
			      sizes[s], d.msgs[0], d.msgs[1]);
	}

	/* ONE on the big fixtures, compared with procfs at the minimum size */
	for (i = 0; i < 2; i++) {
		int k = i;

		memset(&d, 0, sizeof(d));
		if (td_request(fd, groups, TASK_DIAG_DUMP_ONE, fix[k], 9) ||
		    td_collect(fd, TASK_DIAG_MIN_READ_SIZE, 9, on_task, &d,
			       err, sizeof(err)) != 1)
			fail("ONE fixture %d: %s", k, err);
		else
			check(d.h[k] == ref.h[k], "ONE at minimum size, fixture %d", k);
	}

	/* below the minimum: EINVAL, and the answer is still there */
	td_request(fd, TASK_DIAG_SHOW_BASE, TASK_DIAG_DUMP_ONE, fix[3], 3);
	check(read(fd, buf, TASK_DIAG_MIN_READ_SIZE - 1) < 0 && errno == EINVAL,
	      "read of %d bytes: EINVAL", TASK_DIAG_MIN_READ_SIZE - 1);
	check(read(fd, buf, sizeof(buf)) > 0 && read(fd, buf, sizeof(buf)) == 0,
	      "the answer survives a too-small read");

	hold_kill_all();
	close(fd);
	printf("t_bufsizes: %d passed, %d failed\n", td_passes, td_fails);
	return td_summary();
}
