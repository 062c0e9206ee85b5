/* Unit tests of record-to-row filling: hand-built answers go through the
 * parser and the filler, and the rows must hold what the procfs backend
 * fills for the same task (units, missing values, withheld groups). */
#include <errno.h>
#include <stdlib.h>
#include "testsuite/unit/unit.h"
#include "backends/task_diag/td_fill.h"
#include "backends/task_diag/td_parse.h"
#include "library/taskset.h"
#include "td_build.h"

#define SEQ 3
#define ALL_GROUPS ((group_mask)((1u << GRP_COUNT) - 1) & \
		    ~GROUP_BIT(GRP_SMAPS))

static const struct td_units units = { 10000000ULL, 4 };  /* 100 Hz, 4 KiB */
static struct tb b;

struct sink {
	struct task_set set;
	group_mask groups;
	int dropped;
};

static int to_row(const struct td_rec *r, void *arg)
{
	struct sink *s = arg;
	struct task *t = task_set_push(&s->set);
	int rc;

	if (!t)
		return -ENOMEM;
	rc = td_fill_task(r, s->groups, &units, t);
	if (rc < 0) {
		task_set_pop(&s->set);
		s->dropped++;
		return rc == -1 ? 0 : rc;
	}
	return 0;
}

static int run(struct sink *s, group_mask groups)
{
	struct td_parser p;
	int rc;

	task_set_free(&s->set);
	s->groups = groups;
	s->dropped = 0;
	td_parser_init(&p, SEQ);
	rc = td_parse_chunk(&p, b.buf, b.len, to_row, s);
	if (!rc)
		rc = td_parse_finish(&p);
	td_parser_free(&p);
	return rc;
}

static struct task_diag_base base;
static struct task_diag_stat st;
static struct task_diag_creds cred;
static struct task_diag_statm sm;

static void defaults(uint32_t pid)
{
	memset(&base, 0, sizeof(base));
	base.pid = base.tgid = pid;
	base.ppid = 1;
	base.pgid = (int32_t)pid;
	base.sid = 1;
	base.tty_nr = 34816;
	base.tpgid = -1;
	base.flags = 0x400100;
	base.nlwp = 3;
	base.exit_signal = 17;
	base.processor = 1;
	base.state = TASK_DIAG_STOPPED;
	strcpy(base.comm, "my (odd) name");
	base.owner_uid = 1001;          /* the module's: the effective ids */
	base.owner_gid = 101;
	memset(&st, 0, sizeof(st));
	st.minflt = 11; st.cminflt = 12; st.majflt = 13; st.cmajflt = 14;
	st.utime = 2530000000ULL;       /* 253 ticks */
	st.stime = 19999999;            /* 1 tick: truncated */
	st.cutime = 10000000; st.cstime = 0;
	st.start_time = 123450000000ULL;
	st.vsize = 8192000; st.rss = 300; st.rsslim = ~0ULL;
	st.start_code = 0x400000; st.end_code = 0x401000;
	st.start_stack = 0x7ffd0000; st.kstkesp = 0; st.kstkeip = 0;
	st.priority = 20; st.nice = 0; st.rt_priority = 0; st.policy = 0;
	st.wchan = 1;
	st.sig_pending = 0x100; st.sig_shared_pending = 0x200;
	st.sig_blocked = 0x4000; st.sig_ignored = 0x1000; st.sig_caught = 0x2;
	memset(&cred, 0, sizeof(cred));
	cred.uid = 1000; cred.euid = 1001; cred.suid = 1002; cred.fsuid = 1003;
	cred.gid = 100; cred.egid = 101; cred.sgid = 102; cred.fsgid = 103;
	cred.ngroups = 3;
	memset(&sm, 0, sizeof(sm));
	sm.has_mm = 1;
	sm.size = 2000; sm.resident = 300; sm.shared = 200; sm.text = 5;
	sm.data = 150; sm.anon = 100; sm.file = 150; sm.shmem = 50;
	sm.swap = 7; sm.locked_vm = 2; sm.data_vm = 120; sm.stack_vm = 30;
	sm.vm_exe = 20480; sm.vm_lib = 1048576;
}

