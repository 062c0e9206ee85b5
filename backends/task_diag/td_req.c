/* Request building with libnl-3's message constructors. */
#include <string.h>
#include <netlink/msg.h>
#include "td_fill.h"
#include "td_req.h"

int td_plan_make(group_mask groups, uint64_t supported, uint32_t version,
		 uint32_t supported_flags, struct td_plan *p)
{
	memset(p, 0, sizeof(*p));
	groups |= GROUP_BIT(GRP_STAT);
	for (int g = 0; g < GRP_COUNT; g++) {
		uint64_t need;

		if (!(groups & GROUP_BIT(g)))
			continue;
		need = td_group_show((enum data_group)g);
		/* version 2's BASE carries the owner itself */
		if (g == GRP_OWNER && version >= 2)
			need = TASK_DIAG_SHOW_BASE;
		if (need && (need & supported) == need) {
			p->show |= need;
			p->native |= GROUP_BIT(g);
		} else {
			p->fallback |= GROUP_BIT(g);
		}
	}
	if (p->fallback & GROUP_BIT(GRP_STAT))
		return -1;
	p->whole_show = p->show & (TASK_DIAG_SHOW_STAT | TASK_DIAG_SHOW_IO);
	/* the parts of STAT that cost a walk or a lock per task */
	if (!(groups & GROUP_BIT(GRP_STAT_MM)))
		p->flags |= TASK_DIAG_REQ_NO_STAT_MM;
	if (!(groups & GROUP_BIT(GRP_STAT_IDS)))
		p->flags |= TASK_DIAG_REQ_NO_IDS;
	if (!(groups & GROUP_BIT(item_table[ITEM_SIG_IGNORED].group)) &&
	    !(groups & GROUP_BIT(item_table[ITEM_SIG_CAUGHT].group)))
		p->flags |= TASK_DIAG_REQ_NO_SIGHANDLERS;
	p->flags &= supported_flags;
	return 0;
}

/* The message msg holds, into buf (room: cap bytes), with seq; frees
 * msg.  Its length, or -1. */
static int finish(struct nl_msg *msg, void *buf, size_t cap, uint32_t seq)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	int len = -1;

	nlh->nlmsg_seq = seq;
	if (nlh->nlmsg_len <= cap) {
		memcpy(buf, nlh, nlh->nlmsg_len);
		len = (int)nlh->nlmsg_len;
	}
	nlmsg_free(msg);
	return len;
}

static int build(void *buf, size_t cap, int type, const void *payload,
		 size_t plen, uint32_t seq)
{
	struct nl_msg *msg = nlmsg_alloc_simple(type, 0);

	if (!msg)
		return -1;
	if (plen && nlmsg_append(msg, (void *)payload, plen, NLMSG_ALIGNTO) < 0) {
		nlmsg_free(msg);
		return -1;
	}
	return finish(msg, buf, cap, seq);
}

int td_req_get(void *buf, size_t cap, uint64_t show, uint32_t flags,
	       uint32_t strategy, uint32_t pid, uint32_t seq)
{
	struct task_diag_pid req;

	memset(&req, 0, sizeof(req));
	req.show_flags = show;
	req.dump_strategy = strategy;
	req.pid = pid;
	req.flags = flags;
	return build(buf, cap, TASK_DIAG_CMD_GET, &req, sizeof(req), seq);
}

int td_req_version(void *buf, size_t cap, uint32_t seq)
{
	return build(buf, cap, TASK_DIAG_CMD_VERSION, NULL, 0, seq);
}

int td_req_list(void *buf, size_t cap, uint64_t show, uint32_t flags,
		const uint32_t *proc, size_t nproc, const uint32_t *thr,
		size_t nthr, uint32_t seq)
{
	struct task_diag_pid req;
	struct nl_msg *msg;

	memset(&req, 0, sizeof(req));
	req.show_flags = show;
	req.dump_strategy = TASK_DIAG_DUMP_LIST;
	req.flags = flags;
	/* room for the largest request the module takes */
	msg = nlmsg_alloc_size(TASK_DIAG_MAX_REQUEST_SIZE + NLMSG_HDRLEN);
	if (!msg)
		return -1;
	nlmsg_hdr(msg)->nlmsg_type = TASK_DIAG_CMD_GET;
	if (nlmsg_append(msg, &req, sizeof(req), NLMSG_ALIGNTO) < 0 ||
	    (nproc && nla_put(msg, TASK_DIAG_LIST_PROCESS,
			      (int)(nproc * sizeof(*proc)), proc) < 0) ||
	    (nthr && nla_put(msg, TASK_DIAG_LIST_THREAD,
			     (int)(nthr * sizeof(*thr)), thr) < 0)) {
		nlmsg_free(msg);
		return -1;
	}
	return finish(msg, buf, cap, seq);
}
