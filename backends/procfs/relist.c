/* A program that scans again (top) lists only the pids that can be new.
 *
 * Listing /proc costs about a microsecond per process in the kernel (a
 * pid lookup and a dentry per entry), a fifth of a top frame that reads
 * one kept stat per task.  A process can only appear in /proc's listing
 * by getting a pid, and pids come from a cursor that only moves up until
 * it wraps at pid_max; /proc/loadavg shows it (the last pid handed out in
 * the reader's pid namespace).  So a scan keeps the previous listing
 * (those that are gone fail their reads, as they would after a listing)
 * and lists /proc from a position: the pids above the cursor as it was
 * two scans ago (one scan of margin for a pid handed out but whose task
 * was not yet visible), up to the cursor now.
 *
 * A full listing instead: the first scan, a cursor that went down (it
 * wrapped), every RELIST_FULL_EVERY scans (a wrap all the way round, in
 * one interval, would not show), and always where the rule does not hold:
 * /proc of another pid namespace than ours (its pids are not counted by
 * our cursor), hidepid (a task that changes its uid appears or vanishes
 * with no new pid), a loadavg that is not procfs's (lxcfs's, in a
 * container), or a kernel whose listing positions differ from the ones
 * used here (checked once, on our own pid).
 *
 * PROCPS_FULL_LISTING=1 turns this off (tests compare both). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "procfs_int.h"

enum {
	/* fs/proc/base.c: /proc's entries after its fixed ones sit at
	 * position TGID_OFFSET + tgid (FIRST_PROCESS_ENTRY 256, then self
	 * and thread-self); relist_check() verifies it on our own pid */
	TGID_POS = 258,
	RELIST_FULL_EVERY = 16,
	SMALL_DENTS = 2048,     /* a partial listing is usually a few pids */
};

/* The last pid handed out in our pid namespace (loadavg's fifth field),
 * or -1. */
static long read_cursor(struct procfs *p)
{
	char buf[128], *s;
	ssize_t n;

	if (p->loadavg_fd < 0)
		return -1;
	n = pread(p->loadavg_fd, buf, sizeof(buf) - 1, 0);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	s = strrchr(buf, ' ');
	return s ? strtol(s + 1, NULL, 10) : -1;
}

/* Whether /proc's mount (of procfd) has a hidepid other than 0, or its
 * options cannot be found (then assume it does). */
static bool hides_pids(int procfd)
{
	struct statx sx;
	char line[4096];
	FILE *f;
	int fd;
	bool hidden = true;

	if (statx(procfd, "", AT_EMPTY_PATH, STATX_MNT_ID, &sx) < 0 ||
	    !(sx.stx_mask & STATX_MNT_ID))
		return true;
	fd = openat(procfd, "self/mountinfo", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || !(f = fdopen(fd, "r"))) {
		if (fd >= 0)
			close(fd);
		return true;
	}
	while (fgets(line, sizeof(line), f)) {
		const char *opts, *h;

		if (strtoull(line, NULL, 10) != sx.stx_mnt_id)
			continue;
		/* the superblock's options follow " - proc SOURCE " */
		opts = strstr(line, " - proc ");
		if (!opts)
			break;
		h = strstr(opts, "hidepid=");
		hidden = h && strncmp(h + 8, "0", 1) != 0 &&
			 strncmp(h + 8, "off", 3) != 0;
		break;
	}
	fclose(f);
	return hidden;
}

static int take_first(struct procfs *p, int pid, void *first)
{
	(void)p;
	*(int *)first = pid;
	return 1;       /* stop */
}

/* The first pid /proc lists from the position of `pid` on, or -1. */
static int first_listed_from(struct procfs *p, int pid)
{
	int first = -1;

	return list_pids(p, TGID_POS + pid, SMALL_DENTS, take_first,
			 &first) < 0 ? -1 : first;
}

