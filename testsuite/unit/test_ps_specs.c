/* The library's generic item access and ps's spec table: the table is
 * sound (specs_check), and the default printer and comparator show and
 * order known values the way the reference's columns do. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "library/items.h"
#include "src/ps/print.h"
#include "testsuite/unit/unit.h"

static char cell[OUTBUF_SIZE];

/* The cell a spec prints for t, with room for 30 cells. */
static const char *show(const char *name, const struct task *t)
{
	struct out o = { cell, 30, -1 };
	const struct spec *s = spec_find(name);

	if (!s)
		return "(no such spec)";
	spec_print(s, &o, t);
	return cell;
}

/* A printer that gives its text's length (out_bytes) gives strlen of
 * what it wrote, at every width: the layout copies that many bytes. */
static void lengths_said(const struct task *t)
{
	static const int rooms[] = { 0, 1, 3, 8, 30, 300 };

	for (size_t i = 0; spec_at(i); i++) {
		const struct spec *s = spec_at(i);

		for (size_t r = 0; r < sizeof(rooms) / sizeof(rooms[0]); r++) {
			struct out o = { cell, rooms[r], -1 };

			cell[0] = '\0';
			spec_print(s, &o, t);
			CASE(s->name);
			if (o.bytes >= 0)
				CHECK_UINT(o.bytes, strlen(cell));
		}
	}
}

/* STIME and START as the reference computes them: localtime per row. */
static void want_stime(char *buf, time_t st)
{
	time_t now = (time_t)ctx.now;
	struct tm today = *localtime(&now), then = *localtime(&st);
	const char *fmt = "%H:%M";

	if (today.tm_yday != then.tm_yday)
		fmt = "%b%d";
	if (today.tm_year != then.tm_year)
		fmt = "%Y";
	if (!strftime(buf, 64, fmt, &then))
		buf[0] = '\0';
}

static void want_start(char *buf, time_t st)
{
	struct tm then = *localtime(&st);
	char md[16];

	if (ctx.now - (long long)st < 24 * 3600) {
		snprintf(buf, 64, "%8.8s", ctime(&st) + 11);
		return;
	}
	strftime(md, sizeof(md), "%b %d", &then);
	snprintf(buf, 64, "  %6.6s", md);
}

/* Start times every 3,607 s over 2011-2012 (DST changes both ways, Samoa
 * skipping a day, a leap second at the end of June 2012), seen from
 * "now"s a few hours, days and a year later. */
static void start_times(const char *tz)
{
	char want[64];
	struct task t;

	setenv("TZ", tz, 1);
	tzset();
	task_clear(&t);
	ctx.hertz = 1;
	ctx.boot_time = 0;
	for (time_t st = 1293840000; st < 1357000000; st += 3607) {
		static const long later[] = { 0, 7 * 3600, 30 * 3600, 86400 * 200 };

		t.start_time = (unsigned long long)st;
		for (int i = 0; i < 4; i++) {
			ctx.now = st + later[i];
			want_stime(want, st);
			CHECK_STR(show("stime", &t), want);
			want_start(want, st);
			CHECK_STR(show("start", &t), want);
		}
		if (unit_failures > 20)
			return;
	}
}

static int order(const char *name, const struct task *a, const struct task *b)
{
	return spec_compare(spec_find(name), a, b);
}

