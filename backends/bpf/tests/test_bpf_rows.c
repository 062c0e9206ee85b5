/* procfs's rules as bpf_rows.c redoes them, on values whose procfs text
 * is known: task_state_index()'s letters, cputime_adjust(), statm and
 * status's memory lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../bpf_int.h"

static int failed;

#define CHECK(cond, ...)                                        \
	do {                                                    \
		if (!(cond)) {                                  \
			printf("FAIL %s:%d: ", __FILE__, __LINE__); \
			printf(__VA_ARGS__);                    \
			printf("\n");                           \
			failed++;                               \
		}                                               \
	} while (0)

static void test_states(void)
{
	static const struct { unsigned state, exit; char letter; } cases[] = {
		{ 0x0, 0, 'R' },        /* TASK_RUNNING */
		{ 0x1, 0, 'S' },        /* TASK_INTERRUPTIBLE */
		{ 0x2, 0, 'D' },        /* TASK_UNINTERRUPTIBLE */
		{ 0x102, 0, 'D' },      /* TASK_KILLABLE */
		{ 0x4, 0, 'T' },        /* __TASK_STOPPED */
		{ 0x8, 0, 't' },        /* __TASK_TRACED */
		{ 0x0, 0x20, 'Z' },     /* EXIT_ZOMBIE */
		{ 0x0, 0x10, 'X' },     /* EXIT_DEAD */
		{ 0x40, 0, 'P' },       /* TASK_PARKED */
		{ 0x402, 0, 'I' },      /* TASK_IDLE */
		{ 0x2402, 0, 'I' },     /* TASK_IDLE | TASK_FREEZABLE */
		{ 0x8000, 0, 'D' },     /* TASK_FROZEN */
		{ 0x1000, 0, 'D' },     /* TASK_RTLOCK_WAIT */
		{ 0x2001, 0, 'S' },     /* TASK_INTERRUPTIBLE | TASK_FREEZABLE */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char c = bpf_state_letter(cases[i].state, cases[i].exit);

		CHECK(c == cases[i].letter, "state %#x/%#x: %c, want %c",
		      cases[i].state, cases[i].exit, c, cases[i].letter);
	}
}

static void adjust(uint64_t u, uint64_t s, uint64_t r, uint64_t pu,
		   uint64_t ps, uint64_t wu, uint64_t ws)
{
	uint64_t ut, st;

	bpf_cputime_adjust(u, s, r, pu, ps, &ut, &st);
	CHECK(ut == wu && st == ws,
	      "adjust(%llu, %llu, %llu, prev %llu %llu): %llu %llu, want "
	      "%llu %llu", (unsigned long long)u, (unsigned long long)s,
	      (unsigned long long)r, (unsigned long long)pu,
	      (unsigned long long)ps, (unsigned long long)ut,
	      (unsigned long long)st, (unsigned long long)wu,
	      (unsigned long long)ws);
}

static void test_cputime(void)
{
	/* no ticks of system time: all of rtime is user's */
	adjust(40, 0, 1000, 0, 0, 1000, 0);
	/* no user ticks: all is system's */
	adjust(0, 40, 1000, 0, 0, 0, 1000);
	/* scaled: stime * rtime / (stime + utime), floored */
	adjust(3, 1, 1000, 0, 0, 750, 250);
	adjust(2, 1, 1000, 0, 0, 667, 333);
	/* rtime not past the shown sum: the shown values */
	adjust(3, 1, 1000, 600, 400, 600, 400);
	/* stime may not go backwards */
	adjust(3, 1, 1000, 0, 300, 700, 300);
	/* nor utime: stime gives way */
	adjust(1, 3, 1000, 500, 0, 500, 500);
	/* 128-bit product: 2^40 ns each way over 2^41 */
	adjust(1ull << 40, 1ull << 40, 3ull << 40, 0, 0,
	       (3ull << 40) - (3ull << 39), 3ull << 39);
}

static void test_sort(void)
{
	struct bpf_task_rec r[5];
	const struct bpf_task_rec *p[5];
	static const int tids[5] = { 100, 103, 105, 7, 104 };
	static const int tgids[5] = { 100, 103, 100, 105, 103 };
	static const int want[5] = { 7, 100, 105, 103, 104 };

	memset(r, 0, sizeof(r));
	for (int i = 0; i < 5; i++) {
		r[i].tid = tids[i];
		r[i].tgid = tgids[i];
		p[i] = &r[i];
	}
	/* processes by tgid, each leader first, threads after it */
	r[3].tgid = 7;
	bpf_sort_records(p, 5);
	for (int i = 0; i < 5; i++)
		CHECK(p[i]->tid == want[i], "row %d: tid %d, want %d", i,
		      p[i]->tid, want[i]);
}

/* The walk's own order, tids ascending, with threads of three processes
 * between later leaders and one thread whose leader the pass missed
 * (tgid 104): leaders merged with their threads in rows' order. */
