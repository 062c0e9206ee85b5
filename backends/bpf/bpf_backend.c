/* The bpf backend: one pass of a BPF task iterator per scan gives the
 * stat groups and the owner of every task; the other groups come from
 * procfs (bpf_files.c).  A scan of listed pids is procfs's own: it reads
 * few processes, and their order and thread rules are procfs's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "bpf_int.h"

/* auto takes this backend only on machines with at least this many
 * tasks (threads included), where the load and one pass cost less than
 * procfs's reads, in CPU and in wall time (procfs reads on two threads):
 * docs/benchmarks.md has the measurement. */
#define BPF_AUTO_MIN_TASKS 2000
/* st_ino of /proc/self/ns/pid in the initial pid namespace
 * (PROC_PID_INIT_INO) */
#define PID_NS_INIT_INO 0xEFFFFFFCu

struct bpf_state {
	struct bpf_loaded *loaded;
	struct bpf_loaded *cmd;         /* command lines, when asked for */
	bool tried;                     /* load_programs() ran */
	bool fallback;                  /* auto, and the load failed: every
					 * scan is procfs's */
	enum bpf_rss_rule rule;         /* statm's counters, once known */
	group_mask groups;
	long page_size;
	struct bpf_files *files;
	void *procfs;                   /* for pid lists, on first use */
	char *buf;                      /* the dump */
	size_t cap;
	char *cmdbuf;                   /* the command lines' dump */
	size_t cmdcap;
	const struct bpf_task_rec **recs;
	size_t caprecs;
	struct task_set all;            /* rows before the selection */
};

/* The program the probe loaded (PROCPS_BACKEND=bpf only), handed to
 * the first prepare. */
static struct bpf_loaded *probed;
static bool named;
static char refusal[160];

/* The tasks on the machine, threads included: /proc/loadavg's "1/167". */
static long task_count(void)
{
	FILE *f = fopen("/proc/loadavg", "re");
	long n = 0;

	if (f) {
		if (fscanf(f, "%*s %*s %*s %*d/%ld", &n) != 1)
			n = 0;
		fclose(f);
	}
	return n;
}

/* The initial pid namespace's reader sees every task /proc/loadavg
 * counts; in another one the count says nothing about its own. */
static bool in_initial_pidns(void)
{
	struct stat st;

	return stat("/proc/self/ns/pid", &st) == 0 &&
	       st.st_ino == PID_NS_INIT_INO;
}

/* PROCPS_BACKEND=bpf loads the program here, to refuse with the reason
 * before any output.  auto takes the backend silently when the system
 * allows it and the machine is big enough; it loads the program at the
 * first scan of every process (a pid list never needs it) and turns to
 * procfs if the kernel refuses it. */
static int bpf_probe(void)
{
	const char *want = getenv("PROCPS_BACKEND");

	named = want && strcmp(want, "bpf") == 0;
	refusal[0] = '\0';
	if (!named && (task_count() < BPF_AUTO_MIN_TASKS ||
		       !in_initial_pidns()))
		return -1;
	if (probed)
		return 0;
	if (bpf_check_system(refusal, sizeof(refusal)) != 0)
		return -1;
	if (!named)
		return 0;
	probed = bpf_load(BPF_PROG_TASKS, refusal, sizeof(refusal));
	return probed ? 0 : -1;
}

static void bpf_explain(char *why, size_t size)
{
	snprintf(why, size, "PROCPS_BACKEND=bpf: %s",
		 refusal[0] ? refusal : "cannot be used here");
}

static void bpf_release(void *state)
{
	struct bpf_state *s = state;

	if (!s)
		return;
	bpf_unload(s->loaded);
	bpf_unload(s->cmd);
	bpf_files_free(s->files);
	if (s->procfs)
		procfs_backend.release(s->procfs);
	task_set_free(&s->all);
	free(s->buf);
	free(s->cmdbuf);
	free(s->recs);
	free(s);
}

static void *bpf_prepare(group_mask groups)
{
	struct bpf_state *s = calloc(1, sizeof(*s));
	int e;

	if (!s)
		return NULL;
	s->groups = groups;
	s->page_size = sysconf(_SC_PAGESIZE);
	s->loaded = probed;
	probed = NULL;
	if (!(s->files = bpf_files_new(groups))) {
		e = errno;
		bpf_release(s);
		errno = e;
		return NULL;
	}
	return s;
}

/* The programs, at the first scan of every process: 0, or -errno when
 * PROCPS_BACKEND=bpf named a backend the kernel now refuses (auto turns
 * to procfs instead). */
static int load_programs(struct bpf_state *s)
{
	if (s->tried || s->fallback)
		return 0;
	s->tried = true;
	if (!s->loaded &&
	    !(s->loaded = bpf_load(BPF_PROG_TASKS, refusal, sizeof(refusal)))) {
		if (named)
			return -(errno ? errno : ENODEV);
		s->fallback = true;
		return 0;
	}
	/* without the command-line iterator (before 5.18: no sleepable
	 * iterators) procfs's files give the command lines */
	if (s->groups & GROUP_BIT(GRP_CMDLINE))
		s->cmd = bpf_load(BPF_PROG_CMDLINES, refusal, sizeof(refusal));
	return 0;
}

