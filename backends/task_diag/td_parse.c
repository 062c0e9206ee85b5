/* Reply parsing: netlink messages and their attributes.
 *
 * Every length is checked before use: msg_ok()/attr_ok() bound each
 * message and attribute by what is left of the buffer (the checks of
 * libnl's nlmsg_ok()/nla_ok()), and a buffer that does not end exactly on
 * a message boundary is refused as a whole.  The walk is inline rather
 * than libnl's: a library call per step was most of the parser's cost
 * (bench/tdparse), and the parser is a visible part of top's and ps's
 * CPU with the module. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <linux/netlink.h>
#include "td_parse.h"

/* A whole message header and a length that fits in what is left. */
static inline int msg_ok(const struct nlmsghdr *h, int rem)
{
	return rem >= (int)sizeof(*h) && h->nlmsg_len >= sizeof(*h) &&
	       h->nlmsg_len <= (unsigned)rem;
}

static inline const struct nlmsghdr *msg_next(const struct nlmsghdr *h,
					      int *rem)
{
	int step = (int)NLMSG_ALIGN(h->nlmsg_len);

	*rem -= step;
	return (const struct nlmsghdr *)((const char *)h + step);
}

static inline int attr_ok(const struct nlattr *a, int rem)
{
	return rem >= (int)sizeof(*a) && a->nla_len >= sizeof(*a) &&
	       a->nla_len <= rem;
}

static inline const struct nlattr *attr_next(const struct nlattr *a,
					     int *rem)
{
	int step = (int)NLA_ALIGN(a->nla_len);

	*rem -= step;
	return (const struct nlattr *)((const char *)a + step);
}

/* The payload of a message whose length msg_ok() accepted. */
static inline const void *msg_data(const struct nlmsghdr *h)
{
	return (const char *)h + NLMSG_HDRLEN;
}

/* No value is allowed to grow past this (a runaway answer, not data). */
#define TD_VAR_LIMIT ((size_t)256 << 20)

int td_type_is_variable(unsigned g)
{
	static const unsigned char unit[__TASK_DIAG_GROUP_MAX] = {
#define UNIT(NAME, name, kind) [TASK_DIAG_##NAME] = TASK_DIAG_KIND_##kind,
		TASK_DIAG_ATTRS(UNIT)
#undef UNIT
	};

	return g < __TASK_DIAG_GROUP_MAX && unit[g] != 0;
}

void td_parser_init(struct td_parser *p, uint32_t seq)
{
	memset(p, 0, sizeof(*p));
	p->seq = seq;
}

/* A record for the next task.  Only what says which attributes arrived
 * is cleared: a fixed slot is read only when its `have` bit is set, and
 * is overwritten whole (zero-extended) when it arrives; variable values
 * start empty, keeping their buffers. */
static void rec_reset(struct td_rec *r)
{
	/* a value grows only after its type's have bit is set */
	for (uint64_t v = r->have; v; v &= v - 1) {
		unsigned g = (unsigned)__builtin_ctzll(v);

		if (g < __TASK_DIAG_GROUP_MAX)
			r->var[g].len = 0;
	}
	r->pid = r->tgid = 0;
	r->have = r->withheld = 0;
	r->process = 0;
	r->base_len = 0;
}

void td_parser_reset(struct td_parser *p, uint32_t seq)
{
	rec_reset(&p->rec);
	p->seq = seq;
	p->open = p->started = p->done = 0;
	p->ntasks = 0;
}

void td_parser_free(struct td_parser *p)
{
	for (unsigned g = 0; g < __TASK_DIAG_GROUP_MAX; g++)
		free(p->rec.var[g].data);
	memset(p, 0, sizeof(*p));
}

static int var_append(struct td_var *v, const void *data, size_t n)
{
	if (!n)
		return 0;
	if (n > TD_VAR_LIMIT - v->len)
		return -EBADMSG;
	if (v->len + n > v->cap) {
		size_t cap = v->cap ? v->cap : 256;
		char *d;

		while (cap < v->len + n)
			cap *= 2;
		d = realloc(v->data, cap);
		if (!d)
			return -ENOMEM;
		v->data = d;
		v->cap = cap;
	}
	memcpy(v->data + v->len, data, n);
	v->len += n;
	return 0;
}

/* Where a fixed-size attribute lands, and how big we know it to be. */
static void *fixed_slot(struct td_rec *r, unsigned type, size_t *size)
{
#define SLOT_FIXED(NAME, name) \
	case TASK_DIAG_##NAME: *size = sizeof(r->name); return &r->name;
#define SLOT_BYTES(NAME, name)
#define SLOT_U32S(NAME, name)
#define SLOT_RESERVED(NAME, name)
#define SLOT(NAME, name, kind) SLOT_##kind(NAME, name)
	switch (type) {
	TASK_DIAG_ATTRS(SLOT)
	}
#undef SLOT
#undef SLOT_FIXED
#undef SLOT_BYTES
#undef SLOT_U32S
#undef SLOT_RESERVED
	*size = 0;
	return NULL;
}