int main(void)
{
	struct task a, b;
	char wchan[] = "do_wait", zero[] = "0", dotted[] = "._x64_sys_pause";

	CASE("table");
	CHECK_INT(specs_check(), 0);

	task_clear(&a);
	task_clear(&b);
	a.tgid = 1234;
	a.nice = -5;
	a.euid = 0;
	a.state = 'S';
	a.vsize = 10 * 1024 * 1024 + 1000;
	a.start_stack = 0x7ffe1234;
	task_own_blocks(&a, GROUP_BIT(GRP_STATUS) | GROUP_BIT(GRP_NS) |
			    GROUP_BIT(GRP_IO));
	a.status->sig_blocked = 0x100000002ULL;
	a.ns->ino[TASK_NS_IPC] = 4026531839UL;
	a.io->io_rchar = 18446744073709551615ULL;
	a.wchan = wchan;
	strcpy(a.comm, "init");
	b.tgid = 99;
	b.nice = 3;
	b.euid = 0;

	CASE("item_num and item_str");
	CHECK_UINT(item_num(&a, ITEM_TGID), 1234);
	CHECK_INT((long long)item_num(&a, ITEM_NICE), -5);
	CHECK(item_is_signed(ITEM_NICE));
	CHECK(!item_is_signed(ITEM_VSIZE));
	CHECK_UINT(item_num(&a, ITEM_STATE), 'S');
	CHECK_UINT(item_num(&a, ITEM_NS_IPC), 4026531839UL);
	CHECK_UINT(item_num(&a, ITEM_IO_RCHAR), 18446744073709551615ULL);
	CHECK_STR(item_str(&a, ITEM_COMM), "init");
	CHECK_STR(item_str(&a, ITEM_WCHAN), "do_wait");
	CHECK(item_str(&b, ITEM_WCHAN) == NULL);
	CHECK(item_str(&a, ITEM_TGID) == NULL);

	CASE("default printer");
	ctx.page_kib = 4;
	CHECK_STR(show("pid", &a), "1234");
	CHECK_STR(show("s", &a), "S");
	CHECK_STR(show("vsz", &a), "10240");
	CHECK_STR(show("sz", &a), "2560");
	CHECK_STR(show("m_size", &a), "10486760");
	CHECK_STR(show("stackp", &a), "000000007ffe1234");
	CHECK_STR(show("sigmask", &a), "<00000002");
	ctx.wide_signals = true;
	CHECK_STR(show("sigmask", &a), "0000000100000002");
	CHECK_STR(show("ipcns", &a), "4026531839");
	CHECK_STR(show("ipcns", &b), "-");
	CHECK_STR(show("rchars", &a), "18446744073709551615");
	CHECK_STR(show("uid", &a), "0");
	CHECK_STR(show("user", &a), "root");
	CHECK_STR(show("acflag", &a), "-");
	CHECK_STR(show("ni", &a), "-5");

	CASE("text rule (wchan)");
	CHECK_STR(show("wchan", &a), "do_wait");
	CHECK_STR(show("wchan", &b), "?");
	b.wchan = zero;
	CHECK_STR(show("wname", &b), "-");
	b.wchan = dotted;
	CHECK_STR(show("wchan", &b), "x64_sys_pause");
	/* sorted by the text shown, not the raw one */
	CHECK(order("wchan", &b, &a) > 0);
	b.wchan = NULL;

	CASE("hand-written printers without printf");
	ctx.mem_total_kib = 1000;
	a.vm_rss = 5;
	CHECK_STR(show("pmem", &a), " 0.5");
	a.vm_rss = 123;
	CHECK_STR(show("pmem", &a), "12.3");
	a.vm_rss = 5000;
	CHECK_STR(show("pmem", &a), "99.9");
	ctx.hertz = 100;
	a.utime = 100 * (2 * 86400 + 3 * 3600 + 4 * 60 + 5);
	CHECK_STR(show("time", &a), "2-03:04:05");
	CHECK_STR(show("times", &a), "183845");
	a.utime = 100 * 59;
	CHECK_STR(show("time", &a), "00:00:59");
	ctx.boot_tics = 100 * 1000;
	a.start_time = 0;
	CHECK_STR(show("pcpu", &a), "5.9");
	CHECK_STR(show("c", &a), " 5");
	a.utime = 100 * 1000;
	CHECK_STR(show("pcpu", &a), "100");
	CHECK_STR(show("c", &a), "99");
	CHECK_STR(show("etimes", &a), "1000");

	CASE("default comparator");
	CHECK(order("pid", &a, &b) > 0);
	CHECK(order("nice", &a, &b) < 0);       /* signed: -5 before 3 */
	CHECK(order("user", &a, &b) == 0);
	CHECK(order("wchan", &b, &a) < 0);      /* missing: "?" */
	CHECK(order("acflag", &a, &b) == 0);
	CHECK(order("vsize", &a, &b) == 0);     /* the reference's no-op */
	CHECK(order("vsz", &a, &b) > 0);
	a.wchan = NULL;                 /* not the row's to free */
	task_free_strings(&a);

	CASE("start times");
	start_times("UTC");
	start_times("America/New_York");
	start_times("Europe/London");
	CASE("lengths said");
	{
		struct task c;
		int said = 0;

		task_clear(&c);         /* all zero: state 0, no strings */
		ctx.hertz = 100;
		ctx.mem_total_kib = 1024;
		ctx.boot_tics = 500000;
		ctx.now = 1700000000;
		ctx.screen_cols = 80;
		a.utime = 123456;
		a.start_time = 4000;
		lengths_said(&a);
		lengths_said(&b);
		lengths_said(&c);
		/* and some printers do say (so the check above ran) */
		for (size_t i = 0; spec_at(i); i++) {
			struct out o = { cell, 30, -1 };

			spec_print(spec_at(i), &o, &a);
			said += o.bytes >= 0;
		}
		CHECK(said > 100);
	}
	start_times("Australia/Lord_Howe");
	start_times("Pacific/Apia");
	start_times("Asia/Kolkata");
	start_times("right/UTC");
	start_times("<+0130>-1:30<+0030>-0:30,M3.5.0/0,M10.5.0/0");
	return unit_done("test_ps_specs");
}