/* The records of one dump, as pointers in rows' order; the per-CPU
 * sums only when the scan's rows need statm or status's Vm lines now
 * (an interactive top's fill reads them for the rows it draws); the
 * address space, the parent and the credentials only when reads says
 * (BPF_READ_*: without the address space the records are shorter). */
static ssize_t dump_records(struct bpf_state *s, group_mask want,
			    unsigned reads)
{
	size_t size = (reads & BPF_READ_MM) ? sizeof(struct bpf_task_rec)
					    : BPF_REC_SHORT;
	ssize_t len;
	size_t n;

	bpf_set_reads(s->loaded, reads);
	bpf_set_mm_sums(s->loaded, (reads & BPF_READ_MM) &&
				   (want & BPF_MM_GROUPS) &&
				   s->rule != BPF_RSS_READ);
	len = bpf_dump(s->loaded, &s->buf, &s->cap);

	if (len < 0)
		return len;
	n = (size_t)len / size;
	if (n > s->caprecs) {
		const struct bpf_task_rec **p =
			realloc(s->recs, n * sizeof(*p));

		if (!p)
			return -ENOMEM;
		s->recs = p;
		s->caprecs = n;
	}
	for (size_t i = 0; i < n; i++)
		s->recs[i] = (const struct bpf_task_rec *)(s->buf + i * size);
	bpf_sort_records(s->recs, n);
	return (ssize_t)n;
}

/* statm's resident and shared pages of one task: 0, or -1. */
static int read_statm(const struct bpf_task_rec *r, unsigned long *res,
		      unsigned long *shared)
{
	char path[64];
	FILE *f;
	int n;

	if (r->tid == r->tgid)
		snprintf(path, sizeof(path), "/proc/%d/statm", r->tgid);
	else
		snprintf(path, sizeof(path), "/proc/%d/task/%d/statm",
			 r->tgid, r->tid);
	if (!(f = fopen(path, "re")))
		return -1;
	n = fscanf(f, "%*u %lu %lu", res, shared);
	fclose(f);
	return n == 2 ? 0 : -1;
}

/* Which counters statm and status show here, found once per program
 * run: 6.1's atomics as read; per-CPU counters read or summed by kernel
 * version (and stable update), so the first task whose read and summed
 * values differ has its statm read, and the rule whose values it shows
 * is kept.  While none differ both rules agree (the sums are used, not
 * kept); without sums, or when three such tasks changed in between,
 * procfs's files answer this scan. */
static enum bpf_rss_rule rss_rule(struct bpf_state *s, size_t n)
{
	unsigned long rr, sr, rs, ss, res, shared;
	int tries = 3;          /* tasks that may change in between */

	if (s->rule != BPF_RSS_UNKNOWN || !(s->groups & BPF_MM_GROUPS))
		return s->rule;
	for (size_t i = 0; i < n && tries > 0; i++) {
		const struct bpf_task_rec *r = s->recs[i];

		if (r->bits & BPF_REC_RSS_OLD)
			return s->rule = BPF_RSS_READ;
		if (!(r->bits & BPF_REC_MM))
			continue;
		if (bpf_statm_rss(r, BPF_RSS_READ, &rr, &sr) ||
		    bpf_statm_rss(r, BPF_RSS_SUM, &rs, &ss))
			return BPF_RSS_UNKNOWN;
		if (rr == rs && sr == ss)
			continue;
		if (read_statm(r, &res, &shared) != 0)
			return BPF_RSS_UNKNOWN;
		if (res == rs && shared == ss)
			return s->rule = BPF_RSS_SUM;
		if (res == rr && shared == sr)
			return s->rule = BPF_RSS_READ;
		tries--;
	}
	return tries > 0 ? BPF_RSS_SUM : BPF_RSS_UNKNOWN;
}

/* procfs's rows of the listed pids, read as s->groups asks. */
static int procfs_rows(struct bpf_state *s, const struct selection *sel,
		       struct task_set *out)
{
	if (!s->procfs && !(s->procfs = procfs_backend.prepare(s->groups)))
		return -errno;
	return procfs_backend.scan(s->procfs, sel, out);
}

/* Every process's rows into set, which is empty (pid 1's read through
 * procfs first when the pass had none), with the groups of want: 0 or
 * -errno. */
