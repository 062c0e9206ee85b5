/* The kernel types the task iterator reads, trimmed by hand to the fields
 * it uses.  Every struct carries preserve_access_index, so clang records
 * each access as a CO-RE relocation and libbpf fixes the offsets against
 * the running kernel's BTF at load time: the layouts here need not match
 * any kernel, only the member names and types do (6.1 through 6.18 have
 * been checked).  Not generated from a build machine's kernel on purpose. */
#ifndef PROCPS_TD_BPF_VMLINUX_H
#define PROCPS_TD_BPF_VMLINUX_H

typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef signed char __s8;
typedef short __s16;
typedef int __s32;
typedef long long __s64;
typedef __u8 u8;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;
typedef __u16 __be16;
typedef __u32 __be32;
typedef __u32 __wsum;
typedef _Bool bool;
enum { false = 0, true = 1 };

#pragma clang attribute push(__attribute__((preserve_access_index)), apply_to = record)

typedef struct { s64 counter; } atomic64_t;
typedef atomic64_t atomic_long_t;
typedef struct { unsigned int val; } kuid_t;
typedef struct { unsigned int val; } kgid_t;

struct timespec64 { s64 tv_sec; long tv_nsec; };
struct timens_offsets { struct timespec64 monotonic; struct timespec64 boottime; };
struct time_namespace { struct timens_offsets offsets; };
struct nsproxy { struct time_namespace *time_ns; };

struct pid_namespace { unsigned int level; };
struct upid { int nr; struct pid_namespace *ns; };
struct pid { unsigned int level; struct upid numbers[1]; };

struct cred { kuid_t euid; kgid_t egid; };

struct prev_cputime { u64 utime; u64 stime; };
struct sched_entity { u64 sum_exec_runtime; };
struct thread_info { u32 cpu; };
struct rlimit { unsigned long rlim_cur; unsigned long rlim_max; };

struct tty_driver { int major; int minor_start; };
struct tty_struct {
	struct tty_driver *driver;
	int index;
	struct { struct pid *pgrp; } ctrl;
};

struct signal_struct {
	int nr_threads;
	struct pid *pids[4];            /* PIDTYPE_PID, TGID, PGID, SID */
	struct prev_cputime prev_cputime;
	struct tty_struct *tty;
	u64 utime, stime, cutime, cstime;
	unsigned long min_flt, maj_flt, cmin_flt, cmaj_flt;
	unsigned long long sum_sched_runtime;
	struct rlimit rlim[16];
};

/* 6.2 on: one percpu_counter per rss counter; stat reads .count, and
 * statm and status sum .counters of every CPU on newer kernels (the
 * pointer is per-CPU: a scalar here, added to each CPU's offset) */
struct percpu_counter { s64 count; s32 *counters; };
struct mm_struct {
	unsigned long total_vm, locked_vm, data_vm, stack_vm, exec_vm;
	unsigned long start_code, end_code;
	unsigned long arg_start, arg_end, env_start, env_end;
	struct percpu_counter rss_stat[4];
};
/* 6.1: an array of atomics in struct mm_rss_stat */
struct mm_rss_stat { atomic_long_t count[4]; };
struct mm_struct___atomic { struct mm_rss_stat rss_stat; };

struct task_struct {
	struct thread_info thread_info;
	unsigned int __state;
	unsigned int flags;
	int prio, static_prio;
	struct sched_entity se;
	unsigned int policy;
	unsigned int rt_priority;
	struct mm_struct *mm;
	int exit_state;
	int exit_signal;
	struct task_struct *real_parent;
	struct task_struct *group_leader;
	struct pid *thread_pid;
	u64 utime, stime;
	struct prev_cputime prev_cputime;
	u64 start_boottime;
	unsigned long min_flt, maj_flt;
	const struct cred *real_cred;
	char comm[16];
	struct nsproxy *nsproxy;
	struct signal_struct *signal;
	void *sighand;
};

struct seq_file { char *buf; };
struct bpf_iter_meta { struct seq_file *seq; u64 session_id; u64 seq_num; };
struct bpf_iter__task {
	union { struct bpf_iter_meta *meta; };
	union { struct task_struct *task; };
};

/* a per-CPU array map: its values' per-CPU pointers start where the
 * struct ends (a flexible array) */
struct bpf_array { u32 elem_size; };

#pragma clang attribute pop

enum bpf_map_type { BPF_MAP_TYPE_ARRAY = 2, BPF_MAP_TYPE_PERCPU_ARRAY = 6 };

#endif
