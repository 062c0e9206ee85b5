/* The only file of the backend that makes system calls on the module. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "td_req.h"
#include "td_io.h"

static ssize_t read_some(int fd, void *buf, size_t n)
{
	ssize_t r;

	do
		r = read(fd, buf, n);
	while (r < 0 && errno == EINTR);
	return r < 0 ? -errno : r;
}

static int write_req(int fd, const void *buf, size_t n)
{
	ssize_t r;

	do
		r = write(fd, buf, n);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return -errno;
	return (size_t)r == n ? 0 : -EIO;
}

/* Reads and drops the rest of an answer so the fd takes a new request. */
static int drain(struct td_conn *c)
{
	ssize_t r;

	while ((r = read_some(c->fd, c->buf, c->bufsize)) > 0)
		;
	return (int)r;
}

int td_conn_open(struct td_conn *c)
{
	char req[64];
	int len, rc;
	ssize_t r;

	memset(c, 0, sizeof(*c));
	c->fd = open(TD_PATH, O_RDWR | O_CLOEXEC);
	if (c->fd < 0)
		return -errno;
	c->bufsize = TD_READ_BUF;
	c->buf = malloc(c->bufsize);
	if (!c->buf) {
		td_conn_close(c);
		return -ENOMEM;
	}
	c->seq = 1;
	len = td_req_version(req, sizeof(req), c->seq);
	rc = len < 0 ? -ENOMEM : write_req(c->fd, req, (size_t)len);
	if (rc == 0) {
		r = read_some(c->fd, c->buf, c->bufsize);
		if (r < 0)
			rc = (int)r;
		else if (td_parse_version(c->buf, (size_t)r, c->seq, &c->ver))
			rc = -EPROTO;
		else if (read_some(c->fd, c->buf, c->bufsize) != 0)
			rc = -EPROTO;
	}
	if (rc == 0 && (c->ver.version < 1 ||
			(c->ver.min_read_size && c->ver.min_read_size > c->bufsize)))
		rc = -EPROTO;
	if (rc) {
		td_conn_close(c);
		return rc;
	}
	return 0;
}

void td_conn_close(struct td_conn *c)
{
	if (c->fd >= 0)
		close(c->fd);
	free(c->buf);
	c->fd = -1;
	c->buf = NULL;
}

/* Writes the request req (len bytes) and feeds its answer to the parser:
 * td_conn_query()'s contract. */
static int ask(struct td_conn *c, struct td_parser *p, const void *req,
	       int len, td_emit_fn emit, void *arg, int *fatal)
{
	int rc;

	if (len < 0)
		return -ENOMEM;
	rc = write_req(c->fd, req, (size_t)len);
	if (rc) {
		/* the request was refused; the fd stays idle unless the
		 * file itself is gone (module unloaded) */
		if (rc != -ESRCH && rc != -EOPNOTSUPP && rc != -EINVAL)
			*fatal = 1;
		return rc;
	}
	td_parser_reset(p, c->seq);
	for (;;) {
		ssize_t r = read_some(c->fd, c->buf, c->bufsize);

		if (r < 0) {
			*fatal = 1;
			return (int)r;
		}
		if (r == 0)
			break;
		rc = td_parse_chunk(p, c->buf, (size_t)r, emit, arg);
		if (rc) {
			*fatal = drain(c) < 0;
			return rc;
		}
	}
	rc = td_parse_finish(p);
	return rc;
}

static uint32_t next_seq(struct td_conn *c)
{
	if (++c->seq == 0)
		c->seq = 1;
	return c->seq;
}

int td_conn_query(struct td_conn *c, struct td_parser *p, uint64_t show,
		  uint32_t flags, uint32_t strategy, uint32_t pid,
		  td_emit_fn emit, void *arg, int *fatal)
{
	char req[128];
	uint32_t seq = next_seq(c);

	*fatal = 0;
	return ask(c, p, req, td_req_get(req, sizeof(req), show, flags,
					 strategy, pid, seq),
		   emit, arg, fatal);
}

int td_conn_list(struct td_conn *c, struct td_parser *p, uint64_t show,
		 uint32_t flags, const uint32_t *proc, size_t nproc,
		 const uint32_t *thr, size_t nthr, td_emit_fn emit, void *arg,
		 int *fatal)
{
	char req[TASK_DIAG_MAX_REQUEST_SIZE];
	uint32_t seq = next_seq(c);

	*fatal = 0;
	return ask(c, p, req, td_req_list(req, sizeof(req), show, flags, proc,
					   nproc, thr, nthr, seq),
		   emit, arg, fatal);
}

size_t td_list_room(const struct td_conn *c)
{
	size_t max = c->ver.max_request_size;

	if (!max || max > TASK_DIAG_MAX_REQUEST_SIZE)
		max = TASK_DIAG_MAX_REQUEST_SIZE;
	/* the header, the request and the two lists' attribute headers */
	return (max - 16 - sizeof(struct task_diag_pid) - 2 * 4) / 4;
}
