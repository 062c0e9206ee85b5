/* A scan that keeps its listing (relist.c, top's refreshes) must list the
 * same processes as a fresh listing of /proc: new ones appear, gone ones
 * leave, a pid handed out again after the cursor went back (ns_last_pid)
 * shows its new process, threads come and go (a process's thread list is
 * kept too: a thread that replaces another, keeping the count, shows).
 * Runs in a pid namespace
 * of its own with its own /proc (a user namespace too when not root), so
 * nothing else forks there; skipped (77) where namespaces are refused. */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>
#include "library/request.h"
#include "unit.h"

enum { MAX_KIDS = 64, FULL_EVERY = 16 };

static struct request *req;
static struct selection sel = {
	.keep_open = true,
	.groups = GROUP_BIT(GRP_STAT),
};

static int sorted_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The pids a fresh listing of /proc shows, ascending. */
static size_t listed(int *out, size_t cap)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	size_t n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) && n < cap)
		if (e->d_name[0] >= '1' && e->d_name[0] <= '9')
			out[n++] = atoi(e->d_name);
	closedir(d);
	qsort(out, n, sizeof(*out), sorted_int);
	return n;
}

/* One scan; true if its rows are the processes /proc lists now, in
 * order (for threads: their tids, against task/ of ourselves). */
static bool scan_matches(void)
{
	struct task_set s = { 0 };
	int want[MAX_KIDS * 2];
	size_t n = listed(want, MAX_KIDS * 2);
	bool same;

	if (request_scan(req, &sel, &s) != 0) {
		task_set_free(&s);
		return false;
	}
	same = s.n == n;
	for (size_t i = 0; same && i < n; i++)
		same = s.v[i].tid == want[i];
	if (!same) {
		fprintf(stderr, "scan:");
		for (size_t i = 0; i < s.n; i++)
			fprintf(stderr, " %d", s.v[i].tid);
		fprintf(stderr, "\nlisting:");
		for (size_t i = 0; i < n; i++)
			fprintf(stderr, " %d", want[i]);
		fprintf(stderr, "\n");
	}
	task_set_free(&s);
	return same;
}

static bool scan_has(int tid)
{
	struct task_set s = { 0 };
	bool has = false;

	if (request_scan(req, &sel, &s) == 0)
		for (size_t i = 0; i < s.n; i++)
			has |= s.v[i].tid == tid;
	task_set_free(&s);
	return has;
}

/* One thread-mode scan; true if its rows of our own process are the
 * threads task/ lists now, in its order. */
static bool threads_match(void)
{
	struct task_set s = { 0 };
	int want[MAX_KIDS], got[MAX_KIDS];
	size_t n = 0, m = 0;
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	bool same;

	while (d && (e = readdir(d)) && n < MAX_KIDS)
		if (e->d_name[0] >= '1' && e->d_name[0] <= '9')
			want[n++] = atoi(e->d_name);
	if (d)
		closedir(d);
	if (request_scan(req, &sel, &s) != 0) {
		task_set_free(&s);
		return false;
	}
	for (size_t i = 0; i < s.n && m < MAX_KIDS; i++)
		if (s.v[i].tgid == getpid())
			got[m++] = s.v[i].tid;
	task_set_free(&s);
	same = m == n && n > 0;
	for (size_t i = 0; same && i < n; i++)
		same = got[i] == want[i];
	if (!same) {
		fprintf(stderr, "threads scanned:");
		for (size_t i = 0; i < m; i++)
			fprintf(stderr, " %d", got[i]);
		fprintf(stderr, "\ntask/ lists:");
		for (size_t i = 0; i < n; i++)
			fprintf(stderr, " %d", want[i]);
		fprintf(stderr, "\n");
	}
	return same;
}

static pid_t sleeper(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		pause();
		_exit(0);
	}
	return pid;
}

