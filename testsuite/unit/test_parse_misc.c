/* parse_statm, parse_io, parse_smaps_rollup, parse_autogroup and
 * parse_int_file: real files, truncated and malformed ones. */
#include "library/items.h"
#include "library/procparse.h"
#include "library/task.h"
#include "library/taskset.h"
#include "testsuite/unit/unit.h"

typedef int (*parser)(const char *, size_t, struct task *);

static int run(parser fn, const char *s, size_t len, struct task *t)
{
	char *copy = unit_dup(s, len);
	int rc;

	task_free_strings(t);           /* the last run's blocks */
	task_clear(t);
	rc = fn(copy, len, t);
	free(copy);
	return rc;
}

#define RUN(fn, lit, t) run(fn, lit, sizeof(lit) - 1, t)

/* Every prefix must parse without trouble (and under ASan, in bounds). */
static void every_prefix(parser fn, const char *s, size_t len)
{
	struct task t;

	task_clear(&t);
	for (size_t n = 0; n <= len; n++)
		run(fn, s, n, &t);
	task_free_strings(&t);
}

static void test_statm(void)
{
	static const char full[] = "2258 1220 1004 182 0 143 0\n";
	struct task t;

	task_clear(&t);
	CASE("statm full");
	CHECK_INT(RUN(parse_statm, full, &t), 0);
	CHECK_UINT(t.sm_size, 2258);
	CHECK_UINT(t.sm_resident, 1220);
	CHECK_UINT(t.sm_shared, 1004);
	CHECK_UINT(t.sm_text, 182);
	CHECK_UINT(t.sm_lib, 0);
	CHECK_UINT(t.sm_data, 143);
	CHECK_UINT(t.sm_dirty, 0);

	CASE("statm truncated");
	CHECK_INT(RUN(parse_statm, "2258 1220", &t), 0);
	CHECK_UINT(t.sm_size, 2258);
	CHECK_UINT(t.sm_resident, 1220);
	CHECK_UINT(t.sm_shared, 0);
	CHECK_UINT(t.sm_data, 0);

	CASE("statm empty");
	CHECK_INT(RUN(parse_statm, "", &t), 0);
	CHECK_UINT(t.sm_size, 0);

	CASE("statm garbage");
	CHECK_INT(RUN(parse_statm, "12 x 14\n", &t), 0);
	CHECK_UINT(t.sm_size, 12);
	CHECK_UINT(t.sm_resident, 0);
	CHECK_UINT(t.sm_shared, 0);

	every_prefix(parse_statm, full, sizeof(full) - 1);
}

static void test_io(void)
{
	static const char full[] =
		"rchar: 4096\nwchar: 512\nsyscr: 10\nsyscw: 5\n"
		"read_bytes: 8192\nwrite_bytes: 1024\n"
		"cancelled_write_bytes: 256\n";
	struct task t;

	task_clear(&t);
	CASE("io full");
	CHECK_INT(RUN(parse_io, full, &t), 0);
	CHECK_UINT(t.io->io_rchar, 4096);
	CHECK_UINT(t.io->io_wchar, 512);
	CHECK_UINT(t.io->io_syscr, 10);
	CHECK_UINT(t.io->io_syscw, 5);
	CHECK_UINT(t.io->io_read_bytes, 8192);
	CHECK_UINT(t.io->io_write_bytes, 1024);
	CHECK_UINT(t.io->io_cancelled_write_bytes, 256);

	CASE("io truncated");
	CHECK_INT(RUN(parse_io, "rchar: 12\nwchar", &t), 0);
	CHECK_UINT(t.io->io_rchar, 12);
	CHECK_UINT(t.io->io_wchar, 0);

	CASE("io malformed");
	CHECK_INT(RUN(parse_io, "rchar: abc\nwritten: 9\nsyscr 5\nsyscw: 6\n",
		      &t), 0);
	CHECK_UINT(t.io->io_rchar, 0);
	CHECK_UINT(t.io->io_syscr, 0);
	CHECK_UINT(t.io->io_syscw, 6);
	CHECK_UINT(t.io->io_write_bytes, 0);

	CASE("io empty");
	CHECK_INT(RUN(parse_io, "", &t), 0);
	CHECK_UINT(t.io->io_rchar, 0);
	task_free_strings(&t);

	every_prefix(parse_io, full, sizeof(full) - 1);
}

