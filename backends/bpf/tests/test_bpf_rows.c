/* procfs's rules as bpf_rows.c redoes them, on values whose procfs text
 * is known: task_state_index()'s letters and cputime_adjust(). */
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

int main(void)
{
	test_states();
	test_cputime();
	test_sort();
	printf("%s: %d failed\n", __FILE__, failed);
	return failed ? 1 : 0;
}
