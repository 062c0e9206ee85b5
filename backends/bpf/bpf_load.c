/* Loading the task iterator: the system checks behind a clear refusal,
 * the light skeleton's load, and one pass of the iterator per scan.
 *
 * A light skeleton (bpftool gen skeleton -L) has the kernel itself
 * relocate the program against its BTF (5.17 on), which keeps what it
 * found across loads: 3 ms here, against 32 ms for libbpf's full
 * skeleton, which parses the kernel's whole BTF in user space and scans
 * every type of it for each struct the program reads. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <linux/capability.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "bpf_int.h"
/* the generated headers are not -Wextra clean */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpointer-arith"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include "task_iter.lskel.h"
#include "task_iter61.lskel.h"
#include "cmd_iter.lskel.h"
#include "cmd_iter61.lskel.h"
#pragma GCC diagnostic pop

/* One loaded program (a light skeleton) and its iterator link. */
struct bpf_loaded {
	void *skel;
	void (*destroy)(void *skel);
	int link_fd;
	__u32 *sum_cpus;        /* the task iterator's mm_sum_cpus */
	__u32 *reads;           /* and its reads (BPF_READ_*) */
};

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif
#ifndef CAP_BPF
#define CAP_BPF 39
#endif

static int has_cap(const struct __user_cap_data_struct d[2], int cap)
{
	return (d[cap / 32].effective >> (cap % 32)) & 1;
}

static int privileged(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d) != 0)
		return 0;
	return has_cap(d, CAP_SYS_ADMIN) ||
		(has_cap(d, CAP_BPF) && has_cap(d, CAP_PERFMON));
}

/* lockdown=confidentiality makes bpf_probe_read_kernel() fail at run
 * time, which would give zeros instead of an error */
static int locked_down(void)
{
	char buf[128];
	FILE *f = fopen("/sys/kernel/security/lockdown", "re");
	int locked = 0;

	if (!f)
		return 0;
	if (fgets(buf, sizeof(buf), f))
		locked = strstr(buf, "[confidentiality]") != NULL;
	fclose(f);
	return locked;
}

/* The iterator lists the reader's pid namespace; /proc must be procfs
 * (not a copy: a frozen snapshot) of that same namespace, or the rows
 * procfs adds would not match */
static int proc_is_own_namespace(void)
{
	char buf[32];
	struct statfs fs;
	ssize_t n;

	if (statfs("/proc", &fs) != 0 || fs.f_type != 0x9fa0) /* PROC_SUPER_MAGIC */
		return 0;
	n = readlink("/proc/self", buf, sizeof(buf) - 1);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return atoi(buf) == getpid();
}

int bpf_check_system(char *why, size_t size)
{
	if (access("/sys/kernel/btf/vmlinux", R_OK) != 0)
		snprintf(why, size, "the kernel has no BTF "
			 "(/sys/kernel/btf/vmlinux)");
	else if (!privileged())
		snprintf(why, size, "needs root (CAP_BPF and CAP_PERFMON, "
			 "or CAP_SYS_ADMIN)");
	else if (locked_down())
		snprintf(why, size, "the kernel is locked down "
			 "(confidentiality)");
	else if (!proc_is_own_namespace())
		snprintf(why, size, "/proc is not the procfs of this "
			 "process's pid namespace");
	else
		return 0;
	return -1;
}

static void destroy_task_iter(void *skel)
{
	task_iter__destroy(skel);
}

static void destroy_task_iter61(void *skel)
{
	task_iter61__destroy(skel);
}

static void destroy_cmd_iter(void *skel)
{
	cmd_iter__destroy(skel);
}

static void destroy_cmd_iter61(void *skel)
{
	cmd_iter61__destroy(skel);
}

/* The verifier's log, on stderr when PROCPS_BPF_DEBUG is set (to 2:
 * every instruction it checked). */
