// SPDX-License-Identifier: GPL-2.0
/*
 * Bad requests fail with the documented errno and never disturb the
 * kernel: short, oversized, inconsistent, unknown types, strategies,
 * groups and pids, and a few thousand random byte strings.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/netlink.h>
#include "tdlib.h"

struct req {
	struct nlmsghdr h;
	struct task_diag_pid r;
	char extra[64];
};

static int fd;

static int send_req(struct req *q, size_t len)
{
	return td_write_raw(fd, q, len);
}

static void base(struct req *q)
{
	memset(q, 0, sizeof(*q));
	q->h.nlmsg_len = NLMSG_HDRLEN + sizeof(q->r);
	q->h.nlmsg_type = TASK_DIAG_CMD_GET;
	q->r.show_flags = TASK_DIAG_SHOW_BASE;
	q->r.dump_strategy = TASK_DIAG_DUMP_ONE;
	q->r.pid = getpid();
}

static void expect(int got, int want, const char *what)
{
	check(got == want, "%s: %s (got %s)", what,
	      want ? strerror(-want) : "accepted",
	      got ? strerror(-got) : "accepted");
	if (!got)
		td_drain(fd, 65536);
}

int main(void)
{
	static char big[TASK_DIAG_MAX_REQUEST_SIZE + 64];
	size_t full = NLMSG_HDRLEN + sizeof(struct task_diag_pid);
	struct task_diag_version v;
	struct req q;
	char buf[4096];
	int i, odd = 0, ok;

	fd = td_open(NULL);
	if (fd < 0 || td_version(fd, &v)) {
		fail("open/version: %s", strerror(errno));
		return 1;
	}
	check(read(fd, buf, sizeof(buf)) == 0, "read with no request gives 0");

	base(&q);
	expect(send_req(&q, full), 0, "well-formed ONE");
	expect(send_req(&q, 0), -EINVAL, "empty write");
	expect(send_req(&q, 8), -EINVAL, "half a header");
	base(&q);
	q.h.nlmsg_len = NLMSG_HDRLEN;
	expect(send_req(&q, NLMSG_HDRLEN), -EINVAL, "GET without payload");
	base(&q);
	q.h.nlmsg_len = full - 4;
	expect(send_req(&q, full - 4), -EINVAL, "GET payload cut short");
	base(&q);
	expect(send_req(&q, full + 8), -EINVAL, "nlmsg_len shorter than write");
	base(&q);
	q.h.nlmsg_len = full + 8;
	expect(send_req(&q, full), -EINVAL, "nlmsg_len longer than write");
	base(&q);
	q.h.nlmsg_len = full + 16;
	expect(send_req(&q, full + 16), 0, "zero tail after the request");
	base(&q);
	q.h.nlmsg_len = full + 16;
	q.extra[5] = 1;
	expect(send_req(&q, full + 16), -E2BIG, "non-zero tail");
	memset(big, 0, sizeof(big));
	memcpy(big, &q, full);
	((struct nlmsghdr *)big)->nlmsg_len = sizeof(big);
	expect(td_write_raw(fd, big, sizeof(big)), -E2BIG, "oversized write");
	base(&q);
	q.h.nlmsg_type = 0x1234;
	expect(send_req(&q, full), -EINVAL, "unknown nlmsg_type");
	base(&q);
	q.r.dump_strategy = __TASK_DIAG_DUMP_MAX;
	expect(send_req(&q, full), -EINVAL, "unknown strategy");
	base(&q);
	q.r.dump_strategy = 1ULL << 40;
	expect(send_req(&q, full), -EINVAL, "huge strategy");
	base(&q);
	q.r.flags = 1u << 31;
	expect(send_req(&q, full), -EINVAL, "unknown request flag");
	base(&q);
	q.r.show_flags = 1ULL << 40;
	expect(send_req(&q, full), -EINVAL, "unknown group bit");
	base(&q);
	q.r.show_flags = TASK_DIAG_SHOW(TASK_DIAG_WITHHELD);
	expect(send_req(&q, full), -EINVAL, "reply-only WITHHELD bit");
	base(&q);
	q.r.show_flags = TASK_DIAG_SHOW(TASK_DIAG_VMA);
	expect(send_req(&q, full), -EOPNOTSUPP, "reserved VMA group");
	base(&q);
	q.r.pid = 0;
	expect(send_req(&q, full), -EINVAL, "ONE with pid 0");
	base(&q);
	q.r.pid = 0x7fffff00;
	expect(send_req(&q, full), -ESRCH, "ONE with an unused pid");
	base(&q);
	q.r.pid = 0xffffffff;
	expect(send_req(&q, full), -EINVAL, "ONE with pid -1");
	memset(&q, 0, sizeof(q));
	q.h.nlmsg_type = TASK_DIAG_CMD_VERSION;
	q.h.nlmsg_len = NLMSG_HDRLEN + 8;
	expect(send_req(&q, NLMSG_HDRLEN + 8), 0, "VERSION with zero payload");
	q.r.show_flags = 1;
	expect(send_req(&q, NLMSG_HDRLEN + 8), -E2BIG,
	       "VERSION with a non-zero payload");

	/* a second request while the first is unread */
	base(&q);
	ok = !send_req(&q, full) && send_req(&q, full) == -EBUSY;
	check(ok, "request over an unread answer: EBUSY");
	check(read(fd, buf, 100) < 0 && errno == EINVAL,
	      "100-byte read: EINVAL");
	ok = read(fd, buf, sizeof(buf)) > 0 && read(fd, buf, sizeof(buf)) == 0 &&
	     !send_req(&q, full);
	check(ok, "after the answer the descriptor takes a new request");
	td_drain(fd, 65536);

	/* random bytes, random lengths, some with a plausible header */
	srand(1234);
	for (i = 0; i < 5000; i++) {
		size_t len = rand() % 200;
		int ret;

		for (size_t k = 0; k < sizeof(big) && k < len; k++)
			big[k] = rand();
		if (i % 3 == 0 && len >= NLMSG_HDRLEN) {
			struct nlmsghdr *h = (struct nlmsghdr *)big;

			h->nlmsg_len = len;
			h->nlmsg_type = i % 2 ? TASK_DIAG_CMD_GET :
						 TASK_DIAG_CMD_VERSION;
		}
		ret = td_write_raw(fd, big, len);
		if (ret == 0)
			td_drain(fd, 65536);
		else if (ret != -EINVAL && ret != -E2BIG && ret != -ESRCH &&
			 ret != -EOPNOTSUPP)
			odd++;
	}
	check(!odd, "5000 random requests give only documented errors (%d odd)",
	      odd);
	ok = td_version(fd, &v) == 0;
	check(ok, "descriptor still works after the random requests");

	close(fd);
	printf("t_malformed: %d passed, %d failed\n", td_passes, td_fails);
	return td_summary();
}
