/* parse_status(): a real file, missing keys, truncated lines, look-alike
 * keys and garbage. */
#include "library/procparse.h"
#include "library/task.h"
#include "testsuite/unit/unit.h"

/* A Linux 6.1 status file, trimmed of keys nothing reads. */
static const char status_full[] =
	"Name:\tbash\n"
	"Umask:\t0022\n"
	"State:\tS (sleeping)\n"
	"Tgid:\t4321\n"
	"Ngid:\t0\n"
	"Pid:\t4321\n"
	"PPid:\t1\n"
	"TracerPid:\t77\n"
	"Uid:\t1000\t1001\t1002\t1003\n"
	"Gid:\t100\t101\t102\t103\n"
	"FDSize:\t256\n"
	"Groups:\t4 24 27 100 \n"
	"NStgid:\t4321\n"
	"VmPeak:\t   10000 kB\n"
	"VmSize:\t    9000 kB\n"
	"VmLck:\t       4 kB\n"
	"VmPin:\t       0 kB\n"
	"VmHWM:\t    5000 kB\n"
	"VmRSS:\t    4000 kB\n"
	"RssAnon:\t    1000 kB\n"
	"RssFile:\t    2900 kB\n"
	"RssShmem:\t     100 kB\n"
	"VmData:\t     700 kB\n"
	"VmStk:\t     132 kB\n"
	"VmExe:\t     900 kB\n"
	"VmLib:\t    2000 kB\n"
	"VmPTE:\t      52 kB\n"
	"VmSwap:\t      12 kB\n"
	"Threads:\t3\n"
	"SigQ:\t0/95000\n"
	"SigPnd:\t0000000000000100\n"
	"ShdPnd:\t0000000000000200\n"
	"SigBlk:\t0000000000010000\n"
	"SigIgn:\t0000000000384004\n"
	"SigCgt:\tFFFFFFFF4b813efb\n"
	"CapInh:\t0000000000000000\n"
	"Cpus_allowed_list:\t0-1\n";

static int parse(const char *s, size_t len, struct task *t)
{
	char *copy = unit_dup(s, len);
	int rc;

	task_free_strings(t);           /* the last parse's */
	task_clear(t);
	rc = parse_status(copy, len, t);
	free(copy);
	return rc;
}

static void test_full(void)
{
	struct task t;

	task_clear(&t);
	CASE("full status");
	CHECK_INT(parse(status_full, sizeof(status_full) - 1, &t), 0);
	CHECK_INT(t.tgid, 4321);
	CHECK_INT(t.status->tracer, 77);
	CHECK_UINT(t.status->ruid, 1000);
	CHECK_UINT(t.euid, 1001);
	CHECK_UINT(t.status->suid, 1002);
	CHECK_UINT(t.status->fuid, 1003);
	CHECK_UINT(t.status->rgid, 100);
	CHECK_UINT(t.egid, 101);
	CHECK_UINT(t.status->sgid, 102);
	CHECK_UINT(t.status->fgid, 103);
	CHECK_STR(t.status->supgids, "4,24,27,100");
	CHECK_UINT(t.status->vm_size, 9000);
	CHECK_UINT(t.status->vm_lock, 4);
	CHECK_UINT(t.vm_rss, 4000);
	CHECK_UINT(t.status->vm_rss_anon, 1000);
	CHECK_UINT(t.status->vm_rss_file, 2900);
	CHECK_UINT(t.status->vm_rss_shared, 100);
	CHECK_UINT(t.status->vm_data, 700);
	CHECK_UINT(t.status->vm_stack, 132);
	CHECK_UINT(t.status->vm_exe, 900);
	CHECK_UINT(t.status->vm_lib, 2000);
	CHECK_UINT(t.status->vm_swap, 12);
	CHECK_INT(t.status->status_nlwp, 3);
	CHECK_UINT(t.status->sig_pending, 0x100);
	CHECK_UINT(t.status->sig_shared, 0x200);
	CHECK_UINT(t.status->sig_blocked, 0x10000);
	CHECK_UINT(t.status->sig_ignored, 0x384004);
	CHECK_UINT(t.status->sig_caught, 0xFFFFFFFF4b813efbULL);
	task_free_strings(&t);
}

