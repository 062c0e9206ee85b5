/* fixture-tree: a quiescent process tree to compare ps and top against.
 *
 * Every member is stopped, blocked in pause() or nanosleep(), or a zombie,
 * so no column moves while the reference and ours run back to back.  The
 * leader writes the members' pids as sh assignments (NAME=value lines) that
 * the test runner sources, then waits for a signal and kills the tree.
 *
 *   fixture-tree --env FILE                   the live tree (host pid namespace)
 *   fixture-tree --env FILE --serve FIFO      as pid 1 of a private pid
 *                                             namespace: the tree, then run
 *                                             jobs named on FIFO (see serve())
 *   fixture-tree --exec ARGV0 PATH [ARG...]   setsid, then exec PATH with
 *                                             argv[0] = ARGV0, env untouched
 *   fixture-tree --pdeath PROG [ARG...]       exec PROG, SIGKILLed when our
 *                                             parent dies
 *
 * A member is this same binary re-executed with TD_FIXTURE_ROLE in its
 * environment (idle()); the rest of its environment is small and fixed, so
 * `ps e` shows the same bytes on every machine. */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <pty.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The pid a served job gets inside the namespace, far above the tree's. */
enum { SERVE_PID = 200, MAX_MEMBERS = 64, MAX_EXPORTS = 96, NTHREADS = 3 };
enum { JOB_TIMEOUT = 100 };     /* seconds; run-case waits 120 */

/* Role flags. */
enum {
	R_STOP = 1 << 0,     /* SIGSTOP once ready */
	R_ZOMBIE = 1 << 1,   /* forks a child it never reaps */
	R_THREADS = 1 << 2,  /* NTHREADS extra threads */
	R_NOBODY = 1 << 3,   /* runs as nobody:nogroup */
	R_SESSION = 1 << 4,  /* own session */
	R_PGRP = 1 << 5,     /* own process group */
	R_PGJOIN = 1 << 6,   /* joins the previous R_PGRP member's group */
	R_PTY = 1 << 7,      /* session leader on a fresh pseudo-terminal */
	R_MLOCK = 1 << 8,    /* a locked page (STAT 'L') */
	R_SLEEP = 1 << 9,    /* nanosleep instead of pause (another WCHAN) */
	R_ROOT = 1 << 10,    /* needs root; skipped otherwise */
	R_NOARGV = 1 << 11,  /* exec with an empty argv */
};

struct role {
	const char *var;         /* the exported variable */
	const char *comm;        /* set with PR_SET_NAME */
	const char *argv[8];     /* {comm} when argv[0] is NULL */
	unsigned flags;
	int nice;
	int policy, rtprio;
	int long_args;           /* append this many 150-byte arguments */
};

