/* Records to rows: procfs's rules (fs/proc/array.c, do_task_stat) applied
 * to the raw values the iterator copied. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "library/profile.h"
#include "bpf_int.h"

/* task_state_index(): the report bits of __state and exit_state, TASK_IDLE
 * shown as I, frozen and rt-lock waits as D; the letter is the index of
 * the highest bit in "RSDTtXZPI" */
char bpf_state_letter(unsigned state, unsigned exit_state)
{
	enum { REPORT = 0x7f, IDLE = 0x402, RTLOCK_WAIT = 0x1000,
	       FROZEN = 0x8000, UNINTERRUPTIBLE = 0x2, REPORT_IDLE = 0x80 };
	static const char letters[] = "RSDTtXZPI";
	unsigned s = (state | exit_state) & REPORT;
	int i = 0;

	if ((state & IDLE) == IDLE)
		s = REPORT_IDLE;
	if (state & (RTLOCK_WAIT | FROZEN))
		s = UNINTERRUPTIBLE;
	while (s) {
		i++;
		s >>= 1;
	}
	return letters[i];
}

void bpf_cputime_adjust(uint64_t utime, uint64_t stime, uint64_t rtime,
			uint64_t prev_utime, uint64_t prev_stime,
			uint64_t *ut, uint64_t *st)
{
	uint64_t s;

	/* rtime not past what was shown: the shown values stay */
	if (prev_utime + prev_stime >= rtime) {
		*ut = prev_utime;
		*st = prev_stime;
		return;
	}
	if (stime == 0)
		s = 0;
	else if (utime == 0)
		s = rtime;
	else {
		/* mul_u64_u64_div_u64: x86-64's exact 128-bit quotient */
		s = (uint64_t)((unsigned __int128)stime * rtime /
			       (stime + utime));
		if (s > rtime)
			s = rtime;
	}
	/* neither may go backwards */
	if (s < prev_stime)
		s = prev_stime;
	*ut = rtime - s;
	*st = s;
	if (*ut < prev_utime) {
		*ut = prev_utime;
		*st = rtime - prev_utime;
	}
}

static int rec_order(const void *a, const void *b)
{
	const struct bpf_task_rec *x = *(const struct bpf_task_rec *const *)a;
	const struct bpf_task_rec *y = *(const struct bpf_task_rec *const *)b;

	if (x->tgid != y->tgid)
		return x->tgid < y->tgid ? -1 : 1;
	if ((x->tid == x->tgid) != (y->tid == y->tgid))
		return x->tid == x->tgid ? -1 : 1;
	return (x->tid > y->tid) - (x->tid < y->tid);
}

static bool is_leader(const struct bpf_task_rec *r)
{
	return r->tid == r->tgid;
}

/* The walk's order (tids ascending) with threads: the leaders are in
 * rows' order already, the other threads (few, as a rule) are sorted
 * apart and merged in from the back.  false (nothing moved) when the
 * leaders are out of order (pid numbers wrapped) or without memory. */
static bool merge_threads(const struct bpf_task_rec **recs, size_t n)
{
	const struct bpf_task_rec **thr;
	size_t nl = 0, nt = 0, out = n;
	int last = 0;

	for (size_t i = 0; i < n; i++) {
		if (!is_leader(recs[i])) {
			nt++;
			continue;
		}
		if (nl++ && last > recs[i]->tgid)
			return false;
		last = recs[i]->tgid;
	}
	if (!nt || !(thr = malloc(nt * sizeof(*thr))))
		return false;
	nl = nt = 0;
	for (size_t i = 0; i < n; i++)
		if (is_leader(recs[i]))
			recs[nl++] = recs[i];
		else
			thr[nt++] = recs[i];
	qsort(thr, nt, sizeof(*thr), rec_order);
	/* the leaders, in recs[0..nl), only move back: the slot written
	 * is never below the next leader to be read */
	while (nt) {
		if (nl && rec_order(&recs[nl - 1], &thr[nt - 1]) > 0)
			recs[--out] = recs[--nl];
		else
			recs[--out] = thr[--nt];
	}
	free(thr);
	return true;
}

