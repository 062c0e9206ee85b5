/* One process's rows: stat, then only the files of the requested groups
 * (and the small files of their IN_FILE items), the owner, and its threads
 * when the selection asks for them. */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../../library/procparse.h"
#include "../../library/profile.h"
#include "procfs_int.h"

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

/* status holds two groups: the ids and lists, and the Vm lines */
#define STATUS_FILE_GROUPS (GROUP_BIT(GRP_STATUS) | GROUP_BIT(GRP_STATUS_VM))

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

/* Stores v in a number item's field f as its type says. */
static void store_num(const struct item_info *it, char *f, long long v)
{
	switch (it->type) {
	case T_INT: *(int *)f = (int)v; break;
	case T_UINT: *(unsigned *)f = (unsigned)v; break;
	case T_LONG: *(long *)f = (long)v; break;
	case T_ULONG: *(unsigned long *)f = (unsigned long)v; break;
	case T_ULL: *(unsigned long long *)f = (unsigned long long)v; break;
	case T_U64: *(uint64_t *)f = (uint64_t)v; break;
	case T_CHAR: *f = (char)v; break;
	default: break;
	}
}

/* The items that are a file of their own (items.h's IN_FILE). */
static void read_item_files(struct reader *r, const struct row_dirs *rd,
			    struct task *t, group_mask g)
{
	const char *dirs[] = {
		[ITEM_DIR_OWN] = rd->own, [ITEM_DIR_PROCESS] = rd->process,
		[ITEM_DIR_TID] = rd->tid,
	};
	char path[PATH_MAXLEN];

	for (size_t i = 0; i < r->p->nfile_items; i++) {
		const struct item_info *it = &item_table[r->p->file_items[i]];
		char *f;
		ssize_t n;
		long long v;

		if (!(g & GROUP_BIT(it->group)))
			continue;
		make_path(path, dirs[it->file_dir], it->file);
		if ((n = reader_read(r, path, -1)) < 0 ||
		    !(f = item_addr_own(t, r->p->file_items[i])))
			continue;
		if (it->type == T_STRP)
			*(char **)f = strndup(r->buf, (size_t)n);
		else if (parse_int_file(r->buf, (size_t)n, &v) == 0)
			store_num(it, f, v);
		else
			continue;
		t->groups_filled |= GROUP_BIT(it->group);
	}
}

/* The groups read some other way than one parsed file of the row. */
static void read_other_groups(struct reader *r, const struct row_dirs *rd,
			      struct task *t, group_mask g)
{
	int procfd = r->p->procfd;
	char path[PATH_MAXLEN];
	ssize_t n;

	read_item_files(r, rd, t, g);
	if ((g & GROUP_BIT(GRP_NS)) && task_ns_own(t)) {
		for (int i = 0; i < TASK_NS_COUNT; i++) {
			struct stat st;

			make_path(path, rd->process, ns_names[i]);
			if (fstatat(procfd, path, &st, 0) == 0)
				t->ns->ino[i] = (unsigned long)st.st_ino;
		}
		t->groups_filled |= GROUP_BIT(GRP_NS);
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

/* Reads the groups g of a row whose stat is read (but stat's): status
 * (its Uid and Gid lines carry the effective ids), the owner, then,
 * unless the selection turns the row down first (judge), every other
 * group.  e: the row's kept descriptors, or NULL to read by path.  -1 if
 * it was turned down. */
static int read_groups(struct reader *r, const struct row_dirs *rd,
		       struct held_entry *e, struct task *t, group_mask g,
		       bool judge)
{
	const struct procfs *p = r->p;
	struct stat st;

	if (g & STATUS_FILE_GROUPS) {
		read_file_group(r, rd, e, &file_groups[0], t);
		if (t->groups_filled & GROUP_BIT(GRP_STATUS))
			t->groups_filled |= GROUP_BIT(GRP_STATUS_VM);
	}
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
	    !(g & STATUS_FILE_GROUPS) &&
	    !(t->groups_filled & GROUP_BIT(GRP_STATUS_VM)))
		t->vm_rss = t->sm_resident * p->page_kib;
	read_other_groups(r, rd, t, g);
	return 0;
}

/* Fills one row from its directory: stat, then the scan's other groups.
 * -1 if it vanished or was turned down. */
static int read_row(struct reader *r, const struct row_dirs *rd,
		    struct task *t, bool judge)
{
	const struct procfs *p = r->p;
	struct held_entry *e = NULL;
	char path[PATH_MAXLEN];
	ssize_t n;

