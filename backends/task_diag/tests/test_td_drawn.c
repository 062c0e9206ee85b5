/* Unit tests of the drawn rows' LIST request (td_drawn.c) against a
 * stand-in module: one end of a socket pair holds a hand-built answer,
 * the other is the connection.  The request must list each row's id
 * once, as a process or a thread id by the directory procfs would read,
 * and every answer must land in the rows of its id and kind only; a row
 * whose task is not answered keeps its groups missing. */
#include <errno.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>
#include "testsuite/unit/unit.h"
#include "backends/task_diag/td_drawn.h"
#include "library/profile.h"
#include "library/taskset.h"
#include "td_build.h"

static const struct td_units units = { 10000000ULL, 4 };
static struct tb b;
static int peer = -1;
static struct td_conn conn;

/* A connection whose answer is b; the request goes to peer. */
static void connect_canned(void)
{
	int sv[2];

	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	memset(&conn, 0, sizeof(conn));
	conn.fd = sv[0];
	conn.bufsize = TD_READ_BUF;
	conn.buf = malloc(conn.bufsize);
	conn.ver.version = 4;
	conn.ver.max_request_size = TASK_DIAG_MAX_REQUEST_SIZE;
	peer = sv[1];
	CHECK(write(peer, b.buf, b.len) == (ssize_t)b.len);
	shutdown(peer, SHUT_WR);
}

/* One answered task: BASE with its owner, STATM and NS marked by size. */
static void answer(uint32_t pid, uint32_t tgid, uint32_t uid, uint64_t size)
{
	struct task_diag_base base = { .tgid = tgid, .pid = pid,
				       .owner_uid = uid, .owner_gid = uid };
	struct task_diag_statm sm = { .size = size, .has_mm = 1 };
	struct task_diag_ns ns = { .net = size };

	tb_begin(&b, 1, pid, tgid, 0);   /* the request's seq: conn.seq + 1 */
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_STATM, &sm, sizeof(sm));
	tb_attr(&b, TASK_DIAG_NS, &ns, sizeof(ns));
	tb_end(&b);
}

/* The request peer received: its ids by kind. */
struct sent {
	uint32_t strategy, pid;
	uint32_t proc[16], thr[16];
	size_t nproc, nthr;
};

static void read_request(struct sent *s)
{
	unsigned char req[TASK_DIAG_MAX_REQUEST_SIZE];
	ssize_t n = read(peer, req, sizeof(req));
	struct task_diag_pid p;
	size_t off = NLMSG_HDRLEN + sizeof(p);

	memset(s, 0, sizeof(*s));
	CHECK(n > (ssize_t)off);
	if (n <= (ssize_t)off)
		return;
	memcpy(&p, req + NLMSG_HDRLEN, sizeof(p));
	s->strategy = (uint32_t)p.dump_strategy;
	s->pid = p.pid;
	while (off + 4 <= (size_t)n) {
		uint16_t h[2];
		size_t k, cnt;

		memcpy(h, req + off, 4);
		cnt = (h[0] - 4u) / 4;
		for (k = 0; k < cnt && k < 16; k++) {
			uint32_t *v = h[1] == TASK_DIAG_LIST_THREAD ?
				      &s->thr[s->nthr++] : &s->proc[s->nproc++];

			memcpy(v, req + off + 4 + 4 * k, 4);
		}
		off += h[0];
	}
}

static struct task_set set;

/* Four rows of a fresh set, as a scan leaves them (stat only). */
static struct task *rows4(struct task **rows)
{
	task_set_free(&set);
	for (int i = 0; i < 4; i++)
		CHECK(task_set_push(&set) != NULL);
	for (int i = 0; i < 4; i++)
		rows[i] = &set.v[i];
	return set.v;
}

static void row(struct task *t, int tid, int tgid, int thread_row)
{
	t->tid = tid;
	t->tgid = tgid;
	t->is_thread_row = thread_row;
	t->groups_filled = GROUP_BIT(GRP_STAT);
}

static int fill(const struct selection *sel, struct task **rows, size_t n,
		struct td_drawn *d)
{
	struct td_parser p;
	struct td_plan plan;
	int fatal, rc;

