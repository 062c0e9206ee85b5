/* Unit tests of the task_diag reply parser: framing, continuation,
 * variable attributes and every way a buffer can lie. */
#include <errno.h>
#include <stdlib.h>
#include "testsuite/unit/unit.h"
#include "backends/task_diag/td_parse.h"
#include "backends/task_diag/td_req.h"
#include "td_build.h"

#define SEQ 7

/* Copies of what the parser emitted. */
struct got {
	int n;
	struct td_rec r[8];
	char var[8][__TASK_DIAG_GROUP_MAX][512];
};

static int collect(const struct td_rec *r, void *arg)
{
	struct got *g = arg;

	if (g->n >= 8)
		return -E2BIG;
	g->r[g->n] = *r;
	for (unsigned t = 0; t < __TASK_DIAG_GROUP_MAX; t++) {
		size_t n = r->var[t].len < 511 ? r->var[t].len : 511;

		if (n)
			memcpy(g->var[g->n][t], r->var[t].data, n);
		g->var[g->n][t][n] = 0;
		g->r[g->n].var[t].data = NULL;
	}
	g->n++;
	return 0;
}

static struct tb b;
static struct got g;

static int parse_all(size_t len, int *finish)
{
	struct td_parser p;
	int rc;

	memset(&g, 0, sizeof(g));
	td_parser_init(&p, SEQ);
	rc = td_parse_chunk(&p, b.buf, len, collect, &g);
	*finish = td_parse_finish(&p);
	td_parser_free(&p);
	return rc;
}

static void base_of(struct task_diag_base *base, uint32_t pid, const char *comm)
{
	memset(base, 0, sizeof(*base));
	base->pid = pid;
	base->tgid = pid;
	base->ppid = 1;
	base->state = TASK_DIAG_INTERRUPTIBLE;
	strcpy(base->comm, comm);
}

static void one_task(void)
{
	struct task_diag_base base;
	struct task_diag_stat st = { .utime = 123456789, .nice = -5 };
	int fin;

	CASE("one task");
	b.len = 0;
	base_of(&base, 42, "sleep");
	tb_begin(&b, SEQ, 42, 42, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
	tb_attr(&b, TASK_DIAG_CMDLINE, "sleep\0" "100\0", 10);
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), 0);
	CHECK_INT(fin, 0);
	CHECK_INT(g.n, 1);
	CHECK_UINT(g.r[0].pid, 42);
	CHECK_UINT(g.r[0].tgid, 42);
	CHECK_STR(g.r[0].base.comm, "sleep");
	CHECK_UINT(g.r[0].stat.utime, 123456789);
	CHECK_INT(g.r[0].stat.nice, -5);
	CHECK_UINT(g.r[0].var[TASK_DIAG_CMDLINE].len, 10);
	CHECK(memcmp(g.var[0][TASK_DIAG_CMDLINE], "sleep\0" "100", 10) == 0);
	CHECK_UINT(g.r[0].have, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_STAT |
		   TASK_DIAG_SHOW_CMDLINE);
	CHECK_UINT(g.r[0].withheld, 0);
}

/* cmdline "abcdefgh" in three chunks over two messages, then a second
 * task in the same buffer */
static void cont_split(void)
{
	struct task_diag_base base;
	uint32_t gids[3] = { 100, 200, 300 };
	int fin;

	CASE("CONT split within one buffer");
	b.len = 0;
	base_of(&base, 10, "a");
	tb_begin(&b, SEQ, 10, 10, TASK_DIAG_FLAG_CONT);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_CMDLINE, "abc", 3);
	tb_attr(&b, TASK_DIAG_GROUPS, gids, 4);
	tb_end(&b);
	tb_begin(&b, SEQ, 10, 10, 0);
	tb_attr(&b, TASK_DIAG_CMDLINE, "de", 2);
	tb_attr(&b, TASK_DIAG_CMDLINE, "", 0);
	tb_attr(&b, TASK_DIAG_CMDLINE, "fgh", 3);
	tb_attr(&b, TASK_DIAG_GROUPS, gids + 1, 8);
	tb_end(&b);
	base_of(&base, 11, "b");
	tb_begin(&b, SEQ, 11, 11, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), 0);
	CHECK_INT(fin, 0);
	CHECK_INT(g.n, 2);
	CHECK_STR(g.var[0][TASK_DIAG_CMDLINE], "abcdefgh");
	CHECK_UINT(g.r[0].var[TASK_DIAG_GROUPS].len, 12);
	CHECK(memcmp(g.var[0][TASK_DIAG_GROUPS], gids, 12) == 0);
	CHECK_STR(g.r[0].base.comm, "a");
	CHECK_STR(g.r[1].base.comm, "b");
	/* the second task must not inherit the first one's values */
	CHECK_UINT(g.r[1].var[TASK_DIAG_CMDLINE].len, 0);
	CHECK_UINT(g.r[1].have, TASK_DIAG_SHOW_BASE);
}

