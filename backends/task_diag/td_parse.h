/* The reply parser: netlink-framed task_diag answers into td_rec records.
 *
 * Pure over the bytes it is given: no I/O, only the growth of the
 * variable-attribute buffers, so hand-built buffers can unit-test and fuzz
 * it.  A task may span several messages (TASK_DIAG_FLAG_CONT) and several
 * read() chunks; the parser keeps the open task between calls. */
#ifndef PROCPS_TD_TD_PARSE_H
#define PROCPS_TD_TD_PARSE_H

#include "td_proto.h"

/* Called once per complete task; a non-zero return stops the parse and is
 * passed back to the caller. */
typedef int (*td_emit_fn)(const struct td_rec *r, void *arg);

struct td_parser {
	struct td_rec rec;
	uint32_t seq;           /* the request's nlmsg_seq, echoed in replies */
	int open;               /* rec holds a task whose last message had CONT */
	int started;            /* rec holds at least one message */
	int done;               /* NLMSG_DONE seen: nothing may follow */
	unsigned long ntasks;   /* tasks emitted so far */
};

void td_parser_init(struct td_parser *p, uint32_t seq);
/* Starts a new answer, keeping the buffers. */
void td_parser_reset(struct td_parser *p, uint32_t seq);
void td_parser_free(struct td_parser *p);

/* Feeds the whole messages one read() returned.  0 on success, -EBADMSG
 * for broken framing (truncated or overlong message or attribute, a
 * continuation of another task, a wrong type or sequence number), -ENOMEM,
 * the error an NLMSG_ERROR message carries, or what emit returned. */
int td_parse_chunk(struct td_parser *p, const void *buf, size_t len,
		   td_emit_fn emit, void *arg);
/* The answer ended (read returned 0).  -EBADMSG when the last task still
 * expected a continuation (that task was never emitted). */
int td_parse_finish(struct td_parser *p);

/* Parses a whole TASK_DIAG_CMD_VERSION answer (one message). */
int td_parse_version(const void *buf, size_t len, uint32_t seq,
		     struct task_diag_version *v);

#endif
