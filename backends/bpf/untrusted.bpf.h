/* A task read through an untrusted pointer.  The verifier of newer
 * kernels looks a type name up in the kernel's whole BTF, one linear
 * search after another, for each pointer it sees loaded through a
 * trusted pointer such as the iterator's task (does the field keep the
 * trust?): the task iterator's 11 such loads were 17 of the 21 ms its
 * load took on 6.18.  The programs hand no pointer loaded from a task to
 * a helper, so they read the task through an untrusted copy, which
 * costs no search: bpf_rdonly_cast() (6.2 on), which the verifier turns
 * into a register move.  6.1 has neither the search nor the kfunc: each
 * program is also built with TD_NO_RDONLY_CAST (task_iter61, cmd_iter61),
 * which bpf_load.c loads when the kernel refuses the first. */
#ifndef PROCPS_TD_UNTRUSTED_BPF_H
#define PROCPS_TD_UNTRUSTED_BPF_H

#ifndef TD_NO_RDONLY_CAST
extern void *bpf_rdonly_cast(const void *obj, __u32 btf_id) __ksym;
#define untrusted_task(t) \
	((struct task_struct *)bpf_rdonly_cast((t), \
		bpf_core_type_id_kernel(struct task_struct)))
#else
#define untrusted_task(t) (t)
#endif

#endif