static int build_rows(struct bpf_state *s, enum thread_mode mode,
		      group_mask want, struct task_set *set)
{
	/* stat's vsize and rss and stat's ids come from nowhere else;
	 * statm, status's Vm lines and the owner, when the pass does not
	 * want them, from fill() */
	bool need_mm = (want & BPF_MM_GROUPS) ||
		       (s->groups & GROUP_BIT(GRP_STAT_VM));
	group_mask g = need_mm ? s->groups : s->groups & ~BPF_MM_GROUPS;
	unsigned reads = need_mm ? BPF_READ_MM : 0;
	enum bpf_rss_rule rule;
	ssize_t n;

	if (!(want & GROUP_BIT(GRP_OWNER)))
		g &= ~GROUP_BIT(GRP_OWNER);
	if (g & GROUP_BIT(GRP_OWNER))
		reads |= BPF_READ_OWNER;
	if (g & GROUP_BIT(GRP_STAT_IDS))
		reads |= BPF_READ_IDS;
	n = dump_records(s, want, reads);

	if (n < 0)
		return (int)n;
	rule = need_mm ? rss_rule(s, (size_t)n) : BPF_RSS_UNKNOWN;
	/* The iterator starts its walk after pid 1 on some kernels (6.18
	 * here): the namespace's init is then read from procfs. */
	if (n == 0 || s->recs[0]->tgid != 1) {
		static const int init_pid = 1;
		struct selection one = { .threads = mode, .pids = &init_pid,
					 .npids = 1 };
		/* first in the pass's rows */
		int rc = procfs_rows(s, &one, set);

		if (rc)
			return rc;
	}
	for (size_t i = 0; i < (size_t)n;) {
		size_t k = i + 1;
		int rc;

		while (k < (size_t)n && s->recs[k]->tgid == s->recs[i]->tgid)
			k++;
		size_t first = set->n;

		/* a process whose leader is not in this pass has no
		 * /proc/PID either: no rows */
		if (s->recs[i]->tid == s->recs[i]->tgid &&
		    (rc = bpf_process_rows(s->recs + i, k - i, mode,
					   g, s->page_size, rule,
					   set)) != 0)
			return rc;
		/* here, while the rows are in the cache */
		if (s->recs[i]->flags & PF_KTHREAD)
			for (size_t j = first; j < set->n; j++)
				bpf_files_fix_comm(s->files, &set->v[j]);
		i = k;
	}
	if (s->cmd && (want & GROUP_BIT(GRP_CMDLINE))) {
		ssize_t len = bpf_dump(s->cmd, &s->cmdbuf, &s->cmdcap);
		int rc = len < 0 ? (int)len
				 : bpf_cmdline_rows(s->cmdbuf, (size_t)len, set);

		if (rc)
			return rc;
	}
	return bpf_files_fill(s->files, mode, set, 0, want);
}

/* Hands the rows of set the selection keeps on to out, a process at a
 * time (the row moves: its strings and blocks change owner). */
static int select_rows(struct task_set *set, const struct selection *sel,
		       struct task_set *out)
{
	for (size_t i = 0; i < set->n;) {
		size_t k = i + 1;
		struct task *p = &set->v[i];

		while (k < set->n && set->v[k].tgid == p->tgid)
			k++;
		if (!sel->accept || p->is_thread_row ||
		    sel->accept(p, sel->accept_arg)) {
			for (size_t j = i; j < k; j++) {
				struct task *t = task_set_push(out);

				if (!t)
					return -ENOMEM;
				*t = set->v[j];
				task_clear(&set->v[j]);
			}
			task_set_commit(out);
		}
		i = k;
	}
	return 0;
}

static int bpf_scan(void *state, const struct selection *sel,
		    struct task_set *out)
{
	struct bpf_state *s = state;
	group_mask want;
	int rc;

	if (!sel->pids && (rc = load_programs(s)) != 0)
		return rc;
	if (sel->pids || s->fallback)
		return procfs_rows(s, sel, out);
	/* the groups every row needs now; fill() reads the others for the
	 * rows the program shows */
	want = sel->groups ? sel->groups : s->groups;
	if (!sel->accept && !out->n && !out->sink) {
		/* every row goes, in order: built in place (50,000 rows
		 * are 25 MB: one set's pages, not two, and no move) */
		if ((rc = build_rows(s, sel->threads, want, out)) != 0)
			task_set_clear(out);
		return rc;
	}
	task_set_clear(&s->all);
	rc = build_rows(s, sel->threads, want, &s->all);
	if (rc == 0)
		rc = select_rows(&s->all, sel, out);
	task_set_clear(&s->all);
	return rc;
}

/* The groups a scan left out (sel->groups), for the rows the program
 * shows: procfs's reads of each row's files, as the scan's own would
 * be (the iterator's groups are there but the owner, which a pass reads
 * only when sel->groups names it: procfs's fill reads what a row has
 * not filled). */
static int bpf_fill(void *state, const struct selection *sel,
		    struct task *const *rows, size_t n, group_mask groups)
{
	struct bpf_state *s = state;

	if (!s->procfs && !(s->procfs = procfs_backend.prepare(s->groups)))
		return -errno;
	return procfs_backend.fill(s->procfs, sel, rows, n,
				   groups & ~(BPF_GROUPS & ~GROUP_BIT(GRP_OWNER)));
}

const struct backend_ops bpf_backend = {
	.name = "bpf",
	.probe = bpf_probe,
	.prepare = bpf_prepare,
	.scan = bpf_scan,
	.release = bpf_release,
	.fill = bpf_fill,
	.explain = bpf_explain,
};
