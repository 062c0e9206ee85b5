// SPDX-License-Identifier: GPL-2.0
/*
 * td_hold: a fixture process.  Sets itself up as the options say, then
 * stops (SIGSTOP) so its procfs view and its task_diag view cannot drift.
 *
 *   --threads N   start N extra threads first
 *   --zombie      fork a child that exits and is never reaped
 *   --groups      set supplementary groups 100,200,300
 *   --manygroups N  set supplementary groups 1..N
 *   --uid U       drop to uid/gid U
 *   --nodump      mark the process not dumpable
 *   --title       overwrite argv with a longer title (setproctitle style)
 *   --run         pause() instead of stopping
 * Remaining arguments are ignored (used to make long command lines).
 */
#define _GNU_SOURCE
#include <grp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

extern char **environ;

static void *idle(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

/* rewrite argv in place, running on into the environment strings */
static void retitle(int argc, char **argv)
{
	char *start = argv[0], *end = argv[argc - 1] + strlen(argv[argc - 1]);
	size_t room, len;
	int i;

	for (i = 0; environ[i]; i++)
		if (environ[i] == end + 1)
			end = environ[i] + strlen(environ[i]);
	room = end - start;
	len = (size_t)(argv[argc - 1] + strlen(argv[argc - 1]) - start) + 24;
	if (len >= room)
		len = room - 1;
	memset(start, 'T', len);
	memcpy(start, "retitled:", 9);
	start[len] = 0;
}

int main(int argc, char **argv)
{
	int i, threads = 0, zombie = 0, run = 0, title = 0, uid = -1;
	pthread_t th;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--threads") && i + 1 < argc)
			threads = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--zombie"))
			zombie = 1;
		else if (!strcmp(argv[i], "--groups")) {
			gid_t g[] = { 100, 200, 300 };

			if (setgroups(3, g))
				perror("setgroups");
		} else if (!strcmp(argv[i], "--manygroups") && i + 1 < argc) {
			int j, n = atoi(argv[++i]);
			gid_t *g = calloc(n, sizeof(*g));

			for (j = 0; g && j < n; j++)
				g[j] = j + 1;
			if (!g || setgroups(n, g))
				perror("setgroups");
			free(g);
		} else if (!strcmp(argv[i], "--uid") && i + 1 < argc)
			uid = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--nodump"))
			prctl(PR_SET_DUMPABLE, 0);
		else if (!strcmp(argv[i], "--title"))
			title = 1;
		else if (!strcmp(argv[i], "--run"))
			run = 1;
	}
	if (uid >= 0 && (setresgid(uid, uid, uid) || setresuid(uid, uid, uid)))
		perror("setresuid");
	/*
	 * Changing uid made the process non-dumpable (suid_dumpable is 0);
	 * make it an ordinary process of its new owner again, or not.
	 */
	if (uid >= 0)
		prctl(PR_SET_DUMPABLE, 1);
	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--nodump"))
			prctl(PR_SET_DUMPABLE, 0);
	for (i = 0; i < threads; i++)
		pthread_create(&th, NULL, idle, NULL);
	if (zombie && fork() == 0)
		_exit(3);
	if (title)
		retitle(argc, argv);
	if (zombie)
		usleep(100000);
	if (!run)
		raise(SIGSTOP);
	for (;;)
		pause();
}
