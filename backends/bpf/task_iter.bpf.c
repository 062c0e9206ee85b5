// SPDX-License-Identifier: GPL-2.0
/* The task iterator: one struct bpf_task_rec per task, threads included,
 * in the pid namespace of the process that reads it.  Values are copied
 * raw; every rule procfs applies to them (state letters, cputime
 * scaling, tick conversion) is redone in user space (bpf_rows.c), where
 * it can be tested against procfs. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include "bpf_rec.h"
#include "pidns.bpf.h"
#include "untrusted.bpf.h"

char LICENSE[] SEC("license") = "GPL";

/* Set by the reader before a pass: how many CPUs' per-CPU rss counters
 * to sum (0: none).  statm and status show the sums on kernels with
 * get_mm_counter_sum() (6.12 stable updates, 6.16 on), which user space
 * tells from one statm read (bpf_backend.c). */
__u32 mm_sum_cpus;

/* Set by the reader before a pass: what it reads besides the stat
 * groups' own fields (BPF_READ_*, bpf_rec.h), from the groups the pass
 * fills.  Top's frame sorted by %CPU needs none: its drawn rows' statm
 * and owner come from procfs.  Each is cache lines of every task (the
 * mm pointer's, the parent's, the cred) that nothing else reads: with
 * a task iterator's walk, misses are most of a pass. */
__u32 reads;
/* Each CPU's per-CPU offset (__per_cpu_offset[], which needs a
 * kallsyms with data symbols): a per-CPU map's value on that CPU less
 * the map's per-CPU pointer, at each pass's first task.  The value's
 * address is stored before the subtraction: the verifier allows no
 * arithmetic between a map value's pointer and an unbounded number. */
__u64 cpu_off[BPF_SUM_CPUS];
__u64 pcpu_base;
__u8 map_head[1024];

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} pcpu_probe SEC(".maps");

/* cpu masked in the register the index is used from (the compiler
 * drops a mask after a bound check, and checks a copy): the verifier
 * sees the bound */
static __always_inline __u64 cpu_index(__u32 cpu)
{
	__u64 i = cpu;

	asm volatile("%0 &= %1" : "+r"(i) : "i"(BPF_SUM_CPUS - 1));
	return i;
}

static long read_cpu_off(__u32 cpu, void *unused)
{
	__u32 zero = 0;
	__u64 i;
	void *v;

	if (cpu >= BPF_SUM_CPUS)
		return 1;
	v = bpf_map_lookup_percpu_elem(&pcpu_probe, &zero, cpu);
	if (!v)
		return 1;
	/* through memory: what comes back is a number */
	i = cpu_index(cpu);
	*(volatile __u64 *)&cpu_off[i] = (__u64)v;
	cpu_off[i] = *(volatile __u64 *)&cpu_off[i] - pcpu_base;
	return 0;
}

static __always_inline void read_cpu_offsets(struct bpf_iter_meta *meta)
{
	__u32 head = bpf_core_type_size(struct bpf_array);

	if (meta->seq_num != 0 || !mm_sum_cpus)
		return;
	/* the map's first per-CPU pointer, right after struct bpf_array */
	if (head > sizeof(map_head) - 8 ||
	    bpf_probe_read_kernel(map_head, head + 8, &pcpu_probe)) {
		mm_sum_cpus = 0;
		return;
	}
	pcpu_base = *(__u64 *)&map_head[head & (sizeof(map_head) - 8)];
	/* a CPU without an offset ends the sums */
	if (bpf_loop(mm_sum_cpus, read_cpu_off, NULL, 0) != mm_sum_cpus)
		mm_sum_cpus = 0;
}

struct mm_sum {
	__u64 ctr[4];   /* each counter's per-CPU pointer */
	__s64 sum[4];
	int bad;
};

/* One CPU's share of the four counters (__percpu_counter_sum()'s loop;
 * a CPU that went offline left zeros behind) */
static long add_cpu(__u32 cpu, void *data)
{
	struct mm_sum *m = data;
	__u64 off;
	s32 v;

	if (cpu >= BPF_SUM_CPUS)
		return 1;
	off = cpu_off[cpu_index(cpu)];
	for (int i = 0; i < 4; i++) {
		if (bpf_probe_read_kernel(&v, sizeof(v),
					  (const void *)(m->ctr[i] + off))) {
			m->bad = 1;
			return 1;
		}
		m->sum[i] += v;
	}
	return 0;
}