static void test_smaps_rollup(void)
{
	static const char full[] =
		"55d0a1a00000-7ffd5e9fd000 ---p 00000000 00:00 0"
		"                          [rollup]\n"
		"Rss:                4000 kB\n"
		"Pss:                1500 kB\n"
		"Pss_Dirty:           700 kB\n"
		"Pss_Anon:            600 kB\n"
		"Pss_File:            850 kB\n"
		"Pss_Shmem:            50 kB\n"
		"Shared_Clean:       2500 kB\n"
		"Shared_Dirty:          0 kB\n"
		"Private_Clean:       300 kB\n"
		"Private_Dirty:       700 kB\n"
		"Referenced:         4000 kB\n"
		"Anonymous:           600 kB\n"
		"Swap:                 20 kB\n"
		"SwapPss:              10 kB\n"
		"Locked:                8 kB\n";
	struct task t;

	task_clear(&t);
	CASE("smaps_rollup full");
	CHECK_INT(RUN(parse_smaps_rollup, full, &t), 0);
	CHECK_UINT(t.smaps->sm_rss, 4000);
	CHECK_UINT(t.smaps->sm_pss, 1500);
	CHECK_UINT(t.smaps->sm_pss_anon, 600);
	CHECK_UINT(t.smaps->sm_pss_file, 850);
	CHECK_UINT(t.smaps->sm_pss_shmem, 50);
	CHECK_UINT(t.smaps->sm_uss, 1000);         /* Private_Clean + Private_Dirty */
	CHECK_UINT(t.smaps->sm_swap, 20);
	CHECK_UINT(t.smaps->sm_swap_pss, 10);
	CHECK_UINT(t.smaps->sm_locked, 8);

	CASE("smaps_rollup truncated");
	CHECK_INT(RUN(parse_smaps_rollup, "Rss:  10 kB\nPss:", &t), 0);
	CHECK_UINT(t.smaps->sm_rss, 10);
	CHECK_UINT(t.smaps->sm_pss, 0);

	CASE("smaps_rollup only the header");
	CHECK_INT(RUN(parse_smaps_rollup,
		      "00400000-00401000 r-xp 00000000 08:01 42 [rollup]\n",
		      &t), 0);
	CHECK_UINT(t.smaps->sm_rss, 0);

	CASE("smaps_rollup malformed");
	CHECK_INT(RUN(parse_smaps_rollup,
		      "Rss: many kB\nPss_Anonymous: 5 kB\nSwap:7\n", &t), 0);
	CHECK_UINT(t.smaps->sm_rss, 0);
	CHECK_UINT(t.smaps->sm_pss_anon, 0);
	CHECK_UINT(t.smaps->sm_swap, 7);
	task_free_strings(&t);

	every_prefix(parse_smaps_rollup, full, sizeof(full) - 1);
}

static void test_autogroup(void)
{
	struct task t;

	task_clear(&t);
	CASE("autogroup");
	CHECK_INT(RUN(parse_autogroup, "/autogroup-123 nice 0\n", &t), 0);
	CHECK_INT(t.autogroup_id, 123);
	CHECK_INT(t.autogroup_nice, 0);

	CASE("autogroup negative nice");
	CHECK_INT(RUN(parse_autogroup, "/autogroup-7 nice -5\n", &t), 0);
	CHECK_INT(t.autogroup_id, 7);
	CHECK_INT(t.autogroup_nice, -5);

	CASE("autogroup positive nice");
	CHECK_INT(RUN(parse_autogroup, "/autogroup-70 nice 19\n", &t), 0);
	CHECK_INT(t.autogroup_nice, 19);

	CASE("autogroup cut before nice");
	CHECK_INT(RUN(parse_autogroup, "/autogroup-9", &t), 0);
	CHECK_INT(t.autogroup_id, 9);
	CHECK_INT(t.autogroup_nice, 0);

	CASE("autogroup cut after the word nice");
	CHECK_INT(RUN(parse_autogroup, "/autogroup-12 nice", &t), 0);
	CHECK_INT(t.autogroup_id, 12);
	CHECK_INT(t.autogroup_nice, 0);

	CASE("autogroup malformed");
	CHECK_INT(RUN(parse_autogroup, "", &t), -1);
	CHECK_INT(RUN(parse_autogroup, "/autogroup-", &t), -1);
	CHECK_INT(RUN(parse_autogroup, "/autogroup-x nice 0", &t), -1);
	CHECK_INT(RUN(parse_autogroup, "garbage\n", &t), -1);

	every_prefix(parse_autogroup, "/autogroup-123 nice -5\n", 23);
}

static void test_int_file(void)
{
	long long v;

	CASE("int file");
	CHECK_INT(parse_int_file("42\n", 3, &v), 0);
	CHECK_INT(v, 42);
	CHECK_INT(parse_int_file("-1000\n", 6, &v), 0);
	CHECK_INT(v, -1000);
	CHECK_INT(parse_int_file("4294967295\n", 11, &v), 0);
	CHECK_INT(v, 4294967295LL);
	CHECK_INT(parse_int_file("  7", 3, &v), 0);
	CHECK_INT(v, 7);

	CASE("int file cut short");
	CHECK_INT(parse_int_file("123", 2, &v), 0);
	CHECK_INT(v, 12);

	CASE("int file malformed");
	CHECK_INT(parse_int_file("", 0, &v), -1);
	CHECK_INT(parse_int_file("-", 1, &v), -1);
	CHECK_INT(parse_int_file("x1", 2, &v), -1);
	CHECK_INT(parse_int_file("\n", 1, &v), -1);
}

