/* Loading the task iterator: the system checks behind a clear refusal,
 * the skeleton's load (BTF relocation and the verifier: most of the load
 * cost), and one pass of the iterator per scan. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <linux/capability.h>
#include <bpf/libbpf.h>
#include <bpf/bpf.h>
#include "bpf_int.h"
#include "task_iter.skel.h"
#include "cmd_iter.skel.h"

/* One loaded program (a skeleton) and its iterator link. */
struct bpf_loaded {
	void *skel;
	void (*destroy)(void *skel);
	struct bpf_link *link;
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

static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

static void destroy_task_iter(void *skel)
{
	task_iter__destroy(skel);
}

static void destroy_cmd_iter(void *skel)
{
	cmd_iter__destroy(skel);
}

/* Attaches prog of the loaded skel (NULL: the load failed, errno set). */
static struct bpf_loaded *attach(void *skel, struct bpf_program *prog,
				 void (*destroy)(void *), char *why,
				 size_t size)
{
	struct bpf_loaded *l;
	int err = errno;

	if (!skel) {
		snprintf(why, size, "the kernel refused the task iterator "
			 "(%s)", strerror(err));
		errno = err;
		return NULL;
	}
	l = calloc(1, sizeof(*l));
	if (!l || !(l->link = bpf_program__attach_iter(prog, NULL))) {
		err = l ? errno : ENOMEM;
		snprintf(why, size, "cannot attach the task iterator (%s)",
			 strerror(err));
		destroy(skel);
		free(l);
		errno = err;
		return NULL;
	}
	l->skel = skel;
	l->destroy = destroy;
	return l;
}

struct bpf_loaded *bpf_load(enum bpf_prog which, char *why, size_t size)
{
	struct task_iter *tasks = NULL;
	struct cmd_iter *cmds = NULL;

	/* libbpf's own messages (the verifier's log) only when asked */
	if (!getenv("PROCPS_BPF_DEBUG"))
		libbpf_set_print(quiet);
	if (which == BPF_PROG_CMDLINES) {
		cmds = cmd_iter__open_and_load();
		return attach(cmds, cmds ? cmds->progs.dump_cmdline : NULL,
			      destroy_cmd_iter, why, size);
	}
	tasks = task_iter__open_and_load();
	return attach(tasks, tasks ? tasks->progs.dump_task : NULL,
		      destroy_task_iter, why, size);
}

void bpf_unload(struct bpf_loaded *l)
{
	if (!l)
		return;
	bpf_link__destroy(l->link);
	l->destroy(l->skel);
	free(l);
}

ssize_t bpf_dump(struct bpf_loaded *l, char **buf, size_t *cap)
{
	int fd = bpf_iter_create(bpf_link__fd(l->link));
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
