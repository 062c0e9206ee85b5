/* SPDX-License-Identifier: GPL-2.0-or-later
 *
 * filecost: what one /proc/PID file costs, per process, on this machine.
 *
 *   filecost [-r ROUNDS] NAME...     e.g. filecost stat status statm cmdline
 *
 * For each NAME it opens /proc/PID/NAME relative to one /proc directory
 * fd for every process (openat + read + close, a 4 KiB buffer, reading
 * to EOF), ROUNDS times, and prints the wall, user and sys microseconds
 * per process and round.  "fstat" stands for an fstat of /proc/PID/stat
 * (the owner group), "open" for openat+close of stat without a read,
 * "readdir" for the getdents64 walk alone, "held:NAME" for a pread at
 * offset 0 of a file opened once beforehand (what a program that keeps
 * its fds across refreshes pays; needs RLIMIT_NOFILE above the process
 * count, raised here to the hard limit), "ef:path" and "ef:dirfd" for
 * what ps -ef reads of a process, by paths or through a directory fd.  Used to say where procps-td's
 * time goes in docs/benchmarks.md.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double tv(struct timeval t)
{
	return t.tv_sec + t.tv_usec / 1e6;
}

static int *pids;
static long npids;

static void list_pids(int procfd)
{
	DIR *d = fdopendir(dup(procfd));
	struct dirent *e;
	long cap = 1024;

	pids = malloc(cap * sizeof(*pids));
	rewinddir(d);
	while ((e = readdir(d))) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		if (npids == cap)
			pids = realloc(pids, (cap *= 2) * sizeof(*pids));
		pids[npids++] = atoi(e->d_name);
	}
	closedir(d);
}

static int *held_open(int procfd, const char *name)
{
	char path[64];
	int *fds = malloc(npids * sizeof(*fds));

	for (long i = 0; i < npids; i++) {
		snprintf(path, sizeof(path), "%d/%s", pids[i], name);
		fds[i] = openat(procfd, path, O_RDONLY | O_CLOEXEC);
	}
	return fds;
}

static void held_read(const int *fds)
{
	static char buf[4096];

	for (long i = 0; i < npids; i++)
		if (fds[i] >= 0)
			while (pread(fds[i], buf, sizeof(buf), 0) ==
			       (ssize_t)sizeof(buf))
				;
}

static void held_close(int *fds)
{
	for (long i = 0; i < npids; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	free(fds);
}

/* What ps -ef reads of a process, two ways: by paths from /proc
 * ("ef:path": fstatat of PID, PID/stat, PID/cmdline: the pid looked up
 * three times) or through an O_PATH descriptor of PID ("ef:dirfd": one
 * lookup of the pid, then its files relative to it). */
static void ef(int procfd, bool dirfd)
{
	static char buf[4096];
	static const char *const files[] = { "stat", "cmdline" };
	char path[64];

	for (long i = 0; i < npids; i++) {
		struct stat st;
		int dfd = -1, fd;

		snprintf(path, sizeof(path), "%d", pids[i]);
		if (dirfd) {
			dfd = openat(procfd, path, O_PATH | O_DIRECTORY | O_CLOEXEC);
			if (dfd < 0)
				continue;
			fstat(dfd, &st);
		} else {
			fstatat(procfd, path, &st, 0);
		}
		for (int f = 0; f < 2; f++) {
			if (dirfd) {
				fd = openat(dfd, files[f], O_RDONLY | O_CLOEXEC);
			} else {
				snprintf(path, sizeof(path), "%d/%s", pids[i], files[f]);
				fd = openat(procfd, path, O_RDONLY | O_CLOEXEC);
			}
			if (fd < 0)
				continue;
			while (read(fd, buf, sizeof(buf)) > 0)
				;
			close(fd);
		}
		if (dfd >= 0)
			close(dfd);
	}
}

static void one(int procfd, const char *name)
{
	static char buf[4096];
	char path[64];
	int mode = strcmp(name, "fstat") == 0 ? 1 :
		   strcmp(name, "open") == 0 ? 2 : 0;
	const char *file = mode ? "stat" : name;

	for (long i = 0; i < npids; i++) {
		struct stat st;
		int fd;

		snprintf(path, sizeof(path), "%d/%s", pids[i], file);
		fd = openat(procfd, path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (mode == 1)
			fstat(fd, &st);
		else if (mode == 0)
			while (read(fd, buf, sizeof(buf)) > 0)
				;
		close(fd);
	}
}

int main(int argc, char **argv)
{
	int procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rounds = 3, opt;

	while ((opt = getopt(argc, argv, "r:")) != -1) {
		if (opt == 'r')
			rounds = atoi(optarg);
		else {
			fprintf(stderr, "usage: filecost [-r ROUNDS] NAME...\n");
			return 2;
		}
	}
	if (procfd < 0) {
		perror("/proc");
		return 1;
	}
	list_pids(procfd);
	{
		struct rlimit rl;

		getrlimit(RLIMIT_NOFILE, &rl);
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	printf("%-12s %8s %8s %8s   (microseconds per process, %ld processes, %d rounds)\n",
	       "file", "wall", "user", "sys", npids, rounds);
	for (int a = optind; a < argc; a++) {
		struct rusage r0, r1;
		double t0, t1;

		int *fds = NULL;

		/* held: open first, untimed; time only the re-reads */
		if (strncmp(argv[a], "held:", 5) == 0)
			fds = held_open(procfd, argv[a] + 5);
		getrusage(RUSAGE_SELF, &r0);
		t0 = now();
		for (int r = 0; r < rounds; r++) {
			if (fds) {
				held_read(fds);
				continue;
			}
			if (strcmp(argv[a], "readdir") == 0) {
				free(pids);
				npids = 0;
				list_pids(procfd);
			} else if (strncmp(argv[a], "ef:", 3) == 0) {
				ef(procfd, strcmp(argv[a], "ef:dirfd") == 0);
			} else {
				one(procfd, argv[a]);
			}
		}
		t1 = now();
		getrusage(RUSAGE_SELF, &r1);
		if (fds)
			held_close(fds);
		printf("%-12s %8.2f %8.2f %8.2f\n", argv[a],
		       (t1 - t0) * 1e6 / npids / rounds,
		       (tv(r1.ru_utime) - tv(r0.ru_utime)) * 1e6 / npids / rounds,
		       (tv(r1.ru_stime) - tv(r0.ru_stime)) * 1e6 / npids / rounds);
	}
	return 0;
}
