/* Tasks in the states the differential test compares (diff-fields):
 *   bpf-fixture spin        CPU time in user and system mode, then pause
 *   bpf-fixture threads N   N threads that each spin, then pause
 *   bpf-fixture mlock KIB   KIB of locked, touched memory, then pause
 *   bpf-fixture title TEXT  spins, rewrites its command line (as
 *                           setproctitle does), then pauses
 *   bpf-fixture overflow    rewrites its command line past the end of
 *                           argv into the environment (the last argv
 *                           byte no longer NUL: procfs reads on)
 *   bpf-fixture zombie      a child that exits and is never waited for
 *   bpf-fixture leaderexit  2 threads live on after the main thread
 *                           exits (the leader a zombie, no mm)
 * Each writes "ready" on stdout when its state is set. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* about ms milliseconds, split between user work and system calls */
static void spin(int ms)
{
	struct timespec a, b;
	volatile unsigned long x = 0;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do {
		for (int i = 0; i < 20000; i++)
			x += (unsigned long)i * 7;
		for (int i = 0; i < 200; i++)
			(void)getppid();
		clock_gettime(CLOCK_MONOTONIC, &b);
	} while ((b.tv_sec - a.tv_sec) * 1000 +
		 (b.tv_nsec - a.tv_nsec) / 1000000 < ms);
}

static void *thread_main(void *arg)
{
	spin((int)(long)arg);
	for (;;)
		pause();
	return NULL;
}

static void ready(void)
{
	printf("ready\n");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "spin") == 0) {
		spin(150);
	} else if (argc >= 3 && strcmp(argv[1], "threads") == 0) {
		int n = atoi(argv[2]);

		for (long i = 0; i < n; i++) {
			pthread_t t;

			if (pthread_create(&t, NULL, thread_main,
					   (void *)(20 + 10 * i)) != 0)
				return 1;
		}
		spin(50);
		sleep(1);       /* the threads' spins end */
	} else if (argc >= 3 && strcmp(argv[1], "mlock") == 0) {
		size_t len = (size_t)atol(argv[2]) * 1024;
		char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED || mlock(p, len) != 0)
			return 1;
		memset(p, 1, len);
	} else if (argc >= 3 && strcmp(argv[1], "title") == 0) {
		/* the whole argument area, NULs included, becomes the
		 * title, as setproctitle() does */
		char *end = argv[argc - 1] + strlen(argv[argc - 1]);
		size_t room = (size_t)(end - argv[0]);
		char title[256];

		spin(30);
		snprintf(title, sizeof(title), "bpf-fixture: %s", argv[2]);
		memset(argv[0], 0, room);
		memcpy(argv[0], title, strlen(title) < room ? strlen(title)
							     : room);
	} else if (argc >= 2 && strcmp(argv[1], "overflow") == 0) {
		extern char **environ;
		char *end = argv[argc - 1] + strlen(argv[argc - 1]);
		size_t room = (size_t)(end - argv[0]) + 1;

		/* the environment's strings follow argv's: 12 bytes of
		 * title run into them */
		if (!environ[0] || environ[0] != end + 1 || strlen(environ[0]) < 12)
			return 1;
		memset(argv[0], 'x', room + 11);
		argv[0][room + 11] = '\0';
	} else if (argc >= 2 && strcmp(argv[1], "leaderexit") == 0) {
		for (long i = 0; i < 2; i++) {
			pthread_t t;

			if (pthread_create(&t, NULL, thread_main,
					   (void *)(10L)) != 0)
				return 1;
		}
		sleep(1);
		ready();
		pthread_exit(NULL);
	} else if (argc >= 2 && strcmp(argv[1], "zombie") == 0) {
		pid_t c = fork();

		if (c < 0)
			return 1;
		if (c == 0)
			_exit(0);
	} else {
		fprintf(stderr, "usage: bpf-fixture spin|threads N|mlock KIB|"
			"title TEXT|overflow|zombie|leaderexit\n");
		return 2;
	}
	ready();
	for (;;)
		pause();
}
