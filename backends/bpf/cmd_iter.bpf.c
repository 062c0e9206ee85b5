// SPDX-License-Identifier: GPL-2.0
/* The command-line iterator (sleepable: reading another task's memory
 * may fault pages in, as procfs's read does): for each process, its
 * argument area as /proc/PID/cmdline gives it when the area ends in a
 * NUL; anything else (a title rewritten past argv, which procfs follows
 * into the environment, or an area longer than BPF_CMD_MAX) is marked
 * for procfs to read. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include "bpf_rec.h"
#include "pidns.bpf.h"
#include "untrusted.bpf.h"

char LICENSE[] SEC("license") = "GPL";

/* one reader per loaded program (each ps loads its own), so one buffer;
 * twice the largest area, so that a length masked with its size - 1
 * (the bound the verifier can follow through the stack) stays inside */
char area[2 * BPF_CMD_MAX];

/* One record marked for procfs's file, no area. */
static __always_inline void to_procfs(struct seq_file *seq,
				      struct bpf_cmd_rec *h)
{
	h->len = 0;
	h->flags = BPF_CMD_PROCFS;
	bpf_seq_write(seq, h, sizeof(*h));
}

SEC("iter.s/task")
int dump_cmdline(struct bpf_iter__task *ctx)
{
	struct seq_file *seq = ctx->meta->seq;
	struct task_struct *t = ctx->task, *u;
	struct bpf_cmd_rec h = {};
	struct signal_struct *sig;
	struct mm_struct *mm;
	struct pid *tid;
	unsigned long as, ae;
	unsigned int len;

	read_reader(ctx->meta);
	if (!t || !reader.ok)
		return 0;
	/* the task's pointers loaded once, before any branch (see
	 * task_iter.bpf.c), through an untrusted copy (untrusted.bpf.h):
	 * only the copy from the task's memory needs t itself */
	u = untrusted_task(t);
	sig = u->signal;
	tid = u->thread_pid;
	mm = u->mm;
	barrier();
	if (!sig)
		return 0;
	h.tgid = nr_in(sig->pids[PIDTYPE_TGID]);
	/* leaders only: a thread's file is its process's */
	if (h.tgid <= 0 || nr_in(tid) != h.tgid)
		return 0;
	/* no address space (kernel thread, zombie) or not yet set up: the
	 * file is empty */
	if (!mm || (u->flags & PF_KTHREAD) || !mm->env_end) {
		h.flags = BPF_CMD_NOMM;
		bpf_seq_write(seq, &h, sizeof(h));
		return 0;
	}
	as = mm->arg_start;
	ae = mm->arg_end;
	if (as >= ae) {
		bpf_seq_write(seq, &h, sizeof(h));
		return 0;
	}
	if (ae - as > BPF_CMD_MAX) {
		to_procfs(seq, &h);
		return 0;
	}
	/* one copy of the whole area (it faults pages in, as procfs's
	 * read does); a last byte that is not NUL means a rewritten
	 * title, which procfs follows on into the environment */
	len = (unsigned int)(ae - as);
	if (len > BPF_CMD_MAX ||
	    bpf_copy_from_user_task(area, len, (void *)as, t, 0) ||
	    area[(len - 1) & (2 * BPF_CMD_MAX - 1)] != 0) {
		to_procfs(seq, &h);
		return 0;
	}
	h.len = len;
	bpf_seq_write(seq, &h, sizeof(h));
	bpf_seq_write(seq, area, len & (2 * BPF_CMD_MAX - 1));
	return 0;
}