void bpf_sort_records(const struct bpf_task_rec **recs, size_t n)
{
	/* the iterator walks tids ascending: sorted already unless a
	 * process has threads (or its pids wrapped) */
	for (size_t i = 1; i < n; i++)
		if (recs[i - 1]->tgid > recs[i]->tgid ||
		    (recs[i - 1]->tgid == recs[i]->tgid &&
		     rec_order(&recs[i - 1], &recs[i]) > 0)) {
			if (!merge_threads(recs, n))
				qsort(recs, n, sizeof(*recs), rec_order);
			return;
		}
}

/* What a row shows of times and faults: the task's own, or (whole) the
 * process's: the live threads' plus what exited ones left. */
struct acct {
	uint64_t utime, stime;  /* adjusted, ns */
	uint64_t min_flt, maj_flt;
};

static void thread_acct(const struct bpf_task_rec *r, struct acct *a)
{
	bpf_cputime_adjust(r->utime, r->stime, r->sum_exec, r->prev_utime,
			   r->prev_stime, &a->utime, &a->stime);
	a->min_flt = r->min_flt;
	a->maj_flt = r->maj_flt;
}

static void whole_acct(const struct bpf_task_rec *const *recs, size_t n,
		       struct acct *a)
{
	const struct bpf_task_rec *l = recs[0];
	uint64_t ut = l->sig_utime, st = l->sig_stime, rt = l->sig_sum_exec;

	memset(a, 0, sizeof(*a));
	/* outside lock_task_sighand() procfs shows zeros */
	if (!(l->bits & BPF_REC_SIGHAND))
		return;
	a->min_flt = l->sig_min_flt;
	a->maj_flt = l->sig_maj_flt;
	for (size_t i = 0; i < n; i++) {
		ut += recs[i]->utime;
		st += recs[i]->stime;
		rt += recs[i]->sum_exec;
		a->min_flt += recs[i]->min_flt;
		a->maj_flt += recs[i]->maj_flt;
	}
	bpf_cputime_adjust(ut, st, rt, l->sig_prev_utime, l->sig_prev_stime,
			   &a->utime, &a->stime);
}

static unsigned long long ticks(uint64_t ns)
{
	return ns / 10000000ull;        /* USER_HZ 100 */
}

static long rss_counter(const struct bpf_task_rec *r, int i)
{
	return r->rss[i] > 0 ? (long)r->rss[i] : 0;
}

/* A counter as get_mm_counter() or get_mm_counter_sum() gives it (both
 * read a negative sum as 0): -1 when the record lacks it. */
static long rule_counter(const struct bpf_task_rec *r, enum bpf_rss_rule rule,
			 int i)
{
	if (rule == BPF_RSS_READ)
		return rss_counter(r, i);
	if (rule != BPF_RSS_SUM || !(r->bits & BPF_REC_RSS_SUM))
		return -1;
	return r->rss_sum[i] > 0 ? (long)r->rss_sum[i] : 0;
}

int bpf_statm_rss(const struct bpf_task_rec *r, enum bpf_rss_rule rule,
		  unsigned long *resident, unsigned long *shared)
{
	long file = rule_counter(r, rule, 0), anon = rule_counter(r, rule, 1),
	     shmem = rule_counter(r, rule, 3);

	*resident = *shared = 0;
	if (!(r->bits & BPF_REC_MM))
		return 0;               /* no address space: zeros */
	if (file < 0 || anon < 0 || shmem < 0)
		return -1;
	*shared = (unsigned long)(file + shmem);
	*resident = *shared + (unsigned long)anon;
	return 0;
}

/* statm (task_statm()) and status's Vm lines (task_mem()) from the
 * address space's fields; a task without one shows zeros in statm and
 * no Vm lines in status.  The groups stay unfilled (procfs's files
 * then) when the rule is unknown or the record lacks the sums. */