static void cont_across_reads(void)
{
	struct td_parser p;
	size_t cut;
	int rc;

	CASE("CONT split across two reads");
	b.len = 0;
	tb_begin(&b, SEQ, 5, 5, TASK_DIAG_FLAG_CONT);
	tb_attr(&b, TASK_DIAG_ENVIRON, "A=1", 4);
	tb_end(&b);
	cut = b.len;
	tb_begin(&b, SEQ, 5, 5, 0);
	tb_attr(&b, TASK_DIAG_ENVIRON, "B=2", 4);
	tb_end(&b);
	memset(&g, 0, sizeof(g));
	td_parser_init(&p, SEQ);
	rc = td_parse_chunk(&p, b.buf, cut, collect, &g);
	CHECK_INT(rc, 0);
	CHECK_INT(g.n, 0);
	CHECK_INT(td_parse_finish(&p), -EBADMSG);  /* if it ended here */
	rc = td_parse_chunk(&p, b.buf + cut, b.len - cut, collect, &g);
	CHECK_INT(rc, 0);
	CHECK_INT(td_parse_finish(&p), 0);
	CHECK_INT(g.n, 1);
	CHECK_UINT(g.r[0].var[TASK_DIAG_ENVIRON].len, 8);
	CHECK(memcmp(g.var[0][TASK_DIAG_ENVIRON], "A=1\0B=2", 8) == 0);
	/* a new answer on the same parser starts clean */
	td_parser_reset(&p, SEQ + 1);
	CHECK_INT(td_parse_finish(&p), 0);
	td_parser_free(&p);
}

static void empty_variable(void)
{
	int fin;

	CASE("empty variable attributes");
	b.len = 0;
	tb_begin(&b, SEQ, 3, 3, 0);
	tb_attr(&b, TASK_DIAG_CMDLINE, "", 0);
	tb_attr(&b, TASK_DIAG_WCHAN, "", 0);
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), 0);
	CHECK_INT(g.n, 1);
	CHECK_UINT(g.r[0].have, TASK_DIAG_SHOW_CMDLINE | TASK_DIAG_SHOW_WCHAN);
	CHECK_UINT(g.r[0].var[TASK_DIAG_CMDLINE].len, 0);
}

static void process_message(void)
{
	struct task_diag_stat whole = { .utime = 900 }, own = { .utime = 100 };
	struct task_diag_base base;
	int fin;

	CASE("a process message, then its leader's thread row");
	base_of(&base, 40, "leader");
	b.len = 0;
	tb_begin(&b, SEQ, 40, 40, 0);
	tb_attr(&b, TASK_DIAG_PROCESS, "", 0);
	tb_attr(&b, TASK_DIAG_STAT, &whole, sizeof(whole));
	tb_end(&b);
	tb_begin(&b, SEQ, 40, 40, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_STAT, &own, sizeof(own));
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), 0);
	CHECK_INT(fin, 0);
	CHECK_INT(g.n, 2);
	CHECK_INT(g.r[0].process, 1);
	CHECK_UINT(g.r[0].have, TASK_DIAG_SHOW_STAT);
	CHECK_UINT(g.r[0].stat.utime, 900);
	CHECK_INT(g.r[1].process, 0);
	CHECK_UINT(g.r[1].stat.utime, 100);
	CHECK_UINT(g.r[1].base_len, sizeof(base));
}

