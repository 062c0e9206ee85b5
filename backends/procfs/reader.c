/* The per-thread reader of the procfs backend: whole /proc files into a
 * reused buffer, and the names of /proc's pid directories. */
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <stdlib.h>
#include <unistd.h>
#include "procfs_int.h"

int reader_init(struct reader *r, const struct procfs *p)
{
	r->p = p;
	r->bufcap = 4096;
	r->buf = malloc(r->bufcap);
	r->tdents = NULL;
	r->tids = NULL;
	r->tidcap = 0;
	r->entry = NULL;
	r->entry_pid = 0;
	r->gone = false;
	return r->buf ? 0 : -1;
}

void reader_release(struct reader *r)
{
	free(r->buf);
	free(r->tdents);
	free(r->tids);
	r->buf = r->tdents = NULL;
	r->tids = NULL;
}

/* Reads a whole file into r->buf: from the open fd at offset 0, or opened
 * by path.  Returns its length, or -1.  A read shorter than the room left
 * means the end: /proc files give all they have in one read. */
ssize_t reader_read(struct reader *r, const char *path, int fd)
{
	bool own = fd < 0;
	size_t len = 0;

	if (own)
		fd = openat(r->p->procfd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t n;

		if (r->bufcap - len < 2) {
			size_t cap = r->bufcap * 2;
			char *b = realloc(r->buf, cap);

			if (!b)
				break;
			r->buf = b;
			r->bufcap = cap;
		}
		n = pread(fd, r->buf + len, r->bufcap - len - 1, (off_t)len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (own)
				close(fd);
			return -1;
		}
		len += (size_t)n;
		if (n == 0 || (size_t)n < r->bufcap - (len - (size_t)n) - 1)
			break;
	}
	if (own)
		close(fd);
	r->buf[len] = '\0';
	return (ssize_t)len;
}

int pid_of_name(const char *s)
{
	long v = 0;

	if (*s < '1' || *s > '9')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100000000)
			return -1;
		v = v * 10 + (*s - '0');
	}
	return (int)v;
}

int list_pids(struct procfs *p, off_t pos, size_t bufsize,
	      int (*each)(struct procfs *p, int pid, void *arg), void *arg)
{
	long nread;

	if (lseek(p->procfd, pos, SEEK_SET) < 0)
		return -errno;
	while ((nread = syscall(SYS_getdents64, p->procfd, p->dents,
				bufsize)) > 0) {
		for (long off = 0; off < nread;) {
			struct linux_dirent64 *d =
				(struct linux_dirent64 *)(p->dents + off);
			int pid = pid_of_name(d->d_name), rc;

			off += d->d_reclen;
			if (pid < 0)
				continue;
			rc = each(p, pid, arg);
			if (rc)
				return rc < 0 ? rc : 0;
		}
		bufsize = DENTS_BUF;    /* a first small read found more */
	}
	return nread < 0 ? -errno : 0;
}

int int_push(int **v, size_t *n, size_t *cap, size_t first_cap, int x)
{
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : first_cap;
		int *w = realloc(*v, c * sizeof(*w));

		if (!w)
			return -ENOMEM;
		*v = w;
		*cap = c;
	}
	(*v)[(*n)++] = x;
	return 0;
}