#define ARGV(...) .argv = { __VA_ARGS__ }
static const struct role roles[] = {
	{ "STOPPED", "td-stopped", ARGV("td-stopped", "--flag"), .flags = R_STOP },
	{ "SLEEPER", "td-sleeper", ARGV("td-sleeper", "3600"), .flags = R_SLEEP },
	{ "ZPARENT", "td-zparent", ARGV("td-zparent"), .flags = R_ZOMBIE },
	{ "THREADED", "td-threads", ARGV("td-threads", "-n", "4"),
	  .flags = R_THREADS },
	{ "OTHERUSER", "td-nobody", ARGV("td-nobody"),
	  .flags = R_NOBODY | R_ROOT },
	{ "NICED", "td-nice10", ARGV("td-nice10"), .nice = 10 },
	{ "NEGNICE", "td-nice-5", ARGV("td-nice-5"), .flags = R_ROOT,
	  .nice = -5 },
	{ "RTFIFO", "td-fifo", ARGV("td-fifo"), .flags = R_ROOT,
	  .policy = SCHED_FIFO, .rtprio = 10 },
	{ "RTRR", "td-rr", ARGV("td-rr"), .flags = R_ROOT,
	  .policy = SCHED_RR, .rtprio = 5 },
	{ "BATCH", "td-batch", ARGV("td-batch"), .policy = SCHED_BATCH },
	{ "IDLEPRIO", "td-idle", ARGV("td-idle"), .policy = SCHED_IDLE },
	{ "LONGCMD", "td-longcmd", ARGV("td-longcmd"), .long_args = 40 },
	/* Names that break naive parsers and printers. */
	{ "SPACES", "td a b  c", ARGV("td spaces", "two  spaces", " lead") },
	{ "PAREN", "x) (y)", ARGV("td)paren(", ") (") },
	{ "UTF8", "h\xc3\xa9llo\xe2\x98\x83",
	  ARGV("td-\xc3\xbcn\xc3\xaf" "code", "\xe2\x98\x83 snow",
	       "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e") },
	{ "BADUTF8", "bad\xff\xfe" "name", ARGV("td-bad\xff" "utf8", "x\x80y") },
	{ "CTRL", "tab\there", ARGV("td-ctrl\tx", "new\nline", "del\x7f") },
	{ "COMM15", "fifteen-chars15", ARGV("td-comm15", "-q") },
	{ "NOARGS", "td-noargs", ARGV("unused"), .flags = R_NOARGV },
	{ "LOCKED", "td-locked", ARGV("td-locked"), .flags = R_MLOCK },
	{ "PTYLEAD", "td-ptylead", ARGV("td-ptylead", "-i"), .flags = R_PTY },
	{ "SESSLEADER", "td-session", ARGV("td-session"), .flags = R_SESSION },
	{ "PGLEADER", "td-pgroup", ARGV("td-pgroup"), .flags = R_PGRP },
	{ "PGMEMBER", "td-pgmember", ARGV("td-pgmember"),
	  .flags = R_PGJOIN | R_SLEEP },
};
#undef ARGV

static char self_exe[4096];
static pid_t members[MAX_MEMBERS];
static int nmembers;
static char *exports[MAX_EXPORTS];
static int nexports;

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("fixture-tree: ", stderr);
	vfprintf(stderr, fmt, ap);
	if (errno)
		fprintf(stderr, ": %s", strerror(errno));
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

static void add_export(const char *name, const char *value)
{
	size_t n = strlen(name) + strlen(value) + 2;
	char *s = malloc(n);

	if (!s || nexports == MAX_EXPORTS)
		die("too many exports");
	snprintf(s, n, "%s=%s", name, value);
	exports[nexports++] = s;
}

static void add_export_int(const char *name, long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	add_export(name, buf);
}

/* ---- a member, after re-exec ------------------------------------------ */

static int ready_fd = -1;

static void report(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (ready_fd >= 0 && n > 0 && write(ready_fd, buf, (size_t)n) != n)
		_exit(3);
}

static int env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v == '1';
}

static void block_forever(int use_sleep)
{
	for (;;) {
		if (use_sleep) {
			struct timespec ts = { 3600, 0 };

			nanosleep(&ts, NULL);
		} else {
			pause();
		}
	}
}

static pthread_barrier_t started;
static pid_t thread_tids[NTHREADS];

/* Work done once by worker i before it idles: (i + 1) * 30 ms of its
 * own cpu time and (i + 1) * 16 fresh pages, so that every thread's
 * TIME and faults differ from the process's totals (thread modes: the
 * main thread's row is its own in 4.0.4, the process's in 4.0.2). */
static void worker_busy(int i)
{
	struct timespec t;
	size_t len = (size_t)(i + 1) * 16 * 4096;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p != MAP_FAILED)
		for (size_t o = 0; o < len; o += 4096)
			p[o] = 1;
	do
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	while (t.tv_sec * 1000 + t.tv_nsec / 1000000 < (i + 1) * 30);
}

static void *worker(void *arg)
{
	int i = (int)(long)arg;
	char name[32];

	snprintf(name, sizeof(name), "td-worker-%d", i + 1);
	prctl(PR_SET_NAME, name);
	thread_tids[i] = (pid_t)syscall(SYS_gettid);
	worker_busy(i);
	pthread_barrier_wait(&started);
	block_forever(0);
	return NULL;
}

/* A forked copy of a member: sets its name, tells its parent, then either
 * exits (to stay a zombie) or idles in its own process group. */