/* A kernel thread has no Vm* lines and no groups: all stay zero. */
static void test_missing_keys(void)
{
	static const char kthread[] =
		"Name:\tkworker/0:1\nState:\tI (idle)\nTgid:\t12\n"
		"Uid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\nGroups:\t\n"
		"Threads:\t1\n";
	struct task t;

	task_clear(&t);
	CASE("kernel thread");
	CHECK_INT(parse(kthread, sizeof(kthread) - 1, &t), 0);
	CHECK_INT(t.tgid, 12);
	CHECK_STR(t.status->supgids, "");
	CHECK_UINT(t.status->vm_size, 0);
	CHECK_UINT(t.vm_rss, 0);
	CHECK_UINT(t.status->vm_swap, 0);
	CHECK_UINT(t.status->sig_caught, 0);
	CHECK_INT(t.status->status_nlwp, 1);
	task_free_strings(&t);

	CASE("no Groups line");
	CHECK_INT(parse("Uid:\t5\t5\t5\t5\n", 12, &t), 0);
	CHECK(t.status->supgids == NULL);
	CHECK_UINT(t.status->ruid, 5);

	CASE("empty buffer");
	CHECK_INT(parse("", 0, &t), 0);
	CHECK_UINT(t.status->ruid, 0);
	CHECK(t.status->supgids == NULL);
	task_free_strings(&t);
}

static void test_truncated(void)
{
	struct task t;

	task_clear(&t);
	CASE("Uid cut after two ids");
	CHECK_INT(parse("Uid:\t1000\t1001", 14, &t), 0);
	CHECK_UINT(t.status->ruid, 1000);
	CHECK_UINT(t.euid, 1001);
	CHECK_UINT(t.status->suid, 0);
	CHECK_UINT(t.status->fuid, 0);

	CASE("key without a value");
	CHECK_INT(parse("VmRSS:", 6, &t), 0);
	CHECK_UINT(t.vm_rss, 0);

	CASE("key cut short");
	CHECK_INT(parse("Vm", 2, &t), 0);
	CHECK_UINT(t.vm_rss, 0);

	CASE("Groups cut mid-list");
	CHECK_INT(parse("Groups:\t4 24 2", 14, &t), 0);
	CHECK_STR(t.status->supgids, "4,24,2");
	task_free_strings(&t);

	CASE("hex cut short");
	CHECK_INT(parse("SigCgt:\t00000000000", 19, &t), 0);
	CHECK_UINT(t.status->sig_caught, 0);

	/* Every prefix of the full file: values only ever come from text
	 * that is there (checked for the last key the prefix holds whole). */
	for (size_t n = 0; n < sizeof(status_full); n++) {
		CASE("every prefix");
		CHECK_INT(parse(status_full, n, &t), 0);
		if (n < 60)
			CHECK_UINT(t.status->ruid, 0);
		task_free_strings(&t);
	}
	task_free_strings(&t);
}

static void test_lookalikes(void)
{
	static const char s[] =
		"Uidx:\t7\t7\t7\t7\n"
		"VmRSSx:\t99 kB\n"
		"VmRS:\t98 kB\n"
		"Threads_extra:\t5\n"
		"no colon on this line\n"
		":\tempty key\n"
		"Name:\ta:b:c\n"
		"VmRSS:\t42 kB\n";
	struct task t;

	task_clear(&t);
	CASE("look-alike keys");
	CHECK_INT(parse(s, sizeof(s) - 1, &t), 0);
	CHECK_UINT(t.status->ruid, 0);
	CHECK_UINT(t.vm_rss, 42);
	CHECK_INT(t.status->status_nlwp, 0);

	CASE("garbage values");
	CHECK_INT(parse("VmRSS:\tlots kB\nThreads:\t-\n", 26, &t), 0);
	CHECK_UINT(t.vm_rss, 0);
	CHECK_INT(t.status->status_nlwp, 0);

	CASE("binary garbage");
	CHECK_INT(parse("\xff\xfe:\n\0\0:\t\n\n", 10, &t), 0);
	task_free_strings(&t);
}

int main(void)
{
	test_full();
	test_missing_keys();
	test_truncated();
	test_lookalikes();
	return unit_done("test_parse_status");
}
