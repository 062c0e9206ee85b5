/* churn-forker: keeps processes and threads appearing and vanishing while
 * ps and top read /proc, for testsuite/hardening/churn.sh.
 *
 *   churn-forker SECONDS [MAXLIVE]
 *
 * Runs for SECONDS (0: until killed), keeping at most MAXLIVE (default 48)
 * children alive.  Each child lives a few milliseconds and does one of:
 * exit at once; start 1-6 threads that each exit after a moment; fork a
 * grandchild and exit first (an orphan, reparented to this subreaper);
 * stay a zombie for a while (a child of a child that does not reap it);
 * rename itself (prctl PR_SET_NAME) and change its argument area; exec
 * /bin/true.  Everything stays in this process's process group, so the
 * caller removes all of it with one kill of the group; children also get
 * a parent-death signal.  Prints how many processes and threads it
 * started, on exit.  SIGTERM/SIGINT end it (and the group) cleanly. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static unsigned long nproc, nthread_total;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void msleep(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static void *thread_main(void *arg)
{
	msleep((long)(size_t)arg);
	return NULL;
}

static unsigned rnd(unsigned *seed, unsigned n)
{
	return (unsigned)rand_r(seed) % n;
}

/* What one short-lived child does; it never returns. */
static _Noreturn void child(unsigned seed, char **argv)
{
	pthread_t th[6];
	unsigned n, i;
	pid_t p;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	switch (rnd(&seed, 7)) {
	case 0:         /* gone at once */
		_exit(0);
	case 1:         /* threads that come and go */
	case 2:
		n = 1 + rnd(&seed, 6);
		for (i = 0; i < n; i++)
			if (pthread_create(&th[i], NULL, thread_main,
					   (void *)(size_t)rnd(&seed, 8)))
				break;
		n = i;
		msleep(rnd(&seed, 5));
		/* write the count where the parent cannot see it: the
		 * exit status */
		for (i = 0; i < n; i++)
			pthread_join(th[i], NULL);
		_exit((int)n);
	case 3:         /* an orphan: the grandchild outlives us */
		p = fork();
		if (p == 0) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			msleep(rnd(&seed, 10));
			_exit(0);
		}
		_exit(p > 0 ? 100 : 0);
	case 4:         /* a zombie for a few milliseconds */
		p = fork();
		if (p == 0)
			_exit(0);
		msleep(2 + rnd(&seed, 10));
		_exit(p > 0 ? 100 : 0);
	case 5:         /* a new name and new arguments while being read */
		prctl(PR_SET_NAME, seed & 1 ? "churn renamed" : "c\x1b[0m");
		if (argv[0] && argv[0][0])
			argv[0][0] = (char)('a' + rnd(&seed, 26));
		msleep(rnd(&seed, 6));
		_exit(0);
	default:        /* exec: name, arguments and memory all change */
		execl("/bin/true", "true", "churn", (char *)NULL);
		_exit(0);
	}
}

static int live;

static void reap(int block)
{
	int status;
	pid_t p;

	while ((p = waitpid(-1, &status, block ? 0 : WNOHANG)) > 0) {
		live--;
		if (WIFEXITED(status)) {
			int c = WEXITSTATUS(status);

			if (c == 100)
				nproc++;        /* the grandchild */
			else if (c > 0 && c <= 6)
				nthread_total += (unsigned long)c;
		}
		block = 0;
	}
	/* orphaned grandchildren come here too (subreaper): they were not
	 * counted in live, so keep it from going negative */
	if (live < 0)
		live = 0;
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	time_t end;
	long secs;
	int maxlive;
	unsigned seed = (unsigned)getpid();

	if (argc < 2) {
		fputs("usage: churn-forker SECONDS [MAXLIVE]\n", stderr);
		return 2;
	}
	secs = atol(argv[1]);
	maxlive = argc > 2 ? atoi(argv[2]) : 48;
	if (maxlive < 1)
		maxlive = 1;
	end = time(NULL) + secs;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* a group of our own: one kill removes everything we started */
	setpgid(0, 0);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	/* dies with the script that started it */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	while (!stop && (secs == 0 || time(NULL) < end)) {
		pid_t p;

		reap(0);
		if (live >= maxlive) {
			msleep(1);
			continue;
		}
		p = fork();
		if (p == 0)
			child(seed + (unsigned)nproc * 2654435761u, argv);
		if (p < 0) {
			msleep(10);
			continue;
		}
		live++;
		nproc++;
		msleep(1);      /* a few hundred a second: modest */
	}
	/* the rest of the group: children, grandchildren, orphans */
	signal(SIGTERM, SIG_IGN);
	kill(0, SIGTERM);
	while (waitpid(-1, NULL, 0) > 0)
		;
	printf("churn-forker: %lu processes, %lu threads\n", nproc,
	       nthread_total);
	return 0;
}
