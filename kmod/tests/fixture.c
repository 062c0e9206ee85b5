// SPDX-License-Identifier: GPL-2.0
/* Fixture processes for the task_diag tests. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "compare.h"
#include "fixture.h"

#define MAX_HOLD 64
static pid_t held[MAX_HOLD];
static int nheld;

static const char *hold_path(void)
{
	const char *p = getenv("TD_HOLD");

	return p ? p : "/tests/td_hold";
}

static pid_t start(char **argv, char *const *envp)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (envp)
			execve(hold_path(), argv, envp);
		else
			execv(hold_path(), argv);
		_exit(127);
	}
	if (waitpid(pid, &st, WUNTRACED) != pid || !WIFSTOPPED(st)) {
		fprintf(stderr, "fixture %d did not stop (%#x)\n", pid, st);
		return -1;
	}
	if (nheld < MAX_HOLD)
		held[nheld++] = pid;
	return pid;
}

pid_t hold(const char *const *args, char *const *envp)
{
	char *argv[64];
	int n = 0;

	argv[n++] = "td_hold";
	while (args && *args && n < 63)
		argv[n++] = (char *)*args++;
	argv[n] = NULL;
	return start(argv, envp);
}

pid_t hold_big(size_t bytes)
{
	size_t nargs = bytes / 4096 + 1, i;
	char **argv = calloc(nargs + 2, sizeof(*argv));
	char *filler = malloc(4096);
	pid_t pid;

	memset(filler, 'a', 4095);
	filler[4095] = 0;
	argv[0] = "td_hold";
	for (i = 1; i <= nargs; i++)
		argv[i] = filler;
	pid = start(argv, NULL);
	free(argv);
	free(filler);
	return pid;
}

void hold_kill_all(void)
{
	int i;

	for (i = 0; i < nheld; i++) {
		kill(held[i], SIGKILL);
		waitpid(held[i], NULL, 0);
	}
	nheld = 0;
}

int proc_children(pid_t tid, pid_t *out, int max)
{
	char path[64], *buf, *p;
	size_t len;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", tid, tid);
	if (read_all(path, &buf, &len))
		return -1;
	for (p = buf; *p && n < max;) {
		out[n++] = strtol(p, &p, 10);
		while (*p == ' ')
			p++;
	}
	free(buf);
	return n;
}

int proc_threads(pid_t pid, pid_t *out, int max)
{
	char path[64];
	struct dirent *de;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	d = opendir(path);
	if (!d)
		return -1;
	while ((de = readdir(d)) && n < max)
		if (de->d_name[0] >= '0' && de->d_name[0] <= '9')
			out[n++] = atoi(de->d_name);
	closedir(d);
	return n;
}

void td_become(uid_t uid, gid_t extra)
{
	gid_t g[1] = { extra };

	if (setgroups(extra ? 1 : 0, g) || setresgid(uid, uid, uid) ||
	    setresuid(uid, uid, uid)) {
		fail("cannot become uid %u: %s", uid, strerror(errno));
		exit(1);
	}
}

void td_run_child(void (*fn)(void))
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		fn();
		exit(0);
	}
	waitpid(pid, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		fail("child exited with %#x", st);
}
