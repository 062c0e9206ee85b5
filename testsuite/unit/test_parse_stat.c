/* parse_stat(): comm with spaces and parentheses, truncation after every
 * field, and inputs that are not a stat line at all. */
#include <limits.h>
#include <stddef.h>
#include "library/procparse.h"
#include "library/task.h"
#include "testsuite/unit/unit.h"

/* The numeric fields after the state letter, in kernel order.  off is
 * (size_t)-1 for the fields parse_stat skips. */
struct field {
	const char *name;
	const char *text;
	size_t off, size;
	int is_signed;
};

#define IS_SIGNED(x) _Generic((x), int: 1, long: 1, long long: 1, \
	default: 0)
#define F(field, text) { #field, text, offsetof(struct task, field), \
	sizeof(((struct task *)0)->field), \
	IS_SIGNED(((struct task *)0)->field) }
#define SKIPPED(name, text) { name, text, (size_t)-1, 0, 0 }

static const struct field fields[] = {
	F(ppid, "1"), F(pgrp, "1234"), F(session, "1200"), F(tty_nr, "34816"),
	F(tpgid, "-1"), F(flags, "4194560"), F(minflt, "100"),
	F(cminflt, "200"), F(majflt, "3"), F(cmajflt, "4"), F(utime, "50"),
	F(stime, "60"), F(cutime, "7"), F(cstime, "8"), F(priority, "25"),
	F(nice, "-5"), F(nlwp, "4"), SKIPPED("itrealvalue", "0"),
	F(start_time, "123456"), F(vsize, "10485760"), F(rss, "256"),
	F(rsslim, "18446744073709551615"), F(start_code, "94000"),
	F(end_code, "95000"), F(start_stack, "140000"), F(kstk_esp, "11"),
	F(kstk_eip, "12"), SKIPPED("signal", "0"), SKIPPED("blocked", "0"),
	SKIPPED("sigignore", "4096"), SKIPPED("sigcatch", "16386"),
	F(wchan_addr, "1"), SKIPPED("nswap", "0"), SKIPPED("cnswap", "0"),
	F(exit_signal, "17"), F(processor, "3"), F(rt_priority, "10"),
	F(policy, "1"),
};
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

/* Fields the kernel prints after policy; parse_stat ignores them. */
static const char tail[] = " 0 0 0 95200 95300 96000 140100 140200 "
	"140200 140300 0\n";

static unsigned long long field_value(const struct task *t,
				      const struct field *f)
{
	const char *p = (const char *)t + f->off;

	switch (f->size) {
	case sizeof(int):
		if (f->is_signed)
			return (unsigned long long)(long long)*(const int *)p;
		return *(const unsigned *)p;
	case sizeof(long long):
		if (f->is_signed)
			return (unsigned long long)*(const long long *)p;
		return *(const unsigned long long *)p;
	}
	return 0xdeadbeef;
}

static unsigned long long field_want(const struct field *f)
{
	if (f->is_signed)
		return (unsigned long long)strtoll(f->text, NULL, 10);
	return strtoull(f->text, NULL, 10);
}

/* Builds "PID (COMM) S f1 f2 ..." with the first n fields; also records
 * where each field ends in ends[]. */
static size_t build(char *buf, size_t cap, const char *comm, size_t n,
		    size_t *ends, int with_tail)
{
	size_t len = (size_t)snprintf(buf, cap, "4321 (%s) S", comm);

	for (size_t i = 0; i < n; i++) {
		len += (size_t)snprintf(buf + len, cap - len, " %s",
					fields[i].text);
		if (ends)
			ends[i] = len;
	}
	if (with_tail)
		len += (size_t)snprintf(buf + len, cap - len, "%s", tail);
	return len;
}

static void check_fields(const struct task *t, size_t upto, const char *why)
{
	CASE(why);
	for (size_t i = 0; i < NFIELDS; i++) {
		const struct field *f = &fields[i];

		if (f->off == (size_t)-1)
			continue;
		if (field_value(t, f) != (i < upto ? field_want(f) : 0)) {
			fprintf(stderr, "[%s] field %s: got %llu want %llu\n",
				why, f->name, field_value(t, f),
				i < upto ? field_want(f) : 0);
			unit_failures++;
		}
	}
}

static int parse(const char *s, size_t len, struct task *t)
{
	char *copy = unit_dup(s, len);
	int rc;

	task_clear(t);
	rc = parse_stat(copy, len, t);
	free(copy);
	return rc;
}