/* Every read is a direct load through BTF-typed pointers (relocated by
 * CO-RE, checked by the verifier, a fault reads 0): a
 * bpf_probe_read_kernel() call per field cost most of the pass.  The
 * pointers the task itself holds are loaded once, before any branch,
 * so that their cache misses overlap. */
struct task_ptrs {
	struct pid *tid;
	struct signal_struct *sig;
	struct mm_struct *mm;
	const struct cred *cred;
	struct task_struct *parent;
	void *sighand;
};

static __always_inline void read_mm(struct bpf_task_rec *r,
				    struct mm_struct *mm)
{
	if (!mm || (r->flags & PF_KTHREAD))
		return;
	r->bits |= BPF_REC_MM;
	r->total_vm = mm->total_vm;
	r->vm = (struct bpf_rec_vm){
		.locked = mm->locked_vm, .data = mm->data_vm,
		.stack = mm->stack_vm, .exec = mm->exec_vm,
		.start_code = mm->start_code, .end_code = mm->end_code,
	};
	/* 6.1 keeps atomics in a struct, 6.2 on an array of
	 * percpu_counters.  An existence check, not the field's size: a
	 * size relocation against a field of another kind fails, and the
	 * kernel's loader poisons it (6.1 refused the program so) */
	if (bpf_core_field_exists(((struct mm_struct___atomic *)mm)->rss_stat)) {
		struct mm_struct___atomic *old = (void *)mm;
		struct mm_rss_stat st;

		r->bits |= BPF_REC_RSS_OLD;
		/* through the helper: 6.1's verifier does not follow a
		 * direct load into an array of typedef'd structs
		 * ("Type 'atomic_long_t' is not a struct") */
		if (bpf_core_read(&st, sizeof(st), &old->rss_stat) == 0) {
			r->rss[0] = st.count[0].counter;
			r->rss[1] = st.count[1].counter;
			r->rss[2] = st.count[2].counter;
			r->rss[3] = st.count[3].counter;
		}
	} else {
		r->rss[0] = mm->rss_stat[0].count;
		r->rss[1] = mm->rss_stat[1].count;
		r->rss[2] = mm->rss_stat[2].count;
		r->rss[3] = mm->rss_stat[3].count;
		if (mm_sum_cpus) {
			struct mm_sum m = { .bad = 0 };

			/* constant indexes: CO-RE relocates each access
			 * (a loop's index would use this file's stride) */
			m.ctr[0] = (__u64)mm->rss_stat[0].counters;
			m.ctr[1] = (__u64)mm->rss_stat[1].counters;
			m.ctr[2] = (__u64)mm->rss_stat[2].counters;
			m.ctr[3] = (__u64)mm->rss_stat[3].counters;
			for (int i = 0; i < 4; i++)
				m.sum[i] = r->rss[i];
			bpf_loop(mm_sum_cpus, add_cpu, &m, 0);
			if (!m.bad) {
				for (int i = 0; i < 4; i++)
					r->rss_sum[i] = m.sum[i];
				r->bits |= BPF_REC_RSS_SUM;
			}
		}
	}
}

/* The process's counters: plain loads one after another, issued right
 * after the signal pointer's, so that the CPU fetches their lines (most
 * of a process's misses) together.  Meaningful only when the record
 * gets BPF_REC_SIGHAND (procfs shows zeros otherwise: bpf_rows.c). */
static __always_inline void read_signal(struct bpf_task_rec *r,
					struct signal_struct *sig)
{
	r->nr_threads = sig->nr_threads;
	r->sig_utime = sig->utime;
	r->sig_stime = sig->stime;
	r->sig_sum_exec = sig->sum_sched_runtime;
	r->sig_prev_utime = sig->prev_cputime.utime;
	r->sig_prev_stime = sig->prev_cputime.stime;
	r->sig_min_flt = sig->min_flt;
	r->sig_maj_flt = sig->maj_flt;
	r->cmin_flt = sig->cmin_flt;
	r->cmaj_flt = sig->cmaj_flt;
	r->cutime = sig->cutime;
	r->cstime = sig->cstime;
	r->rsslim = sig->rlim[5].rlim_cur; /* RLIMIT_RSS */
}