static pid_t fork_extra(const char *comm, int exit_now, int own_pgrp)
{
	int p[2];
	char c;
	pid_t pid;

	if (pipe(p) < 0)
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		close(p[0]);
		if (ready_fd >= 0)
			close(ready_fd);
		prctl(PR_SET_NAME, comm);
		if (exit_now)
			_exit(0);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (own_pgrp)
			setpgid(0, 0);
		if (write(p[1], "x", 1) != 1)
			_exit(3);
		close(p[1]);
		block_forever(0);
	}
	close(p[1]);
	if (read(p[0], &c, 1) < 0)
		die("read");
	close(p[0]);
	if (exit_now) {
		siginfo_t si;

		/* WNOWAIT: learn that it is a zombie without reaping it. */
		if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) < 0)
			die("waitid");
	}
	return pid;
}

static int idle(const char *role)
{
	const char *comm = getenv("TD_FIXTURE_COMM");
	const char *fd = getenv("TD_FIXTURE_READY_FD");

	if (fd)
		ready_fd = atoi(fd);
	if (comm)
		prctl(PR_SET_NAME, comm);
	if (env_flag("TD_FIXTURE_MLOCK")) {
		static char page[4096] __attribute__((aligned(4096)));

		page[0] = 1;
		if (mlock(page, sizeof(page)) < 0)
			die("mlock");
	}
	if (env_flag("TD_FIXTURE_ZOMBIE"))
		report("ZOMBIE=%d\n", (int)fork_extra("td-zombie", 1, 0));
	if (env_flag("TD_FIXTURE_PTYBG"))
		report("PTYBG=%d\n", (int)fork_extra("td-ptybg", 0, 1));
	if (env_flag("TD_FIXTURE_THREADS")) {
		pthread_t th;
		char list[128] = "";

		pthread_barrier_init(&started, NULL, NTHREADS + 1);
		for (long i = 0; i < NTHREADS; i++)
			if (pthread_create(&th, NULL, worker, (void *)i) != 0)
				die("pthread_create");
		pthread_barrier_wait(&started);
		for (int i = 0; i < NTHREADS; i++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list),
				 "%s%d", i ? "," : "", (int)thread_tids[i]);
		report("THREAD_TIDS=%s\n", list);
	}
	(void)role;
	if (ready_fd >= 0)
		close(ready_fd);
	block_forever(env_flag("TD_FIXTURE_SLEEP"));
	return 0;
}

/* ---- the leader ------------------------------------------------------- */

static int is_root;
static pid_t leader_pid;
static pid_t pg_target;

static void kill_members(void)
{
	for (int i = 0; i < nmembers; i++)
		kill(members[i], SIGKILL);
	for (int i = 0; i < nmembers; i++)
		waitpid(members[i], NULL, 0);
	nmembers = 0;
}

/* Reads the member's report ("NAME=value" lines) until it closes the pipe. */
static void read_report(int fd)
{
	char buf[1024];
	size_t len = 0;
	ssize_t n;

	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += (size_t)n;
	buf[len] = '\0';
	for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		char *eq = strchr(line, '=');

		if (!eq)
			continue;
		*eq = '\0';
		add_export(line, eq + 1);
	}
}

