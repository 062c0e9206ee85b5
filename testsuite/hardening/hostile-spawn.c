/* hostile-spawn: starts processes whose names, arguments, environment and
 * thread names hold what a hostile user can put there, for
 * testsuite/hardening/hostile.sh.
 *
 *   hostile-spawn
 *
 * Prints "PIDS=a,b,..." (the processes) and "TIDS=..." (their extra
 * threads) on one line each once every member has set its name, then
 * stops them all (SIGSTOP, so no column moves) and waits.  SIGTERM,
 * SIGINT, SIGHUP or the death of its parent ends it and every member
 * (they also have a parent-death signal).
 *
 * A member is this program exec'd again with HOSTILE_CASE=N in its
 * environment and hostile argv; it names itself (PR_SET_NAME, since exec
 * resets the name), maybe starts a thread with a hostile name, reports
 * on fd 3 and sleeps. */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define BIG1 131071     /* MAX_ARG_STRLEN - 1: the longest argument */
#define BIG2 65536

struct hcase {
	const char *comm;               /* at most 15 bytes are kept */
	const char *argv[8];            /* NULL ends; "@BIG1"/"@BIG2": built */
	const char *thread;             /* a thread's name, or NULL */
};

static const struct hcase cases[] = {
	/* newlines */
	{ "nl\nname", { "line1\nline2", "x\ny", "\n", NULL }, NULL },
	/* ESC [ 2 J, cursor home */
	{ "\x1b[2J\x1b[H", { "\x1b[2J\x1b[Hcleared", "\x1b[31mred\x1b[0m", NULL },
	  "\x1b[2Jthr" },
	/* OSC 52: write the clipboard; BEL and ST terminated */
	{ "\x1b]52;c;aGk=\x07", { "\x1b]52;c;aGVsbG8=\x07", "\x1b]0;title\x1b\\",
	  NULL }, NULL },
	/* CSI as the C1 byte 0x9b, raw and as UTF-8 U+009B; NEL U+0085 */
	{ "\x9b" "31mC1", { "\x9b" "31mred\x9b" "0m", "\xc2\x9b" "2J\xc2\x85nel",
	  NULL }, "\xc2\x9b" "1m" },
	/* invalid UTF-8: stray continuation, overlong, cut sequences */
	{ "\xff\xfe\xc3(", { "\xc3\x28 \xa0\xa1", "\xe2\x82 \xf0\x28\x8c\xbc",
	  "\xc0\xaf\xed\xa0\x80", "ok\xe2\x82", NULL }, NULL },
	/* right-to-left override, isolates */
	{ "\xe2\x80\xaeRLO", { "abc\xe2\x80\xaegnp.exe", "\xe2\x81\xa6iso\xe2\x81\xa9",
	  NULL }, "\xe2\x80\xaeT" },
	/* zero-width space, joiner, BOM, soft hyphen */
	{ "zw\xe2\x80\x8bsp", { "zero\xe2\x80\x8bwidth\xe2\x80\x8d",
	  "\xef\xbb\xbf" "bom\xc2\xad", NULL }, NULL },
	/* the other C0 controls and DEL */
	{ "\t\r\b\x7f\x01\x07", { "a\tb\rc\bd\x7f" "e\x01" "f\x07g", "\x0b\x0c\x0e\x1f",
	  NULL }, "\x01\x02\x03" },
	/* wide and combining characters beside controls */
	{ "日本\x1b語", { "日本語\x1b[1m", "e\xcc\x81\x1b", "\xf0\x9f\x98\x80\x9b", NULL },
	  NULL },
	/* 128 KiB and more of arguments, controls sprinkled */
	{ "big\x1b", { "@BIG1", "@BIG2", "tail\x1b[2J", NULL }, NULL },
	/* no arguments at all, a hostile name */
	{ "\x1b[6n\x9b", { NULL }, NULL },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

static char *big(size_t n)
{
	static const char piece[] = "\x1b[2J\x9b\xe2\x80\xae\x01";
	char *s = malloc(n + 1);

	if (!s)
		exit(1);
	for (size_t i = 0; i < n; i++)
		s[i] = (char)('a' + i % 26);
	for (size_t i = 100; i + sizeof(piece) < n; i += 997)
		memcpy(s + i, piece, sizeof(piece) - 1);
	s[n] = '\0';
	return s;
}

static void *thread_main(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

/* A member: name, maybe a thread, report on fd 3, sleep. */
static int member(int n)
{
	const struct hcase *c = &cases[n];

	prctl(PR_SET_NAME, c->comm);
	if (c->thread) {
		pthread_t th;

		if (pthread_create(&th, NULL, thread_main, NULL) == 0)
			pthread_setname_np(th, c->thread);
	}
	if (write(3, "ok\n", 3) < 0)
		return 1;
	close(3);
	for (;;)
		pause();
}

static pid_t kids[NCASES];
static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* The thread ids of pid other than pid itself, appended to out. */
static void threads_of(pid_t pid, char *out, size_t size)
{
	char path[64];
	struct dirent *d;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	dir = opendir(path);
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		int t = atoi(d->d_name);
		size_t l = strlen(out);

		if (t > 0 && t != pid)
			snprintf(out + l, size - l, "%s%d", l ? "," : "", t);
	}
	closedir(dir);
}

int main(void)
{
	const char *mode = getenv("HOSTILE_CASE");
	char pids[1024] = "", tids[1024] = "", buf[64];
	struct sigaction sa;
	int fds[2];

	if (mode)
		return member(atoi(mode));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (pipe(fds))
		return 1;
	for (size_t n = 0; n < NCASES; n++) {
		pid_t p = fork();

		if (p < 0)
			return 1;
		if (p == 0) {
			const char *av[8];
			char num[16], *envp[4];
			int i;

			prctl(PR_SET_PDEATHSIG, SIGKILL);
			close(fds[0]);
			if (dup2(fds[1], 3) < 0)
				_exit(1);
			for (i = 0; cases[n].argv[i]; i++) {
				const char *a = cases[n].argv[i];

				av[i] = !strcmp(a, "@BIG1") ? big(BIG1) :
					!strcmp(a, "@BIG2") ? big(BIG2) : a;
			}
			av[i] = NULL;
			snprintf(num, sizeof(num), "HOSTILE_CASE=%zu", n);
			envp[0] = num;
			envp[1] = (char *)"EVIL=\x1b]52;c;aGk=\x07\x9b" "2J\n\xe2\x80\xae";
			envp[2] = (char *)"PATH=/usr/bin:/bin";
			envp[3] = NULL;
			execve("/proc/self/exe", (char *const *)av, envp);
			_exit(127);
		}
		kids[n] = p;
	}
	close(fds[1]);
	/* one line per member once it has named itself */
	{
		FILE *in = fdopen(fds[0], "r");
		size_t got = 0;

		while (in && got < NCASES && fgets(buf, sizeof(buf), in))
			got++;
		if (got < NCASES) {
			fprintf(stderr, "hostile-spawn: %zu of %zu members\n",
				got, NCASES);
			kill(0, SIGKILL);
			return 1;
		}
		if (in)
			fclose(in);
	}
	for (size_t n = 0; n < NCASES; n++) {
		size_t l = strlen(pids);

		snprintf(pids + l, sizeof(pids) - l, "%s%d", l ? "," : "",
			 (int)kids[n]);
		threads_of(kids[n], tids, sizeof(tids));
		kill(kids[n], SIGSTOP);
	}
	printf("PIDS=%s\nTIDS=%s\n", pids, tids);
	fflush(stdout);
	while (!stop)
		pause();
	for (size_t n = 0; n < NCASES; n++)
		kill(kids[n], SIGKILL);
	while (wait(NULL) > 0)
		;
	return 0;
}