/* The process's ids and terminal.  A leader's tgid is its own pid
 * number: the signal's line of pids is read only for other threads and
 * for stat_ids (pgrp, session, tpgid). */
static __always_inline void read_ids(struct bpf_task_rec *r,
				     const struct task_ptrs *p, bool leader)
{
	struct signal_struct *sig = p->sig;
	struct tty_struct *tty;

	if (!sig)
		return;
	r->tgid = leader ? r->tid : nr_in(sig->pids[PIDTYPE_TGID]);
	if (!p->sighand)
		return;
	r->bits |= BPF_REC_SIGHAND;
	if (reads & BPF_READ_IDS) {
		r->pgrp = nr_in(sig->pids[PIDTYPE_PGID]);
		r->sid = nr_in(sig->pids[PIDTYPE_SID]);
	}
	r->tpgid = -1;
	tty = sig->tty;
	if (tty) {
		struct tty_driver *drv = tty->driver;
		unsigned int major = drv ? drv->major : 0;
		unsigned int minor = (drv ? drv->minor_start : 0) + tty->index;

		/* new_encode_dev() of tty_devnum() */
		r->tty_nr = (int)((minor & 0xff) | (major << 8) |
				  ((minor & ~0xffu) << 12));
		if (reads & BPF_READ_IDS)
			r->tpgid = nr_in(tty->ctrl.pgrp);
	}
}

SEC("iter/task")
int dump_task(struct bpf_iter__task *ctx)
{
	struct seq_file *seq = ctx->meta->seq;
	struct task_struct *t = ctx->task;
	struct signal_struct *psig;
	struct bpf_task_rec r;
	struct task_ptrs p;

	read_reader(ctx->meta);
	read_cpu_offsets(ctx->meta);
	if (!t || !reader.ok)
		return 0;
	t = untrusted_task(t);
	p.tid = t->thread_pid;
	p.sig = t->signal;
	p.mm = t->mm;
	p.cred = t->real_cred;
	p.parent = t->real_parent;
	p.sighand = t->sighand;
	psig = p.parent ? p.parent->signal : NULL;
	barrier();
	__builtin_memset(&r, 0, sizeof(r));
	if (p.sig)
		read_signal(&r, p.sig);
	r.tid = nr_in(p.tid);
	if (r.tid <= 0)
		return 0;
	r.state = t->__state;
	r.exit_state = t->exit_state;
	r.flags = t->flags;
	r.exit_signal = t->exit_signal;
	r.cpu = t->thread_info.cpu;
	r.prio = t->prio;
	r.static_prio = t->static_prio;
	r.rt_priority = t->rt_priority;
	r.policy = t->policy;
	r.utime = t->utime;
	r.stime = t->stime;
	r.sum_exec = t->se.sum_exec_runtime;
	r.prev_utime = t->prev_cputime.utime;
	r.prev_stime = t->prev_cputime.stime;
	r.min_flt = t->min_flt;
	r.maj_flt = t->maj_flt;
	r.start_boottime = t->start_boottime + reader.boot_off;
	/* the cred's own line only for the owner (its pointer shares
	 * comm's line) */
	if (p.cred && (reads & BPF_READ_OWNER)) {
		r.euid = p.cred->euid.val;
		r.egid = p.cred->egid.val;
	}
	/* comm is 16 bytes: two loads */
	((__u64 *)r.comm)[0] = ((const __u64 *)t->comm)[0];
	((__u64 *)r.comm)[1] = ((const __u64 *)t->comm)[1];
	if (psig && (reads & BPF_READ_IDS))
		r.ppid = nr_in(psig->pids[PIDTYPE_TGID]);
	/* group_leader shares real_parent's line; loaded here, not kept
	 * with the others: 6.1 refuses a dump_task frame over 480 bytes
	 * beside add_cpu's (512 combined) */
	read_ids(&r, &p, t->group_leader == t);
	/* a pass without the address space writes records without it */
	if (!(reads & BPF_READ_MM)) {
		bpf_seq_write(seq, &r, BPF_REC_SHORT);
		return 0;
	}
	read_mm(&r, p.mm);
	bpf_seq_write(seq, &r, sizeof(r));
	return 0;
}
