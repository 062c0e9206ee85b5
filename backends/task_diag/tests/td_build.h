/* Hand-built task_diag answers for the unit tests, written byte by byte
 * without libnl so the parser is not checked against itself. */
#ifndef PROCPS_TD_TD_BUILD_H
#define PROCPS_TD_TD_BUILD_H

#include <stdint.h>
#include <string.h>
#include <linux/netlink.h>
#include "backends/task_diag/td_proto.h"

struct tb {
	unsigned char buf[1 << 18];
	size_t len;
	size_t msg;             /* offset of the open message's header */
};

static inline void tb_put(struct tb *b, const void *p, size_t n)
{
	memcpy(b->buf + b->len, p, n);
	b->len += n;
}

static inline void tb_pad(struct tb *b)
{
	while (b->len % 4)
		b->buf[b->len++] = 0;
}

static inline void tb_begin_type(struct tb *b, uint16_t type, uint32_t seq)
{
	struct nlmsghdr h = { .nlmsg_type = type, .nlmsg_flags = NLM_F_MULTI,
			      .nlmsg_seq = seq };

	b->msg = b->len;
	tb_put(b, &h, sizeof(h));
}

static inline void tb_begin(struct tb *b, uint32_t seq, uint32_t pid,
			    uint32_t tgid, uint32_t flags)
{
	struct task_diag_msg m = { pid, tgid, flags };

	tb_begin_type(b, TASK_DIAG_CMD_GET, seq);
	tb_put(b, &m, sizeof(m));
}

static inline void tb_attr(struct tb *b, uint16_t type, const void *p,
			   size_t n)
{
	uint16_t hdr[2] = { (uint16_t)(4 + n), type };

	tb_put(b, hdr, sizeof(hdr));
	if (n)
		tb_put(b, p, n);
	tb_pad(b);
}

static inline void tb_end(struct tb *b)
{
	uint32_t len = (uint32_t)(b->len - b->msg);

	memcpy(b->buf + b->msg, &len, 4);
}

#endif