/* One task 1234: BASE of base_len bytes, STAT, and with cred_too CRED,
 * STATM and an empty GROUPS. */
static void owner_msg(size_t base_len, int cred_too)
{
	b.len = 0;
	tb_begin(&b, SEQ, 1234, 1234, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, base_len);
	if (cred_too)
		tb_attr(&b, TASK_DIAG_CRED, &cred, sizeof(cred));
	tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
	if (cred_too) {
		tb_attr(&b, TASK_DIAG_STATM, &sm, sizeof(sm));
		tb_attr(&b, TASK_DIAG_GROUPS, "", 0);
	}
	tb_end(&b);
}

/* the message of stat_and_status(), from the current attributes */
static void build_stat_and_status(void)
{
	static const uint32_t gids[] = { 4, 24, 27 };

	b.len = 0;
	tb_begin(&b, SEQ, 1234, 1234, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_CRED, &cred, sizeof(cred));
	tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
	tb_attr(&b, TASK_DIAG_STATM, &sm, sizeof(sm));
	tb_attr(&b, TASK_DIAG_GROUPS, gids, sizeof(gids));
	tb_end(&b);
}

/* a message of BASE, STAT and STATM alone */
static void build_base_stat_statm(void)
{
	b.len = 0;
	tb_begin(&b, SEQ, 1234, 1234, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
	tb_attr(&b, TASK_DIAG_STATM, &sm, sizeof(sm));
	tb_end(&b);
}

static void stat_and_status(void)
{
	struct sink s = { 0 };
	struct task *t;

	CASE("stat, owner, status, statm");
	defaults(1234);
	build_stat_and_status();
	/* stat alone is BASE's part (ps -eo pid,comm): no times */
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT)), 0);
	CHECK_INT(s.set.n, 1);
	if (s.set.n != 1)
		return;
	t = &s.set.v[0];
	CHECK_STR(t->comm, "my (odd) name");
	CHECK_INT(t->state, 'T');
	CHECK_UINT(t->utime, 0);
	CHECK_UINT(t->start_time, 0);
	CHECK_INT(t->groups_filled & GROUP_BIT(GRP_STAT_ACCT), 0);
	/* without stat_mm, its fields are not copied (the module may have
	 * skipped them, TASK_DIAG_REQ_NO_STAT_MM) */
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_ACCT)), 0);
	CHECK_INT(s.set.n, 1);
	if (s.set.n != 1)
		return;
	t = &s.set.v[0];
	CHECK(t->groups_filled & GROUP_BIT(GRP_STAT_ACCT));
	CHECK_UINT(t->vsize, 0);
	CHECK_UINT(t->wchan_addr, 0);
	CHECK_UINT(t->start_time, 12345);
	CHECK_INT(t->groups_filled & GROUP_BIT(GRP_STAT_MM), 0);
	/* nor the ids without stat_ids (TASK_DIAG_REQ_NO_IDS) */
	CHECK_INT(t->ppid, 0);
	CHECK_INT(t->session, 0);
	CHECK_INT(t->groups_filled & GROUP_BIT(GRP_STAT_IDS), 0);
	/* stat's vsize and rss come from statm's size and resident, the
	 * same counters, with no address-space access in the module (ps
	 * aux); stat's own figures are not read for them */
	st.vsize = 1;
	st.rss = 2;
	build_stat_and_status();
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_VM)), 0);
	st.vsize = 8192000;
	st.rss = 300;
	build_stat_and_status();
	CHECK_INT(s.set.n, 1);
	if (s.set.n != 1)
		return;
	t = &s.set.v[0];
	CHECK_UINT(t->vsize, 2000 * 4096);
	CHECK_INT(t->rss, 300);
	CHECK(t->groups_filled & GROUP_BIT(GRP_STAT_VM));
	CHECK_INT(t->groups_filled & GROUP_BIT(GRP_STAT_MM), 0);
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_MM) |
		      GROUP_BIT(GRP_STAT_VM) | GROUP_BIT(GRP_STAT_IDS) |
		      GROUP_BIT(GRP_STAT_ACCT) |
		      GROUP_BIT(GRP_OWNER) | GROUP_BIT(GRP_STATUS) |
		      GROUP_BIT(GRP_STATUS_VM) | GROUP_BIT(GRP_STATM)), 0);
	CHECK_INT(s.set.n, 1);
	if (s.set.n != 1)
		return;
	t = &s.set.v[0];
	CHECK_INT(t->tid, 1234);
	CHECK_INT(t->tgid, 1234);
	CHECK_STR(t->comm, "my (odd) name");
	CHECK_INT(t->state, 'T');
	CHECK_INT(t->ppid, 1);
	CHECK_INT(t->pgrp, 1234);
	CHECK_INT(t->session, 1);
	CHECK_INT(t->tty_nr, 34816);
	CHECK_INT(t->tpgid, -1);
	CHECK_UINT(t->flags, 0x400100);
	CHECK_UINT(t->minflt, 11);
	CHECK_UINT(t->cmajflt, 14);
	CHECK_UINT(t->utime, 253);
	CHECK_UINT(t->stime, 1);
	CHECK_UINT(t->cutime, 1);
	CHECK_UINT(t->start_time, 12345);
	CHECK_UINT(t->vsize, 8192000);
	CHECK_INT(t->rss, 300);
	CHECK_UINT(t->rsslim, ~0UL);
	CHECK_UINT(t->end_code, 0x401000);
	CHECK_INT(t->priority, 20);
	CHECK_INT(t->nlwp, 3);
	CHECK_UINT(t->wchan_addr, 1);
	CHECK_INT(t->exit_signal, 17);
	CHECK_INT(t->processor, 1);
	CHECK_INT(t->is_kernel_thread, 0);
	/* status's Uid/Gid lines win over the owner */
	CHECK_UINT(t->euid, 1001);
	CHECK_UINT(t->egid, 101);
	CHECK_UINT(t->status->ruid, 1000);
	CHECK_UINT(t->status->fuid, 1003);
	CHECK_UINT(t->status->sgid, 102);
	CHECK_STR(t->status->supgids, "4,24,27");
	CHECK_UINT(t->status->vm_size, 8000);
	CHECK_UINT(t->status->vm_lock, 8);
	CHECK_UINT(t->vm_rss, 1200);
	CHECK_UINT(t->status->vm_rss_anon, 400);
	CHECK_UINT(t->status->vm_rss_file, 600);
	CHECK_UINT(t->status->vm_rss_shared, 200);
	CHECK_UINT(t->status->vm_data, 480);
	CHECK_UINT(t->status->vm_stack, 120);
	CHECK_UINT(t->status->vm_exe, 20);
	CHECK_UINT(t->status->vm_lib, 1024);
	CHECK_UINT(t->status->vm_swap, 28);
	CHECK_UINT(t->status->sig_pending, 0x100);
	CHECK_UINT(t->status->sig_shared, 0x200);
	CHECK_UINT(t->status->sig_blocked, 0x4000);
	CHECK_UINT(t->status->sig_ignored, 0x1000);
	CHECK_UINT(t->status->sig_caught, 0x2);
	CHECK_INT(t->status->status_nlwp, 3);
	CHECK_UINT(t->sm_size, 2000);
	CHECK_UINT(t->sm_resident, 300);
	CHECK_UINT(t->sm_shared, 200);
	CHECK_UINT(t->sm_text, 5);
	CHECK_UINT(t->sm_lib, 0);
	CHECK_UINT(t->sm_data, 150);
	CHECK(t->cmdline.data == NULL);   /* not requested */

	CASE("status's Vm lines alone (ps aux's STAT): from STATM, no CRED");
	build_base_stat_statm();
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STATUS_VM)), 0);
	CHECK_INT(s.set.n, 1);
	if (s.set.n != 1)
		return;
	t = &s.set.v[0];
	CHECK_UINT(t->status->vm_lock, 8);
	CHECK_UINT(t->status->vm_swap, 28);
	CHECK_UINT(t->vm_rss, 1200);
	CHECK(t->groups_filled & GROUP_BIT(GRP_STATUS_VM));
	CHECK(!(t->groups_filled & GROUP_BIT(GRP_STATUS)));
	CHECK(t->status->supgids == NULL);

	CASE("stat's vsize and rss without an address space: 0, as in stat");
	sm.has_mm = 0;
	build_base_stat_statm();
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_VM)), 0);
	CHECK_INT(s.set.n, 1);
	if (s.set.n != 1)
		return;
	CHECK_UINT(s.set.v[0].vsize, 0);
	CHECK_INT(s.set.v[0].rss, 0);
	CHECK(s.set.v[0].groups_filled & GROUP_BIT(GRP_STAT_VM));
	sm.has_mm = 1;

	CASE("owner alone: the effective ids, with or without an mm");
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_OWNER)), 0);
	CHECK_UINT(s.set.v[0].euid, 1001);
	CHECK_UINT(s.set.v[0].egid, 101);
	CHECK(s.set.v[0].status->supgids == NULL);
	sm.has_mm = 0;
	owner_msg(sizeof(base), 1);
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_OWNER)), 0);
	CHECK_UINT(s.set.v[0].euid, 1001);
	CHECK_UINT(s.set.v[0].egid, 101);

	CASE("owner: version 2's BASE alone; version 1's 120-byte BASE "
	     "takes CRED's effective ids");
	base.owner_uid = 2001;
	base.owner_gid = 201;
	owner_msg(sizeof(base), 0);
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_OWNER)), 0);
	CHECK_UINT(s.set.v[0].euid, 2001);
	CHECK_UINT(s.set.v[0].egid, 201);
	CHECK(s.set.v[0].groups_filled & GROUP_BIT(GRP_OWNER));
	owner_msg(120, 1);
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_OWNER)), 0);
	CHECK_UINT(s.set.v[0].euid, 1001);
	CHECK_UINT(s.set.v[0].egid, 101);
	owner_msg(120, 0);
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_OWNER)), 0);
	CHECK(!(s.set.v[0].groups_filled & GROUP_BIT(GRP_OWNER)));
	base.owner_uid = 1001;
	base.owner_gid = 101;
	owner_msg(sizeof(base), 1);
	CASE("status without an mm: no Vm lines, empty Groups");
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STATUS) |
		      GROUP_BIT(GRP_STATUS_VM)), 0);
	CHECK_UINT(s.set.v[0].status->vm_size, 0);
	CHECK_UINT(s.set.v[0].vm_rss, 0);
	CHECK_STR(s.set.v[0].status->supgids, "");
	CHECK_UINT(s.set.v[0].euid, 1001);
	task_set_free(&s.set);
}

