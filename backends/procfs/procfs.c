/* The procfs backend: reads only the files the requested groups need.
 *
 * One directory fd for /proc, getdents64 with a large buffer, openat
 * relative to it, and one read per file into a reused buffer. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../../library/backend.h"
#include "parse.h"

#ifndef PROCFS_ROOT
#define PROCFS_ROOT "/proc"
#endif

enum { DENTS_BUF = 64 * 1024, PATH_MAXLEN = 64 };

struct procfs {
	int procfd;
	group_mask groups;
	char *buf;              /* file contents, grown on demand */
	size_t bufcap;
	char *dents;            /* process directory listing */
	char *tdents;           /* a process's task/ listing */
};

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

static void *procfs_prepare(group_mask groups)
{
	struct procfs *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->groups = groups;
	p->bufcap = 4096;
	p->buf = malloc(p->bufcap);
	p->dents = malloc(DENTS_BUF);
	p->tdents = malloc(DENTS_BUF);
	p->procfd = open(PROCFS_ROOT, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (!p->buf || !p->dents || !p->tdents || p->procfd < 0) {
		int e = errno ? errno : ENOMEM;

		if (p->procfd >= 0)
			close(p->procfd);
		free(p->buf);
		free(p->dents);
		free(p->tdents);
		free(p);
		errno = e;
		return NULL;
	}
	return p;
}

static void procfs_release(void *state)
{
	struct procfs *p = state;

	close(p->procfd);
	free(p->buf);
	free(p->dents);
	free(p->tdents);
	free(p);
}

/* Reads a whole file at dir/name into p->buf.  Returns its length, or -1.
 * A read shorter than the room left means the end: /proc files give all
 * they have in one read, so a file costs open, read and close. */
static ssize_t read_file(struct procfs *p, const char *path)
{
	int fd = openat(p->procfd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	size_t len = 0;

	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t n;

		if (p->bufcap - len < 2) {
			size_t cap = p->bufcap * 2;
			char *b = realloc(p->buf, cap);

			if (!b)
				break;
			p->buf = b;
			p->bufcap = cap;
		}
		n = read(fd, p->buf + len, p->bufcap - len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			return -1;
		}
		len += (size_t)n;
		if (n == 0 || (size_t)n < p->bufcap - (len - (size_t)n) - 1)
			break;
	}
	close(fd);
	p->buf[len] = '\0';
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

static int blob_from(struct procfs *p, const char *dir, const char *name,
		     struct task_blob *b)
{
	char path[PATH_MAXLEN];
	ssize_t n;

	make_path(path, dir, name);
	n = read_file(p, path);
	if (n < 0)
		return -1;
	b->data = malloc((size_t)n + 1);
	if (!b->data)
		return -1;
	memcpy(b->data, p->buf, (size_t)n + 1);
	b->len = (size_t)n;
	return 0;
}

static const char *const ns_names[TASK_NS_COUNT] = {
	[TASK_NS_CGROUP] = "ns/cgroup", [TASK_NS_IPC] = "ns/ipc",
	[TASK_NS_MNT] = "ns/mnt", [TASK_NS_NET] = "ns/net",
	[TASK_NS_PID] = "ns/pid", [TASK_NS_TIME] = "ns/time",
	[TASK_NS_USER] = "ns/user", [TASK_NS_UTS] = "ns/uts",
};

/* Where a row's files live: its own directory, plus the process's
 * (procps-ng takes ns/ of the process even for a thread) and the
 * top-level /proc/TID (where it reads a thread's wchan). */
struct row_dirs {
	const char *own;
	const char *process;
	const char *tid;
};

/* Reads the optional groups (everything but stat) for one row. */
static void read_extras(struct procfs *p, const struct row_dirs *rd,
			struct task *t)
{
	group_mask g = p->groups;
	const char *dir = rd->own;
	char path[PATH_MAXLEN];
	ssize_t n;
	long long v;

	if (g & GROUP_BIT(GRP_STATUS)) {
		make_path(path, dir, "status");
		if ((n = read_file(p, path)) >= 0 &&
		    parse_status(p->buf, (size_t)n, t) == 0)
			t->groups_filled |= GROUP_BIT(GRP_STATUS);
	}
	if (g & GROUP_BIT(GRP_STATM)) {
		make_path(path, dir, "statm");
		if ((n = read_file(p, path)) >= 0 &&
		    parse_statm(p->buf, (size_t)n, t) == 0)
			t->groups_filled |= GROUP_BIT(GRP_STATM);
	}
	if ((g & GROUP_BIT(GRP_CMDLINE)) &&
	    blob_from(p, dir, "cmdline", &t->cmdline) == 0)
		t->groups_filled |= GROUP_BIT(GRP_CMDLINE);
	if ((g & GROUP_BIT(GRP_ENVIRON)) &&
	    blob_from(p, dir, "environ", &t->environ) == 0)
		t->groups_filled |= GROUP_BIT(GRP_ENVIRON);
	if ((g & GROUP_BIT(GRP_CGROUP)) &&
	    blob_from(p, dir, "cgroup", &t->cgroup) == 0)
		t->groups_filled |= GROUP_BIT(GRP_CGROUP);
	if (g & GROUP_BIT(GRP_WCHAN)) {
		make_path(path, rd->tid, "wchan");
		if ((n = read_file(p, path)) >= 0) {
			t->wchan = strndup(p->buf, (size_t)n);
			t->groups_filled |= GROUP_BIT(GRP_WCHAN);
		}
	}
	if (g & GROUP_BIT(GRP_IO)) {
		make_path(path, dir, "io");
		if ((n = read_file(p, path)) >= 0 &&
		    parse_io(p->buf, (size_t)n, t) == 0)
			t->groups_filled |= GROUP_BIT(GRP_IO);
	}
	if (g & GROUP_BIT(GRP_OOM)) {
		make_path(path, dir, "oom_score");
		if ((n = read_file(p, path)) >= 0 &&
		    parse_int_file(p->buf, (size_t)n, &v) == 0)
			t->oom_score = (int)v;
		make_path(path, dir, "oom_score_adj");
		if ((n = read_file(p, path)) >= 0 &&
		    parse_int_file(p->buf, (size_t)n, &v) == 0)
			t->oom_adj = (int)v;
		t->groups_filled |= GROUP_BIT(GRP_OOM);
	}
	if (g & GROUP_BIT(GRP_NS)) {
		for (int i = 0; i < TASK_NS_COUNT; i++) {
			struct stat st;

			make_path(path, rd->process, ns_names[i]);
			if (fstatat(p->procfd, path, &st, 0) == 0)
				t->ns[i] = (unsigned long)st.st_ino;
		}
		t->groups_filled |= GROUP_BIT(GRP_NS);
	}
	if (g & GROUP_BIT(GRP_LOGIN)) {
		make_path(path, dir, "loginuid");
		if ((n = read_file(p, path)) >= 0 &&
		    parse_int_file(p->buf, (size_t)n, &v) == 0) {
			t->loginuid = (uid_t)v;
			t->groups_filled |= GROUP_BIT(GRP_LOGIN);
		}
	}
	if (g & GROUP_BIT(GRP_EXE)) {
		char target[4096];

		make_path(path, dir, "exe");
		n = readlinkat(p->procfd, path, target, sizeof(target) - 1);
		if (n >= 0) {
			t->exe = strndup(target, (size_t)n);
			t->groups_filled |= GROUP_BIT(GRP_EXE);
		}
	}
	if (g & GROUP_BIT(GRP_SMAPS)) {
		make_path(path, dir, "smaps_rollup");
		if ((n = read_file(p, path)) >= 0 &&
		    parse_smaps_rollup(p->buf, (size_t)n, t) == 0)
			t->groups_filled |= GROUP_BIT(GRP_SMAPS);
	}
	if (g & GROUP_BIT(GRP_AUTOGROUP)) {
		make_path(path, dir, "autogroup");
		if ((n = read_file(p, path)) >= 0 &&
		    parse_autogroup(p->buf, (size_t)n, t) == 0)
			t->groups_filled |= GROUP_BIT(GRP_AUTOGROUP);
	}
}

/* Fills one row from DIR ("PID" or "PID/task/TID").  -1 if it vanished. */
static int read_row(struct procfs *p, const struct row_dirs *rd,
		    struct task *t)
{
	const char *dir = rd->own;
	char path[PATH_MAXLEN];
	struct stat st;
	ssize_t n;

	make_path(path, dir, "stat");
	n = read_file(p, path);
	if (n < 0 || parse_stat(p->buf, (size_t)n, t) < 0)
		return -1;
	t->groups_filled |= GROUP_BIT(GRP_STAT);
	/* The task's directory (mode r-xr-xr-x) is always owned by its
	 * effective uid and gid; its files are owned by root when the task
	 * is not dumpable.  So the directory, never a file, gives euid/egid
	 * without reading status, as procps-ng's fstat does. */
	if ((p->groups & GROUP_BIT(GRP_OWNER)) &&
	    fstatat(p->procfd, dir, &st, 0) == 0) {
		t->euid = st.st_uid;
		t->egid = st.st_gid;
		t->groups_filled |= GROUP_BIT(GRP_OWNER);
	}
	t->is_kernel_thread = (t->flags & 0x00200000) != 0;
	read_extras(p, rd, t);
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

static int pid_selected(const struct selection *sel, int pid)
{
	if (!sel->pids)
		return 1;
	for (size_t i = 0; i < sel->npids; i++)
		if (sel->pids[i] == pid)
			return 1;
	return 0;
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

/* Appends a row for every thread of process PID. */
static int scan_threads(struct procfs *p, int pid, const char *piddir,
			struct task_set *out)
{
	char taskdir[PATH_MAXLEN], dir[PATH_MAXLEN];
	int fd;
	long nread;

	make_path(taskdir, piddir, "task");
	fd = openat(p->procfd, taskdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while ((nread = syscall(SYS_getdents64, fd, p->tdents, DENTS_BUF)) > 0) {
		for (long off = 0; off < nread;) {
			struct linux_dirent64 *d =
				(struct linux_dirent64 *)(p->tdents + off);
			int tid = parse_pid(d->d_name);
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
			t = task_set_push(out);
			if (!t) {
				close(fd);
				return -ENOMEM;
			}
			{
				struct row_dirs rd = { dir, piddir, d->d_name };

				if (read_row(p, &rd, t) < 0) {
					task_set_pop(out);
					continue;
				}
			}
			t->tid = tid;
			t->tgid = pid;
			t->is_thread_row = 1;
		}
	}
	close(fd);
	return 0;
}

/* Reads one process (and its threads as the selection asks). */
static int scan_one(struct procfs *p, const struct selection *sel, int pid,
		    struct task_set *out)
{
	char dir[16];
	struct task *t;

	int_to_str(dir, pid);
	if (sel->threads == THREADS_ONLY)
		return scan_threads(p, pid, dir, out);
	t = task_set_push(out);
	if (!t)
		return -ENOMEM;
	if (read_row(p, &(struct row_dirs){ dir, dir, dir }, t) < 0) {
		task_set_pop(out);
		return 0;
	}
	t->tid = t->tgid = pid;
	if (sel->threads == THREADS_AFTER)
		return scan_threads(p, pid, dir, out);
	return 0;
}

static int procfs_scan(void *state, const struct selection *sel,
		       struct task_set *out)
{
	struct procfs *p = state;
	long nread;

	if (sel->pids && sel->in_list_order) {
		for (size_t i = 0; i < sel->npids; i++) {
			int rc = scan_one(p, sel, sel->pids[i], out);

			if (rc < 0)
				return rc;
		}
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
			int rc;

			off += d->d_reclen;
			if (pid < 0 || !pid_selected(sel, pid))
				continue;
			rc = scan_one(p, sel, pid, out);
			if (rc < 0)
				return rc;
		}
	}
	return nread < 0 ? -errno : 0;
}

const struct backend_ops procfs_backend = {
	.name = "procfs",
	.probe = procfs_probe,
	.prepare = procfs_prepare,
	.scan = procfs_scan,
	.release = procfs_release,
};