static void test_sort_walk(void)
{
	enum { N = 9 };
	struct bpf_task_rec r[N];
	const struct bpf_task_rec *p[N];
	static const int tids[N] = { 1, 50, 51, 60, 61, 62, 105, 106, 107 };
	static const int tgids[N] = { 1, 50, 1, 60, 50, 60, 104, 60, 50 };
	static const int want[N] = { 1, 51, 50, 61, 107, 60, 62, 106, 105 };

	memset(r, 0, sizeof(r));
	for (int i = 0; i < N; i++) {
		r[i].tid = tids[i];
		r[i].tgid = tgids[i];
		p[i] = &r[i];
	}
	bpf_sort_records(p, N);
	for (int i = 0; i < N; i++)
		CHECK(p[i]->tid == want[i], "walk row %d: tid %d, want %d", i,
		      p[i]->tid, want[i]);
}

/* statm and status's Vm lines of one record under each rss rule
 * (task_statm(), task_mem(); 4 KiB pages): file 10, anon 20, swap 3,
 * shmem 4 pages as read; summed over the CPUs file is below zero
 * (shown as 0) and anon 25.  Code from 0x400123 to 0x401fff: two pages
 * of text, of 5 executable pages (8 kB VmExe, 12 kB VmLib). */
static void test_mm(void)
{
	static const struct {
		enum bpf_rss_rule rule;
		int mm, sums, filled;
		unsigned long res, shared, rss_kib, anon_kib, file_kib;
	} cases[] = {
		{ BPF_RSS_READ, 1, 1, 1, 34, 14, 136, 80, 40 },
		{ BPF_RSS_SUM, 1, 1, 1, 29, 4, 116, 100, 0 },
		/* no sums in the record: procfs's files, not zeros */
		{ BPF_RSS_SUM, 1, 0, 0, 0, 0, 0, 0, 0 },
		{ BPF_RSS_UNKNOWN, 1, 1, 0, 0, 0, 0, 0, 0 },
		/* no address space: statm's zeros, no Vm lines */
		{ BPF_RSS_SUM, 0, 0, 1, 0, 0, 0, 0, 0 },
	};
	const group_mask g = GROUP_BIT(GRP_STATM) | GROUP_BIT(GRP_STATUS_VM);

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct bpf_task_rec r;
		const struct bpf_task_rec *p = &r;
		struct task_set out = { 0 };
		const struct task *t;

		memset(&r, 0, sizeof(r));
		r.tid = r.tgid = 42;
		r.bits = cases[i].mm ? BPF_REC_MM : 0;
		if (cases[i].sums)
			r.bits |= BPF_REC_RSS_SUM;
		r.total_vm = 300;
		r.rss[0] = 10, r.rss[1] = 20, r.rss[2] = 3, r.rss[3] = 4;
		r.rss_sum[0] = -2, r.rss_sum[1] = 25, r.rss_sum[2] = 3,
		r.rss_sum[3] = 4;
		r.vm = (struct bpf_rec_vm){ .locked = 6, .data = 50,
			.stack = 33, .exec = 5, .start_code = 0x400123,
			.end_code = 0x401fff };
		if (bpf_process_rows(&p, 1, THREADS_NONE, g, 4096,
				     cases[i].rule, &out) != 0 || out.n != 1) {
			CHECK(0, "case %zu: no row", i);
			continue;
		}
		t = &out.v[0];
		CHECK(!!(t->groups_filled & g) == cases[i].filled &&
		      (t->groups_filled & g) != GROUP_BIT(GRP_STATM),
		      "case %zu: groups %x", i, t->groups_filled & g);
		CHECK(t->sm_resident == cases[i].res &&
		      t->sm_shared == cases[i].shared &&
		      t->vm_rss == cases[i].rss_kib,
		      "case %zu: resident %lu shared %lu VmRSS %lu", i,
		      t->sm_resident, t->sm_shared, t->vm_rss);
		CHECK(t->status->vm_rss_anon == cases[i].anon_kib &&
		      t->status->vm_rss_file == cases[i].file_kib,
		      "case %zu: RssAnon %lu RssFile %lu", i,
		      t->status->vm_rss_anon, t->status->vm_rss_file);
		if (cases[i].filled && cases[i].mm) {
			CHECK(t->sm_size == 300 && t->sm_text == 2 &&
			      t->sm_data == 83 && t->sm_lib == 0 &&
			      t->sm_dirty == 0,
			      "case %zu: statm %lu %lu %lu %lu %lu", i,
			      t->sm_size, t->sm_text, t->sm_lib, t->sm_data,
			      t->sm_dirty);
			CHECK(t->status->vm_size == 1200 &&
			      t->status->vm_lock == 24 &&
			      t->status->vm_data == 200 &&
			      t->status->vm_stack == 132 &&
			      t->status->vm_exe == 8 &&
			      t->status->vm_lib == 12 &&
			      t->status->vm_swap == 12 &&
			      t->status->vm_rss_shared == 16,
			      "case %zu: VmSize %lu VmLck %lu VmData %lu VmStk %lu VmExe %lu VmLib %lu VmSwap %lu RssShmem %lu",
			      i, t->status->vm_size, t->status->vm_lock,
			      t->status->vm_data, t->status->vm_stack,
			      t->status->vm_exe, t->status->vm_lib,
			      t->status->vm_swap, t->status->vm_rss_shared);
		}
		task_set_free(&out);
	}
}

int main(void)
{
	test_states();
	test_cputime();
	test_sort();
	test_sort_walk();
	test_mm();
	printf("%s: %d failed\n", __FILE__, failed);
	return failed ? 1 : 0;
}