/* Whether the rule holds for this /proc (once). */
static bool relist_check(struct procfs *p)
{
	const char *env = getenv("PROCPS_FULL_LISTING");
	struct statfs sfs;
	char self[32];
	ssize_t n;

	if ((env && *env && strcmp(env, "0") != 0) || !p->real_proc)
		return false;
	n = readlinkat(p->procfd, "self", self, sizeof(self) - 1);
	if (n <= 0)
		return false;
	self[n] = '\0';
	if (pid_of_name(self) != getpid() ||
	    first_listed_from(p, getpid()) != getpid() || hides_pids(p->procfd))
		return false;
	/* procfs's own: lxcfs mounts a FUSE loadavg over it in containers,
	 * whose last field need not follow the kernel's cursor */
	p->loadavg_fd = openat(p->procfd, "loadavg", O_RDONLY | O_CLOEXEC);
	if (p->loadavg_fd < 0 || fstatfs(p->loadavg_fd, &sfs) < 0 ||
	    sfs.f_type != PROC_FS_MAGIC)
		return false;
	return read_cursor(p) > 0;
}

/* Merges the ascending, distinct pids `add` into p->pids (ascending). */
static int merge_pids(struct procfs *p, const int *add, size_t nadd)
{
	size_t n = p->npids + nadd, i = 0, j = 0, k = 0;
	int *v;

	if (!nadd)
		return 0;
	v = malloc(n * sizeof(*v));
	if (!v)
		return -ENOMEM;
	while (i < p->npids || j < nadd) {
		int a = i < p->npids ? p->pids[i] : INT_MAX;
		int b = j < nadd ? add[j] : INT_MAX;

		v[k++] = a <= b ? a : b;
		i += a <= b;
		j += b <= a;
	}
	free(p->pids);
	p->pids = v;
	p->npids = k;
	p->pidcap = n;
	return 0;
}

/* The pids found in (after, upto], ascending. */
struct range {
	long upto;
	int *v;
	size_t n, cap;
};

static int add_to_range(struct procfs *p, int pid, void *arg)
{
	struct range *rg = arg;

	(void)p;
	if (pid > rg->upto)
		return 1;       /* past the range: stop */
	return int_push(&rg->v, &rg->n, &rg->cap, 64, pid);
}

/* Adds the pids listed in (after, upto] to p->pids. */
static int list_range(struct procfs *p, long after, long upto)
{
	struct range rg = { .upto = upto };
	int rc = list_pids(p, TGID_POS + after + 1, SMALL_DENTS,
			   add_to_range, &rg);

	if (rc == 0)
		rc = merge_pids(p, rg.v, rg.n);
	free(rg.v);
	return rc;
}

int relist_collect(struct procfs *p)
{
	long now;
	bool partial;
	int rc = RELIST_FULL;

	if (p->relist_ok < 0)
		p->relist_ok = relist_check(p);
	if (!p->relist_ok)
		return RELIST_FULL;
	now = read_cursor(p);
	if (now < 0 || (p->relist_history && now < p->cursor_prev))
		p->relist_history = 0;          /* it wrapped: start again */
	if (now < 0)
		return RELIST_FULL;
	/* two scans' cursors since the last wrap: the margin of one scan */
	partial = p->relist_history >= 2 &&
		  p->relist_scans < RELIST_FULL_EVERY;
	if (partial && list_range(p, p->cursor_prev2, now) < 0) {
		p->relist_history = 0;  /* out of memory: list it all */
		return RELIST_FULL;
	}
	if (partial) {
		rc = 0;
		p->relist_scans++;
	} else {
		p->relist_scans = 0;
	}
	p->cursor_prev2 = p->cursor_prev;
	p->cursor_prev = now;
	p->relist_history++;
	return rc;
}

void relist_forget_gone(struct procfs *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->npids; i++)
		if (p->pids[i] > 0)
			p->pids[n++] = p->pids[i];
	p->npids = n;
}
