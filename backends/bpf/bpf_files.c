/* The groups the iterator does not fill, from procfs.  Whole files kept
 * raw or parsed by the library (status, statm, command line,
 * environment, cgroup) are read here straight from each row's
 * directory; any other group runs the procfs backend over the same
 * processes and takes that group's fields from its rows.  Also the names procfs gives kernel
 * threads whose names the iterator cannot see whole. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../../library/procparse.h"
#include "bpf_int.h"

#define G(g) GROUP_BIT(GRP_##g)

/* Groups that are one whole file of the row's directory (status holds
 * two): parse it, or (parse NULL) keep its bytes in the blob at offset
 * blob.  status first, as procfs reads it (both give VmRSS). */
static const struct own_file {
	group_mask groups;
	const char *name;
	int (*parse)(const char *buf, size_t len, struct task *t);
	size_t blob;
} own_files[] = {
	{ G(STATUS) | G(STATUS_VM), "status", parse_status, 0 },
	{ G(STATM),   "statm",   parse_statm, 0 },
	{ G(CMDLINE), "cmdline", NULL, offsetof(struct task, cmdline) },
	{ G(ENVIRON), "environ", NULL, offsetof(struct task, environ) },
	{ G(CGROUP),  "cgroup",  NULL, offsetof(struct task, cgroup) },
};
#define N_OWN_FILES (sizeof(own_files) / sizeof(own_files[0]))

struct bpf_files {
	int procfd;
	group_mask own;         /* groups read by own_files[] */
	group_mask merged;      /* groups taken from procfs's rows */
	long page_kib;
	char *buf;
	size_t cap;
	void *procfs;           /* procfs_backend state, on first use */
	struct task_set rows;
	int *pids;
	size_t cappids;
};

struct bpf_files *bpf_files_new(group_mask groups)
{
	struct bpf_files *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (f->procfd < 0) {
		free(f);
		return NULL;
	}
	for (size_t i = 0; i < N_OWN_FILES; i++)
		f->own |= groups & own_files[i].groups;
	f->merged = groups & ~(BPF_GROUPS | f->own);
	f->page_kib = sysconf(_SC_PAGESIZE) / 1024;
	return f;
}

void bpf_files_free(struct bpf_files *f)
{
	if (!f)
		return;
	if (f->procfs)
		procfs_backend.release(f->procfs);
	task_set_free(&f->rows);
	free(f->pids);
	free(f->buf);
	close(f->procfd);
	free(f);
}

/* A whole file into f->buf, NUL-terminated: its length, or -1. */
static ssize_t read_whole(struct bpf_files *f, const char *path)
{
	int fd = openat(f->procfd, path, O_RDONLY | O_CLOEXEC);
	size_t len = 0;

	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t n;

		if (f->cap - len < 4096) {
			size_t ncap = f->cap ? f->cap * 2 : 65536;
			char *p = realloc(f->buf, ncap);

			if (!p)
				break;
			f->buf = p;
			f->cap = ncap;
		}
		n = read(fd, f->buf + len, f->cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			if (n < 0)
				return -1;
			f->buf[len] = '\0';
			return (ssize_t)len;
		}
		len += (size_t)n;
	}
	close(fd);
	return -1;
}

/* The row's own directory, as procfs reads it: a process row and its
 * leader's thread row read PID/, another thread PID/task/TID/. */
static void own_path(char *out, size_t size, const struct task *t,
		     const char *name)
{
	if (t->tid == t->tgid)
		snprintf(out, size, "%d/%s", t->tgid, name);
	else
		snprintf(out, size, "%d/task/%d/%s", t->tgid, t->tid, name);
}