	if (r->entry && r->entry_pid == rd->tid_nr && !rd->in_task)
		e = r->entry;
	else if (p->held)
		e = held_get(p->held, rd->tid_nr, rd->in_task);
	r->entry = NULL;

	make_path(path, rd->own, "stat");
	n = read_row_file(r, e, HELD_STAT, path);
	r->gone = n < 0;
	if (n < 0 || parse_stat(r->buf, (size_t)n, t) < 0)
		return -1;
	if (e && !held_check_start(p->held, e, t->start_time)) {
		/* an older task's descriptors: read this one's afresh */
		n = read_row_file(r, e, HELD_STAT, path);
		if (n < 0 || parse_stat(r->buf, (size_t)n, t) < 0)
			return -1;
		held_check_start(p->held, e, t->start_time);
	}
	t->groups_filled |= GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_MM) |
			    GROUP_BIT(GRP_STAT_VM) | GROUP_BIT(GRP_STAT_IDS) |
			    GROUP_BIT(GRP_STAT_ACCT);
	t->is_kernel_thread = (t->flags & 0x00200000) != 0;
	return read_groups(r, rd, e, t, p->scan_groups, judge);
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

/* Appends the row of thread TID (its directory name `name`) of the
 * process listed as PID: 0, -1 if it vanished, or -ENOMEM. */
static int read_thread_row(struct reader *r, int pid, int tgid,
			   const char *piddir, const char *taskdir, int tid,
			   const char *name, struct task_set *out)
{
	char dir[PATH_MAXLEN];
	struct row_dirs rd;
	struct task *t;

	/* The leader's row is read from the process directory, whose stat
	 * holds the whole process's times, as the reference shows it
	 * (Debian 13's: its own, task/TID). */
	if (tid == pid && !profile.thread_main_from_task)
		strcpy(dir, piddir);
	else
		make_path(dir, taskdir, name);
	rd = (struct row_dirs){ dir, piddir, name, tid,
				tid != pid || profile.thread_main_from_task };
	t = task_set_push(out);
	if (!t)
		return -ENOMEM;
	if (read_row(r, &rd, t, false) < 0) {
		task_set_pop(out);
		return -1;
	}
	t->tid = tid;
	t->tgid = tgid;
	t->is_thread_row = 1;
	return 0;
}

/* The threads kept from the last listing of a process's task/ (held.c),
 * read again without listing it: a thread can only join by getting a new
 * id, and the process's thread count (its main thread's stat, read just
 * before) then exceeds the kept ones still there.  So if every kept
 * thread but those gone adds up to that count, nothing joined or left;
 * otherwise their rows are dropped and task/ is listed (1 is returned).
 * Only where the scan keeps its listing (top's rescans, relist.c), which
 * rules out what could hide a thread without an exit (hidepid). */
static int reread_kept_threads(struct reader *r, struct held_entry *e,
			       int pid, int tgid, const char *piddir,
			       const char *taskdir, size_t main_row,
			       struct task_set *out)
{
	size_t n, alive = 0, mark = out->n;
	const int *tids = held_threads(e, &n);
	char name[16];