/* The groups kept in blocks of their own (task.h): a row without one
 * reads zeros, a filler gets its own, a copy owns copies of its blocks. */
static void test_row_blocks(void)
{
	struct task t, d;

	CASE("row blocks: missing, own, copied, moved");
	task_clear(&t);
	CHECK_UINT(t.status->vm_lock, 0);
	CHECK_UINT(t.io->io_rchar, 0);
	CHECK_UINT(t.ns->ino[TASK_NS_PID], 0);
	CHECK_UINT(item_num(&t, ITEM_VM_LOCK), 0);
	CHECK(item_str(&t, ITEM_SUPGIDS) == NULL);
	/* two rows without blocks share the empty ones */
	task_clear(&d);
	CHECK(d.status == t.status && d.smaps == t.smaps);
	CHECK_INT(task_own_blocks(&t, GROUP_BIT(GRP_STATUS)), 0);
	CHECK(t.status != d.status);
	CHECK(t.io == d.io);                    /* io not asked for */
	t.status->vm_lock = 5;
	t.status->supgids = strdup("4,24");
	CHECK_UINT(item_num(&t, ITEM_VM_LOCK), 5);
	CHECK_STR(item_str(&t, ITEM_SUPGIDS), "4,24");
	*(unsigned long long *)item_addr_own(&t, ITEM_IO_RCHAR) = 77;
	CHECK(t.io != d.io);
	CHECK_UINT(item_num(&t, ITEM_IO_RCHAR), 77);
	CHECK_INT(task_copy(&d, &t), 0);
	CHECK(d.status != t.status && d.io != t.io);
	CHECK(d.smaps == t.smaps);              /* still the empty one */
	CHECK(d.status->supgids != t.status->supgids);
	CHECK_STR(d.status->supgids, "4,24");
	CHECK_UINT(d.io->io_rchar, 77);
	/* the fallback's move: dst takes src's block, src gets dst's */
	d.status->vm_lock = 9;
	CHECK_INT(task_move_block(&t, &d, GRP_STATUS), 1);
	CHECK_UINT(t.status->vm_lock, 9);
	CHECK_UINT(d.status->vm_lock, 5);
	CHECK_INT(task_move_block(&t, &d, GRP_OOM), 0);
	task_free_strings(&t);
	task_free_strings(&d);
	CHECK_UINT(t.status->vm_lock, 0);       /* back to the empty one */
}

struct handed {
	int tgids[8];
	char comms[8][TASK_COMM_MAX];
	int n;
};

static void take_row(const struct task *t, void *arg)
{
	struct handed *h = arg;

	if (h->n < 8) {
		h->tgids[h->n] = t->tgid;
		strcpy(h->comms[h->n], t->cmdline.data ? t->cmdline.data : "");
	}
	h->n++;
}

static struct task *push_row(struct task_set *s, int tgid, const char *cmd)
{
	struct task *t = task_set_push(s);

	t->tgid = t->tid = tgid;
	t->cmdline.data = strdup(cmd);
	t->cmdline.len = strlen(cmd) + 1;
	return t;
}

/* A set with a sink hands committed rows on in order, keeps none of
 * them, and rows pushed later reuse the storage; without a sink a
 * commit changes nothing. */
static void test_set_commit(void)
{
	struct handed h = { .n = 0 };
	struct task_set s = { .sink = take_row, .sink_arg = &h };
	struct task_set plain = { 0 };
	struct task *first;

	CASE("commit with a sink");
	task_set_commit(&s);                    /* nothing yet: no call */
	CHECK_INT(h.n, 0);
	first = push_row(&s, 10, "a");
	push_row(&s, 10, "a-thread");
	task_set_commit(&s);
	CHECK_INT(h.n, 2);
	CHECK_INT(s.n, 0);
	CHECK_UINT(s.handed, 2);
	CHECK_INT(s.last_tgid, 10);
	push_row(&s, 12, "b");
	push_row(&s, 13, "c");
	task_set_pop(&s);                       /* c vanished: never handed */
	CHECK(&s.v[0] == first);                /* the same slot again */
	task_set_commit(&s);
	CHECK_INT(h.n, 3);
	CHECK_INT(h.tgids[0], 10);
	CHECK_INT(h.tgids[2], 12);
	CHECK(!strcmp(h.comms[1], "a-thread"));
	CHECK(!strcmp(h.comms[2], "b"));
	CHECK_UINT(s.handed, 3);
	CHECK_INT(s.last_tgid, 12);
	task_set_free(&s);

	CASE("commit without a sink");
	push_row(&plain, 20, "x");
	task_set_commit(&plain);
	CHECK_INT(plain.n, 1);
	CHECK_UINT(plain.handed, 0);
	CHECK(!strcmp(plain.v[0].cmdline.data, "x"));
	task_set_free(&plain);
}

int main(void)
{
	test_row_blocks();
	test_set_commit();
	test_statm();
	test_io();
	test_smaps_rollup();
	test_autogroup();
	test_int_file();
	return unit_done("test_parse_misc");
}
