/* The security label columns (context, label, zone).  The printer does
 * its own I/O: no backend group carries the label yet. */
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include "print.h"

/* With no SELinux policy loaded the reference shows the task's LSM
 * attribute, up to the first unprintable byte, or "-".  Read here, per
 * row: no backend group carries it yet. */
int pr_context(struct out *o, const struct task *t)
{
	char path[64];
	ssize_t n;
	size_t len = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/attr/current", t->tgid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, o->buf, OUTBUF_SIZE - 1);
		close(fd);
		if (n > 0) {
			o->buf[n] = '\0';
			while (isprint((unsigned char)o->buf[len]))
				len++;
			o->buf[len] = '\0';
			if (len)
				return (int)len;
		}
	}
	return fmt_dash(o->buf);
}
