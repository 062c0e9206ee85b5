/* The procfs backend: reads only the files the requested groups need.
 *
 * One directory fd for /proc, getdents64 with a large buffer, openat
 * relative to it, and one read per file into a reused buffer.  A pid list
 * is read directly; a big listing is split among threads (parallel.c);
 * a program that scans again keeps descriptors open (held.c). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>
#include "../../library/procparse.h"
#include "procfs_int.h"

#ifndef PROCFS_ROOT
#define PROCFS_ROOT "/proc"
#endif

enum { DENTS_BUF = 64 * 1024, PATH_MAXLEN = 64 };
enum { PROC_FS_MAGIC = 0x9fa0 };

struct linux_dirent64 {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

static int procfs_probe(void)
{
	return access(PROCFS_ROOT "/self/stat", R_OK) == 0 ? 0 : -1;
}

int reader_init(struct reader *r, const struct procfs *p)
{
	r->p = p;
	r->bufcap = 4096;
	r->buf = malloc(r->bufcap);
	r->tdents = NULL;
	return r->buf ? 0 : -1;
}

void reader_release(struct reader *r)
{
	free(r->buf);
	free(r->tdents);
	r->buf = r->tdents = NULL;
}

static void procfs_release(void *state)
{
	struct procfs *p = state;

	held_free(p->held);
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

/* Builds "DIR/NAME" where DIR is "PID" or "PID/task/TID". */
static void make_path(char *out, const char *dir, const char *name)
{
	size_t d = strlen(dir), n = strlen(name);

	memcpy(out, dir, d);
	out[d] = '/';
	memcpy(out + d + 1, name, n + 1);
}

/* Where a row's files live: its own directory, plus the process's
 * (procps-ng takes ns/ of the process even for a thread) and the
 * top-level /proc/TID (where it reads a thread's wchan). */
struct row_dirs {
	const char *own;
	const char *process;
	const char *tid;
	int tid_nr;
	bool in_task;           /* own is PID/task/TID */
};

/* The groups that are one file of the row's directory: a parser into
 * the row, or (parse NULL) the raw bytes kept in a blob of the row. */
static const struct file_group {
	enum data_group group;
	const char *file;
	int (*parse)(const char *buf, size_t len, struct task *t);
	size_t blob;            /* offset of the struct task_blob */
	enum held_file held;    /* HELD_COUNT: never kept open */
} file_groups[] = {
	{ GRP_STATUS,    "status",       parse_status, 0, HELD_STATUS }, /* first */
	{ GRP_STATM,     "statm",        parse_statm, 0, HELD_STATM },
	{ GRP_CMDLINE,   "cmdline",      NULL, offsetof(struct task, cmdline), HELD_COUNT },
	{ GRP_ENVIRON,   "environ",      NULL, offsetof(struct task, environ), HELD_COUNT },
	{ GRP_CGROUP,    "cgroup",       NULL, offsetof(struct task, cgroup), HELD_COUNT },
	{ GRP_IO,        "io",           parse_io, 0, HELD_COUNT },
	{ GRP_SMAPS,     "smaps_rollup", parse_smaps_rollup, 0, HELD_COUNT },
	{ GRP_AUTOGROUP, "autogroup",    parse_autogroup, 0, HELD_COUNT },
};

static ssize_t read_row_file(struct reader *r, struct held_entry *e,
			     enum held_file which, const char *path)
{
	if (e && which != HELD_COUNT)
		return held_read(r->p->held, e, r, which, path);
	return reader_read(r, path, -1);
}

static void read_file_group(struct reader *r, const struct row_dirs *rd,
			    struct held_entry *e, const struct file_group *fg,
			    struct task *t)
{
	char path[PATH_MAXLEN];
	ssize_t n;

	make_path(path, rd->own, fg->file);
	n = read_row_file(r, e, fg->held, path);
	if (n < 0)
		return;
	if (fg->parse) {
		if (fg->parse(r->buf, (size_t)n, t) != 0)
			return;
	} else {
		struct task_blob *b = (struct task_blob *)((char *)t + fg->blob);

		b->data = malloc((size_t)n + 1);
		if (!b->data)
			return;
		memcpy(b->data, r->buf, (size_t)n + 1);
		b->len = (size_t)n;
	}
	t->groups_filled |= GROUP_BIT(fg->group);
}

