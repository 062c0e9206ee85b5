// SPDX-License-Identifier: GPL-2.0
/* Test-side client of /proc/task-diag: requests, and a strict parser. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/netlink.h>
#include "tdlib.h"

int td_passes, td_fails;
void (*td_after_read)(const char *buf, size_t n);

static void vreport(int ok, const char *fmt, va_list ap)
{
	printf("%s: ", ok ? "PASS" : "FAIL");
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
	if (ok)
		td_passes++;
	else
		td_fails++;
}

void pass(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(1, fmt, ap);
	va_end(ap);
}

void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(0, fmt, ap);
	va_end(ap);
}

void check(int ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(ok, fmt, ap);
	va_end(ap);
}

int td_summary(void)
{
	return td_fails ? 1 : 0;
}

double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int td_open(const char *path)
{
	return open(path ? path : TD_PATH, O_RDWR | O_CLOEXEC);
}

int td_write_raw(int fd, const void *buf, size_t len)
{
	ssize_t n = write(fd, buf, len);

	if (n < 0)
		return -errno;
	return n == (ssize_t)len ? 0 : -EIO;
}

int td_request(int fd, uint64_t show, uint32_t strategy, uint32_t pid,
	       uint32_t seq)
{
	return td_request_flags(fd, show, 0, strategy, pid, seq);
}

int td_request_flags(int fd, uint64_t show, uint32_t flags,
		     uint32_t strategy, uint32_t pid, uint32_t seq)
{
	struct {
		struct nlmsghdr h;
		struct task_diag_pid r;
	} req;

	memset(&req, 0, sizeof(req));
	req.h.nlmsg_len = sizeof(req);
	req.h.nlmsg_type = TASK_DIAG_CMD_GET;
	req.h.nlmsg_flags = NLM_F_REQUEST;
	req.h.nlmsg_seq = seq;
	req.r.show_flags = show;
	req.r.dump_strategy = strategy;
	req.r.pid = pid;
	req.r.flags = flags;
	return td_write_raw(fd, &req, sizeof(req));
}

int td_version(int fd, struct task_diag_version *v)
{
	struct nlmsghdr h = {
		.nlmsg_len = sizeof(h),
		.nlmsg_type = TASK_DIAG_CMD_VERSION,
	};
	char buf[TASK_DIAG_MIN_READ_SIZE];
	ssize_t n;
	int ret = td_write_raw(fd, &h, sizeof(h));

	if (ret)
		return ret;
	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		return -errno;
	if (n != NLMSG_HDRLEN + (ssize_t)sizeof(*v))
		return -EPROTO;
	memcpy(&h, buf, sizeof(h));
	if (h.nlmsg_type != TASK_DIAG_CMD_VERSION || h.nlmsg_len != n)
		return -EPROTO;
	memcpy(v, buf + NLMSG_HDRLEN, sizeof(*v));
	n = read(fd, buf, sizeof(buf));
	return n == 0 ? 0 : -EPROTO;
}

int td_is_variable(unsigned int type)
{
	static const unsigned char unit[__TASK_DIAG_GROUP_MAX] = {
#define UNIT(NAME, name, kind) [TASK_DIAG_##NAME] = TASK_DIAG_KIND_##kind,
		TASK_DIAG_ATTRS(UNIT)
#undef UNIT
	};

	return type < __TASK_DIAG_GROUP_MAX && unit[type] != 0;
}

void td_task_free(struct td_task *t)
{
	int i;

	for (i = 0; i < __TASK_DIAG_GROUP_MAX; i++)
		free(t->var[i].data);
	memset(t, 0, sizeof(*t));
}

static void *fixed_slot(struct td_task *t, unsigned int type, size_t *size)
{
	switch (type) {
#define SLOT(T, f) case T: *size = sizeof(t->f); return &t->f
	SLOT(TASK_DIAG_BASE, base);
	SLOT(TASK_DIAG_CRED, cred);
	SLOT(TASK_DIAG_STAT, stat);
	SLOT(TASK_DIAG_STATM, statm);
	SLOT(TASK_DIAG_IO, io);
	SLOT(TASK_DIAG_NS, ns);
	SLOT(TASK_DIAG_OOM, oom);
	SLOT(TASK_DIAG_LOGINUID, login);
	SLOT(TASK_DIAG_WITHHELD, withheld);
#undef SLOT
	}
	return NULL;
}

#define PERR(...) do { snprintf(err, errlen, __VA_ARGS__); goto bad; } while (0)

/* Add one message's attributes to t; 0 or -1 with err set. */
static int take_attrs(struct td_task *t, const char *p, size_t len,
		      char *err, size_t errlen)
{
	while (len) {
		struct nlattr nla;
		size_t plen, size;
		void *slot;

		if (len < NLA_HDRLEN)
			PERR("attribute header cut (%zu bytes left)", len);
		memcpy(&nla, p, sizeof(nla));
		if (nla.nla_len < NLA_HDRLEN || nla.nla_len > len)
			PERR("bad nla_len %u (room %zu)", nla.nla_len, len);
		plen = nla.nla_len - NLA_HDRLEN;
		if (nla.nla_type == TASK_DIAG_PROCESS) {
			/* the marker of a process message: empty */
			if (plen)
				PERR("PROCESS attribute of %zu bytes", plen);
		} else if (td_is_variable(nla.nla_type)) {
			struct td_bytes *b = &t->var[nla.nla_type];
			char *nb = realloc(b->data, b->len + plen + 1);

			if (!nb)
				PERR("out of memory");
			memcpy(nb + b->len, p + NLA_HDRLEN, plen);
			b->data = nb;
			b->len += plen;
			b->data[b->len] = 0;
			if (nla.nla_type == TASK_DIAG_GROUPS && plen % 4)
				PERR("GROUPS chunk of %zu bytes", plen);
		} else {
			slot = fixed_slot(t, nla.nla_type, &size);
			if (!slot)
				PERR("unknown attribute type %u", nla.nla_type);
			if (plen != size)
				PERR("attribute %u: %zu bytes, want %zu",
				     nla.nla_type, plen, size);
			if (t->have & (1ULL << nla.nla_type))
				PERR("attribute %u twice", nla.nla_type);
			memcpy(slot, p + NLA_HDRLEN, size);
		}
		t->have |= 1ULL << nla.nla_type;
		size = NLA_ALIGN(nla.nla_len);
		if (size > len)
			size = len;
		p += size;
		len -= size;
	}
	return 0;
bad:
	return -1;
}