static char *debug_log(struct bpf_loader_ctx *ctx)
{
	static const unsigned size = 1 << 22;
	const char *level = getenv("PROCPS_BPF_DEBUG");
	char *log;

	if (!level || !(log = calloc(1, size)))
		return NULL;
	ctx->log_level = atoi(level) > 1 ? 2 : 1;
	ctx->log_size = size;
	ctx->log_buf = (__u64)(unsigned long)log;
	return log;
}

/* Loads and attaches one skeleton: its link's fd, or -errno. */
#define LOAD_SKEL(name, prog, out, destroy_fn) do {			\
	struct name *sk = name##__open();				\
	char *log = sk ? debug_log(&sk->ctx) : NULL;			\
	int e = !sk ? -ENOMEM : name##__load(sk) ? -errno :		\
		name##__attach(sk) ? -errno : 0;			\
									\
	if (log && *log)						\
		fputs(log, stderr);					\
	free(log);							\
	if (e) {							\
		name##__destroy(sk);					\
		sk = NULL;						\
	}								\
	(out)->skel = sk;						\
	(out)->destroy = destroy_fn;					\
	(out)->link_fd = e ? e : sk->links.prog##_fd;			\
} while (0)

/* The task iterator, with the addresses of its two settings. */
#define LOAD_TASK_ITER(name, out, destroy_fn) do {			\
	LOAD_SKEL(name, dump_task, out, destroy_fn);			\
	if ((out)->skel) {						\
		struct name *ti = (out)->skel;				\
									\
		(out)->sum_cpus = &ti->bss->mm_sum_cpus;		\
		(out)->reads = &ti->bss->reads;				\
	}								\
} while (0)

struct bpf_loaded *bpf_load(enum bpf_prog which, char *why, size_t size)
{
	struct bpf_loaded *l = calloc(1, sizeof(*l));
	int e;

	if (!l) {
		snprintf(why, size, "%s", strerror(ENOMEM));
		return NULL;
	}
	/* each program twice: 6.1 has no bpf_rdonly_cast()
	 * (untrusted.bpf.h), and refuses the first */
	if (which == BPF_PROG_CMDLINES) {
		LOAD_SKEL(cmd_iter, dump_cmdline, l, destroy_cmd_iter);
		if (l->link_fd < 0)
			LOAD_SKEL(cmd_iter61, dump_cmdline, l,
				  destroy_cmd_iter61);
	} else {
		LOAD_TASK_ITER(task_iter, l, destroy_task_iter);
		if (l->link_fd < 0)
			LOAD_TASK_ITER(task_iter61, l, destroy_task_iter61);
	}
	if (l->link_fd >= 0)
		return l;
	e = -l->link_fd;
	snprintf(why, size, "the kernel refused the task iterator (%s)",
		 strerror(e ? e : EINVAL));
	free(l);
	errno = e ? e : EINVAL;
	return NULL;
}

void bpf_set_mm_sums(struct bpf_loaded *l, bool on)
{
	/* every possible CPU: one that went offline left zeros */
	int n = on ? libbpf_num_possible_cpus() : 0;

	if (l->sum_cpus)
		*l->sum_cpus = n > 0 && n <= BPF_SUM_CPUS ? (__u32)n : 0;
}

void bpf_set_reads(struct bpf_loaded *l, unsigned reads)
{
	if (l->reads)
		*l->reads = reads;
}

void bpf_unload(struct bpf_loaded *l)
{
	if (!l)
		return;
	l->destroy(l->skel);
	free(l);
}

ssize_t bpf_dump(struct bpf_loaded *l, char **buf, size_t *cap)
{
	int fd = bpf_iter_create(l->link_fd);
	size_t len = 0;

	if (fd < 0)
		return -errno;
	for (;;) {
		ssize_t n;

		/* a record is never split across reads: keep room for a
		 * whole seq buffer (8 pages) */
		if (*cap - len < 64 * 1024) {
			size_t ncap = *cap ? *cap * 2 : 1 << 20;
			char *p = realloc(*buf, ncap);

			if (!p) {
				close(fd);
				return -ENOMEM;
			}
			*buf = p;
			*cap = ncap;
		}
		n = read(fd, *buf + len, *cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			return -e;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	return (ssize_t)len;
}