static const char *const ns_names[TASK_NS_COUNT] = {
	[TASK_NS_CGROUP] = "ns/cgroup", [TASK_NS_IPC] = "ns/ipc",
	[TASK_NS_MNT] = "ns/mnt", [TASK_NS_NET] = "ns/net",
	[TASK_NS_PID] = "ns/pid", [TASK_NS_TIME] = "ns/time",
	[TASK_NS_USER] = "ns/user", [TASK_NS_UTS] = "ns/uts",
};

/* The groups read some other way than one parsed file of the row. */
static void read_other_groups(struct reader *r, const struct row_dirs *rd,
			      struct task *t)
{
	group_mask g = r->p->groups;
	int procfd = r->p->procfd;
	char path[PATH_MAXLEN];
	ssize_t n;
	long long v;

	if (g & GROUP_BIT(GRP_WCHAN)) {
		make_path(path, rd->tid, "wchan");
		if ((n = reader_read(r, path, -1)) >= 0) {
			t->wchan = strndup(r->buf, (size_t)n);
			t->groups_filled |= GROUP_BIT(GRP_WCHAN);
		}
	}
	if (g & GROUP_BIT(GRP_OOM)) {
		make_path(path, rd->own, "oom_score");
		if ((n = reader_read(r, path, -1)) >= 0 &&
		    parse_int_file(r->buf, (size_t)n, &v) == 0)
			t->oom_score = (int)v;
		make_path(path, rd->own, "oom_score_adj");
		if ((n = reader_read(r, path, -1)) >= 0 &&
		    parse_int_file(r->buf, (size_t)n, &v) == 0)
			t->oom_adj = (int)v;
		t->groups_filled |= GROUP_BIT(GRP_OOM);
	}
	if (g & GROUP_BIT(GRP_NS)) {
		for (int i = 0; i < TASK_NS_COUNT; i++) {
			struct stat st;

			make_path(path, rd->process, ns_names[i]);
			if (fstatat(procfd, path, &st, 0) == 0)
				t->ns[i] = (unsigned long)st.st_ino;
		}
		t->groups_filled |= GROUP_BIT(GRP_NS);
	}
	if (g & GROUP_BIT(GRP_LOGIN)) {
		make_path(path, rd->own, "loginuid");
		if ((n = reader_read(r, path, -1)) >= 0 &&
		    parse_int_file(r->buf, (size_t)n, &v) == 0) {
			t->loginuid = (uid_t)v;
			t->groups_filled |= GROUP_BIT(GRP_LOGIN);
		}
	}
	if (g & GROUP_BIT(GRP_EXE)) {
		char target[4096];

		make_path(path, rd->own, "exe");
		n = readlinkat(procfd, path, target, sizeof(target) - 1);
		if (n >= 0) {
			t->exe = strndup(target, (size_t)n);
			t->groups_filled |= GROUP_BIT(GRP_EXE);
		}
	}
}

/* Fills one row from its directory: stat, status if asked (its Uid and
 * Gid lines carry the effective ids), the owner, then, unless the
 * selection turns the row down first (judge), every other group.  -1 if
 * it vanished or was turned down. */
static int read_row(struct reader *r, const struct row_dirs *rd,
		    struct task *t, bool judge)
{
	const struct procfs *p = r->p;
	struct held_entry *e = p->held ? held_get(p->held, rd->tid_nr,
						  rd->in_task) : NULL;
	group_mask g = p->groups;
	char path[PATH_MAXLEN];
	struct stat st;
	ssize_t n;

