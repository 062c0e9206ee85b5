/* request_fill(): a scan that reads only some groups for every row
 * (selection.groups, top's interactive frame) and the rest afterwards for
 * the rows named, through the procfs backend: the filled rows must hold
 * what a scan of every group gives, and the scan must keep a descriptor
 * only for the files it read for every row. */
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include "library/request.h"
#include "unit.h"

#define SOME (GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_ACCT))
#define REST (GROUP_BIT(GRP_STATM) | GROUP_BIT(GRP_OWNER) | \
	      GROUP_BIT(GRP_CMDLINE) | GROUP_BIT(GRP_STATUS))

static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n - 1;           /* the listing's own */
}

static const struct task *row_of(const struct task_set *s, int tid)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].tid == tid)
			return &s->v[i];
	return NULL;
}

/* A thread whose blocked signals differ from the main thread's: its
 * row's status must come from its own task directory. */
static void *park(void *arg)
{
	sigset_t set;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	pause();
	return NULL;
}

/* Every row of `some`, filled, against the same row of `all`. */
static void check_rows(struct task_set *some, const struct task_set *all)
{
	for (size_t i = 0; i < some->n; i++) {
		const struct task *t = &some->v[i];
		const struct task *w = row_of(all, t->tid);

		CHECK(w != NULL);
		if (!w)
			continue;
		CHECK((t->groups_filled & REST) == REST);
		CHECK_UINT(t->euid, w->euid);
		CHECK_UINT(t->status->sig_blocked, w->status->sig_blocked);
		CHECK_UINT(t->egid, w->egid);
		/* this process allocates between the two scans */
		if (t->tgid != (int)getpid())
			CHECK_UINT(t->sm_size, w->sm_size);
		CHECK_UINT(t->cmdline.len, w->cmdline.len);
		CHECK(t->cmdline.data && w->cmdline.data &&
		      memcmp(t->cmdline.data, w->cmdline.data,
			     w->cmdline.len) == 0);
	}
}

int main(void)
{
	static const enum item items[] = {
		ITEM_UTIME, ITEM_SM_SIZE, ITEM_EUID, ITEM_CMDLINE,
		ITEM_SIG_BLOCKED
	};
	int pids[] = { (int)getpid(), 1 };
	struct selection sel = {
		.pids = pids, .npids = 2, .in_list_order = true,
		.keep_open = true, .groups = SOME,
	};
	struct task_set some = { 0 }, all = { 0 };
	struct task *rows[64];
	struct request *r;
	pthread_t th;
	int before, fds;

	setenv("PROCPS_BACKEND", "procfs", 1);
	if (pthread_create(&th, NULL, park, NULL) != 0)
		return 77;
	before = open_fds();
	r = request_new(items, 5);
	if (!r)
		return 99;

	CASE("processes: a scan of some groups leaves the rest out");
	CHECK_INT(request_scan(r, &sel, &some), 0);
	CHECK_INT(some.n, 2);
	for (size_t i = 0; i < some.n; i++)
		CHECK((some.v[i].groups_filled & REST) == 0);
	/* /proc's descriptor and one stat descriptor per row, no more */
	fds = open_fds();
	CHECK_INT(fds - before, 1 + 2);

	CASE("processes: filled rows hold what a whole scan gives");
	for (size_t i = 0; i < some.n; i++)
		rows[i] = &some.v[i];
	CHECK_INT(request_fill(r, &sel, rows, some.n, REST), 0);
	CASE("processes: filling by path keeps no descriptor");
	CHECK_INT(open_fds(), fds);
	CASE("processes: a scan of every group keeps statm and status too");
	sel.groups = 0;
	CHECK_INT(request_scan(r, &sel, &all), 0);
	CHECK_INT(open_fds(), fds + 2 * 2);     /* statm and status */
	CASE("processes: filled rows hold what a whole scan gives");
	check_rows(&some, &all);
	CASE("processes: back to some groups, the others' are closed");
	sel.groups = SOME;
	CHECK_INT(request_scan(r, &sel, &some), 0);
	CHECK_INT(open_fds(), fds);
	sel.groups = 0;

	CASE("threads: each thread's row is filled from its own directory");
	sel.threads = THREADS_ONLY;
	sel.npids = 1;
	sel.groups = SOME;
	CHECK_INT(request_scan(r, &sel, &some), 0);
	CHECK_INT(some.n, 2);
	for (size_t i = 0; i < some.n && i < 64; i++)
		rows[i] = &some.v[i];
	CHECK_INT(request_fill(r, &sel, rows, some.n, REST), 0);
	sel.groups = 0;
	CHECK_INT(request_scan(r, &sel, &all), 0);
	check_rows(&some, &all);

	CASE("a scan of every group: fill has nothing to do");
	task_set_clear(&some);
	CHECK_INT(request_fill(r, &sel, rows, 0, REST), 0);

	task_set_free(&some);
	task_set_free(&all);
	request_free(r);
	CASE("release closes every kept descriptor");
	CHECK_INT(open_fds(), before);
	return unit_failures ? 1 : 0;
}