static void fill_mm(struct task *t, const struct bpf_task_rec *r,
		    group_mask g, long page_size, enum bpf_rss_rule rule)
{
	unsigned long res, shared, pkib = (unsigned long)page_size / 1024;
	uint64_t mask = ~((uint64_t)page_size - 1), text;
	struct task_status *st;

	if (rule == BPF_RSS_UNKNOWN || bpf_statm_rss(r, rule, &res, &shared))
		return;
	t->vm_rss = res * pkib;
	/* PAGE_ALIGN(end_code) - (start_code & PAGE_MASK) */
	text = ((r->vm.end_code + (uint64_t)page_size - 1) & mask) -
	       (r->vm.start_code & mask);
	if (g & GROUP_BIT(GRP_STATM)) {
		if (r->bits & BPF_REC_MM) {
			t->sm_size = r->total_vm;
			t->sm_resident = res;
			t->sm_shared = shared;
			t->sm_text = text / (uint64_t)page_size;
			t->sm_data = r->vm.data + r->vm.stack;
		}
		t->groups_filled |= GROUP_BIT(GRP_STATM);
	}
	if (!(g & GROUP_BIT(GRP_STATUS_VM)))
		return;
	if (r->bits & BPF_REC_MM) {
		uint64_t exec = r->vm.exec * (uint64_t)page_size;

		if (!(st = task_status_own(t)))
			return;
		if (text > exec)
			text = exec;
		st->vm_size = r->total_vm * pkib;
		st->vm_lock = r->vm.locked * pkib;
		st->vm_rss_anon = (unsigned long)rule_counter(r, rule, 1) * pkib;
		st->vm_rss_file = (unsigned long)rule_counter(r, rule, 0) * pkib;
		st->vm_rss_shared = (unsigned long)rule_counter(r, rule, 3) * pkib;
		st->vm_data = r->vm.data * pkib;
		st->vm_stack = r->vm.stack * pkib;
		st->vm_exe = text >> 10;
		st->vm_lib = (exec - text) >> 10;
		st->vm_swap = (unsigned long)rule_counter(r, rule, 2) * pkib;
	}
	t->groups_filled |= GROUP_BIT(GRP_STATUS_VM);
}

static void fill_row(struct task *t, const struct bpf_task_rec *r,
		     const struct acct *a, group_mask g, long page_size,
		     enum bpf_rss_rule rule)
{
	int sighand = (r->bits & BPF_REC_SIGHAND) != 0;
	/* the row was just cleared: its groups are set once, at the end,
	 * not read back (a load from the row's lines, whose stores are
	 * still waiting for them, stalled every row) */
	group_mask filled = GROUP_BIT(GRP_STAT);

	t->tid = r->tid;
	t->tgid = r->tgid;
	t->state = bpf_state_letter(r->state, (unsigned)r->exit_state);
	memcpy(t->comm, r->comm, BPF_REC_COMM);
	t->comm[BPF_REC_COMM - 1] = '\0';
	t->flags = r->flags;
	t->is_kernel_thread = (r->flags & PF_KTHREAD) != 0;
	t->exit_signal = r->exit_signal;
	t->processor = r->cpu;
	t->tty_nr = sighand ? r->tty_nr : 0;
	t->nlwp = sighand ? r->nr_threads : 0;
	if (g & GROUP_BIT(GRP_STAT_IDS)) {
		t->ppid = sighand ? r->ppid : 0;
		t->pgrp = sighand ? r->pgrp : 0;
		t->session = sighand ? r->sid : 0;
		t->tpgid = sighand ? r->tpgid : -1;
		filled |= GROUP_BIT(GRP_STAT_IDS);
	}
	if (g & GROUP_BIT(GRP_STAT_ACCT)) {
		t->minflt = a->min_flt;
		t->majflt = a->maj_flt;
		t->utime = ticks(a->utime);
		t->stime = ticks(a->stime);
		if (sighand) {
			t->cminflt = r->cmin_flt;
			t->cmajflt = r->cmaj_flt;
			t->cutime = ticks(r->cutime);
			t->cstime = ticks(r->cstime);
			t->rsslim = r->rsslim;
		}
		t->priority = r->prio - 100;            /* MAX_RT_PRIO */
		t->nice = r->static_prio - 120;         /* DEFAULT_PRIO */
		t->start_time = ticks(r->start_boottime);
		t->rt_priority = r->rt_priority;
		t->policy = r->policy;
		filled |= GROUP_BIT(GRP_STAT_ACCT);
	}
	if ((g & GROUP_BIT(GRP_STAT_VM)) && (r->bits & BPF_REC_MM)) {
		t->vsize = (unsigned long)(r->total_vm * (uint64_t)page_size);
		/* get_mm_rss(): file + anon + shmem, each read as >= 0 */
		t->rss = rss_counter(r, 0) + rss_counter(r, 1) +
			 rss_counter(r, 3);
	}
	if (g & GROUP_BIT(GRP_STAT_VM))
		filled |= GROUP_BIT(GRP_STAT_VM);
	if (g & GROUP_BIT(GRP_OWNER)) {
		/* the /proc/PID directory's owner (task_dump_owner) */
		int kthread = (r->flags & PF_KTHREAD) != 0;

		t->euid = kthread ? 0 : r->euid;
		t->egid = kthread ? 0 : r->egid;
		filled |= GROUP_BIT(GRP_OWNER);
	}
	t->groups_filled = filled;
	if (g & BPF_MM_GROUPS)
		fill_mm(t, r, g, page_size, rule);
}

