// SPDX-License-Identifier: GPL-2.0
/* Compare one task_diag task with what procfs shows for the same task. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "compare.h"

const char *const td_group_names[__TASK_DIAG_GROUP_MAX] = {
#define GROUP_NAME(NAME, name, kind) [TASK_DIAG_##NAME] = #NAME,
	TASK_DIAG_ATTRS(GROUP_NAME)
#undef GROUP_NAME
};

int read_all(const char *path, char **buf, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *b = malloc(cap + 1);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t r;

	*buf = NULL;
	*len = 0;
	if (fd < 0) {
		free(b);
		return -errno;
	}
	for (;;) {
		if (n == cap) {
			cap *= 2;
			b = realloc(b, cap + 1);
		}
		r = read(fd, b + n, cap - n);
		if (r < 0) {
			int e = -errno;

			close(fd);
			free(b);
			return e;
		}
		if (!r)
			break;
		n += r;
	}
	close(fd);
	b[n] = 0;
	*buf = b;
	*len = n;
	return 0;
}

/* procfs refusing access to the reader */
static int denied(int err)
{
	return err == -EACCES || err == -EPERM;
}

struct cmp {
	char why[512];
	int bad;
};

static void diff(struct cmp *c, const char *what, long long td, long long pr)
{
	if (td == pr)
		return;
	if (!c->bad)
		snprintf(c->why, sizeof(c->why), "%s td=%lld proc=%lld", what,
			 td, pr);
	c->bad++;
}

static void diffs(struct cmp *c, const char *what, const char *td,
		  const char *pr)
{
	if (!strcmp(td, pr))
		return;
	if (!c->bad)
		snprintf(c->why, sizeof(c->why), "%s td='%.200s' proc='%.200s'",
			 what, td, pr);
	c->bad++;
}

static void note(struct cmp *c, const char *fmt, const char *arg)
{
	if (!c->bad)
		snprintf(c->why, sizeof(c->why), fmt, arg);
	c->bad++;
}

/* stat fields, numbered as in proc(5); f[2] unused, *state, comm */
struct pstat {
	long long f[53];
	char state;
	char comm[80];
};

static int read_stat(const char *dir, struct pstat *s)
{
	char path[PATH_MAX], *buf, *p, *end;
	size_t len;
	int i, ret;

	snprintf(path, sizeof(path), "%s/stat", dir);
	ret = read_all(path, &buf, &len);
	if (ret)
		return ret;
	memset(s, 0, sizeof(*s));
	s->f[1] = strtoll(buf, NULL, 10);
	p = strchr(buf, '(');
	end = strrchr(buf, ')');
	if (!p || !end) {
		free(buf);
		return -EPROTO;
	}
	snprintf(s->comm, sizeof(s->comm), "%.*s", (int)(end - p - 1), p + 1);
	s->state = end[2];
	p = end + 3;
	for (i = 4; i <= 52 && *p; i++)
		s->f[i] = strtoll(p, &p, 10);
	free(buf);
	return 0;
}

/* state letter of stat in dir (/proc/PID), or -errno */
int proc_state(const char *dir)
{
	struct pstat s;
	int ret = read_stat(dir, &s);

	return ret ? ret : s.state;
}

