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
 *
 * Values read from the task's memory (CMDLINE, ENVIRON; up to the 6 MiB
 * exec allows, more after prctl(PR_SET_MM)) and the group list (up to 256
 * KiB) are not staged: their record names a stream, and emission reads
 * the value from its source a page at a time at the offset reached, as
 * read() of the procfs file does.  What one
 * descriptor holds between reads is thus the fixed-size records and short
 * texts of one task (a page or two), a pid or mm reference per stream and
 * an offset, whatever the size of the values.
 */
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/uaccess.h>
#include <linux/netlink.h>
#include <linux/pid_namespace.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include "td.h"

struct td_rec {
	u32 type;
	u32 len;	/* payload bytes, not counting padding */
};

#define TD_REC_SPACE(len)	(sizeof(struct td_rec) + ALIGN((len), 4))
/* in td_rec.type: the payload is the __u32 index of a struct td_stream */
#define TD_REC_STREAM		0x80000000u
#define TD_MSG_HDRLEN		(NLMSG_HDRLEN + sizeof(struct task_diag_msg))

/*
 * How an attribute may be cut: in multiples of its kind's unit (1 for
 * bytes, 4 for __u32 arrays); 0 for fixed structs, which never are.
 */
static size_t td_split_unit(u32 type)
{
	static const u8 unit[__TASK_DIAG_GROUP_MAX] = {
#define TD_UNIT(NAME, name, kind) [TASK_DIAG_##NAME] = TASK_DIAG_KIND_##kind,
		TASK_DIAG_ATTRS(TD_UNIT)
#undef TD_UNIT
	};

	return type < __TASK_DIAG_GROUP_MAX ? unit[type] : 0;
}

static void td_stream_put(struct td_stream *s)
{
	put_pid(s->pid);
	s->pid = NULL;
	if (s->mm)
		mmdrop(s->mm);
	s->mm = NULL;
	if (s->cred)
		put_cred(s->cred);
	s->cred = NULL;
}

/* Drop the references of the streams of the staged task. */
void td_stage_release(struct td_stage *st)
{
	unsigned int i;

	for (i = 0; i < st->nstreams; i++)
		td_stream_put(&st->streams[i]);
	st->nstreams = 0;
}

/*
 * A task's id of one type in ns: the walk's number when the task is
 * attached to the very struct pid the walk found (a live pid's numbers
 * never change), else a lookup, which gives 0 for a released task.  The
 * lookups were the module's dearest function in a dump (issue 16).
 */
static u32 td_task_nr(struct task_struct *task, enum pid_type type,
		      struct pid_namespace *ns, const struct td_iter *it)
{
	struct pid *p;

	if (it->group_pid) {
		p = type == PIDTYPE_PID ? READ_ONCE(task->thread_pid) :
			READ_ONCE(task->signal->pids[type]);
		if (p == it->group_pid)
			return it->group_nr;
	}
	return __task_pid_nr_ns(task, type, ns);
}

