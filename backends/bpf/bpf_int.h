/* The bpf backend's parts: loading the iterator (bpf_load.c), records to
 * rows (bpf_rows.c), the groups it reads from procfs (bpf_files.c), and
 * the vtable (bpf_backend.c).  Calls go one way: backend -> rows, files,
 * load. */
#ifndef PROCPS_TD_BPF_INT_H
#define PROCPS_TD_BPF_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "../../library/backend.h"
#include <linux/types.h>
#include "bpf_rec.h"

/* The groups the iterator fills exactly (everything else comes from
 * procfs, bpf_files.c). */
#define BPF_GROUPS (GROUP_BIT(GRP_STAT) | GROUP_BIT(GRP_STAT_IDS) | \
		    GROUP_BIT(GRP_STAT_ACCT) | GROUP_BIT(GRP_STAT_VM) | \
		    GROUP_BIT(GRP_OWNER))

/* bpf_load.c: the loaded program and its iterator link */
struct bpf_loaded;
/* The task iterator, or the command-line one (sleepable: 5.18 on). */
enum bpf_prog { BPF_PROG_TASKS, BPF_PROG_CMDLINES };
/* Loads and attaches; NULL with a reason for the user in why. */
struct bpf_loaded *bpf_load(enum bpf_prog which, char *why, size_t size);
void bpf_unload(struct bpf_loaded *l);
/* Whether the task iterator's next pass sums the per-CPU rss counters
 * (never on more than BPF_SUM_CPUS possible CPUs). */
void bpf_set_mm_sums(struct bpf_loaded *l, bool on);
/* What its next pass reads besides the stat groups (BPF_READ_*): without
 * BPF_READ_MM its records are BPF_REC_SHORT bytes (no BPF_REC_MM, no mm
 * fields); without BPF_READ_IDS their ppid is 0, without
 * BPF_READ_OWNER their euid and egid. */
void bpf_set_reads(struct bpf_loaded *l, unsigned reads);
/* One pass of the iterator into *buf (grown as needed): bytes, or -errno. */
ssize_t bpf_dump(struct bpf_loaded *l, char **buf, size_t *cap);
/* Why the iterator cannot be used here, before loading it: 0, or -1
 * with the reason in why. */
int bpf_check_system(char *why, size_t size);

/* bpf_rows.c: procfs's own rules, applied to raw records */
char bpf_state_letter(unsigned state, unsigned exit_state);
/* cputime_adjust() of (utime, stime, rtime) against prev, without
 * writing prev: the utime and stime stat would show now (ns). */
void bpf_cputime_adjust(uint64_t utime, uint64_t stime, uint64_t rtime,
			uint64_t prev_utime, uint64_t prev_stime,
			uint64_t *ut, uint64_t *st);
/* Sorts the records into rows' order: by tgid, the leader first, then
 * by tid.  recs points into the dump buffer. */
void bpf_sort_records(const struct bpf_task_rec **recs, size_t n);
/* Which rss counters statm and status show on this kernel: not known
 * (those groups come from procfs), the counters as read (6.1's atomics,
 * percpu_counter_read_positive()), or their per-CPU sums
 * (get_mm_counter_sum()). */
enum bpf_rss_rule { BPF_RSS_UNKNOWN, BPF_RSS_READ, BPF_RSS_SUM };
/* The groups the iterator fills besides BPF_GROUPS once the rule is known */
#define BPF_MM_GROUPS (GROUP_BIT(GRP_STATM) | GROUP_BIT(GRP_STATUS_VM))
/* statm's resident and shared (pages) of a record under a rule: 0, or -1
 * when the record has no such values */
int bpf_statm_rss(const struct bpf_task_rec *r, enum bpf_rss_rule rule,
		  unsigned long *resident, unsigned long *shared);
/* The rows of one process: recs[0..n) share a tgid, recs[0] is its
 * leader.  Appends them to out as mode asks, filling the groups of
 * BPF_GROUPS that g names, and of BPF_MM_GROUPS under a known rule.
 * 0, or -ENOMEM. */
int bpf_process_rows(const struct bpf_task_rec *const *recs, size_t n,
		     enum thread_mode mode, group_mask g, long page_size,
		     enum bpf_rss_rule rule, struct task_set *out);

/* The command lines of one pass of the command-line iterator (buf, len
 * bytes of struct bpf_cmd_rec and their areas) into the rows of set
 * (sorted by tgid) it has one for: every row of a process gets its
 * leader's.  0, or -ENOMEM. */
int bpf_cmdline_rows(const char *buf, size_t len, struct task_set *set);

/* bpf_files.c: the groups the iterator does not fill */
struct bpf_files;
struct bpf_files *bpf_files_new(group_mask groups);
void bpf_files_free(struct bpf_files *f);
/* Fills the groups of want not in BPF_GROUPS into out->v[first..]: 0
 * or -errno. */
int bpf_files_fill(struct bpf_files *f, enum thread_mode mode,
		   struct task_set *out, size_t first, group_mask want);
/* The name procfs gives a kernel thread's row t, when the iterator's
 * comm is not all of it: a workqueue worker's, a long one. */
void bpf_files_fix_comm(struct bpf_files *f, struct task *t);

#endif
