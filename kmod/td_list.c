// SPDX-License-Identifier: GPL-2.0
/*
 * The LIST strategy: the tasks of a list of ids the request carries, each
 * answered as ONE (a process id) or as the thread strategies (a thread
 * id) answer it, in the list's order.  The ids are copied at write time
 * and walked by index, so a resumed read costs nothing more than the ids
 * still to come; a lookup that finds nothing is skipped.
 */
#include <linux/netlink.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include "td.h"

/* How many ids the attributes at attrs (len bytes) hold; -EINVAL if they
 * do not tile the bytes exactly or one is of an unknown type. */
static int td_list_count(const char *attrs, size_t len)
{
	struct nlattr nla;
	size_t off = 0;
	int n = 0;

	while (off < len) {
		if (len - off < NLA_HDRLEN)
			return -EINVAL;
		memcpy(&nla, attrs + off, sizeof(nla));
		if (nla.nla_len < NLA_HDRLEN || nla.nla_len > len - off ||
		    (nla.nla_len - NLA_HDRLEN) % sizeof(u32))
			return -EINVAL;
		if (nla.nla_type != TASK_DIAG_LIST_PROCESS &&
		    nla.nla_type != TASK_DIAG_LIST_THREAD)
			return -EINVAL;
		n += (nla.nla_len - NLA_HDRLEN) / sizeof(u32);
		off += nla.nla_len;	/* 4 plus 4n: already aligned */
	}
	return n;
}

int td_list_parse(struct td_iter *it, const char *attrs, size_t len)
{
	struct nlattr nla;
	size_t off = 0;
	int n = td_list_count(attrs, len);
	unsigned int k = 0;
	u32 id, mark;

	if (n <= 0)
		return -EINVAL;		/* malformed, or no id at all */
	it->list = kmalloc_array(n, sizeof(u32), TD_GFP);
	if (!it->list)
		return -ENOMEM;
	while (off < len) {
		memcpy(&nla, attrs + off, sizeof(nla));
		mark = nla.nla_type == TASK_DIAG_LIST_THREAD ? TD_LIST_THREAD : 0;
		for (size_t p = NLA_HDRLEN; p < nla.nla_len; p += sizeof(u32)) {
			memcpy(&id, attrs + off + p, sizeof(id));
			if (!id || id > INT_MAX) {
				kfree(it->list);
				it->list = NULL;
				return -EINVAL;
			}
			it->list[k++] = id | mark;
		}
		off += nla.nla_len;
	}
	it->nlist = k;
	it->list_pos = 0;
	return 0;
}

/*
 * The next listed task the opener may see, referenced; whole: process-wide
 * STAT and IO (a process id).  Lookups that fail are skipped, with a
 * reschedule point each, since a list may name many tasks that are gone.
 */
struct task_struct *td_list_next(struct td_ctx *ctx, bool *whole)
{
	struct td_iter *it = &ctx->it;
	struct task_struct *task;
	u32 id;

	while (it->list_pos < it->nlist) {
		id = it->list[it->list_pos++];
		task = td_find_task(ctx->pid_ns, id & ~TD_LIST_THREAD);
		if (task && !td_visible(ctx, task, HIDEPID_INVISIBLE)) {
			put_task_struct(task);
			task = NULL;
		}
		/*
		 * hidepid=1: a group the opener may not enter has no
		 * /proc/PID/task to read a thread from; only the leader is
		 * listed, as /proc lists it (ALL_THREAD)
		 */
		if (task && (id & TD_LIST_THREAD) &&
		    !thread_group_leader(task) &&
		    !td_visible(ctx, task, HIDEPID_NO_ACCESS)) {
			put_task_struct(task);
			task = NULL;
		}
		if (task) {
			*whole = !(id & TD_LIST_THREAD);
			return task;
		}
		cond_resched();
	}
	return NULL;
}
