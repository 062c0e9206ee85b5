/* The procfs backend: reads only the files the requested groups need.
 *
 * One directory fd for /proc, getdents64 with a large buffer, openat
 * relative to it (reader.c), and one read per file into a reused buffer.
 * This file lists the pids to read and runs the scan: a pid list is read
 * directly; a big listing is split among threads (parallel.c); a program
 * that scans again keeps descriptors open (held.c); row.c reads one
 * process's rows.  Calls go one way: procfs → parallel → row → held →
 * reader. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "procfs_int.h"

#ifndef PROCFS_ROOT
#define PROCFS_ROOT "/proc"
#endif

static int procfs_probe(void)
{
	return access(PROCFS_ROOT "/self/stat", R_OK) == 0 ? 0 : -1;
}

static void procfs_release(void *state)
{
	struct procfs *p = state;

	held_free(p->held);
	if (p->loadavg_fd >= 0)
		close(p->loadavg_fd);
	if (p->procfd >= 0)
		close(p->procfd);
	free(p->dents);
	free(p->pids);
	free(p);
}

static void *procfs_prepare(group_mask groups)
{
	struct procfs *p = calloc(1, sizeof(*p));
	struct statfs sfs;

	if (!p)
		return NULL;
	p->groups = groups;
	p->loadavg_fd = -1;
	p->relist_ok = -1;
	for (size_t i = 0; i < ITEM_COUNT; i++)
		if (item_table[i].file &&
		    (groups & GROUP_BIT(item_table[i].group)))
			p->file_items[p->nfile_items++] = (enum item)i;
	p->page_kib = (unsigned long)sysconf(_SC_PAGESIZE) / 1024;
	p->dents = malloc(DENTS_BUF);
	p->procfd = open(PROCFS_ROOT, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (!p->dents || p->procfd < 0) {
		int e = errno ? errno : ENOMEM;

		procfs_release(p);
		errno = e;
		return NULL;
	}
	p->real_proc = fstatfs(p->procfd, &sfs) == 0 &&
		       sfs.f_type == PROC_FS_MAGIC;
	return p;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static bool pid_listed(const struct selection *sel, int pid)
{
	if (!sel->pids)
		return true;
	for (size_t i = 0; i < sel->npids; i++)
		if (sel->pids[i] == pid)
			return true;
	return false;
}

static int push_pid(struct procfs *p, int pid)
{
	return int_push(&p->pids, &p->npids, &p->pidcap, 4096, pid);
}

static int push_listed(struct procfs *p, int pid, void *sel)
{
	if (!pid_listed(sel, pid))
		return 0;
	return push_pid(p, pid);
}

/* The pids to read: the listed ones, or (as a scan would find them)
 * ascending and once each, the order procfs lists its directories in;
 * or else /proc's own listing, filtered by the list if there is one. */
static int collect_pids(struct procfs *p, const struct selection *sel)
{
	size_t n;

	p->listing_kept = false;
	if (!sel->pids && sel->keep_open) {
		int rc = relist_collect(p);

		p->listing_kept = rc == 0;
		if (rc != RELIST_FULL)
			return rc;
	}
	p->npids = 0;
	if (sel->pids && (sel->in_list_order || p->real_proc)) {
		for (size_t i = 0; i < sel->npids; i++)
			if (sel->pids[i] > 0 && push_pid(p, sel->pids[i]) < 0)
				return -ENOMEM;
		if (sel->in_list_order)
			return 0;
		qsort(p->pids, p->npids, sizeof(*p->pids), cmp_int);
		n = 0;
		for (size_t i = 0; i < p->npids; i++)
			if (n == 0 || p->pids[n - 1] != p->pids[i])
				p->pids[n++] = p->pids[i];
		p->npids = n;
		return 0;
	}
	return list_pids(p, 0, DENTS_BUF, push_listed, (void *)sel);
}

/* The kinds of descriptor worth keeping: those of the files read for
 * every row (the rest are read for a few rows, by path). */
static unsigned held_kinds(group_mask g)
{
	unsigned k = 1u << HELD_STAT;

	if (g & GROUP_BIT(GRP_STATM))
		k |= 1u << HELD_STATM;
	if (g & (GROUP_BIT(GRP_STATUS) | GROUP_BIT(GRP_STATUS_VM)))
		k |= 1u << HELD_STATUS;
	if (g & GROUP_BIT(GRP_OWNER))
		k |= 1u << HELD_DIR;
	return k;
}

static int procfs_scan(void *state, const struct selection *sel,
		       struct task_set *out)
{
	struct procfs *p = state;
	struct reader r;
	int rc, nthreads;

	p->sel = sel;
	p->scan_groups = sel->groups ? (sel->groups & p->groups) : p->groups;
	if (sel->keep_open && !p->held)
		p->held = held_new(p->procfd);
	if (p->held)
		held_scan_begin(p->held, held_kinds(p->scan_groups));
	rc = collect_pids(p, sel);
	nthreads = rc == 0 && !(sel->pids && sel->in_list_order) ?
		   scan_thread_count(p->npids) : 1;
	if (rc == 0 && nthreads > 1) {
		rc = scan_parallel(p, sel, nthreads, out);
	} else if (rc == 0) {
		if (reader_init(&r, p) < 0)
			rc = -ENOMEM;
		for (size_t i = 0; rc == 0 && i < p->npids; i++) {
			r.gone = false;
			rc = scan_one(&r, sel, p->pids[i], out);
			if (rc == 0)    /* the process and its threads */
				task_set_commit(out);
			if (r.gone && !sel->pids)
				p->pids[i] = 0;
		}
		reader_release(&r);
	}
	if (!sel->pids)
		relist_forget_gone(p);
	if (p->held)
		held_scan_end(p->held);
	return rc;
}

static int procfs_fill(void *state, const struct selection *sel,
		       struct task *const *rows, size_t n, group_mask groups)
{
	struct procfs *p = state;
	struct reader r;

	if (reader_init(&r, p) < 0)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		fill_row(&r, sel, rows[i], groups & p->groups);
	reader_release(&r);
	return 0;
}

const struct backend_ops procfs_backend = {
	.name = "procfs",
	.probe = procfs_probe,
	.prepare = procfs_prepare,
	.scan = procfs_scan,
	.release = procfs_release,
	.fill = procfs_fill,
};
