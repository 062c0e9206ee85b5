/* SPDX-License-Identifier: GPL-2.0-or-later
 *
 * uringcost: does io_uring make reading /proc/PID/stat of every process
 * cheaper?  Reads every process's stat file once per run, either with
 * openat/read/close (plain) or with io_uring: per process a linked chain
 * OPENAT (into a fixed file slot), READ (fixed file), CLOSE, submitted a
 * batch of chains per io_uring_enter.  Prints user and sys CPU and wall
 * seconds per run, and the files read.
 *
 *   uringcost [-r RUNS] [-b BATCH] plain|uring
 *
 * Not built by make (ps and top do not use io_uring, see
 * docs/benchmarks.md): apt-get install liburing-dev, then
 *   gcc -O2 -o uringcost bench/uringcost.c -luring
 * (fixed-file slots take no O_CLOEXEC: the kernel answers EINVAL).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

enum { BUF = 1024 };

static int *pids;
static size_t npids;

static void list_pids(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	size_t cap = 0;

	while (d && (e = readdir(d))) {
		int pid = atoi(e->d_name);

		if (pid <= 0)
			continue;
		if (npids == cap) {
			cap = cap ? cap * 2 : 4096;
			pids = realloc(pids, cap * sizeof(*pids));
			if (!pids)
				exit(1);
		}
		pids[npids++] = pid;
	}
	if (d)
		closedir(d);
}

static size_t run_plain(int procfd, char *buf)
{
	size_t ok = 0;

	for (size_t i = 0; i < npids; i++) {
		char path[32];
		int fd;

		snprintf(path, sizeof(path), "%d/stat", pids[i]);
		fd = openat(procfd, path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (read(fd, buf, BUF) > 0)
			ok++;
		close(fd);
	}
	return ok;
}

static size_t run_uring(struct io_uring *ring, int procfd, char *bufs,
			unsigned batch)
{
	char (*paths)[32] = malloc(batch * sizeof(*paths));
	size_t ok = 0;

	for (size_t i = 0; i < npids; i += batch) {
		unsigned n = npids - i < batch ? (unsigned)(npids - i) : batch;

		for (unsigned k = 0; k < n; k++) {
			struct io_uring_sqe *sqe;

			snprintf(paths[k], sizeof(paths[k]), "%d/stat", pids[i + k]);
			sqe = io_uring_get_sqe(ring);
			io_uring_prep_openat_direct(sqe, procfd, paths[k],
						    O_RDONLY, 0, k);
			sqe->flags |= IOSQE_IO_LINK;
			sqe->user_data = 0;
			sqe = io_uring_get_sqe(ring);
			io_uring_prep_read(sqe, (int)k, bufs + (size_t)k * BUF, BUF, 0);
			sqe->flags |= IOSQE_FIXED_FILE | IOSQE_IO_LINK;
			sqe->user_data = 1;
			sqe = io_uring_get_sqe(ring);
			io_uring_prep_close_direct(sqe, k);
			sqe->user_data = 2;
		}
		io_uring_submit_and_wait(ring, n * 3);
		for (unsigned k = 0; k < n * 3; k++) {
			struct io_uring_cqe *cqe;

			if (io_uring_wait_cqe(ring, &cqe) < 0)
				break;
			if (cqe->user_data == 1 && cqe->res > 0)
				ok++;
			io_uring_cqe_seen(ring, cqe);
		}
	}
	free(paths);
	return ok;
}

static double tv(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
	int runs = 3, opt, procfd;
	unsigned batch = 64;
	struct io_uring ring;
	char *bufs;

	while ((opt = getopt(argc, argv, "r:b:")) != -1) {
		if (opt == 'r')
			runs = atoi(optarg);
		else if (opt == 'b')
			batch = (unsigned)atoi(optarg);
		else
			return 2;
	}
	if (optind >= argc || batch == 0 || batch > 1024) {
		fprintf(stderr, "usage: uringcost [-r RUNS] [-b BATCH] plain|uring\n");
		return 2;
	}
	procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bufs = malloc((size_t)batch * BUF);
	list_pids();
	if (strcmp(argv[optind], "uring") == 0) {
		int rc = io_uring_queue_init(batch * 3, &ring, 0);

		if (rc < 0 || io_uring_register_files_sparse(&ring, batch) < 0) {
			fprintf(stderr, "uringcost: io_uring: %s\n", strerror(-rc));
			return 1;
		}
	}
	for (int r = 0; r < runs; r++) {
		struct rusage a, b;
		struct timespec w0, w1;
		size_t ok;

		getrusage(RUSAGE_SELF, &a);
		clock_gettime(CLOCK_MONOTONIC, &w0);
		ok = strcmp(argv[optind], "uring") == 0 ?
			run_uring(&ring, procfd, bufs, batch) :
			run_plain(procfd, bufs);
		clock_gettime(CLOCK_MONOTONIC, &w1);
		getrusage(RUSAGE_SELF, &b);
		printf("%s files=%zu user=%.3f sys=%.3f wall=%.3f\n", argv[optind],
		       ok, tv(b.ru_utime) - tv(a.ru_utime),
		       tv(b.ru_stime) - tv(a.ru_stime),
		       (double)(w1.tv_sec - w0.tv_sec) +
		       (double)(w1.tv_nsec - w0.tv_nsec) / 1e9);
	}
	return 0;
}