int bpf_process_rows(const struct bpf_task_rec *const *recs, size_t n,
		     enum thread_mode mode, group_mask g, long page_size,
		     enum bpf_rss_rule rule, struct task_set *out)
{
	struct acct whole, own;
	struct task *t;

	whole_acct(recs, n, &whole);
	if (mode != THREADS_ONLY) {
		if (!(t = task_set_push(out)))
			return -ENOMEM;
		fill_row(t, recs[0], &whole, g, page_size, rule);
	}
	if (mode == THREADS_NONE)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!(t = task_set_push(out)))
			return -ENOMEM;
		/* the leader's thread row is read from the process's
		 * directory: the whole process's times (Debian 13's: its
		 * own, task/PID, as procfs's row.c) */
		if (i == 0 && !profile.thread_main_from_task)
			fill_row(t, recs[0], &whole, g, page_size, rule);
		else {
			thread_acct(recs[i], &own);
			fill_row(t, recs[i], &own, g, page_size, rule);
		}
		t->is_thread_row = 1;
	}
	return 0;
}

/* The next record of the stream at *off into *h (copied: the areas
 * between headers leave them unaligned), its area, or NULL at the
 * stream's end (or a truncated record); moves *off past it. */
static const char *next_cmd(const char *buf, size_t len, size_t *off,
			    struct bpf_cmd_rec *h)
{
	const char *area = buf + *off + sizeof(*h);

	if (len - *off < sizeof(*h))
		return NULL;
	memcpy(h, buf + *off, sizeof(*h));
	if (h->len > len - *off - sizeof(*h))
		return NULL;
	*off += sizeof(*h) + h->len;
	return area;
}

/* A process's rows share its leader's command line (one address
 * space), but an exited leader's threads still have theirs. */
int bpf_cmdline_rows(const char *buf, size_t len, struct task_set *set)
{
	size_t off = 0;
	struct bpf_cmd_rec h;
	const char *area = next_cmd(buf, len, &off, &h);

	for (size_t i = 0; i < set->n && area; i++) {
		struct task *t = &set->v[i];

		while (area && h.tgid < t->tgid)
			area = next_cmd(buf, len, &off, &h);
		/* (pid 1's row, read through procfs, has its own) */
		if (!area || h.tgid != t->tgid || (h.flags & BPF_CMD_PROCFS) ||
		    ((h.flags & BPF_CMD_NOMM) && t->tid != t->tgid) ||
		    (t->groups_filled & GROUP_BIT(GRP_CMDLINE)))
			continue;
		/* a blob as procfs's read gives it: the bytes, then a NUL */
		if (!(t->cmdline.data = malloc(h.len + 1)))
			return -ENOMEM;
		memcpy(t->cmdline.data, area, h.len);
		t->cmdline.data[h.len] = '\0';
		t->cmdline.len = h.len;
		t->groups_filled |= GROUP_BIT(GRP_CMDLINE);
	}
	return 0;
}