	make_path(path, rd->own, "stat");
	n = read_row_file(r, e, HELD_STAT, path);
	if (n < 0 || parse_stat(r->buf, (size_t)n, t) < 0)
		return -1;
	if (e && !held_check_start(p->held, e, t->start_time)) {
		/* an older task's descriptors: read this one's afresh */
		n = read_row_file(r, e, HELD_STAT, path);
		if (n < 0 || parse_stat(r->buf, (size_t)n, t) < 0)
			return -1;
		held_check_start(p->held, e, t->start_time);
	}
	t->groups_filled |= GROUP_BIT(GRP_STAT);
	t->is_kernel_thread = (t->flags & 0x00200000) != 0;
	if (g & GROUP_BIT(GRP_STATUS))
		read_file_group(r, rd, e, &file_groups[0], t);
	/* The task's directory (mode r-xr-xr-x) is always owned by its
	 * effective uid and gid; its files are owned by root when the task
	 * is not dumpable.  So the directory, never a file, gives euid/egid
	 * without reading status, as procps-ng's fstat does. */
	if ((g & GROUP_BIT(GRP_OWNER)) &&
	    (t->groups_filled & GROUP_BIT(GRP_STATUS))) {
		t->groups_filled |= GROUP_BIT(GRP_OWNER);
	} else if ((g & GROUP_BIT(GRP_OWNER)) &&
		   (e ? held_owner(p->held, e, rd->own, &st)
		      : fstatat(p->procfd, rd->own, &st, 0)) == 0) {
		t->euid = st.st_uid;
		t->egid = st.st_gid;
		t->groups_filled |= GROUP_BIT(GRP_OWNER);
	}
	if (judge) {
		t->tid = t->tgid = rd->tid_nr;
		if (!p->sel->accept(t, p->sel->accept_arg))
			return -1;
	}
	/* file_groups[0] is status, read above */
	for (size_t i = 1; i < sizeof(file_groups) / sizeof(file_groups[0]); i++)
		if (g & GROUP_BIT(file_groups[i].group))
			read_file_group(r, rd, e, &file_groups[i], t);
	/* statm's resident is status's VmRSS in pages (items.c) */
	if ((t->groups_filled & GROUP_BIT(GRP_STATM)) &&
	    !(g & GROUP_BIT(GRP_STATUS)))
		t->vm_rss = t->sm_resident * p->page_kib;
	read_other_groups(r, rd, t);
	return 0;
}

static int parse_pid(const char *s)
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

static void int_to_str(char *out, int v)
{
	char tmp[16];
	int n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10) > 0);
	while (n)
		*out++ = tmp[--n];
	*out = '\0';
}

/* Appends a row for every thread of the process listed as PID (a
 * thread id under ps -q), whose tgid is TGID. */