	if (!tids || out->v[main_row].state == 'Z')
		return 1;       /* a zombie leader's count leaves it out */
	for (size_t i = 0; i < n; i++) {
		int rc;

		int_to_str(name, tids[i]);
		rc = read_thread_row(r, pid, tgid, piddir, taskdir, tids[i],
				     name, out);
		if (rc == -ENOMEM)
			return rc;
		alive += rc == 0;
	}
	if (alive + 1 == (size_t)out->v[main_row].nlwp)
		return 0;
	task_set_truncate(out, mark);
	return 1;
}

/* Appends a row for every thread of the process listed as PID (a
 * thread id under ps -q), whose tgid is TGID.  The main thread is read
 * first: task/ lists it first, and if it is the only thread (one thread
 * and not a zombie, whose other threads could outlive it) there is no
 * listing to read. */
static int scan_threads(struct reader *r, int pid, int tgid,
			const char *piddir, struct task_set *out)
{
	char taskdir[PATH_MAXLEN], name[16];
	size_t first = out->n, ntids = 0;
	struct held_entry *e = NULL;
	bool keep;
	int fd, rc;
	long nread;

	/* (a thread id listed under ps -q: its whole group, as listed) */
	bool main_first = pid == tgid;

	make_path(taskdir, piddir, "task");
	int_to_str(name, pid);
	rc = main_first ? read_thread_row(r, pid, tgid, piddir, taskdir, pid,
					  name, out) : -1;
	if (rc == -ENOMEM)
		return rc;
	if (rc == 0 && out->v[first].nlwp == 1 && out->v[first].state != 'Z')
		return 0;
	/* the process's kept descriptors hold its thread list too */
	if (rc == 0 && r->p->held)
		e = held_get(r->p->held, pid, false);
	if (e && r->p->listing_kept) {
		rc = reread_kept_threads(r, e, pid, tgid, piddir, taskdir,
					 first, out);
		if (rc <= 0) {
			r->gone = false;
			return rc;
		}
	}
	keep = e != NULL;
	if (!r->tdents && !(r->tdents = malloc(DENTS_BUF)))
		return -ENOMEM;
	fd = openat(r->p->procfd, taskdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		if (e)
			held_forget_threads(e);
		task_set_truncate(out, first);
		r->gone = true;
		return 0;
	}
	while ((nread = syscall(SYS_getdents64, fd, r->tdents, DENTS_BUF)) > 0) {
		for (long off = 0; off < nread;) {
			struct linux_dirent64 *d =
				(struct linux_dirent64 *)(r->tdents + off);
			int tid = pid_of_name(d->d_name);

			off += d->d_reclen;
			if (tid < 0 || (tid == pid && main_first))
				continue;       /* read above */
			if (keep && int_push(&r->tids, &ntids, &r->tidcap,
					     64, tid) < 0)
				keep = false;   /* no room: nothing kept */
			if (read_thread_row(r, pid, tgid, piddir, taskdir, tid,
					    d->d_name, out) == -ENOMEM) {
				close(fd);
				return -ENOMEM;
			}
		}
	}
	close(fd);
	if (e && keep)
		held_set_threads(e, r->tids, ntids);
	else if (e)
		held_forget_threads(e);
	r->gone = false;        /* a thread may be; the process is not */
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
	    ((sel->leaders_only || r->p->listing_kept) &&
	     is_thread_of_other(t))) {
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
		for (size_t i = first; rc == 0 &&
		     (sel->leaders_only || r->p->listing_kept) && i < out->n; i++)
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

void fill_row(struct reader *r, const struct selection *sel, struct task *t,
	      group_mask g)
{
	char process[16], tid[16], own[PATH_MAXLEN];
	struct row_dirs rd = { own, process, tid, t->tid, false };

	/* where the scan read the row: /proc/PID for a process (or a
	 * listed id), PID/task/TID for a thread but (in the Debian 12
	 * profile) the leader, whose row is read from the process
	 * directory (scan_threads) */
	int_to_str(tid, t->tid);
	int_to_str(process, sel->threads == THREADS_NONE ? t->tid : t->tgid);
	if (sel->threads != THREADS_NONE && t->is_thread_row &&
	    (t->tid != t->tgid || profile.thread_main_from_task)) {
		char task[PATH_MAXLEN];

		make_path(task, process, "task");
		make_path(own, task, tid);
		rd.in_task = true;
	} else {
		strcpy(own, process);
	}
	read_groups(r, &rd, NULL, t, g & ~t->groups_filled, false);
}