static void blobs_and_withheld(void)
{
	struct task_diag_io io = { 1, 2, 3, 4, 5, 6, 7 };
	struct task_diag_ns ns = { 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 };
	struct task_diag_oom oom = { 667, -500 };
	struct task_diag_loginuid login = { 4294967295u, 5 };
	struct sink s = { 0 };
	struct task *t;

	CASE("bytes groups, small groups");
	defaults(50);
	base.flags |= 0x00200000;       /* a kernel thread */
	base.owner_uid = base.owner_gid = 0;    /* as the module says */
	b.len = 0;
	tb_begin(&b, SEQ, 50, 50, TASK_DIAG_FLAG_CONT);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
	tb_attr(&b, TASK_DIAG_CMDLINE, "", 0);
	tb_attr(&b, TASK_DIAG_ENVIRON, "HOME=/", 7);
	tb_attr(&b, TASK_DIAG_CGROUP, "0::/", 4);
	tb_end(&b);
	tb_begin(&b, SEQ, 50, 50, 0);
	tb_attr(&b, TASK_DIAG_CGROUP, "init.scope\n", 11);
	tb_attr(&b, TASK_DIAG_WCHAN, "do_signal_stop", 14);
	tb_attr(&b, TASK_DIAG_IO, &io, sizeof(io));
	tb_attr(&b, TASK_DIAG_NS, &ns, sizeof(ns));
	tb_attr(&b, TASK_DIAG_OOM, &oom, sizeof(oom));
	tb_attr(&b, TASK_DIAG_LOGINUID, &login, sizeof(login));
	tb_attr(&b, TASK_DIAG_EXE, "/usr/bin/sleep", 14);
	tb_attr(&b, TASK_DIAG_AUTOGROUP, "/autogroup-12 nice -3\n", 22);
	tb_end(&b);
	CHECK_INT(run(&s, ALL_GROUPS), 0);
	CHECK_INT(s.set.n, 1);
	if (s.set.n != 1)
		return;
	t = &s.set.v[0];
	CHECK_INT(t->is_kernel_thread, 1);
	CHECK(t->cmdline.data != NULL);
	CHECK_UINT(t->cmdline.len, 0);
	CHECK_UINT(t->environ.len, 7);
	CHECK_STR(t->environ.data, "HOME=/");
	CHECK_STR(t->cgroup.data, "0::/init.scope\n");
	CHECK_UINT(t->cgroup.len, 15);
	CHECK_STR(t->wchan, "do_signal_stop");
	CHECK_UINT(t->io->io_rchar, 1);
	CHECK_UINT(t->io->io_cancelled_write_bytes, 7);
	CHECK_UINT(t->ns->ino[TASK_NS_CGROUP], 11);
	CHECK_UINT(t->ns->ino[TASK_NS_PID], 15);
	CHECK_UINT(t->ns->ino[TASK_NS_TIME], 17);
	CHECK_UINT(t->ns->ino[TASK_NS_USER], 19);
	CHECK_UINT(t->ns->ino[TASK_NS_UTS], 20);
	CHECK_INT(t->oom_score, 667);
	CHECK_INT(t->oom_adj, -500);
	CHECK_UINT(t->loginuid, 4294967295u);
	CHECK_STR(t->exe, "/usr/bin/sleep");
	CHECK_INT(t->autogroup_id, 12);
	CHECK_INT(t->autogroup_nice, -3);
	/* kernel thread: root owns its /proc directory */
	CHECK_UINT(t->euid, 0);
	CHECK_UINT(t->egid, 0);

	CASE("withheld groups look like refused procfs files");
	b.len = 0;
	tb_begin(&b, SEQ, 50, 50, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
	tb_attr(&b, TASK_DIAG_CMDLINE, "x", 2);
	tb_attr(&b, TASK_DIAG_AUTOGROUP, "", 0);
	tb_attr(&b, TASK_DIAG_WITHHELD, &(uint64_t){ TASK_DIAG_SHOW_ENVIRON |
		TASK_DIAG_SHOW_WCHAN | TASK_DIAG_SHOW_IO | TASK_DIAG_SHOW_NS |
		TASK_DIAG_SHOW_EXE }, 8);
	tb_end(&b);
	CHECK_INT(run(&s, ALL_GROUPS), 0);
	t = &s.set.v[0];
	CHECK(t->environ.data == NULL);
	CHECK_STR(t->wchan, "0");
	CHECK_UINT(t->io->io_rchar, 0);
	CHECK(!(t->groups_filled & GROUP_BIT(GRP_IO)));
	CHECK_UINT(t->ns->ino[TASK_NS_PID], 0);
	CHECK(t->groups_filled & GROUP_BIT(GRP_NS));
	CHECK(t->exe == NULL);
	CHECK(t->cgroup.data == NULL);  /* absent: the read failed */
	CHECK_UINT(t->cmdline.len, 2);
	CHECK_INT(t->autogroup_id, 0);  /* not in an autogroup */
	CHECK(!(t->groups_filled & GROUP_BIT(GRP_AUTOGROUP)));

	CASE("a thread row has no autogroup: procfs has no task/TID/autogroup");
	b.len = 0;
	base.pid = 51;
	base.tgid = 50;
	tb_begin(&b, SEQ, 51, 50, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
	tb_attr(&b, TASK_DIAG_AUTOGROUP, "/autogroup-12 nice -3\n", 22);
	tb_end(&b);
	base.pid = base.tgid = 50;
	tb_begin(&b, SEQ, 50, 50, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_attr(&b, TASK_DIAG_STAT, &st, sizeof(st));
	tb_attr(&b, TASK_DIAG_AUTOGROUP, "/autogroup-12 nice -3\n", 22);
	tb_end(&b);
	CHECK_INT(run(&s, ALL_GROUPS), 0);
	CHECK_INT(s.set.n, 2);
	if (s.set.n == 2) {
		CHECK(!(s.set.v[0].groups_filled & GROUP_BIT(GRP_AUTOGROUP)));
		CHECK(s.set.v[1].groups_filled & GROUP_BIT(GRP_AUTOGROUP));
		CHECK_INT(s.set.v[1].autogroup_id, 12);
	}

	CASE("a task whose stat is refused is dropped");
	b.len = 0;
	tb_begin(&b, SEQ, 50, 50, 0);
	tb_attr(&b, TASK_DIAG_WITHHELD, &(uint64_t){ TASK_DIAG_SHOW_BASE |
		TASK_DIAG_SHOW_STAT }, 8);
	tb_end(&b);
	tb_begin(&b, SEQ, 51, 51, 0);
	tb_attr(&b, TASK_DIAG_BASE, &base, sizeof(base));
	tb_end(&b);
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_ACCT)), 0);
	CHECK_INT(s.set.n, 0);
	CHECK_INT(s.dropped, 2);
	/* STAT not asked for: BASE alone makes the row */
	CHECK_INT(run(&s, GROUP_BIT(GRP_STAT)), 0);
	CHECK_INT(s.set.n, 1);
	CHECK_INT(s.dropped, 1);
	task_set_free(&s.set);
}