static void child_setup(const struct role *r, int slave, int ready)
{
	int null;

	if (r->flags & (R_SESSION | R_PTY))
		if (setsid() < 0)
			die("setsid");
	if ((r->flags & R_PGRP) && setpgid(0, 0) < 0)
		die("setpgid");
	if ((r->flags & R_PGJOIN) && setpgid(0, pg_target) < 0)
		die("setpgid join");
	if (r->flags & R_PTY) {
		if (ioctl(slave, TIOCSCTTY, 0) < 0)
			die("TIOCSCTTY");
		dup2(slave, 0);
		dup2(slave, 1);
		dup2(slave, 2);
	} else {
		null = open("/dev/null", O_RDWR);
		if (null < 0)
			die("/dev/null");
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
		if (null > 2)
			close(null);
	}
	if (slave > 2)
		close(slave);
	if (r->nice) {
		errno = 0;
		if (setpriority(PRIO_PROCESS, 0, r->nice) < 0)
			_exit(4);
	}
	if (r->policy) {
		struct sched_param sp = { .sched_priority = r->rtprio };

		if (sched_setscheduler(0, r->policy, &sp) < 0)
			_exit(4);
	}
	if (r->flags & R_NOBODY) {
		struct passwd *pw = getpwnam("nobody");
		uid_t uid = pw ? pw->pw_uid : 65534;
		gid_t gid = pw ? pw->pw_gid : 65534;

		if (setgroups(0, NULL) < 0 || setgid(gid) < 0 ||
		    setuid(uid) < 0)
			_exit(4);
	}
	/* After any setuid: a credential change clears the death signal. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != leader_pid)
		_exit(0);
	if (fcntl(ready, F_SETFD, 0) < 0)
		_exit(4);
}

static void spawn(const struct role *r)
{
	char *argv[64], *envp[16];
	char envbuf[8][64];
	int nenv = 0, argc = 0, ready[2], master = -1, slave = -1;
	char ptyname[64] = "";
	static char longargs[40][160];
	pid_t pid;

	if ((r->flags & R_ROOT) && !is_root)
		return;
	if (r->flags & R_PTY) {
		char *name;

		if (openpty(&master, &slave, NULL, NULL, NULL) < 0)
			die("openpty");
		name = ttyname(slave);
		if (name && strncmp(name, "/dev/", 5) == 0)
			snprintf(ptyname, sizeof(ptyname), "%s", name + 5);
	}
	if (pipe2(ready, O_CLOEXEC) < 0)
		die("pipe2");

	if (!(r->flags & R_NOARGV)) {
		for (int i = 0; i < 8 && r->argv[i]; i++)
			argv[argc++] = (char *)r->argv[i];
		for (int i = 0; i < r->long_args && i < 40; i++) {
			int n = snprintf(longargs[i], sizeof(longargs[i]),
					 "--arg%02d=", i);

			/* A fixed pattern, so the text is the same everywhere. */
			for (; n < 150; n++)
				longargs[i][n] = (char)('a' + (n + i) % 26);
			longargs[i][n] = '\0';
			argv[argc++] = longargs[i];
		}
	}
	argv[argc] = NULL;

#define ENV(...) do { \
		snprintf(envbuf[nenv], sizeof(envbuf[nenv]), __VA_ARGS__); \
		envp[nenv] = envbuf[nenv]; nenv++; \
	} while (0)
	ENV("TD_FIXTURE_ROLE=%s", r->var);
	ENV("TD_FIXTURE_COMM=%s", r->comm);
	ENV("TD_FIXTURE_READY_FD=%d", ready[1]);
	if (r->flags & R_THREADS)
		ENV("TD_FIXTURE_THREADS=1");
	if (r->flags & R_ZOMBIE)
		ENV("TD_FIXTURE_ZOMBIE=1");
	if (r->flags & R_MLOCK)
		ENV("TD_FIXTURE_MLOCK=1");
	if (r->flags & R_SLEEP)
		ENV("TD_FIXTURE_SLEEP=1");
	if (r->flags & R_PTY)
		ENV("TD_FIXTURE_PTYBG=1");
	ENV("PATH=/usr/bin:/bin");
#undef ENV
	envp[nenv] = NULL;

	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		close(ready[0]);
		if (master >= 0)
			close(master);
		child_setup(r, slave, ready[1]);
		execve(self_exe, argv, envp);
		_exit(5);
	}
	if (nmembers == MAX_MEMBERS)
		die("too many members");
	members[nmembers++] = pid;
	if (slave >= 0)
		close(slave);
	/* The master stays open in the leader so the terminal never hangs up. */
	close(ready[1]);
	read_report(ready[0]);
	close(ready[0]);
	if (r->flags & R_STOP) {
		int st;

		kill(pid, SIGSTOP);
		if (waitpid(pid, &st, WUNTRACED) < 0 || !WIFSTOPPED(st))
			die("%s did not stop", r->var);
	}
	if (r->flags & R_PGRP)
		pg_target = pid;
	if (r->flags & R_PTY)
		add_export("PTY", ptyname);
	add_export_int(r->var, pid);
}

