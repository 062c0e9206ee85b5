/* SPDX-License-Identifier: GPL-2.0-or-later
 *
 * spawn: hold N idle processes of T threads each for the benchmarks.
 *
 *   spawn [-q] [-s] N [T]
 *
 * Forks N children; each starts T-1 extra threads (T counts the main
 * thread, default 1) and pause()s.  When all are up it prints
 * "ready N T <pgid>" on stdout and holds them until stdin reaches EOF or
 * it gets SIGINT/SIGTERM/SIGHUP; then it kills and reaps them all and
 * exits.  Children die with it in every case: they are in its process
 * group, they have PR_SET_PDEATHSIG(SIGKILL), and a child that finds its
 * parent already gone exits by itself.
 *
 * With -s (root only) it raises kernel.pid_max, kernel.threads-max and
 * vm.max_map_count when they are too small for the request, and
 * RLIMIT_NPROC, and puts the old values back before it exits.
 * -q: no progress on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define THREAD_STACK (64 * 1024)

static pid_t *kids;
static long nkids;
static volatile sig_atomic_t stop_sig;
static int quiet;

struct knob {
	const char *path;
	long old, set;
	int changed;
};
static struct knob knobs[] = {
	{ "/proc/sys/kernel/pid_max", 0, 0, 0 },
	{ "/proc/sys/kernel/threads-max", 0, 0, 0 },
	{ "/proc/sys/vm/max_map_count", 0, 0, 0 },
};
enum { K_PID_MAX, K_THREADS_MAX, K_MAP_COUNT };

static long read_knob(const char *path)
{
	FILE *f = fopen(path, "r");
	long v = -1;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

static int write_knob(const char *path, long v)
{
	int fd = open(path, O_WRONLY);
	char buf[32];
	int n, ok;

	if (fd < 0)
		return -1;
	n = snprintf(buf, sizeof(buf), "%ld\n", v);
	ok = write(fd, buf, n) == n;
	close(fd);
	return ok ? 0 : -1;
}

/* Raise a knob to at least want; remember the old value. */
static void raise_knob(int i, long want)
{
	long cur = read_knob(knobs[i].path);

	if (cur < 0 || cur >= want)
		return;
	if (write_knob(knobs[i].path, want) == 0) {
		knobs[i].old = cur;
		knobs[i].set = want;
		knobs[i].changed = 1;
		if (!quiet)
			fprintf(stderr, "spawn: %s %ld -> %ld\n",
				knobs[i].path, cur, want);
	} else if (!quiet) {
		fprintf(stderr, "spawn: cannot raise %s to %ld: %s\n",
			knobs[i].path, want, strerror(errno));
	}
}

/* Put back what we changed, unless someone else changed it since. */
static void restore_knobs(void)
{
	for (size_t i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++)
		if (knobs[i].changed &&
		    read_knob(knobs[i].path) == knobs[i].set) {
			write_knob(knobs[i].path, knobs[i].old);
			knobs[i].changed = 0;
		}
}

static void on_signal(int sig)
{
	stop_sig = sig;
}

static void *idle_thread(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void child(pid_t parent, long nthreads)
{
	pthread_attr_t attr;
	sigset_t none;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(0);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* stdin is the parent's control pipe: do not hold it open */
	close(0);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, THREAD_STACK);
	for (long i = 1; i < nthreads; i++) {
		pthread_t t;

		if (pthread_create(&t, &attr, idle_thread, NULL) != 0)
			break;
	}
	for (;;)
		pause();
}

static void kill_all(void)
{
	for (long i = 0; i < nkids; i++)
		if (kids[i] > 0)
			kill(kids[i], SIGKILL);
	for (long left = nkids; left > 0;) {
		pid_t p = waitpid(-1, NULL, 0);

		if (p < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		left--;
	}
	nkids = 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void usage(void)
{
	fprintf(stderr, "usage: spawn [-q] [-s] N [THREADS]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int opt, sysctls = 0;
	long n, nthreads = 1;
	struct sigaction sa;
	sigset_t block, old;
	pid_t self = getpid();
	double t0;
	char c;

	while ((opt = getopt(argc, argv, "qs")) != -1) {
		switch (opt) {
		case 'q': quiet = 1; break;
		case 's': sysctls = 1; break;
		default: usage();
		}
	}
	if (optind >= argc)
		usage();
	n = strtol(argv[optind], NULL, 10);
	if (optind + 1 < argc)
		nthreads = strtol(argv[optind + 1], NULL, 10);
	if (n < 0 || nthreads < 1)
		usage();

	/* our own process group, so that one kill(-pgid) reaches everyone */
	if (getpgid(0) != self)
		setpgid(0, 0);

	kids = calloc(n ? n : 1, sizeof(*kids));
	if (!kids) {
		perror("spawn");
		return 1;
	}

	if (sysctls) {
		long tasks = n * nthreads;
		struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };

		raise_knob(K_PID_MAX, tasks + 40000 > 4194304 ?
				      4194304 : tasks + 40000);
		raise_knob(K_THREADS_MAX, tasks * 2 + 100000);
		raise_knob(K_MAP_COUNT, nthreads * 4 + 65530);
		setrlimit(RLIMIT_NPROC, &rl);
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	/* Signals stay blocked while forking: a stop request is seen
	 * between forks, never in a half-made child. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &old);

	t0 = now();
	for (long i = 0; i < n; i++) {
		pid_t p = fork();

		if (p == 0)
			child(self, nthreads);
		if (p < 0) {
			fprintf(stderr, "spawn: fork %ld of %ld: %s\n",
				i + 1, n, strerror(errno));
			kill_all();
			restore_knobs();
			return 1;
		}
		kids[nkids++] = p;
		if ((i & 1023) == 1023) {
			sigset_t pend;

			sigpending(&pend);
			if (sigismember(&pend, SIGINT) ||
			    sigismember(&pend, SIGTERM) ||
			    sigismember(&pend, SIGHUP)) {
				kill_all();
				restore_knobs();
				return 1;
			}
			if (!quiet && (i & 8191) == 8191)
				fprintf(stderr, "spawn: %ld/%ld\n", i + 1, n);
		}
	}
	if (!quiet)
		fprintf(stderr, "spawn: %ld processes x %ld threads in %.2fs\n",
			n, nthreads, now() - t0);
	sigprocmask(SIG_SETMASK, &old, NULL);

	printf("ready %ld %ld %d\n", n, nthreads, (int)getpgid(0));
	fflush(stdout);

	/* hold until stdin closes or a signal comes */
	while (!stop_sig) {
		ssize_t r = read(0, &c, 1);

		if (r == 0 || (r < 0 && errno != EINTR))
			break;
	}
	t0 = now();
	kill_all();
	restore_knobs();
	if (!quiet)
		fprintf(stderr, "spawn: stopped in %.2fs\n", now() - t0);
	return 0;
}