static void whole_and_dup(void)
{
	struct td_rec r;
	struct task t, d;
	struct task_diag_io io = { 100, 200, 300, 400, 500, 600, 700 };

	CASE("process-wide figures replace the leader's own");
	memset(&r, 0, sizeof(r));
	task_clear(&t);
	t.utime = 5;
	CHECK(task_io_own(&t) != NULL);
	t.io->io_rchar = 9;
	t.groups_filled = GROUP_BIT(GRP_IO);
	r.have = TASK_DIAG_SHOW_STAT | TASK_DIAG_SHOW_IO;
	r.stat.utime = 700000000;
	r.stat.minflt = 44;
	r.stat.wchan = 0;
	r.io = io;
	td_fill_whole(&r, GROUP_BIT(GRP_IO) | GROUP_BIT(GRP_STAT_ACCT), &units,
		      &t);
	CHECK_UINT(t.utime, 70);
	CHECK_UINT(t.minflt, 44);
	CHECK_UINT(t.io->io_rchar, 100);
	r.withheld = TASK_DIAG_SHOW_IO;
	td_fill_whole(&r, GROUP_BIT(GRP_IO) | GROUP_BIT(GRP_STAT_ACCT), &units,
		      &t);
	CHECK_UINT(t.io->io_rchar, 0);
	task_free_strings(&t);

	CASE("row copies own their strings");
	task_clear(&t);
	CHECK(task_status_own(&t) != NULL);
	t.status->supgids = strdup("1,2");
	t.cmdline.data = malloc(4);
	memcpy(t.cmdline.data, "a\0b", 4);
	t.cmdline.len = 3;
	t.wchan = strdup("0");
	CHECK_INT(task_copy(&d, &t), 0);
	CHECK(d.status->supgids != t.status->supgids);
	CHECK_STR(d.status->supgids, "1,2");
	CHECK(d.cmdline.data != t.cmdline.data);
	CHECK_UINT(d.cmdline.len, 3);
	CHECK(d.environ.data == NULL);
	task_free_strings(&t);
	task_free_strings(&d);
}

int main(void)
{
	stat_and_status();
	blobs_and_withheld();
	whole_and_dup();
	return unit_done("test_td_fill");
}
