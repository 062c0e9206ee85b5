/* The task_diag backend's view of the module's UAPI, and the one record
 * type its parts pass around: a task merged from all of its messages.
 *
 * The wire format is kmod/include/uapi/linux/task_diag.h (owned by the
 * module); nothing here redefines it. */
#ifndef PROCPS_TD_TD_PROTO_H
#define PROCPS_TD_TD_PROTO_H

#include <stddef.h>
#include <stdint.h>
#include "kmod/include/uapi/linux/task_diag.h"

/* Bytes between the nlmsghdr and the first attribute of a task message. */
#define TD_MSG_HDRLEN ((int)sizeof(struct task_diag_msg))

/* A variable attribute's value: its chunks concatenated. */
struct td_var {
	char *data;             /* not NUL terminated; NULL when never grown */
	size_t len, cap;
};

/* One task of an answer.  Fixed attributes are copied into their struct,
 * the member of the group's lower-case name in TASK_DIAG_ATTRS (shorter
 * payloads zero-extended, longer ones cut to what we know); a
 * struct whose `have` bit is clear holds an earlier task's bytes and must
 * not be read. */
struct td_rec {
	uint32_t pid, tgid;     /* from task_diag_msg */
	uint64_t have;          /* bit n: attribute type n arrived */
	uint64_t withheld;      /* TASK_DIAG_WITHHELD, 0 when absent */
	int process;            /* TASK_DIAG_PROCESS: a group's process
				 * message (process-wide STAT and IO) */
	uint32_t base_len;      /* payload bytes of BASE as sent (the owner
				 * needs version 2's 128) */
	struct task_diag_base base;
	struct task_diag_creds cred;
	struct task_diag_stat stat;
	struct task_diag_statm statm;
	struct task_diag_io io;
	struct task_diag_ns ns;
	struct task_diag_oom oom;
	struct task_diag_loginuid loginuid;
	struct td_var var[__TASK_DIAG_GROUP_MAX];
};

/* 1 when attribute type g carries bytes that chunks concatenate. */
int td_type_is_variable(unsigned g);

#endif