static void test_full(void)
{
	char buf[1024];
	struct task t;
	size_t len = build(buf, sizeof(buf), "bash", NFIELDS, NULL, 1);

	CASE("full line");
	CHECK_INT(parse(buf, len, &t), 0);
	CHECK_STR(t.comm, "bash");
	CHECK_INT(t.state, 'S');
	check_fields(&t, NFIELDS, "full line");
	CHECK_UINT(t.rsslim, ULONG_MAX);
	CHECK_INT(t.nice, -5);
	CHECK_INT(t.tpgid, -1);
}

static void test_comm(void)
{
	static const struct {
		const char *comm, *want;
	} cases[] = {
		{ "a b  c", "a b  c" },
		{ "x) (y", "x) (y" },         /* the LAST ')' ends comm */
		{ "x) S 1 2 (y)", "x) S 1 2 (y)" },
		{ "((", "((" },
		{ "))", "))" },
		{ "", "" },
		{ "tab\there", "tab\there" },
		{ "h\xc3\xa9llo\xe2\x98\x83", "h\xc3\xa9llo\xe2\x98\x83" },
		{ "bad\xff\xfe", "bad\xff\xfe" },
		{ "kworker/u8:0-events_unbound", "kworker/u8:0-events_unbound" },
	};
	char buf[1024];
	struct task t;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len = build(buf, sizeof(buf), cases[i].comm, NFIELDS,
				   NULL, 1);

		CASE(cases[i].comm);
		CHECK_INT(parse(buf, len, &t), 0);
		CHECK_STR(t.comm, cases[i].want);
		CHECK_INT(t.state, 'S');
		check_fields(&t, NFIELDS, cases[i].comm);
	}
}

static void test_long_comm(void)
{
	char comm[200], buf[1024];
	struct task t;
	size_t len;

	memset(comm, 'z', sizeof(comm) - 1);
	comm[sizeof(comm) - 1] = '\0';
	len = build(buf, sizeof(buf), comm, NFIELDS, NULL, 1);
	CASE("comm longer than the buffer");
	CHECK_INT(parse(buf, len, &t), 0);
	CHECK_UINT(strlen(t.comm), TASK_COMM_MAX - 1);
	CHECK_INT(t.comm[0], 'z');
	check_fields(&t, NFIELDS, "long comm");
}

/* Cut after each field: what is there is parsed, the rest stays zero. */
static void test_truncated_fields(void)
{
	char buf[1024], why[64];
	size_t ends[NFIELDS];
	struct task t;

	build(buf, sizeof(buf), "a) (b", NFIELDS, ends, 0);
	for (size_t n = 0; n < NFIELDS; n++) {
		snprintf(why, sizeof(why), "cut after %s", fields[n].name);
		CASE(why);
		CHECK_INT(parse(buf, ends[n], &t), 0);
		CHECK_STR(t.comm, "a) (b");
		CHECK_INT(t.state, 'S');
		check_fields(&t, n + 1, why);
	}
	/* Only the state letter. */
	CASE("cut after state");
	CHECK_INT(parse("9 (x) R", 7, &t), 0);
	CHECK_INT(t.state, 'R');
	check_fields(&t, 0, "cut after state");
}

/* Every prefix of a line: never a crash or an over-read (run under ASan
 * with --enable-sanitizers), and a comm only when both parens are in. */
static void test_every_prefix(void)
{
	char buf[1024];
	size_t len = build(buf, sizeof(buf), "a) (b", NFIELDS, NULL, 1);
	struct task t;

	for (size_t n = 0; n <= len; n++) {
		int rc = parse(buf, n, &t);

		CASE("every prefix");
		if (n < 7)      /* "4321 (a" and shorter: no ')' */
			CHECK_INT(rc, -1);
	}
}

static void test_garbage(void)
{
	static const char *const bad[] = {
		"", "4321", "4321 (", "4321 (comm", "no parens at all",
		")(", "4321 (x)", "4321 (x)   ", "\n", "\0\0\0",
	};
	struct task t;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CASE(bad[i]);
		CHECK_INT(parse(bad[i], strlen(bad[i]), &t), -1);
	}

	/* Letters where numbers belong: no crash, no invented values. */
	CASE("letters in numeric fields");
	CHECK_INT(parse("1 (x) S abc def 7", 17, &t), 0);
	CHECK_INT(t.state, 'S');
	CHECK_INT(t.ppid, 0);

	/* Embedded NUL bytes: len, not strlen, bounds the parse. */
	CASE("embedded NUL");
	CHECK_INT(parse("1 (a\0b) S 77", 12, &t), 0);
	CHECK_INT(memcmp(t.comm, "a\0b", 4), 0);
	CHECK_INT(t.ppid, 77);
}

int main(void)
{
	test_full();
	test_comm();
	test_long_comm();
	test_truncated_fields();
	test_every_prefix();
	test_garbage();
	return unit_done("test_parse_stat");
}