void td_stage_reset(struct td_stage *st, struct task_struct *task,
		    struct pid_namespace *ns, const struct td_iter *it)
{
	td_stage_release(st);
	/* one task's big value (a long group list) is not kept around */
	if (st->cap > TD_STAGE_KEEP)
		td_stage_free(st);
	st->len = 0;
	st->pos = 0;
	st->part = 0;
	st->pid = td_task_nr(task, PIDTYPE_PID, ns, it);
	st->tgid = td_task_nr(task, PIDTYPE_TGID, ns, it);
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
	nbuf = kvmalloc(cap, TD_GFP);
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

/*
 * lock_task_sighand() is an inline around the unexported
 * __lock_task_sighand().  This is the same lookup: sighand_struct is
 * SLAB_TYPESAFE_BY_RCU, so take its lock and check it is still the task's.
 */
struct sighand_struct *td_lock_sighand(struct task_struct *t,
				       unsigned long *flags)
{
	struct sighand_struct *sh;

	rcu_read_lock();
	for (;;) {
		sh = rcu_dereference(t->sighand);
		if (!sh)
			break;
		spin_lock_irqsave(&sh->siglock, *flags);
		if (likely(sh == rcu_access_pointer(t->sighand)))
			break;
		spin_unlock_irqrestore(&sh->siglock, *flags);
	}
	rcu_read_unlock();
	return sh;
}

/*
 * Run a procfs seq_file show routine into a private buffer and stage its
 * output as attribute type.  The buffer grows until the output fits.
 */
int td_seq_capture(struct td_stage *st, u32 type,
		   int (*show)(struct seq_file *m, void *arg), void *arg)
{
	size_t size = PAGE_SIZE;
	int ret;

	for (;;) {
		struct seq_file m = { .size = size };

		m.buf = kvmalloc(size, TD_GFP);
		if (!m.buf)
			return -ENOMEM;
		ret = show(&m, arg);
		if (!ret && m.count >= m.size) {
			kvfree(m.buf);
			if (size >= SZ_16M)
				return -EFBIG;
			size *= 2;
			continue;
		}
		if (!ret)
			ret = td_stage_put(st, type, m.buf, m.count);
		kvfree(m.buf);
		return ret;
	}
}

/*
 * Stage a value of type to be read at emission time by read.  The caller
 * sets the stream's source, a reference of its own: pid (CMDLINE), mm
 * (ENVIRON) or cred (GROUPS).  NULL: no memory.
 */
struct td_stream *td_stage_stream(struct td_stage *st, u32 type,
				  td_stream_read_fn *read)
{
	struct td_stream *s;
	u32 idx = st->nstreams;

	if (WARN_ON_ONCE(idx >= TD_NSTREAMS))
		return NULL;
	if (td_stage_put(st, type | TD_REC_STREAM, &idx, sizeof(idx)))
		return NULL;
	s = &st->streams[idx];
	memset(s, 0, sizeof(*s));
	s->type = type;
	s->read = read;
	st->nstreams++;
	return s;
}

void td_stage_free(struct td_stage *st)
{
	td_stage_release(st);
	kvfree(st->buf);
	st->buf = NULL;
	st->cap = 0;
	st->len = 0;
	st->active = false;
}

/*
 * The supplementary groups from byte pos, a page at the most, mapped as
 * the status Groups line maps them for the opener.
 */
ssize_t td_groups_stream_read(struct td_stream *s, char *dst, size_t count,
			      char *page, bool *end)
{
	struct user_namespace *ns = current_user_ns();
	const struct group_info *gi = s->cred->group_info;
	size_t i = s->pos / sizeof(u32), n = 0;
	u32 *g = (u32 *)dst;	/* 4-aligned: attributes start so */

	count /= sizeof(u32);
	for (; n < count && i + n < gi->ngroups; n++)
		g[n] = from_kgid_munged(ns, gi->gid[i + n]);
	*end = i + n >= gi->ngroups;
	return n * sizeof(u32);
}

/*
 * Read the next chunk of a stream into dst: at most count bytes from its
 * offset, with the rules of the procfs file.  *end says the value has no
 * more bytes now.  The scratch page is the current read's (td_dump()).
 */
static ssize_t td_stream_read(struct td_stage *st, struct td_stream *s,
			      char *dst, size_t count, bool *end)
{
	*end = true;
	if (WARN_ON_ONCE(!st->page))
		return -EINVAL;
	return s->read(s, dst, count, st->page, end);
}

/*
 * Emit the next chunk of the stream of record rec as one attribute at
 * out, at most room bytes with its header.  Each call sends an attribute
 * (an empty one if the value is empty or has shrunk) unless no payload
 * byte fits: returns the bytes written, 0 if nothing fits, or -errno.
 */
static ssize_t td_stream_emit(struct td_stage *st, struct td_rec *rec,
			      char *out, size_t room)
{
	u32 idx = *(u32 *)(rec + 1);
	struct td_stream *s = &st->streams[idx];
	struct nlattr nla = { .nla_type = s->type };
	size_t n = min_t(size_t, TASK_DIAG_MAX_CHUNK,
			 (room - NLA_HDRLEN) & ~3UL);
	ssize_t got;
	bool end;

	if (!n)
		return 0;
	got = td_stream_read(st, s, out + NLA_HDRLEN, n, &end);
	if (got < 0)
		return got;
	nla.nla_len = NLA_HDRLEN + got;
	memcpy(out, &nla, sizeof(nla));
	memset(out + NLA_HDRLEN + got, 0, NLA_ALIGN(got) - got);
	s->pos += got;
	if (end) {
		/* done: let go of the task's memory at once */
		td_stream_put(s);
		st->pos += TD_REC_SPACE(rec->len);
		st->part = 0;
	}
	return NLA_HDRLEN + NLA_ALIGN(got);
}

/*
 * Copy the next part of the staged task to out (the descriptor's kernel
 * buffer, copied to the reader once per read) as one message of at most
 * room bytes.  Returns the bytes written, 0 when nothing fits (the caller
 * ends this read), or -errno from a stream.
 */
ssize_t td_stage_emit(struct td_stage *st, char *out, size_t room, u32 seq)
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
		if (rec->type & TD_REC_STREAM) {
			ssize_t got = td_stream_emit(st, rec, out + off,
						     room - off);

			if (got < 0)
				return got;
			if (!got)
				break;
			off += got;
			nattrs++;
			continue;
		}
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
		memcpy(out + off, &nla, sizeof(nla));
		memcpy(out + off + NLA_HDRLEN, payload + st->part, n);
		/* zero the alignment padding rather than leak old bytes */
		memset(out + off + NLA_HDRLEN + n, 0, NLA_ALIGN(n) - n);
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
	memcpy(out, &nlh, sizeof(nlh));
	memcpy(out + NLMSG_HDRLEN, &msg, sizeof(msg));
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
			.supported_flags = TD_REQ_FLAGS,
		},
	};

	BUILD_BUG_ON(sizeof(r) != NLMSG_HDRLEN + 32);
	if (room < sizeof(r))
		return -EINVAL;
	if (copy_to_user(ubuf, &r, sizeof(r)))
		return -EFAULT;
	return sizeof(r);
}