static int take_attr(struct td_rec *r, const struct nlattr *nla)
{
	unsigned type = nla->nla_type & NLA_TYPE_MASK;
	size_t plen = (size_t)nla->nla_len - NLA_HDRLEN, size;
	const void *data = (const char *)nla + NLA_HDRLEN;
	void *slot;

	if (type == TASK_DIAG_WITHHELD) {
		uint64_t v = 0;

		memcpy(&v, data, plen < sizeof(v) ? plen : sizeof(v));
		r->withheld |= v;
		return 0;
	}
	if (type == TASK_DIAG_PROCESS) {
		r->process = 1;
		return 0;
	}
	if (type >= __TASK_DIAG_GROUP_MAX)
		return 0;       /* a group newer than this client: skip it */
	r->have |= TASK_DIAG_SHOW(type);
	if (td_type_is_variable(type))
		return var_append(&r->var[type], data, plen);
	slot = fixed_slot(r, type, &size);
	if (!slot)
		return 0;       /* reserved types (VMA): not used */
	if (plen < size) {
		memcpy(slot, data, plen);
		memset((char *)slot + plen, 0, size - plen);
	} else {
		memcpy(slot, data, size);
	}
	if (type == TASK_DIAG_BASE)
		r->base_len = (uint32_t)plen;
	return 0;
}

static int task_msg(struct td_parser *p, const struct nlmsghdr *nlh,
		    td_emit_fn emit, void *arg)
{
	struct task_diag_msg m;
	const struct nlattr *nla;
	int rem, rc;

	if (nlh->nlmsg_seq != p->seq ||
	    nlh->nlmsg_len < NLMSG_HDRLEN + NLMSG_ALIGN(TD_MSG_HDRLEN))
		return -EBADMSG;
	memcpy(&m, msg_data(nlh), sizeof(m));
	if (p->open) {
		if (m.pid != p->rec.pid || m.tgid != p->rec.tgid)
			return -EBADMSG;
	} else {
		rec_reset(&p->rec);
		p->rec.pid = m.pid;
		p->rec.tgid = m.tgid;
	}
	p->started = 1;
	rem = (int)nlh->nlmsg_len - NLMSG_HDRLEN - (int)NLMSG_ALIGN(TD_MSG_HDRLEN);
	nla = (const struct nlattr *)((const char *)msg_data(nlh) +
				      NLMSG_ALIGN(TD_MSG_HDRLEN));
	for (; attr_ok(nla, rem); nla = attr_next(nla, &rem)) {
		rc = take_attr(&p->rec, nla);
		if (rc)
			return rc;
	}
	/* What is left must be the padding of the last attribute. */
	if (rem > 0 || rem <= -(int)NLA_ALIGNTO)
		return -EBADMSG;
	p->open = (m.flags & TASK_DIAG_FLAG_CONT) != 0;
	if (p->open)
		return 0;
	p->started = 0;
	p->ntasks++;
	return emit ? emit(&p->rec, arg) : 0;
}

int td_parse_chunk(struct td_parser *p, const void *buf, size_t len,
		   td_emit_fn emit, void *arg)
{
	const struct nlmsghdr *nlh = buf;
	int rem, rc;

	if (len > INT_MAX)
		return -EBADMSG;
	rem = (int)len;
	for (; msg_ok(nlh, rem); nlh = msg_next(nlh, &rem)) {
		if (p->done)
			return -EBADMSG;
		switch (nlh->nlmsg_type) {
		case NLMSG_NOOP:
			continue;
		case NLMSG_DONE:
			if (p->open)
				return -EBADMSG;
			p->done = 1;
			continue;
		case NLMSG_ERROR: {
			struct nlmsgerr e;

			if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(e))
				return -EBADMSG;
			memcpy(&e, msg_data(nlh), sizeof(e));
			if (e.error == 0)
				continue;       /* an acknowledgement */
			return e.error < 0 ? e.error : -EBADMSG;
		}
		case TASK_DIAG_CMD_GET:
			rc = task_msg(p, nlh, emit, arg);
			if (rc)
				return rc;
			continue;
		default:
			return -EBADMSG;
		}
	}
	/* Whole messages only: anything left over is a cut message. */
	if (rem > 0 || rem <= -(int)NLMSG_ALIGNTO)
		return -EBADMSG;
	return 0;
}

int td_parse_finish(struct td_parser *p)
{
	return p->open ? -EBADMSG : 0;
}

int td_parse_version(const void *buf, size_t len, uint32_t seq,
		     struct task_diag_version *v)
{
	const struct nlmsghdr *nlh = buf;
	size_t plen;

	memset(v, 0, sizeof(*v));
	if (len < NLMSG_HDRLEN || len > INT_MAX ||
	    !msg_ok(nlh, (int)len) || nlh->nlmsg_type != TASK_DIAG_CMD_VERSION ||
	    nlh->nlmsg_seq != seq)
		return -EBADMSG;
	plen = (size_t)nlh->nlmsg_len - NLMSG_HDRLEN;
	if (plen < sizeof(v->version) ||
	    NLMSG_ALIGN(nlh->nlmsg_len) < len)
		return -EBADMSG;
	memcpy(v, msg_data(nlh), plen < sizeof(*v) ? plen : sizeof(*v));
	return 0;
}
