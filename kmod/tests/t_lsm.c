// SPDX-License-Identifier: GPL-2.0
/*
 * Security modules: the module serves only openers no security module
 * confines (td_perm.c).  An AppArmor profile that allows every path,
 * /proc/task-diag included, is loaded (compiled on the host into
 * /tests/td_confined.aa by check-kmod.sh); a process confined by it may
 * read procfs but is refused /proc/task-diag with EACCES, while an
 * unconfined one is served.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "compare.h"

#define AA	"/sys/kernel/security/apparmor"
#define PROFILE	"td_confined"

/* write the whole of buf to path; 0 or -errno */
static int put(const char *path, const char *buf, size_t len)
{
	int fd = open(path, O_WRONLY), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, buf, len) != (ssize_t)len)
		ret = -errno;
	close(fd);
	return ret;
}

/* the confined side, after exec: procfs yes, /proc/task-diag no */
static int confined(void)
{
	char *label = NULL, *stat = NULL;
	size_t n;
	int fd;

	if (read_all("/proc/self/attr/current", &label, &n))
		label = NULL;
	check(label && !strncmp(label, PROFILE " ", strlen(PROFILE) + 1),
	      "the child runs confined by " PROFILE " (%.*s)",
	      label ? (int)strcspn(label, "\n") : 1, label ? label : "?");
	check(!read_all("/proc/1/stat", &stat, &n) && n > 0,
	      "confined: the profile lets it read /proc/1/stat");
	fd = open("/proc/task-diag", O_RDWR);
	check(fd < 0 && errno == EACCES,
	      "confined: opening /proc/task-diag fails with EACCES (%s)",
	      fd < 0 ? strerror(errno) : "opened");
	if (fd >= 0)
		close(fd);
	free(label);
	free(stat);
	return td_summary();
}

int main(int argc, char **argv)
{
	char *policy = NULL;
	size_t n;
	pid_t pid;
	int fd, st, mounted = 0;

	if (argc > 1 && !strcmp(argv[1], "--confined"))
		return confined();

	if (access(AA, F_OK))
		mounted = !mount("securityfs", "/sys/kernel/security",
				 "securityfs", 0, NULL);
	if (access(AA "/.load", W_OK)) {
		fail("AppArmor is not active: %s", strerror(errno));
		return td_summary();
	}
	fd = td_open(NULL);
	check(fd >= 0, "unconfined: /proc/task-diag opens");
	if (fd >= 0)
		close(fd);
	if (read_all("/tests/td_confined.aa", &policy, &n)) {
		fail("no compiled profile /tests/td_confined.aa");
		return td_summary();
	}
	check(!put(AA "/.load", policy, n), "profile " PROFILE " loaded");

	pid = fork();
	if (pid == 0) {
		static const char change[] = "exec " PROFILE;

		if (put("/proc/self/attr/exec", change, strlen(change)))
			_exit(3);
		execl("/proc/self/exe", argv[0], "--confined", (char *)NULL);
		_exit(4);
	}
	waitpid(pid, &st, 0);
	check(WIFEXITED(st) && WEXITSTATUS(st) <= 1,
	      "the confined child ran (status %#x)", st);

	check(!put(AA "/.remove", PROFILE, strlen(PROFILE)),
	      "profile " PROFILE " removed");
	if (mounted)
		umount("/sys/kernel/security");
	free(policy);
	printf("t_lsm: %d passed, %d failed (the child reports its own)\n",
	       td_passes, td_fails);
	return td_summary();
}
