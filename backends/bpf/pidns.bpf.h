/* Pid numbers as procfs shows them: in the pid namespace of the reader
 * (the task that runs the iterator's read()), 0 where a pid has no
 * number there.  For the BPF programs. */
#ifndef PROCPS_TD_PIDNS_BPF_H
#define PROCPS_TD_PIDNS_BPF_H

enum { PIDTYPE_TGID = 1, PIDTYPE_PGID = 2, PIDTYPE_SID = 3 };

/* pid_nr_ns(): pid's number at the reader's level, 0 elsewhere */
static __always_inline int nr_in(struct pid *pid, unsigned int lvl,
				 struct pid_namespace *ns)
{
	struct upid up;

	if (!pid || BPF_CORE_READ(pid, level) < lvl)
		return 0;
	if (bpf_probe_read_kernel(&up, sizeof(up), &pid->numbers[lvl]))
		return 0;
	return up.ns == ns ? up.nr : 0;
}

/* the reader's pid namespace, its own pid's deepest level; NULL if
 * unreadable */
static __always_inline struct pid_namespace *
reader_ns(struct task_struct *me, unsigned int *lvl)
{
	struct pid *mypid = BPF_CORE_READ(me, thread_pid);
	struct pid_namespace *ns;

	*lvl = BPF_CORE_READ(mypid, level);
	if (bpf_probe_read_kernel(&ns, sizeof(ns), &mypid->numbers[*lvl].ns))
		return NULL;
	return ns;
}

#endif
