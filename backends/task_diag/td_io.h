/* Transport: the transactional file /proc/task-diag.  One open fd, kept
 * across scans; one write per request, then reads of whole messages into
 * a large buffer until read() returns 0. */
#ifndef PROCPS_TD_TD_IO_H
#define PROCPS_TD_TD_IO_H

#include "td_parse.h"

#ifndef TD_PATH
#define TD_PATH "/proc/task-diag"
#endif

enum { TD_READ_BUF = 512 * 1024 };

struct td_conn {
	int fd;
	char *buf;
	size_t bufsize;
	uint32_t seq;
	struct task_diag_version ver;
};

/* Opens the file and checks the version handshake.  0 or -errno
 * (-EPROTO for a module this client does not understand). */
int td_conn_open(struct td_conn *c);
void td_conn_close(struct td_conn *c);

/* Asks one question and feeds its whole answer to the parser.
 * Returns 0; or the write's -errno (*fatal 0: nothing was started, e.g.
 * -ESRCH for a pid that is gone); or any other failure with *fatal 1:
 * the transport or the answer broke and the fd should be reopened. */
int td_conn_query(struct td_conn *c, struct td_parser *p, uint64_t show,
		  uint32_t flags, uint32_t strategy, uint32_t pid,
		  td_emit_fn emit, void *arg, int *fatal);

/* The same with a LIST request (module version 4) of the ids of proc
 * and thr (at most td_list_room() together). */
int td_conn_list(struct td_conn *c, struct td_parser *p, uint64_t show,
		 uint32_t flags, const uint32_t *proc, size_t nproc,
		 const uint32_t *thr, size_t nthr, td_emit_fn emit, void *arg,
		 int *fatal);
/* How many ids one LIST request to this module holds. */
size_t td_list_room(const struct td_conn *c);

#endif
