// SPDX-License-Identifier: GPL-2.0
/*
 * Staging of one task's attributes and their emission as netlink messages.
 *
 * All data of a task is gathered first into a kernel buffer (the stage) of
 * records {type, len, payload}, with no lock held and len not limited to
 * 16 bits.  Emission then copies as much as fits in the reader's buffer:
 * a message header, then whole fixed-size attributes, and chunks of
 * variable-size ones.  What does not fit stays staged for the next read(),
 * the message carrying TASK_DIAG_FLAG_CONT.  So a value of any size goes
 * out completely, over as many reads as it takes, and a dump never ends
 * early because one attribute is bigger than the buffer.
 */
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/uaccess.h>
#include <linux/netlink.h>
#include <linux/pid_namespace.h>
#include "td.h"

struct td_rec {
	u32 type;
	u32 len;	/* payload bytes, not counting padding */
};

#define TD_REC_SPACE(len)	(sizeof(struct td_rec) + ALIGN((len), 4))
#define TD_MSG_HDRLEN		(NLMSG_HDRLEN + sizeof(struct task_diag_msg))

/*
 * How a variable attribute may be cut: 1 for bytes, 4 for __u32 arrays,
 * 0 for fixed structs, which never are.
 */
static size_t td_split_unit(u32 type)
{
	switch (type) {
	case TASK_DIAG_CMDLINE:
	case TASK_DIAG_ENVIRON:
	case TASK_DIAG_CGROUP:
	case TASK_DIAG_WCHAN:
	case TASK_DIAG_EXE:
	case TASK_DIAG_AUTOGROUP:
		return 1;
	case TASK_DIAG_GROUPS:
		return 4;
	default:
		return 0;
	}
}

void td_stage_reset(struct td_stage *st, struct task_struct *task,
		    struct pid_namespace *ns)
{
	st->len = 0;
	st->pos = 0;
	st->part = 0;
	st->pid = task_pid_nr_ns(task, ns);
	st->tgid = task_tgid_nr_ns(task, ns);
	st->active = true;
}

/* Make room for len more bytes of staged records. */
int td_stage_grow(struct td_stage *st, size_t len)
{
	size_t need = st->len + len, cap;
	char *nbuf;

	if (need <= st->cap)
		return 0;
	cap = max_t(size_t, need, max_t(size_t, 2 * st->cap, PAGE_SIZE));
	nbuf = kvmalloc(cap, GFP_KERNEL);
	if (!nbuf)
		return -ENOMEM;
	if (st->len)
		memcpy(nbuf, st->buf, st->len);
	kvfree(st->buf);
	st->buf = nbuf;
	st->cap = cap;
	return 0;
}

/* Append a zeroed record of type and payload size len; returns payload. */
void *td_stage_reserve(struct td_stage *st, u32 type, size_t len)
{
	struct td_rec *rec;
	size_t space = TD_REC_SPACE(len);

	if (len > U32_MAX || td_stage_grow(st, space))
		return NULL;
	rec = (struct td_rec *)(st->buf + st->len);
	rec->type = type;
	rec->len = len;
	memset(rec + 1, 0, ALIGN(len, 4));
	st->len += space;
	return rec + 1;
}

int td_stage_put(struct td_stage *st, u32 type, const void *data, size_t len)
{
	void *p = td_stage_reserve(st, type, len);

	if (!p)
		return -ENOMEM;
	memcpy(p, data, len);
	return 0;
}

/* Offset the next record will have; pass it to td_stage_shrink(). */
size_t td_stage_mark(struct td_stage *st)
{
	return st->len;
}

/* Cut the last record, staged at rec_off, down to len payload bytes. */
void td_stage_shrink(struct td_stage *st, size_t rec_off, size_t len)
{
	struct td_rec *rec = (struct td_rec *)(st->buf + rec_off);

	if (len < rec->len) {
		rec->len = len;
		st->len = rec_off + TD_REC_SPACE(len);
	}
}

void td_stage_free(struct td_stage *st)
{
	kvfree(st->buf);
	st->buf = NULL;
	st->cap = 0;
	st->len = 0;
	st->active = false;
}