static void read_own_files(struct bpf_files *f, struct task *t,
			   group_mask want)
{
	char path[64];

	for (size_t i = 0; i < N_OWN_FILES; i++) {
		const struct own_file *o = &own_files[i];
		group_mask asked = want & o->groups;
		ssize_t n;

		/* not asked for, or filled already (the command lines
		 * and status's Vm lines the iterator read) */
		if (!asked || (t->groups_filled & asked) == asked)
			continue;
		own_path(path, sizeof(path), t, o->name);
		if ((n = read_whole(f, path)) < 0)
			continue;
		if (o->parse) {
			if (o->parse(f->buf, (size_t)n, t) != 0)
				continue;
		} else {
			struct task_blob *b =
				(struct task_blob *)((char *)t + o->blob);

			if (!(b->data = malloc((size_t)n + 1)))
				continue;
			memcpy(b->data, f->buf, (size_t)n + 1);
			b->len = (size_t)n;
		}
		t->groups_filled |= o->groups;
	}
	/* statm's resident is status's VmRSS in pages (itemlist.h): the
	 * same value procfs gives the row from either file */
	if (t->groups_filled & G(STATM))
		t->vm_rss = t->sm_resident * (unsigned long)f->page_kib;
}

/* A workqueue worker's name has its current work appended
 * (wq_worker_comm), and a kernel thread's may be longer than the 15
 * bytes of its comm (get_kthread_comm): procfs's comm file has both. */
void bpf_files_fix_comm(struct bpf_files *f, struct task *t)
{
	char path[64];
	ssize_t n;

	if (!(t->flags & PF_WQ_WORKER) &&
	    !((t->flags & PF_KTHREAD) && strlen(t->comm) == 15))
		return;
	own_path(path, sizeof(path), t, "comm");
	if ((n = read_whole(f, path)) <= 0)
		return;
	if (f->buf[n - 1] == '\n')
		n--;
	if ((size_t)n >= TASK_COMM_MAX)
		n = TASK_COMM_MAX - 1;
	memcpy(t->comm, f->buf, (size_t)n);
	t->comm[n] = '\0';
}

/* Runs procfs over the rows' processes for f->merged and takes those
 * groups from its rows, pairing rows by (tgid, kind, tid). */
static int merge_procfs(struct bpf_files *f, enum thread_mode mode,
			struct task_set *out, size_t first, group_mask want)
{
	struct selection sel = { .threads = mode,
				 .groups = want | GROUP_BIT(GRP_STAT) };
	size_t np = 0, j = 0;
	int rc;

	if (!f->procfs &&
	    !(f->procfs = procfs_backend.prepare(f->merged |
						 GROUP_BIT(GRP_STAT))))
		return -errno;
	for (size_t i = first; i < out->n; i++) {
		if (np && f->pids[np - 1] == out->v[i].tgid)
			continue;
		if (np == f->cappids) {
			size_t cap = f->cappids ? 2 * f->cappids : 256;
			int *p = realloc(f->pids, cap * sizeof(*p));

			if (!p)
				return -ENOMEM;
			f->pids = p;
			f->cappids = cap;
		}
		f->pids[np++] = out->v[i].tgid;
	}
	sel.pids = f->pids;
	sel.npids = np;
	task_set_clear(&f->rows);
	if ((rc = procfs_backend.scan(f->procfs, &sel, &f->rows)) != 0)
		return rc;
	for (size_t i = first; i < out->n; i++) {
		struct task *t = &out->v[i];
		size_t k;

		while (j < f->rows.n && f->rows.v[j].tgid < t->tgid)
			j++;
		for (k = j; k < f->rows.n && f->rows.v[k].tgid == t->tgid; k++)
			if (f->rows.v[k].tid == t->tid &&
			    f->rows.v[k].is_thread_row == t->is_thread_row)
				break;
		if (k < f->rows.n && f->rows.v[k].tgid == t->tgid) {
			task_move_groups(t, &f->rows.v[k], want);
			if (k == j)
				j++;
		}
	}
	return 0;
}

int bpf_files_fill(struct bpf_files *f, enum thread_mode mode,
		   struct task_set *out, size_t first, group_mask want)
{
	group_mask own = f->own & want, merged = f->merged & want;

	for (size_t i = first; own && i < out->n; i++)
		read_own_files(f, &out->v[i], own);
	if (merged && first < out->n)
		return merge_procfs(f, mode, out, first, merged);
	return 0;
}