static void fixed_sizes(void)
{
	unsigned char big[sizeof(struct task_diag_oom) + 8];
	struct task_diag_io io = { .rchar = 99, .wchar = 77 };
	int32_t adj = -17;
	int fin;

	CASE("fixed attributes: longer and shorter than known");
	memset(big, 0, sizeof(big));
	memcpy(big, &(struct task_diag_oom){ 666, -1000 }, 8);
	memset(big + 8, 0xff, 8);
	b.len = 0;
	tb_begin(&b, SEQ, 3, 3, 0);
	tb_attr(&b, TASK_DIAG_OOM, big, sizeof(big));
	tb_attr(&b, TASK_DIAG_IO, &io, 8);        /* only rchar */
	tb_attr(&b, 40, "future", 6);             /* unknown group */
	tb_attr(&b, TASK_DIAG_WITHHELD,
		&(uint64_t){ TASK_DIAG_SHOW_ENVIRON }, 8);
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), 0);
	CHECK_INT(g.n, 1);
	CHECK_UINT(g.r[0].oom.oom_score, 666);
	CHECK_INT(g.r[0].oom.oom_score_adj, -1000);
	CHECK_UINT(g.r[0].io.rchar, 99);
	CHECK_UINT(g.r[0].io.wchar, 0);
	CHECK_UINT(g.r[0].withheld, TASK_DIAG_SHOW_ENVIRON);
	CHECK_UINT(g.r[0].have, TASK_DIAG_SHOW_OOM | TASK_DIAG_SHOW_IO);
	(void)adj;
}

static void broken_framing(void)
{
	struct task_diag_base base;
	size_t whole;
	int fin;

	base_of(&base, 9, "x");
	b.len = 0;
	tb_begin(&b, SEQ, 9, 9, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_end(&b);
	whole = b.len;

	CASE("truncated message");
	for (size_t cut = 1; cut < whole; cut++)
		CHECK_INT(parse_all(cut, &fin), -EBADMSG);
	CASE("trailing bytes");
	CHECK_INT(parse_all(whole + 4, &fin), -EBADMSG);

	CASE("nlmsg_len past the buffer");
	memcpy(b.buf, &(uint32_t){ (uint32_t)whole + 64 }, 4);
	CHECK_INT(parse_all(whole, &fin), -EBADMSG);
	CASE("nlmsg_len shorter than the headers");
	memcpy(b.buf, &(uint32_t){ 20 }, 4);
	CHECK_INT(parse_all(20, &fin), -EBADMSG);
	memcpy(b.buf, &(uint32_t){ (uint32_t)whole }, 4);

	CASE("nla_len past the message");
	b.buf[28] = 0xff;
	b.buf[29] = 0x00;
	CHECK_INT(parse_all(whole, &fin), -EBADMSG);
	CASE("nla_len below its header");
	b.buf[28] = 2;
	CHECK_INT(parse_all(whole, &fin), -EBADMSG);
	b.buf[28] = (unsigned char)(4 + sizeof(base));
	CHECK_INT(parse_all(whole, &fin), 0);
	CHECK_INT(g.n, 1);

	CASE("wrong sequence number");
	b.len = 0;
	tb_begin(&b, SEQ + 1, 9, 9, 0);
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), -EBADMSG);

	CASE("unknown message type");
	b.len = 0;
	tb_begin_type(&b, 0x1234, SEQ);
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), -EBADMSG);

	CASE("continuation of another task");
	b.len = 0;
	tb_begin(&b, SEQ, 9, 9, TASK_DIAG_FLAG_CONT);
	tb_end(&b);
	tb_begin(&b, SEQ, 10, 10, 0);
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), -EBADMSG);
	CHECK_INT(g.n, 0);

	CASE("answer ends inside a task");
	b.len = 0;
	tb_begin(&b, SEQ, 9, 9, TASK_DIAG_FLAG_CONT);
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), 0);
	CHECK_INT(fin, -EBADMSG);
	CHECK_INT(g.n, 0);

	CASE("NLMSG_ERROR carries its errno");
	b.len = 0;
	tb_begin_type(&b, NLMSG_ERROR, SEQ);
	tb_put(&b, &(struct nlmsgerr){ .error = -EPERM }, sizeof(struct nlmsgerr));
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), -EPERM);

	CASE("NLMSG_DONE, then nothing");
	b.len = 0;
	tb_begin_type(&b, NLMSG_DONE, SEQ);
	tb_put(&b, &(int){ 0 }, 4);
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), 0);
	tb_begin(&b, SEQ, 9, 9, 0);
	tb_end(&b);
	CHECK_INT(parse_all(b.len, &fin), -EBADMSG);

	CASE("empty read");
	CHECK_INT(parse_all(0, &fin), 0);
	CHECK_INT(g.n, 0);
}

