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

char LICENSE[] SEC("license") = "GPL";

#define PF_KTHREAD 0x00200000u

/* one reader per loaded program (each ps loads its own), so one buffer;
 * twice the largest area, so that a length masked with its size - 1
 * (the bound the verifier can follow through the stack) stays inside */
char area[2 * BPF_CMD_MAX];

SEC("iter.s/task")
int dump_cmdline(struct bpf_iter__task *ctx)
{
	struct seq_file *seq = ctx->meta->seq;
	struct task_struct *t = ctx->task;
	struct task_struct *me = (void *)bpf_get_current_task();
	struct bpf_cmd_rec h = {};
	struct pid_namespace *ns;
	struct mm_struct *mm;
	unsigned long as, ae;
	unsigned int lvl;
	char last = 0;

	if (!t || !(ns = reader_ns(me, &lvl)))
		return 0;
	h.tgid = nr_in(BPF_CORE_READ(t, signal, pids[PIDTYPE_TGID]), lvl, ns);
	/* leaders only: a thread's file is its process's */
	if (h.tgid <= 0 || nr_in(BPF_CORE_READ(t, thread_pid), lvl, ns) != h.tgid)
		return 0;
	mm = BPF_CORE_READ(t, mm);
	/* no address space (kernel thread, zombie) or not yet set up: the
	 * file is empty */
	if (!mm || (BPF_CORE_READ(t, flags) & PF_KTHREAD) ||
	    !BPF_CORE_READ(mm, env_end)) {
		h.flags = BPF_CMD_NOMM;
		bpf_seq_write(seq, &h, sizeof(h));
		return 0;
	}
	as = BPF_CORE_READ(mm, arg_start);
	ae = BPF_CORE_READ(mm, arg_end);
	if (as >= ae) {
		bpf_seq_write(seq, &h, sizeof(h));
		return 0;
	}
	if (ae - as > BPF_CMD_MAX ||
	    bpf_copy_from_user_task(&last, 1, (void *)(ae - 1), t, 0) ||
	    last != 0) {
		h.flags = BPF_CMD_PROCFS;
		bpf_seq_write(seq, &h, sizeof(h));
		return 0;
	}
	h.len = (__u32)(ae - as);
	if (h.len > BPF_CMD_MAX ||
	    bpf_copy_from_user_task(area, h.len, (void *)as, t, 0)) {
		h.len = 0;
		h.flags = BPF_CMD_PROCFS;
		bpf_seq_write(seq, &h, sizeof(h));
		return 0;
	}
	bpf_seq_write(seq, &h, sizeof(h));
	bpf_seq_write(seq, area, h.len & (2 * BPF_CMD_MAX - 1));
	return 0;
}