static void write_env(const char *path, int ns)
{
	char tmp[4096];
	FILE *f;
	char pids[1024] = "";

	for (int i = 0; i < nexports; i++) {
		const char *e = exports[i];
		const char *eq = strchr(e, '=');

		/* Every pid-valued export except the list itself. */
		if (strncmp(e, "PTY=", 4) == 0 ||
		    strncmp(e, "THREAD_TIDS=", 12) == 0 ||
		    strncmp(e, "LEADER=", 7) == 0)
			continue;
		snprintf(pids + strlen(pids), sizeof(pids) - strlen(pids),
			 "%s%s", *pids ? "," : "", eq + 1);
	}
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		die("%s", tmp);
	fprintf(f, "# written by fixture-tree; sourced by run-case\n");
	for (int i = 0; i < nexports; i++)
		fprintf(f, "%s\n", exports[i]);
	fprintf(f, "FIXTURE_PIDS=%s\n", pids);
	fprintf(f, "FIXTURE_NS=%d\nFIXTURE_ROOT=%d\n", ns, is_root);
	if (ns)
		fprintf(f, "RUNPID=%d\n", SERVE_PID);
	if (fclose(f) != 0 || rename(tmp, path) < 0)
		die("%s", path);
}

static void build_tree(void)
{
	leader_pid = getpid();
	add_export_int("LEADER", leader_pid);
	for (size_t i = 0; i < sizeof(roles) / sizeof(roles[0]); i++)
		spawn(&roles[i]);
}

/* ---- the job server (pid 1 of the namespace) -------------------------- */

/* Reads a file of NUL-terminated strings into a NULL-terminated vector. */
static char **read_vec(const char *dir, const char *name)
{
	char path[4096], *buf = NULL, **v;
	size_t len = 0, cap = 0, n = 0, k = 0;
	ssize_t got;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	for (;;) {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = realloc(buf, cap);
			if (!buf)
				die("realloc");
		}
		got = read(fd, buf + len, cap - len - 1);
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	close(fd);
	if (!buf)
		return NULL;
	buf[len] = '\0';
	for (size_t i = 0; i < len; i++)
		n += buf[i] == '\0';
	v = calloc(n + 1, sizeof(*v));
	if (!v)
		die("calloc");
	for (size_t i = 0; i < len; i += strlen(buf + i) + 1)
		v[k++] = buf + i;
	v[k] = NULL;
	return v;
}

static void open_to(const char *dir, const char *name, int fd, int flags)
{
	char path[4096];
	int f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = open(path, flags, 0644);
	if (f < 0)
		_exit(126);
	if (f != fd) {
		dup2(f, fd);
		close(f);
	}
}

/* One job: DIR/argv holds PATH, ARGV0, ARGS... and DIR/env the environment,
 * both NUL-separated.  The program runs as pid SERVE_PID with stdin
 * /dev/null and stdout/stderr in DIR; its status goes to the DIR/done FIFO
 * as the shell would report it (code, or 128+signal). */

/* The server's own row must read the same for every program under test:
 * asleep in waitpid().  Right after fork it may still be running, so the
 * child waits (at most a second) until the parent's wchan names where it
 * sleeps.  Its state alone is not enough: a task that has set itself 'S'
 * but was preempted before it left the run queue still shows wchan 0,
 * which under load lasts long enough for a quick program to see it. */
static void wait_for_parent_asleep(void)
{
	char path[64], buf[128];

	snprintf(path, sizeof(path), "/proc/%d/wchan", (int)getppid());
	for (int i = 0; i < 1000; i++) {
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

		if (fd >= 0)
			close(fd);
		if (n < 0)
			return;
		if (n > 0 && !(n == 1 && buf[0] == '0'))
			return;
		usleep(1000);
	}
}