/* Every prefix and every single-byte corruption of a two-task answer:
 * the parser must neither crash nor read past the buffer (run under
 * ASan to see the latter). */
static void mangled(void)
{
	struct task_diag_base base;
	unsigned char orig[1024];
	size_t whole;
	int fin;

	CASE("mangled answers");
	base_of(&base, 9, "x");
	b.len = 0;
	tb_begin(&b, SEQ, 9, 9, TASK_DIAG_FLAG_CONT);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_CMDLINE, "abc", 3);
	tb_end(&b);
	tb_begin(&b, SEQ, 9, 9, 0);
	tb_attr(&b, TASK_DIAG_CMDLINE, "def", 3);
	tb_end(&b);
	whole = b.len;
	memcpy(orig, b.buf, whole);
	for (size_t i = 0; i < whole; i++)
		for (int v = 0; v < 256; v += 51) {
			char *copy;
			struct td_parser p;

			memcpy(b.buf, orig, whole);
			b.buf[i] = (unsigned char)v;
			copy = unit_dup((const char *)b.buf, whole);
			memset(&g, 0, sizeof(g));
			td_parser_init(&p, SEQ);
			(void)td_parse_chunk(&p, copy, whole, collect, &g);
			(void)td_parse_finish(&p);
			td_parser_free(&p);
			free(copy);
			CHECK(g.n <= 2);  /* a cleared CONT flag splits it */
		}
	(void)fin;
}

static void version(void)
{
	struct task_diag_version v = { .version = 1, .min_read_size = 512,
		.supported_groups = 0x1fff3, .supported_strategies = 0x1f };
	struct task_diag_version out;

	CASE("version answer");
	b.len = 0;
	tb_begin_type(&b, TASK_DIAG_CMD_VERSION, SEQ);
	tb_put(&b, &v, sizeof(v));
	tb_end(&b);
	CHECK_INT(td_parse_version(b.buf, b.len, SEQ, &out), 0);
	CHECK_UINT(out.version, 1);
	CHECK_UINT(out.supported_groups, 0x1fff3);
	CHECK_INT(td_parse_version(b.buf, b.len, SEQ + 1, &out), -EBADMSG);
	CHECK_INT(td_parse_version(b.buf, b.len - 1, SEQ, &out), -EBADMSG);
	CASE("a shorter, older version answer is zero-extended");
	b.len = 0;
	tb_begin_type(&b, TASK_DIAG_CMD_VERSION, SEQ);
	tb_put(&b, &v, 8);
	tb_end(&b);
	CHECK_INT(td_parse_version(b.buf, b.len, SEQ, &out), 0);
	CHECK_UINT(out.supported_groups, 0);
}