	td_parser_init(&p, 0);
	CHECK(td_plan_make(GROUP_BIT(GRP_STATM) | GROUP_BIT(GRP_OWNER) |
			   GROUP_BIT(GRP_NS), ~0ULL, 4, 0, &plan) == 0);
	rc = td_drawn_fill(d, &conn, &p, &units, &plan, sel, rows, n, &fatal);
	td_parser_free(&p);
	return rc;
}

static void finish(void)
{
	close(peer);
	td_conn_close(&conn);
	b.len = 0;
}

/* Processes: ids sorted, each once; a gone task's row stays as it was. */
static void processes(void)
{
	struct task *rows[4], *t = rows4(rows);
	struct selection sel = { .threads = THREADS_NONE };
	struct td_drawn d = { 0 };
	struct sent s;

	CASE("processes");
	row(&t[0], 30, 30, 0);
	row(&t[1], 10, 10, 0);
	row(&t[2], 20, 20, 0);          /* gone: not answered */
	row(&t[3], 40, 40, 0);
	t[3].groups_filled |= GROUP_BIT(GRP_STATM) | GROUP_BIT(GRP_OWNER) |
			      GROUP_BIT(GRP_NS);   /* has all: not asked */
	answer(10, 10, 1000, 111);
	answer(30, 30, 1001, 333);
	connect_canned();
	CHECK_INT(fill(&sel, rows, 4, &d), 0);
	read_request(&s);
	CHECK_UINT(s.strategy, TASK_DIAG_DUMP_LIST);
	CHECK_UINT(s.pid, 0);
	CHECK_UINT(s.nproc, 3);
	CHECK_UINT(s.nthr, 0);
	CHECK_UINT(s.proc[0], 10);
	CHECK_UINT(s.proc[1], 20);
	CHECK_UINT(s.proc[2], 30);
	CHECK_UINT(t[1].sm_size, 111);
	CHECK_UINT(t[1].euid, 1000);
	CHECK_UINT(t[0].sm_size, 333);
	CHECK_UINT(t[0].euid, 1001);
	CHECK(t[0].groups_filled & GROUP_BIT(GRP_STATM));
	CHECK(!(t[2].groups_filled & GROUP_BIT(GRP_STATM)));
	CHECK_UINT(t[2].sm_size, 0);
	CHECK_UINT(d.nthread, 0);
	finish();
	td_drawn_free(&d);
}

/* Threads: a process row (THREADS_AFTER) and, in the Debian 12 profile,
 * the leader's thread row as the process id, the other threads as thread
 * ids (the Debian 13 profile reads the leader's thread row from
 * task/PID: a thread id too); rows of one id and kind share its answer;
 * ns stays with procfs for a thread row. */
static void threads(void)
{
	struct task *rows[4], *t = rows4(rows);
	struct selection sel = { .threads = THREADS_AFTER };
	struct td_drawn d = { 0 };
	int lt = profile.thread_main_from_task;
	struct sent s;

	CASE("threads");
	row(&t[0], 50, 50, 0);          /* the process row */
	row(&t[1], 50, 50, 1);          /* the leader's thread row */
	row(&t[2], 52, 50, 1);
	row(&t[3], 51, 50, 1);
	answer(50, 50, 0, 500);
	if (lt)
		answer(50, 50, 0, 505);
	answer(51, 50, 0, 510);
	answer(52, 50, 0, 520);
	connect_canned();
	CHECK_INT(fill(&sel, rows, 4, &d), 0);
	read_request(&s);
	CHECK_UINT(s.nproc, 1);
	CHECK_UINT(s.proc[0], 50);
	CHECK_UINT(s.nthr, 2 + lt);
	CHECK_UINT(s.thr[lt], 51);
	CHECK_UINT(s.thr[lt + 1], 52);
	CHECK_UINT(t[0].sm_size, 500);
	CHECK_UINT(t[1].sm_size, lt ? 505 : 500);
	CHECK_UINT(t[2].sm_size, 520);
	CHECK_UINT(t[3].sm_size, 510);
	CHECK(t[0].groups_filled & GROUP_BIT(GRP_NS));
	CHECK_INT(!!(t[1].groups_filled & GROUP_BIT(GRP_NS)), !lt);
	CHECK(!(t[2].groups_filled & GROUP_BIT(GRP_NS)));
	CHECK_UINT(d.nthread, 2 + lt);
	finish();
	td_drawn_free(&d);
}

int main(void)
{
	processes();
	threads();
	task_set_free(&set);
	return unit_done("test_td_drawn");
}