static void run_job(const char *dir)
{
	char **argv = read_vec(dir, "argv"), **envp = read_vec(dir, "env");
	char path[4096], msg[32];
	int st = 0, code, fd;
	pid_t pid;

	if (!argv || !argv[0] || !argv[1] || !envp) {
		code = 125;
		goto done;
	}
	fd = open("/proc/sys/kernel/ns_last_pid", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		int n = snprintf(msg, sizeof(msg), "%d", SERVE_PID - 1);

		if (write(fd, msg, (size_t)n) != n)
			perror("fixture-tree: ns_last_pid");
		close(fd);
	}
	pid = fork();
	if (pid < 0) {
		code = 125;
		goto done;
	}
	if (pid == 0) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		/* A program that never ends (top without -n) must not block
		 * the server: the alarm survives exec and kills it. */
		alarm(JOB_TIMEOUT);
		if (chdir("/") < 0)
			_exit(126);
		open_to("/dev", "null", 0, O_RDONLY);
		open_to(dir, "stdout", 1, O_WRONLY | O_CREAT | O_TRUNC);
		open_to(dir, "stderr", 2, O_WRONLY | O_CREAT | O_TRUNC);
		wait_for_parent_asleep();
		execve(argv[0], argv + 1, envp);
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
done:
	/* Orphans of the job (strace's children...) end up here. */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	if (argv)
		free(argv[0]);
	if (envp)
		free(envp[0]);
	free(argv);
	free(envp);
	if (strlen(dir) > sizeof(path) - 8)
		return;
	snprintf(path, sizeof(path), "%s/done", dir);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		int n = snprintf(msg, sizeof(msg), "%d\n", code);

		if (write(fd, msg, (size_t)n) != n)
			perror("fixture-tree: done");
		close(fd);
	}
}

static void serve(int fd, const char *fifo)
{
	char buf[2048];
	size_t len = 0;

	for (;;) {
		ssize_t n = read(fd, buf + len, sizeof(buf) - 1 - len);
		char *nl;

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die("read %s", fifo);
		len += (size_t)n;
		buf[len] = '\0';
		while ((nl = memchr(buf, '\n', len))) {
			*nl = '\0';
			if (*buf)
				run_job(buf);
			len -= (size_t)(nl + 1 - buf);
			memmove(buf, nl + 1, len);
		}
		if (len == sizeof(buf) - 1)
			len = 0;
	}
}

/* ---- main ------------------------------------------------------------- */

static void usage(void)
{
	fputs("usage: fixture-tree --env FILE [--serve FIFO]\n"
	      "       fixture-tree --exec ARGV0 PATH [ARG...]\n"
	      "       fixture-tree --pdeath PROG [ARG...]\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *role = getenv("TD_FIXTURE_ROLE");
	const char *envfile = NULL, *fifo = NULL;
	sigset_t set;
	ssize_t n;
	int sig;

	if (role)
		return idle(role);
	if (argc >= 4 && strcmp(argv[1], "--exec") == 0) {
		/* Without a controlling terminal, as ps and top run in a
		 * fresh session: fails harmlessly for a group leader. */
		const char *path = argv[3];

		setsid();
		argv[3] = argv[2];
		execv(path, argv + 3);
		die("exec %s", path);
	}
	if (argc >= 3 && strcmp(argv[1], "--pdeath") == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		execvp(argv[2], argv + 2);
		die("exec %s", argv[2]);
	}
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--env") == 0 && i + 1 < argc)
			envfile = argv[++i];
		else if (strcmp(argv[i], "--serve") == 0 && i + 1 < argc)
			fifo = argv[++i];
		else
			usage();
	}
	if (!envfile)
		usage();

	n = readlink("/proc/self/exe", self_exe, sizeof(self_exe) - 1);
	if (n < 0)
		die("readlink /proc/self/exe");
	self_exe[n] = '\0';
	is_root = geteuid() == 0;

	/* Clean up when the launcher dies, whatever kills it. */
	prctl(PR_SET_PDEATHSIG, fifo ? SIGKILL : SIGTERM);
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	/* A session of our own and no controlling terminal, in both modes. */
	setsid();

	build_tree();
	if (fifo) {
		/* Listen before the env file announces that we are ready. */
		int fd = open(fifo, O_RDWR | O_CLOEXEC);

		if (fd < 0)
			die("%s", fifo);
		write_env(envfile, 1);
		/* pid 1 of the namespace: when it exits, the kernel kills
		 * every member, so no cleanup is needed. */
		serve(fd, fifo);
		return 0;
	}
	write_env(envfile, 0);
	sigwait(&set, &sig);
	kill_members();
	return 0;
}
