/* The library's generic item access and ps's spec table: the table is
 * sound (specs_check), and the default printer and comparator show and
 * order known values the way the reference's columns do. */
#include <stdlib.h>
#include "library/items.h"
#include "src/ps/print.h"
#include "testsuite/unit/unit.h"

static char cell[OUTBUF_SIZE];

/* The cell a spec prints for t, with room for 30 cells. */
static const char *show(const char *name, const struct task *t)
{
	struct out o = { cell, 30 };
	const struct spec *s = spec_find(name);

	if (!s)
		return "(no such spec)";
	spec_print(s, &o, t);
	return cell;
}

static int order(const char *name, const struct task *a, const struct task *b)
{
	return spec_compare(spec_find(name), a, b);
}

int main(void)
{
	struct task a, b;
	char wchan[] = "do_wait";

	CASE("table");
	CHECK_INT(specs_check(), 0);

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.tgid = 1234;
	a.nice = -5;
	a.euid = 0;
	a.state = 'S';
	a.vsize = 10 * 1024 * 1024 + 1000;
	a.start_stack = 0x7ffe1234;
	a.sig_blocked = 0x100000002ULL;
	a.ns[TASK_NS_IPC] = 4026531839UL;
	a.io_rchar = 18446744073709551615ULL;
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

	CASE("default comparator");
	CHECK(order("pid", &a, &b) > 0);
	CHECK(order("nice", &a, &b) < 0);       /* signed: -5 before 3 */
	CHECK(order("user", &a, &b) == 0);
	CHECK(order("wchan", &b, &a) < 0);      /* missing sorts as "" */
	CHECK(order("acflag", &a, &b) == 0);
	CHECK(order("vsize", &a, &b) == 0);     /* the reference's no-op */
	CHECK(order("vsz", &a, &b) > 0);
	return unit_done("test_ps_specs");
}
