/* Requests: which task_diag groups a set of data groups needs, and the
 * netlink-framed request message itself. */
#ifndef PROCPS_TD_TD_REQ_H
#define PROCPS_TD_TD_REQ_H

#include <stddef.h>
#include "../../library/items.h"
#include "td_proto.h"

struct td_plan {
	uint64_t show;          /* asked of the module on every scan */
	uint64_t whole_show;    /* what differs between /proc/PID and its
				 * leader's task/PID: STAT and IO */
	group_mask native;      /* groups the module fills */
	group_mask fallback;    /* groups read from procfs instead */
	uint32_t flags;         /* TASK_DIAG_REQ_*: the parts to skip */
};

/* Splits groups between the module (within `supported`, the version
 * handshake's supported_groups; `version` its version) and procfs, and
 * asks the module to skip what no group needs (within `supported_flags`,
 * the handshake's).  -1 when stat itself cannot come from the module. */
int td_plan_make(group_mask groups, uint64_t supported, uint32_t version,
		 uint32_t supported_flags, struct td_plan *p);

/* Writes one request message into buf (room: cap bytes).  Returns its
 * length, or -1 when it does not fit or libnl fails. */
int td_req_get(void *buf, size_t cap, uint64_t show, uint32_t flags,
	       uint32_t strategy, uint32_t pid, uint32_t seq);
int td_req_version(void *buf, size_t cap, uint32_t seq);
/* A LIST request (module version 4): the ids of proc answered as
 * /proc/ID, then those of thr as /proc/TGID/task/ID. */
int td_req_list(void *buf, size_t cap, uint64_t show, uint32_t flags,
		const uint32_t *proc, size_t nproc, const uint32_t *thr,
		size_t nthr, uint32_t seq);

#endif