/* value of "Key:" in status text, or NULL */
static const char *status_val(const char *st, const char *key)
{
	size_t kl = strlen(key);
	const char *p = st;

	while (p && *p) {
		if (!strncmp(p, key, kl) && p[kl] == ':') {
			p += kl + 1;
			while (*p == '\t' || *p == ' ')
				p++;
			return p;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

static long long status_num(const char *st, const char *key, int base)
{
	const char *v = status_val(st, key);

	return v ? strtoll(v, NULL, base) : -999;
}

static unsigned long long status_hex(const char *st, const char *key)
{
	const char *v = status_val(st, key);

	return v ? strtoull(v, NULL, 16) : ~0ULL;
}

static long long ticks(uint64_t ns)
{
	return ns / (1000000000ULL / sysconf(_SC_CLK_TCK));
}

static void cmp_base(struct cmp *c, const struct td_task *t,
		     const struct pstat *s, const char *st)
{
	const struct task_diag_base *b = &t->base;
	char state[2] = { TASK_DIAG_STATE_CHARS[b->state % 9], 0 };
	char pstate[2] = { s->state, 0 };

	diff(c, "pid", b->pid, s->f[1]);
	diffs(c, "comm", b->comm, s->comm);
	diffs(c, "state", state, pstate);
	diff(c, "ppid", b->ppid, s->f[4]);
	diff(c, "pgid", b->pgid, s->f[5]);
	diff(c, "sid", b->sid, s->f[6]);
	diff(c, "tty_nr", b->tty_nr, s->f[7]);
	diff(c, "tpgid", b->tpgid, s->f[8]);
	diff(c, "flags", b->flags, s->f[9]);
	diff(c, "nlwp", b->nlwp, s->f[20]);
	diff(c, "exit_signal", b->exit_signal, s->f[38]);
	diff(c, "processor", b->processor, s->f[39]);
	diff(c, "tgid", b->tgid, status_num(st, "Tgid", 10));
	diff(c, "tpid", b->tpid, status_num(st, "TracerPid", 10));
}

/* BASE's owner is what stat(2) of the task's directory shows */
static void cmp_owner(struct cmp *c, const struct td_task *t, const char *dir)
{
	struct stat sb;

	if (stat(dir, &sb) < 0) {
		note(c, "stat of the directory: %s", strerror(errno));
		return;
	}
	diff(c, "owner_uid", t->base.owner_uid, sb.st_uid);
	diff(c, "owner_gid", t->base.owner_gid, sb.st_gid);
}

static void cmp_cred(struct cmp *c, const struct td_task *t, const char *st)
{
	const struct task_diag_creds *r = &t->cred;
	unsigned int u[4] = {0}, g[4] = {0};
	const char *v;
	int n = 0;

	v = status_val(st, "Uid");
	if (v)
		sscanf(v, "%u %u %u %u", &u[0], &u[1], &u[2], &u[3]);
	v = status_val(st, "Gid");
	if (v)
		sscanf(v, "%u %u %u %u", &g[0], &g[1], &g[2], &g[3]);
	diff(c, "uid", r->uid, u[0]);
	diff(c, "euid", r->euid, u[1]);
	diff(c, "suid", r->suid, u[2]);
	diff(c, "fsuid", r->fsuid, u[3]);
	diff(c, "gid", r->gid, g[0]);
	diff(c, "egid", r->egid, g[1]);
	diff(c, "sgid", r->sgid, g[2]);
	diff(c, "fsgid", r->fsgid, g[3]);
	diff(c, "CapInh", r->cap_inheritable, status_hex(st, "CapInh"));
	diff(c, "CapPrm", r->cap_permitted, status_hex(st, "CapPrm"));
	diff(c, "CapEff", r->cap_effective, status_hex(st, "CapEff"));
	diff(c, "CapBnd", r->cap_bset, status_hex(st, "CapBnd"));
	diff(c, "CapAmb", r->cap_ambient, status_hex(st, "CapAmb"));
	v = status_val(st, "Groups");
	while (v && *v && *v != '\n') {
		strtoul(v, (char **)&v, 10);
		n++;
		while (*v == ' ')
			v++;
	}
	diff(c, "ngroups", r->ngroups, n);
}

static void cmp_groups(struct cmp *c, const struct td_task *t, const char *st)
{
	const struct td_bytes *b = &t->var[TASK_DIAG_GROUPS];
	const char *v = status_val(st, "Groups");
	size_t i = 0;
	uint32_t gid;

	while (v && *v && *v != '\n') {
		unsigned long pg = strtoul(v, (char **)&v, 10);

		if ((i + 1) * 4 > b->len) {
			note(c, "%s", "fewer groups than status");
			return;
		}
		memcpy(&gid, b->data + 4 * i++, 4);
		diff(c, "group", gid, pg);
		while (*v == ' ')
			v++;
	}
	diff(c, "groups bytes", b->len, 4 * i);
}

static void cmp_stat(struct cmp *c, const struct td_task *t,
		     const struct pstat *s, const char *st)
{
	const struct task_diag_stat *x = &t->stat;

	diff(c, "minflt", x->minflt, s->f[10]);
	diff(c, "cminflt", x->cminflt, s->f[11]);
	diff(c, "majflt", x->majflt, s->f[12]);
	diff(c, "cmajflt", x->cmajflt, s->f[13]);
	diff(c, "utime", ticks(x->utime), s->f[14]);
	diff(c, "stime", ticks(x->stime), s->f[15]);
	diff(c, "cutime", ticks(x->cutime), s->f[16]);
	diff(c, "cstime", ticks(x->cstime), s->f[17]);
	diff(c, "priority", x->priority, s->f[18]);
	diff(c, "nice", x->nice, s->f[19]);
	diff(c, "start_time", ticks(x->start_time), s->f[22]);
	diff(c, "vsize", x->vsize, s->f[23]);
	diff(c, "rss", x->rss, s->f[24]);
	diff(c, "rsslim", (long long)x->rsslim, s->f[25] == LLONG_MAX &&
	     x->rsslim == ~0ULL ? -1 : s->f[25]);
	diff(c, "start_code", x->start_code, s->f[26]);
	diff(c, "end_code", x->end_code, s->f[27]);
	diff(c, "start_stack", x->start_stack, s->f[28]);
	diff(c, "kstkesp", x->kstkesp, s->f[29]);
	diff(c, "kstkeip", x->kstkeip, s->f[30]);
	diff(c, "signal", x->sig_pending & 0x7fffffff, s->f[31]);
	diff(c, "blocked", x->sig_blocked & 0x7fffffff, s->f[32]);
	diff(c, "sigignore", x->sig_ignored & 0x7fffffff, s->f[33]);
	diff(c, "sigcatch", x->sig_caught & 0x7fffffff, s->f[34]);
	diff(c, "wchan", x->wchan, s->f[35]);
	diff(c, "rt_priority", x->rt_priority, s->f[40]);
	diff(c, "policy", x->policy, s->f[41]);
	diff(c, "blkio", ticks(x->blkio_delay), s->f[42]);
	diff(c, "gtime", ticks(x->gtime), s->f[43]);
	diff(c, "cgtime", ticks(x->cgtime), s->f[44]);
	diff(c, "start_data", x->start_data, s->f[45]);
	diff(c, "end_data", x->end_data, s->f[46]);
	diff(c, "start_brk", x->start_brk, s->f[47]);
	diff(c, "arg_start", x->arg_start, s->f[48]);
	diff(c, "arg_end", x->arg_end, s->f[49]);
	diff(c, "env_start", x->env_start, s->f[50]);
	diff(c, "env_end", x->env_end, s->f[51]);
	diff(c, "exit_code", x->exit_code, s->f[52]);
	diff(c, "SigPnd", x->sig_pending, status_hex(st, "SigPnd"));
	diff(c, "ShdPnd", x->sig_shared_pending, status_hex(st, "ShdPnd"));
	diff(c, "SigBlk", x->sig_blocked, status_hex(st, "SigBlk"));
	diff(c, "SigIgn", x->sig_ignored, status_hex(st, "SigIgn"));
	diff(c, "SigCgt", x->sig_caught, status_hex(st, "SigCgt"));
	diff(c, "nvcsw", x->nvcsw,
	     status_num(st, "voluntary_ctxt_switches", 10));
	diff(c, "nivcsw", x->nivcsw,
	     status_num(st, "nonvoluntary_ctxt_switches", 10));
}

static void cmp_statm(struct cmp *c, const struct td_task *t, const char *dir,
		      const char *st)
{
	const struct task_diag_statm *m = &t->statm;
	unsigned long long f[7] = {0};
	char path[PATH_MAX], *buf;
	size_t len;
	long long kb = getpagesize() / 1024;

	snprintf(path, sizeof(path), "%s/statm", dir);
	if (read_all(path, &buf, &len)) {
		note(c, "%.200s unreadable", path);
		return;
	}
	sscanf(buf, "%llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1],
	       &f[2], &f[3], &f[4], &f[5], &f[6]);
	free(buf);
	diff(c, "size", m->size, f[0]);
	diff(c, "resident", m->resident, f[1]);
	diff(c, "shared", m->shared, f[2]);
	diff(c, "text", m->text, f[3]);
	diff(c, "data", m->data, f[5]);
	if (!m->has_mm) {
		diff(c, "VmSize absent", 0, !!status_val(st, "VmSize"));
		return;
	}
	diff(c, "VmPeak", m->hiwater_vm * kb, status_num(st, "VmPeak", 10));
	diff(c, "VmSize", m->size * kb, status_num(st, "VmSize", 10));
	diff(c, "VmLck", m->locked_vm * kb, status_num(st, "VmLck", 10));
	diff(c, "VmPin", m->pinned_vm * kb, status_num(st, "VmPin", 10));
	diff(c, "VmHWM", m->hiwater_rss * kb, status_num(st, "VmHWM", 10));
	diff(c, "VmRSS", m->resident * kb, status_num(st, "VmRSS", 10));
	diff(c, "RssAnon", m->anon * kb, status_num(st, "RssAnon", 10));
	diff(c, "RssFile", m->file * kb, status_num(st, "RssFile", 10));
	diff(c, "RssShmem", m->shmem * kb, status_num(st, "RssShmem", 10));
	diff(c, "VmData", m->data_vm * kb, status_num(st, "VmData", 10));
	diff(c, "VmStk", m->stack_vm * kb, status_num(st, "VmStk", 10));
	diff(c, "VmExe", m->vm_exe >> 10, status_num(st, "VmExe", 10));
	diff(c, "VmLib", m->vm_lib >> 10, status_num(st, "VmLib", 10));
	diff(c, "VmPTE", m->pgtables_bytes >> 10, status_num(st, "VmPTE", 10));
	diff(c, "VmSwap", m->swap * kb, status_num(st, "VmSwap", 10));
}

/* a bytes group against a whole procfs file */
static void cmp_file(struct cmp *c, const struct td_task *t, int g,
		     const char *dir, const char *name)
{
	const struct td_bytes *b = &t->var[g];
	int withheld = !!(t->withheld & TASK_DIAG_SHOW(g));
	char path[PATH_MAX], *buf;
	size_t len;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ret = read_all(path, &buf, &len);
	/* procfs prints "0" for a wchan it may not show */
	if (g == TASK_DIAG_WCHAN && withheld && !ret) {
		if (len != 1 || buf[0] != '0')
			note(c, "withheld but procfs shows '%s'", buf);
		free(buf);
		return;
	}
	if (denied(ret) || withheld) {
		if (!denied(ret) || !withheld)
			note(c, "%s", withheld ? "withheld but procfs allows"
				 : "procfs refuses but not withheld");
		free(buf);
		return;
	}
	if (ret) {
		/* procfs fails otherwise: the group must be absent or empty */
		if ((t->have & TASK_DIAG_SHOW(g)) && b->len)
			note(c, "procfs read fails (%s) but td has data",
			     strerror(-ret));
		return;
	}
	if (!(t->have & TASK_DIAG_SHOW(g)))
		note(c, "%s", "attribute missing");
	else if (len != b->len || memcmp(buf, b->data, len)) {
		snprintf(c->why, sizeof(c->why),
			 "%zu bytes differ from procfs %zu bytes: td='%.60s' proc='%.60s'",
			 b->len, len, b->data ? b->data : "", buf);
		c->bad++;
	}
	free(buf);
}

static void cmp_io(struct cmp *c, const struct td_task *t, const char *dir)
{
	unsigned long long v[7] = {0};
	char path[PATH_MAX], *buf;
	size_t len;
	int ret;

	snprintf(path, sizeof(path), "%s/io", dir);
	ret = read_all(path, &buf, &len);
	if (denied(ret) != !!(t->withheld & TASK_DIAG_SHOW_IO)) {
		note(c, "withheld mismatch (%s)", strerror(-ret));
		free(buf);
		return;
	}
	if (ret)
		return;
	sscanf(buf, "rchar: %llu\nwchar: %llu\nsyscr: %llu\nsyscw: %llu\n"
	       "read_bytes: %llu\nwrite_bytes: %llu\n"
	       "cancelled_write_bytes: %llu", &v[0], &v[1], &v[2], &v[3],
	       &v[4], &v[5], &v[6]);
	free(buf);
	diff(c, "rchar", t->io.rchar, v[0]);
	diff(c, "wchar", t->io.wchar, v[1]);
	diff(c, "syscr", t->io.syscr, v[2]);
	diff(c, "syscw", t->io.syscw, v[3]);
	diff(c, "read_bytes", t->io.read_bytes, v[4]);
	diff(c, "write_bytes", t->io.write_bytes, v[5]);
	diff(c, "cancelled", t->io.cancelled_write_bytes, v[6]);
}

static void cmp_exe(struct cmp *c, const struct td_task *t, const char *dir)
{
	const struct td_bytes *b = &t->var[TASK_DIAG_EXE];
	char path[PATH_MAX], link[PATH_MAX + 1];
	ssize_t n;

	snprintf(path, sizeof(path), "%s/exe", dir);
	n = readlink(path, link, PATH_MAX);
	if (n < 0 && (errno == EACCES || errno == EPERM)) {
		if (!(t->withheld & TASK_DIAG_SHOW_EXE))
			note(c, "%s", "procfs refuses but not withheld");
		return;
	}
	if (t->withheld & TASK_DIAG_SHOW_EXE) {
		note(c, "%s", "withheld but procfs allows");
		return;
	}
	if (n < 0) {
		if (t->have & TASK_DIAG_SHOW_EXE)
			note(c, "readlink fails (%s) but td has a path",
			     strerror(errno));
		return;
	}
	link[n] = 0;
	diffs(c, "exe", b->data ? b->data : "(absent)", link);
}

static void cmp_ns(struct cmp *c, const struct td_task *t, const char *dir)
{
	static const char *const names[] = {
		"cgroup", "ipc", "mnt", "net", "pid", "pid_for_children",
		"time", "time_for_children", "user", "uts",
	};
	uint64_t v[10];
	char path[PATH_MAX];
	struct stat sb;
	unsigned int i;

	memcpy(v, &t->ns, sizeof(v));
	for (i = 0; i < 10; i++) {
		snprintf(path, sizeof(path), "%s/ns/%s", dir, names[i]);
		if (stat(path, &sb)) {
			if (errno == EACCES || errno == EPERM) {
				if (!(t->withheld & TASK_DIAG_SHOW_NS))
					note(c, "%s refused, not withheld",
					     names[i]);
				continue;
			}
			sb.st_ino = 0;
		} else if (t->withheld & TASK_DIAG_SHOW_NS) {
			note(c, "%s: withheld but procfs allows", names[i]);
			continue;
		}
		if (!(t->withheld & TASK_DIAG_SHOW_NS))
			diff(c, names[i], v[i], sb.st_ino);
	}
}

static long long file_num(const char *dir, const char *name, int *err)
{
	char path[PATH_MAX], *buf;
	size_t len;
	long long v;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	*err = read_all(path, &buf, &len);
	if (*err)
		return -12345;
	v = strtoll(buf, NULL, 10);
	free(buf);
	return v;
}

static void cmp_small(struct cmp *c, const struct td_task *t, int g,
		      const char *dir)
{
	int e1 = 0, e2 = 0;

	if (g == TASK_DIAG_OOM) {
		diff(c, "oom_score", t->oom.oom_score,
		     file_num(dir, "oom_score", &e1));
		diff(c, "oom_score_adj", t->oom.oom_score_adj,
		     file_num(dir, "oom_score_adj", &e2));
	} else {
		diff(c, "loginuid", t->login.loginuid,
		     (unsigned int)file_num(dir, "loginuid", &e1));
		diff(c, "sessionid", t->login.sessionid,
		     (unsigned int)file_num(dir, "sessionid", &e2));
	}
	if (denied(e1) || denied(e2))
		note(c, "%s", "procfs refuses an ungated group");
}

int compare_task(const struct td_task *t, const char *dir, uint64_t mask,
		 const char *label, int report)
{
	struct pstat s;
	char path[PATH_MAX], *st = NULL;
	size_t len;
	int g, nbad = 0, serr, sterr;

	serr = read_stat(dir, &s);
	snprintf(path, sizeof(path), "%s/status", dir);
	sterr = read_all(path, &st, &len);
	for (g = 0; g < __TASK_DIAG_GROUP_MAX; g++) {
		struct cmp c = { .bad = 0 };

		if (!(mask & TASK_DIAG_SHOW(g)))
			continue;
		if (!(t->have & TASK_DIAG_SHOW(g)) &&
		    !(t->withheld & TASK_DIAG_SHOW(g)) &&
		    g != TASK_DIAG_EXE && g != TASK_DIAG_CGROUP) {
			note(&c, "%s", "attribute missing and not withheld");
		} else if (t->withheld & TASK_DIAG_SHOW(g) &&
			   (g == TASK_DIAG_BASE || g == TASK_DIAG_CRED ||
			    g == TASK_DIAG_STAT || g == TASK_DIAG_STATM ||
			    g == TASK_DIAG_GROUPS || g == TASK_DIAG_OOM ||
			    g == TASK_DIAG_LOGINUID)) {
			/* only hidepid=1 withholds these, refusing stat too */
			if (!denied(serr))
				note(&c, "%s", "withheld but procfs allows");
		} else {
			switch (g) {
			case TASK_DIAG_BASE:
				if (serr || sterr)
					note(&c, "%s", "stat/status unreadable");
				else
					cmp_base(&c, t, &s, st);
				cmp_owner(&c, t, dir);
				break;
			case TASK_DIAG_CRED:
				cmp_cred(&c, t, st ? st : "");
				break;
			case TASK_DIAG_GROUPS:
				cmp_groups(&c, t, st ? st : "");
				break;
			case TASK_DIAG_STAT:
				if (serr)
					note(&c, "%s", "stat unreadable");
				else
					cmp_stat(&c, t, &s, st ? st : "");
				break;
			case TASK_DIAG_STATM:
				cmp_statm(&c, t, dir, st ? st : "");
				break;
			case TASK_DIAG_CMDLINE:
				cmp_file(&c, t, g, dir, "cmdline");
				break;
			case TASK_DIAG_ENVIRON:
				cmp_file(&c, t, g, dir, "environ");
				break;
			case TASK_DIAG_CGROUP:
				cmp_file(&c, t, g, dir, "cgroup");
				break;
			case TASK_DIAG_WCHAN:
				cmp_file(&c, t, g, dir, "wchan");
				break;
			case TASK_DIAG_AUTOGROUP:
				cmp_file(&c, t, g, dir, "autogroup");
				break;
			case TASK_DIAG_IO:
				cmp_io(&c, t, dir);
				break;
			case TASK_DIAG_EXE:
				cmp_exe(&c, t, dir);
				break;
			case TASK_DIAG_NS:
				cmp_ns(&c, t, dir);
				break;
			case TASK_DIAG_OOM:
			case TASK_DIAG_LOGINUID:
				cmp_small(&c, t, g, dir);
				break;
			}
		}
		if (c.bad)
			nbad++;
		if (report)
			check(!c.bad, "%s %s%s%s", label, td_group_names[g],
			      c.bad ? ": " : "", c.bad ? c.why : "");
	}
	free(st);
	return nbad;
}