static void end(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

static int set_last_pid(int v)
{
	char buf[16];
	int fd = open("/proc/sys/kernel/ns_last_pid", O_WRONLY);
	int n = snprintf(buf, sizeof(buf), "%d", v);
	int rc = fd >= 0 && write(fd, buf, (size_t)n) == n ? 0 : -1;

	if (fd >= 0)
		close(fd);
	return rc;
}

/* The last pid handed out here (loadavg's last field). */
static long last_pid(void)
{
	char buf[128], *s;
	int fd = open("/proc/loadavg", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	s = strrchr(buf, ' ');
	return s ? strtol(s + 1, NULL, 10) : 0;
}

static void *park(void *arg)
{
	(void)arg;
	pause();
	return NULL;
}

static int tests(void)
{
	static const enum item items[] = { ITEM_UTIME };
	pid_t a, b, c, e, g, kids[8];
	pthread_t th;

	setenv("PROCPS_BACKEND", "procfs", 1);
	req = request_new(items, 1);
	if (!req)
		return 99;

	CASE("the first scans list /proc whole");
	for (int i = 0; i < 3; i++)
		CHECK(scan_matches());

	CASE("a new process appears in the next scan");
	a = sleeper();
	CHECK(scan_matches());
	CHECK(scan_has(a));

	CASE("a process that is gone leaves");
	end(a);
	CHECK(scan_matches());
	CHECK(!scan_has(a));

	CASE("several new, one gone at once");
	b = sleeper();
	c = sleeper();
	for (int i = 0; i < 8; i++)
		kids[i] = sleeper();
	end(b);
	CHECK(scan_matches());
	CHECK(scan_matches());

	CASE("the cursor goes back: a reused pid shows its new process");
	CHECK_INT(set_last_pid(a - 1), 0);
	e = sleeper();
	CHECK_INT(e, a);
	CHECK(scan_matches());
	CHECK(scan_has(e));

	CASE("a process below the listed range shows within a full round");
	/* the cursor put back where it was: nothing tells the scan that a
	 * pid below it was handed out; its periodic full listing does */
	CHECK(scan_matches());
	CHECK(scan_matches());
	{
		long cursor = last_pid();

		/* b's pid: handed out and freed before any scan saw it */
		CHECK_INT(set_last_pid(b - 1), 0);
		g = sleeper();
		CHECK_INT(g, b);
		CHECK_INT(set_last_pid((int)cursor), 0);
	}
	{
		bool seen = false;

		for (int i = 0; i <= FULL_EVERY && !seen; i++)
			seen = scan_has(g);
		CHECK(seen);
	}
	CHECK(scan_matches());

	CASE("all gone but ourselves");
	end(c);
	end(e);
	end(g);
	for (int i = 0; i < 8; i++)
		end(kids[i]);
	CHECK(scan_matches());

	CASE("a gone pid handed to a thread is no process row");
	{
		long cursor = last_pid();
		pid_t x = sleeper();

		CHECK(scan_matches());
		CHECK(scan_matches());
		end(x);
		CHECK_INT(set_last_pid(x - 1), 0);
		if (pthread_create(&th, NULL, park, NULL) != 0)
			return 99;
		/* the cursor put back: the scan sees no new pid */
		CHECK_INT(set_last_pid((int)cursor + 1), 0);
		CHECK(scan_matches());
		pthread_cancel(th);
		pthread_join(th, NULL);
	}

	CASE("threads: a new thread appears, and leaves");
	sel.threads = THREADS_ONLY;
	CHECK_INT(scan_has(getpid()), 1);
	if (pthread_create(&th, NULL, park, NULL) != 0)
		return 99;
	{
		struct task_set s = { 0 };

		CHECK_INT(request_scan(req, &sel, &s), 0);
		CHECK_INT(s.n, 2);
		task_set_free(&s);
		pthread_cancel(th);
		pthread_join(th, NULL);
		CHECK_INT(request_scan(req, &sel, &s), 0);
		CHECK_INT(s.n, 1);
		task_set_free(&s);
	}

	CASE("threads: the kept thread list follows joins and exits");
	{
		pthread_t t[4];

		for (int i = 0; i < 3; i++)
			if (pthread_create(&t[i], NULL, park, NULL) != 0)
				return 99;
		for (int i = 0; i < 4; i++)     /* listed, then kept */
			CHECK(threads_match());
		/* one leaves and another joins between two scans: the same
		 * count, another thread */
		pthread_cancel(t[1]);
		pthread_join(t[1], NULL);
		if (pthread_create(&t[1], NULL, park, NULL) != 0)
			return 99;
		CHECK(threads_match());
		CHECK(threads_match());
		/* one more */
		if (pthread_create(&t[3], NULL, park, NULL) != 0)
			return 99;
		CHECK(threads_match());
		CHECK(threads_match());
		/* two leave */
		for (int i = 0; i < 2; i++) {
			pthread_cancel(t[i]);
			pthread_join(t[i], NULL);
		}
		CHECK(threads_match());
		CHECK(threads_match());
		for (int i = 2; i < 4; i++) {
			pthread_cancel(t[i]);
			pthread_join(t[i], NULL);
		}
		CHECK(threads_match());
	}
	request_free(req);
	return unit_failures ? 1 : 0;
}

int main(void)
{
	int flags = CLONE_NEWPID | CLONE_NEWNS, status;
	pid_t pid;

	if (geteuid() != 0)
		flags |= CLONE_NEWUSER;
	if (unshare(flags) != 0) {
		fprintf(stderr, "no pid namespace here (%s): skipped\n",
			strerror(errno));
		return 77;
	}
	pid = fork();
	if (pid < 0)
		return 99;
	if (pid == 0) {
		/* pid 1 of the new namespace, with a /proc of its own */
		if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
		    mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
			  NULL) != 0) {
			fprintf(stderr, "cannot mount /proc (%s): skipped\n",
				strerror(errno));
			_exit(77);
		}
		_exit(tests());
	}
	if (waitpid(pid, &status, 0) != pid)
		return 99;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 99;
}