static void requests(void)
{
	unsigned char buf[128];
	struct nlmsghdr h;
	struct task_diag_pid req;
	struct td_plan plan;
	int len;

	CASE("request message");
	len = td_req_get(buf, sizeof(buf), 0x31, TASK_DIAG_REQ_NO_STAT_MM,
			 TASK_DIAG_DUMP_ONE, 77, 5);
	CHECK_INT(len, 16 + 24);
	memcpy(&h, buf, sizeof(h));
	memcpy(&req, buf + 16, sizeof(req));
	CHECK_UINT(h.nlmsg_len, 40);
	CHECK_UINT(h.nlmsg_type, TASK_DIAG_CMD_GET);
	CHECK_UINT(h.nlmsg_flags, 0);
	CHECK_UINT(h.nlmsg_seq, 5);
	CHECK_UINT(req.show_flags, 0x31);
	CHECK_UINT(req.dump_strategy, TASK_DIAG_DUMP_ONE);
	CHECK_UINT(req.pid, 77);
	CHECK_UINT(req.flags, TASK_DIAG_REQ_NO_STAT_MM);
	CHECK_INT(td_req_get(buf, 20, 1, 0, 0, 0, 1), -1);
	len = td_req_version(buf, sizeof(buf), 9);
	CHECK_INT(len, 16);
	memcpy(&h, buf, sizeof(h));
	CHECK_UINT(h.nlmsg_type, TASK_DIAG_CMD_VERSION);

	CASE("groups to show_flags");
	/* ps -eo pid,args: no STAT attribute, so no process-wide figures */
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_CMDLINE) | GROUP_BIT(GRP_SMAPS) |
			       GROUP_BIT(GRP_OOM), ~0ULL, 1, 0, &plan), 0);
	CHECK_UINT(plan.show, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_CMDLINE |
		   TASK_DIAG_SHOW_OOM);
	CHECK_UINT(plan.fallback, GROUP_BIT(GRP_SMAPS));
	CHECK_UINT(plan.whole_show, 0);
	/* times and faults: STAT, process-wide on thread rows */
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_STAT_ACCT), ~0ULL, 1, 0, &plan),
		  0);
	CHECK_UINT(plan.show, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_STAT);
	CHECK_UINT(plan.native, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_ACCT));
	CHECK_UINT(plan.whole_show, TASK_DIAG_SHOW_STAT);
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_STAT_ACCT) | GROUP_BIT(GRP_OOM) |
			       GROUP_BIT(GRP_IO), ~TASK_DIAG_SHOW_OOM, 1, 0,
			       &plan), 0);
	CHECK_UINT(plan.fallback, GROUP_BIT(GRP_OOM));
	CHECK_UINT(plan.whole_show, TASK_DIAG_SHOW_STAT | TASK_DIAG_SHOW_IO);
	/* no BASE, no rows */
	CHECK_INT(td_plan_make(0, TASK_DIAG_SHOW_STAT, 1, 0, &plan), -1);
	/* the owner: CRED from a version 1 module, BASE alone from 2 */
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_OWNER), ~0ULL, 1, 0, &plan), 0);
	CHECK_UINT(plan.show, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_CRED);
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_OWNER), ~0ULL, 2, 0, &plan), 0);
	CHECK_UINT(plan.show, TASK_DIAG_SHOW_BASE);
	CHECK_UINT(plan.native, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_OWNER));
	CHECK_UINT(plan.flags, 0);      /* a version 2 module: no flags */

	CASE("request flags skip what no group needs");
	/* ps -e: neither the address space, the signal handlers nor the
	 * parent, group and session ids */
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_STAT), ~0ULL, 3, ~0u, &plan), 0);
	CHECK_UINT(plan.flags, TASK_DIAG_REQ_NO_STAT_MM |
		   TASK_DIAG_REQ_NO_SIGHANDLERS | TASK_DIAG_REQ_NO_IDS);
	/* ps -ef's PPID */
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_STAT_IDS), ~0ULL, 3, ~0u,
			       &plan), 0);
	CHECK_UINT(plan.flags, TASK_DIAG_REQ_NO_STAT_MM |
		   TASK_DIAG_REQ_NO_SIGHANDLERS);
	CHECK_UINT(plan.show, TASK_DIAG_SHOW_BASE);
	CHECK_UINT(plan.native, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_IDS));
	/* ps aux's VSZ and RSS: statm's counters, no address space */
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_STAT_VM), ~0ULL, 3, ~0u, &plan), 0);
	CHECK_UINT(plan.flags, TASK_DIAG_REQ_NO_STAT_MM |
		   TASK_DIAG_REQ_NO_SIGHANDLERS | TASK_DIAG_REQ_NO_IDS);
	CHECK_UINT(plan.show, TASK_DIAG_SHOW_BASE | TASK_DIAG_SHOW_STATM);
	/* ps -o eip: the address space; ps s: status's SigIgn/SigCgt */
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_STAT_MM), ~0ULL, 3, ~0u, &plan), 0);
	CHECK_UINT(plan.flags, TASK_DIAG_REQ_NO_SIGHANDLERS |
		   TASK_DIAG_REQ_NO_IDS);
	CHECK_UINT(plan.native, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_MM));
	CHECK_INT(td_plan_make(GROUP_BIT(GRP_STATUS), ~0ULL, 3, ~0u, &plan), 0);
	CHECK_UINT(plan.flags, TASK_DIAG_REQ_NO_STAT_MM | TASK_DIAG_REQ_NO_IDS);
	/* only the flags the module lists */
	CHECK_INT(td_plan_make(0, ~0ULL, 3, TASK_DIAG_REQ_NO_SIGHANDLERS,
			       &plan), 0);
	CHECK_UINT(plan.flags, TASK_DIAG_REQ_NO_SIGHANDLERS);
}

int main(void)
{
	one_task();
	cont_split();
	cont_across_reads();
	empty_variable();
	process_message();
	fixed_sizes();
	broken_framing();
	mangled();
	version();
	requests();
	return unit_done("test_td_parse");
}