long td_collect(int fd, size_t bufsize, uint32_t seq, td_task_cb cb,
		void *arg, char *err, size_t errlen)
{
	char *buf = malloc(bufsize);
	struct td_task t;
	int open_task = 0, stop = 0;
	long ntasks = 0;
	ssize_t n;

	memset(&t, 0, sizeof(t));
	if (!buf)
		return -ENOMEM;
	err[0] = 0;
	for (;;) {
		size_t off = 0;

		n = read(fd, buf, bufsize);
		if (n < 0) {
			n = -errno;
			snprintf(err, errlen, "read: %s", strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		if (td_after_read)
			td_after_read(buf, n);
		while (off < (size_t)n) {
			struct nlmsghdr h;
			struct task_diag_msg m;
			size_t hl = NLMSG_HDRLEN + sizeof(m);

			if (n - off < NLMSG_HDRLEN)
				PERR("message header cut at %zu/%zd", off, n);
			memcpy(&h, buf + off, sizeof(h));
			if (h.nlmsg_len < hl || h.nlmsg_len > n - off)
				PERR("bad nlmsg_len %u", h.nlmsg_len);
			if (h.nlmsg_type != TASK_DIAG_CMD_GET ||
			    h.nlmsg_flags != NLM_F_MULTI || h.nlmsg_seq != seq)
				PERR("bad header type %#x flags %#x seq %u",
				     h.nlmsg_type, h.nlmsg_flags, h.nlmsg_seq);
			memcpy(&m, buf + off + NLMSG_HDRLEN, sizeof(m));
			if (m.flags & ~TASK_DIAG_FLAG_CONT)
				PERR("unknown msg flags %#x", m.flags);
			if (open_task && (m.pid != t.pid || m.tgid != t.tgid))
				PERR("continuation of %u carries %u", t.pid,
				     m.pid);
			if (!open_task) {
				memset(&t, 0, sizeof(t));
				t.pid = m.pid;
				t.tgid = m.tgid;
				open_task = 1;
			}
			t.nmsgs++;
			if (take_attrs(&t, buf + off + hl, h.nlmsg_len - hl,
				       err, errlen))
				goto bad;
			off += NLMSG_ALIGN(h.nlmsg_len);
			if (!(m.flags & TASK_DIAG_FLAG_CONT)) {
				open_task = 0;
				ntasks++;
				if (!stop && cb)
					stop = cb(&t, arg);
				td_task_free(&t);
			}
		}
		if (off != (size_t)n)
			PERR("read of %zd bytes ends inside a message", n);
	}
	if (open_task)
		PERR("answer ended inside task %u", t.pid);
	n = ntasks;
	goto out;
bad:
	n = -1;
	td_drain(fd, 65536);
out:
	td_task_free(&t);
	free(buf);
	return n;
}

long td_drain(int fd, size_t bufsize)
{
	char *buf = malloc(bufsize);
	long total = 0;
	ssize_t n;

	if (!buf)
		return -ENOMEM;
	while ((n = read(fd, buf, bufsize)) > 0)
		total += n;
	free(buf);
	return n < 0 ? -errno : total;
}
