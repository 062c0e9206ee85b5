/* Pid numbers as procfs shows them: in the pid namespace of the reader
 * (the task that runs the iterator's read()), 0 where a pid has no
 * number there.  For the BPF programs, which read the tasks by direct,
 * BTF-checked loads (cheaper than a bpf_probe_read_kernel() call each);
 * only an index the verifier cannot bound (the level of a nested
 * namespace) still goes through the helper. */
#ifndef PROCPS_TD_PIDNS_BPF_H
#define PROCPS_TD_PIDNS_BPF_H

enum { PIDTYPE_TGID = 1, PIDTYPE_PGID = 2, PIDTYPE_SID = 3 };

/* What the reader sees the tasks through, read at each pass's first
 * task (the reader is the one process that loaded the program) with
 * helpers: loads through the reader's own task_struct would each cost
 * the verifier a search of the kernel's BTF at load time.  Not static:
 * clang would split a static one into fields the kernel refuses (the
 * struct is in bpf_rec.h, for the skeleton's header). */
struct reader_view reader;

static __always_inline void read_reader(struct bpf_iter_meta *meta)
{
	struct task_struct *me;
	struct time_namespace *tns;
	struct pid *mypid;
	struct upid up;

	if (meta->seq_num != 0 && reader.ok)
		return;
	me = (void *)bpf_get_current_task();
	mypid = BPF_CORE_READ(me, thread_pid);
	reader.ok = 0;
	reader.lvl = BPF_CORE_READ(mypid, level);
	if (!mypid || bpf_probe_read_kernel(&up, sizeof(up),
					    &mypid->numbers[reader.lvl]))
		return;
	reader.ns = (__u64)up.ns;
	reader.boot_off = 0;
	if (bpf_core_field_exists(me->nsproxy->time_ns)) {
		tns = BPF_CORE_READ(me, nsproxy, time_ns);
		if (tns)
			reader.boot_off =
				BPF_CORE_READ(tns, offsets.boottime.tv_sec) *
				1000000000ull +
				BPF_CORE_READ(tns, offsets.boottime.tv_nsec);
	}
	reader.ok = 1;
}

/* pid_nr_ns(): pid's number at the reader's level, 0 elsewhere */
static __always_inline int nr_in(struct pid *pid)
{
	unsigned int lvl = reader.lvl;
	struct upid up;

	if (!pid || pid->level < lvl)
		return 0;
	if (lvl == 0) {
		up.nr = pid->numbers[0].nr;
		up.ns = pid->numbers[0].ns;
	} else if (bpf_probe_read_kernel(&up, sizeof(up),
					 &pid->numbers[lvl])) {
		return 0;
	}
	return (__u64)up.ns == reader.ns ? up.nr : 0;
}

#endif