static int scan_threads(struct reader *r, int pid, int tgid,
			const char *piddir, struct task_set *out)
{
	char taskdir[PATH_MAXLEN], dir[PATH_MAXLEN];
	int fd;
	long nread;

	if (!r->tdents && !(r->tdents = malloc(DENTS_BUF)))
		return -ENOMEM;
	make_path(taskdir, piddir, "task");
	fd = openat(r->p->procfd, taskdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while ((nread = syscall(SYS_getdents64, fd, r->tdents, DENTS_BUF)) > 0) {
		for (long off = 0; off < nread;) {
			struct linux_dirent64 *d =
				(struct linux_dirent64 *)(r->tdents + off);
			int tid = parse_pid(d->d_name);
			struct row_dirs rd;
			struct task *t;

			off += d->d_reclen;
			if (tid < 0)
				continue;
			/* The leader's row is read from the process directory,
			 * whose stat holds the whole process's times, as the
			 * reference shows it. */
			if (tid == pid)
				strcpy(dir, piddir);
			else
				make_path(dir, taskdir, d->d_name);
			rd = (struct row_dirs){ dir, piddir, d->d_name, tid,
						tid != pid };
			t = task_set_push(out);
			if (!t) {
				close(fd);
				return -ENOMEM;
			}
			if (read_row(r, &rd, t, false) < 0) {
				task_set_pop(out);
				continue;
			}
			t->tid = tid;
			t->tgid = tgid;
			t->is_thread_row = 1;
		}
	}
	close(fd);
	return 0;
}

/* A non-leader thread's exit_signal is always -1 (CLONE_THREAD); a
 * process leader's never is.  /proc/TID/stat of a thread read through
 * its hidden top-level directory shows it. */
static bool is_thread_of_other(const struct task *t)
{
	return t->exit_signal == -1;
}

/* The tgid of the task listed as DIR, from its status (as procps-ng
 * finds it for ps -q); 0 when it is gone. */
static int status_tgid(struct reader *r, const char *dir)
{
	char path[PATH_MAXLEN];
	ssize_t n;
	const char *k;

	make_path(path, dir, "status");
	n = reader_read(r, path, -1);
	if (n < 0)
		return 0;
	k = strstr(r->buf, "\nTgid:");
	return k ? atoi(k + 6) : 0;
}

int read_process_row(struct reader *r, const struct selection *sel, int pid,
		     struct task *t)
{
	char dir[16];

	int_to_str(dir, pid);
	if (read_row(r, &(struct row_dirs){ dir, dir, dir, pid, false }, t,
		     sel->accept != NULL) < 0 ||
	    (sel->leaders_only && is_thread_of_other(t))) {
		task_free_strings(t);
		task_clear(t);
		return -1;
	}
	if (sel->quick && is_thread_of_other(t)) {
		if (!(t->groups_filled & GROUP_BIT(GRP_STATUS)))
			t->tgid = status_tgid(r, dir);
		if (t->tgid <= 0)
			t->tgid = pid;
	} else {
		t->tgid = pid;
	}
	t->tid = pid;
	return 0;
}

int scan_one(struct reader *r, const struct selection *sel, int pid,
	     struct task_set *out)
{
	size_t first = out->n;
	char dir[16];
	struct task *t;
	int rc;

	int_to_str(dir, pid);
	if (sel->threads == THREADS_ONLY) {
		int tgid = sel->quick ? status_tgid(r, dir) : pid;

		rc = scan_threads(r, pid, tgid > 0 ? tgid : pid, dir, out);
		/* the row read from the listed directory is the leader's */
		for (size_t i = first; rc == 0 && sel->leaders_only &&
		     i < out->n; i++)
			if (out->v[i].tid == pid && is_thread_of_other(&out->v[i]))
				task_set_truncate(out, first);
		return rc;
	}
	t = task_set_push(out);
	if (!t)
		return -ENOMEM;
	if (read_process_row(r, sel, pid, t) < 0) {
		task_set_pop(out);
		return 0;
	}
	if (sel->threads == THREADS_AFTER)
		return scan_threads(r, pid, t->tgid, dir, out);
	return 0;
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
	if (p->npids == p->pidcap) {
		size_t cap = p->pidcap ? p->pidcap * 2 : 4096;
		int *v = realloc(p->pids, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		p->pids = v;
		p->pidcap = cap;
	}
	p->pids[p->npids++] = pid;
	return 0;
}

/* The pids to read: the listed ones, or (as a scan would find them)
 * ascending and once each, the order procfs lists its directories in;
 * or else /proc's own listing, filtered by the list if there is one. */
static int collect_pids(struct procfs *p, const struct selection *sel)
{
	long nread;
	size_t n;

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
	if (lseek(p->procfd, 0, SEEK_SET) < 0)
		return -errno;
	while ((nread = syscall(SYS_getdents64, p->procfd, p->dents,
				DENTS_BUF)) > 0) {
		for (long off = 0; off < nread;) {
			struct linux_dirent64 *d =
				(struct linux_dirent64 *)(p->dents + off);
			int pid = parse_pid(d->d_name);

			off += d->d_reclen;
			if (pid < 0)
				continue;
			if (!pid_listed(sel, pid))
				continue;
			if (push_pid(p, pid) < 0)
				return -ENOMEM;
		}
	}
	return nread < 0 ? -errno : 0;
}

static int procfs_scan(void *state, const struct selection *sel,
		       struct task_set *out)
{
	struct procfs *p = state;
	struct reader r;
	int rc, nthreads;

	p->sel = sel;
	if (sel->keep_open && !p->held)
		p->held = held_new(p->procfd);
	if (p->held)
		held_scan_begin(p->held);
	rc = collect_pids(p, sel);
	nthreads = rc == 0 && !(sel->pids && sel->in_list_order) ?
		   scan_thread_count(p->npids) : 1;
	if (rc == 0 && nthreads > 1) {
		rc = scan_parallel(p, sel, nthreads, out);
	} else if (rc == 0) {
		if (reader_init(&r, p) < 0)
			rc = -ENOMEM;
		for (size_t i = 0; rc == 0 && i < p->npids; i++)
			rc = scan_one(&r, sel, p->pids[i], out);
		reader_release(&r);
	}
	if (p->held)
		held_scan_end(p->held);
	return rc;
}

const struct backend_ops procfs_backend = {
	.name = "procfs",
	.probe = procfs_probe,
	.prepare = procfs_prepare,
	.scan = procfs_scan,
	.release = procfs_release,
};