/*
 * Copy the next part of the staged task to ubuf as one message of at most
 * room bytes.  Returns the bytes written, 0 when nothing fits (the caller
 * ends this read), or -EFAULT.
 */
ssize_t td_stage_emit(struct td_stage *st, char __user *ubuf, size_t room,
		      u32 seq)
{
	struct nlmsghdr nlh = {
		.nlmsg_type = TASK_DIAG_CMD_GET,
		.nlmsg_flags = NLM_F_MULTI,
		.nlmsg_seq = seq,
	};
	struct task_diag_msg msg = { .pid = st->pid, .tgid = st->tgid };
	size_t off = TD_MSG_HDRLEN;
	int nattrs = 0;

	if (room < TD_MSG_HDRLEN)
		return 0;
	while (st->pos < st->len) {
		struct td_rec *rec = (struct td_rec *)(st->buf + st->pos);
		const char *payload = (const char *)(rec + 1);
		size_t unit = td_split_unit(rec->type);
		size_t left = rec->len - st->part, n;
		struct nlattr nla;

		if (room - off < NLA_HDRLEN)
			break;
		if (unit) {
			/* padded to 4 bytes, a chunk must still fit the room */
			n = min_t(size_t, left, TASK_DIAG_MAX_CHUNK);
			n = min_t(size_t, n, (room - off - NLA_HDRLEN) & ~3UL);
			n -= n % unit;
			/* nothing fits, but an empty value still has to go */
			if (!n && left)
				break;
		} else {
			n = left;
			if (NLA_HDRLEN + NLA_ALIGN(n) > room - off)
				break;
		}
		nla.nla_type = rec->type;
		nla.nla_len = NLA_HDRLEN + n;
		if (copy_to_user(ubuf + off, &nla, sizeof(nla)) ||
		    copy_to_user(ubuf + off + NLA_HDRLEN, payload + st->part, n))
			return -EFAULT;
		/* zero the alignment padding rather than leak old bytes */
		if (NLA_ALIGN(n) != n &&
		    clear_user(ubuf + off + NLA_HDRLEN + n, NLA_ALIGN(n) - n))
			return -EFAULT;
		off += NLA_HDRLEN + NLA_ALIGN(n);
		nattrs++;
		st->part += n;
		if (st->part == rec->len) {
			st->pos += TD_REC_SPACE(rec->len);
			st->part = 0;
		}
	}
	/*
	 * A message that would carry nothing while attributes remain is not
	 * sent: the caller starts the next read with it instead.
	 */
	if (!nattrs && st->pos < st->len)
		return 0;
	if (st->pos < st->len)
		msg.flags |= TASK_DIAG_FLAG_CONT;
	else
		st->active = false;
	nlh.nlmsg_len = off;
	if (copy_to_user(ubuf, &nlh, sizeof(nlh)) ||
	    copy_to_user(ubuf + NLMSG_HDRLEN, &msg, sizeof(msg)))
		return -EFAULT;
	return off;
}

ssize_t td_emit_version(char __user *ubuf, size_t room, u32 seq)
{
	struct {
		struct nlmsghdr nlh;
		struct task_diag_version v;
	} r = {
		.nlh = {
			.nlmsg_len = sizeof(r),
			.nlmsg_type = TASK_DIAG_CMD_VERSION,
			.nlmsg_seq = seq,
		},
		.v = {
			.version = TASK_DIAG_VERSION,
			.min_read_size = TASK_DIAG_MIN_READ_SIZE,
			.supported_groups = td_supported_groups(),
			.supported_strategies = td_supported_strategies(),
			.max_chunk = TASK_DIAG_MAX_CHUNK,
			.max_request_size = TASK_DIAG_MAX_REQUEST_SIZE,
		},
	};

	BUILD_BUG_ON(sizeof(r) != NLMSG_HDRLEN + 32);
	if (room < sizeof(r))
		return -EINVAL;
	if (copy_to_user(ubuf, &r, sizeof(r)))
		return -EFAULT;
	return sizeof(r);
}
