/* The field table and the cell printers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/escape.h"
#include "library/names.h"
#include "library/sysinfo.h"
#include "library/ttydev.h"
#include "fields.h"
#include "fmt.h"
#include "forestview.h"
#include "sysstat.h"
#include "xwidth.h"

/* How a field's value becomes text. */
enum kind {
	K_NUM,          /* an integer, '+' when too wide */
	K_NUMZ,         /* the same, blank under Zero_suppress */
	K_MEM,          /* KiB, scaled by -e */
	K_SNUM,         /* a count, scaled with k/m/g suffixes */
	K_STR,          /* text, '+' when too wide */
	K_STATE, K_PCPU, K_PMEM, K_PUTIL, K_TIME, K_TIMEP, K_STARTED,
	K_ELAPSED, K_FLAGS, K_PRIO, K_COMMAND,
};

struct field {
	const char *head;
	int width;              /* 0: set at start-up; -1: variable */
	enum kind kind;
	group_mask groups;
	/* the value: exactly one of these is set */
	long long (*num)(const struct row *r);
	const char *(*str)(const struct row *r, char *buf, size_t size);
};

#define G(g) GROUP_BIT(GRP_##g)
#define T(r) ((r)->t)

/* Numeric getters: one line each. */
#define NUM(name, expr) \
	static long long name(const struct row *r) { (void)r; return (expr); }
#define PGKIB(x) ((long long)(x) * sys_page_kib())

NUM(v_pid, T(r)->tid)
NUM(v_ppid, T(r)->ppid)
NUM(v_euid, T(r)->euid)
NUM(v_ruid, T(r)->ruid)
NUM(v_suid, T(r)->suid)
NUM(v_egid, T(r)->egid)
NUM(v_pgrp, T(r)->pgrp)
NUM(v_tpgid, T(r)->tpgid)
NUM(v_sid, T(r)->session)
NUM(v_prio, T(r)->priority)
NUM(v_nice, T(r)->nice)
NUM(v_nlwp, T(r)->nlwp)
NUM(v_cpu, T(r)->processor)
NUM(v_tics_delta, (long long)r->tics_delta)
NUM(v_tics, (long long)(T(r)->utime + T(r)->stime))
NUM(v_virt, PGKIB(T(r)->sm_size))
NUM(v_swap, (long long)T(r)->vm_swap)
NUM(v_res, PGKIB(T(r)->sm_resident))
NUM(v_code, PGKIB(T(r)->sm_text))
NUM(v_data, PGKIB(T(r)->sm_data))
NUM(v_shr, PGKIB(T(r)->sm_shared))
NUM(v_majflt, (long long)T(r)->majflt)
NUM(v_minflt, (long long)T(r)->minflt)
NUM(v_dirty, (long long)T(r)->sm_dirty)
NUM(v_state, T(r)->state)
NUM(v_flags, (long long)T(r)->flags)
NUM(v_tgid, T(r)->tgid)
NUM(v_oom_adj, T(r)->oom_adj)
NUM(v_oom_score, T(r)->oom_score)
NUM(v_maj_delta, (long long)r->maj_delta)
NUM(v_min_delta, (long long)r->min_delta)
NUM(v_used, PGKIB(T(r)->sm_resident) + (long long)T(r)->vm_swap)
NUM(v_ns_ipc, (long long)T(r)->ns[TASK_NS_IPC])
NUM(v_ns_mnt, (long long)T(r)->ns[TASK_NS_MNT])
NUM(v_ns_net, (long long)T(r)->ns[TASK_NS_NET])
NUM(v_ns_pid, (long long)T(r)->ns[TASK_NS_PID])
NUM(v_ns_user, (long long)T(r)->ns[TASK_NS_USER])
NUM(v_ns_uts, (long long)T(r)->ns[TASK_NS_UTS])
NUM(v_ns_cgroup, (long long)T(r)->ns[TASK_NS_CGROUP])
NUM(v_ns_time, (long long)T(r)->ns[TASK_NS_TIME])
NUM(v_rss_anon, (long long)T(r)->vm_rss_anon)
NUM(v_rss_file, (long long)T(r)->vm_rss_file)
NUM(v_rss_locked, (long long)T(r)->vm_lock)
NUM(v_rss_shared, (long long)T(r)->vm_rss_shared)
NUM(v_loginuid, (int)T(r)->loginuid)
NUM(v_smap_rss, (long long)T(r)->sm_rss)
NUM(v_smap_pss, (long long)T(r)->sm_pss)
NUM(v_smap_pss_anon, (long long)T(r)->sm_pss_anon)
NUM(v_smap_pss_file, (long long)T(r)->sm_pss_file)
NUM(v_smap_pss_shmem, (long long)T(r)->sm_pss_shmem)
NUM(v_smap_uss, (long long)T(r)->sm_uss)
NUM(v_io_rbytes, (long long)T(r)->io_read_bytes)
NUM(v_io_rops, (long long)T(r)->io_syscr)
NUM(v_io_wbytes, (long long)T(r)->io_write_bytes)
NUM(v_io_wops, (long long)T(r)->io_syscw)
/* a task without an autogroup file (threads, kernel threads) shows -1 */
NUM(v_ag_id, (T(r)->groups_filled & GROUP_BIT(GRP_AUTOGROUP)) ?
	     T(r)->autogroup_id : -1)
NUM(v_ag_nice, T(r)->autogroup_nice)
NUM(v_start, (long long)T(r)->start_time)
NUM(v_numa, numa_node_of(T(r)->processor))

/* String getters: they may use buf; they return what to show. */
#define STR(name) \
	static const char *name(const struct row *r, char *buf, size_t size)

STR(s_euser) { (void)buf; (void)size; return user_name(T(r)->euid); }
STR(s_ruser) { (void)buf; (void)size; return user_name(T(r)->ruid); }
STR(s_suser) { (void)buf; (void)size; return user_name(T(r)->suid); }
STR(s_egroup) { (void)buf; (void)size; return group_name(T(r)->egid); }

STR(s_tty)
{
	tty_name(buf, size - 1 < 63 ? size - 1 : 63, T(r)->tty_nr, T(r)->tid,
		 TTY_ABBREV_DEV);
	return buf;
}

/* /proc/PID/wchan: "?" when unreadable, "-" for "0"; a leading '.' and
 * underscores are dropped. */
STR(s_wchan)
{
	const char *w = T(r)->wchan;

	(void)buf;
	(void)size;
	if (!w || !*w)
		return "?";
	if (strcmp(w, "0") == 0)
		return "-";
	if (*w == '.')
		w++;
	while (*w == '_')
		w++;
	return w;
}

STR(s_flags)
{
	snprintf(buf, size, "%08lx", T(r)->flags);
	for (char *p = buf; *p; p++)
		if (*p == '0')
			*p = '.';
	return buf;
}

/* The cgroup lines that name a group, escaped and joined by commas. */
STR(s_cgroups)
{
	const struct task_blob *b = &T(r)->cgroup;
	size_t n = 0;

	buf[0] = '\0';
	if (!b->data)
		return "-";
	for (size_t i = 0; i < b->len;) {
		const char *line = b->data + i;
		const char *nl = memchr(line, '\n', b->len - i);
		size_t len = nl ? (size_t)(nl - line) : b->len - i;
		char tmp[4096];

		i += len + 1;
		if (!len || line[len - 1] == '/' || len >= sizeof(tmp))
			continue;
		memcpy(tmp, line, len);
		tmp[len] = '\0';
		if (n && n + 1 < size)
			buf[n++] = ',';
		if (n + 1 < size)
			n += escape_lib(buf + n, tmp, size - n);
	}
	buf[n] = '\0';
	return n ? buf : "-";
}

STR(s_cgname)
{
	const char *cg = s_cgroups(r, buf, size), *name, *end;

	/* a named hierarchy gives the last part of its path; without one
	 * the whole list shows */
	name = strstr(cg, "name=");
	if (!name)
		return cg;
	name = strchr(name, ':');
	if (!name || name[1] != '/')
		return "-";
	end = strchr(name, ',');
	if (end)
		*(char *)end = '\0';
	name = strrchr(name, '/');
	return name[1] ? name + 1 : "-";
}

STR(s_lxc)
{
	const char *cg = s_cgroups(r, buf, size);
	static const char *const marks[] = { "/lxc.payload.", "/lxc.payload/",
					     "/lxc/" };

	for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		char *p = strstr(cg, marks[i]), *end;

		if (!p)
			continue;
		p += strlen(marks[i]);
		end = strpbrk(p, "/,");
		if (end)
			*end = '\0';
		memmove(buf, p, strlen(p) + 1);
		return *buf ? buf : "-";
	}
	return "-";
}

STR(s_supgids)
{
	(void)buf;
	(void)size;
	return T(r)->supgids && *T(r)->supgids ? T(r)->supgids : "-";
}

STR(s_supgrps)
{
	const char *g = T(r)->supgids;
	size_t n = 0;

	if (!g || !*g)
		return "-";
	while (*g) {
		char *end;
		unsigned long id = strtoul(g, &end, 10);
		const char *name = group_name((gid_t)id);

		if (end == g)
			break;
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s",
				      n ? "," : "", name);
		g = *end == ',' ? end + 1 : end;
		if (n >= size)
			break;
	}
	return buf;
}

STR(s_environ)
{
	char tmp[8192];
	const struct task_blob *b = &T(r)->environ;

	if (!b->data || !b->len)
		return "-";
	join_vector(tmp, sizeof(tmp), b->data, b->len);
	escape_lib(buf, tmp, size);
	return *buf ? buf : "-";
}

STR(s_exe)
{
	if (!T(r)->exe)
		return "-";
	escape_lib(buf, T(r)->exe, size);
	return buf;
}

#define N(h, w, k, g, f) { h, w, k, g, f, NULL }
#define S(h, w, g, f) { h, w, K_STR, g, NULL, f }

/* One row per field: header, width, printer, data groups, value. */
static struct field fields[FLD_COUNT] = {
	[F_PID]      = N("PID", 0, K_NUM, 0, v_pid),
	[F_PPID]     = N("PPID", 0, K_NUM, G(STAT), v_ppid),
	[F_UID]      = N("UID", 5, K_NUM, G(OWNER), v_euid),
	[F_USER]     = S("USER", 8, G(OWNER), s_euser),
	[F_RUID]     = N("RUID", 5, K_NUM, G(STATUS), v_ruid),
	[F_RUSER]    = S("RUSER", 8, G(STATUS), s_ruser),
	[F_SUID]     = N("SUID", 5, K_NUM, G(STATUS), v_suid),
	[F_SUSER]    = S("SUSER", 8, G(STATUS), s_suser),
	[F_GID]      = N("GID", 5, K_NUM, G(OWNER), v_egid),
	[F_GROUP]    = S("GROUP", 8, G(OWNER), s_egroup),
	[F_PGRP]     = N("PGRP", 0, K_NUM, G(STAT), v_pgrp),
	[F_TTY]      = S("TTY", 8, G(STAT), s_tty),
	[F_TPGID]    = N("TPGID", 0, K_NUM, G(STAT), v_tpgid),
	[F_SID]      = N("SID", 0, K_NUM, G(STAT), v_sid),
	[F_PR]       = N("PR", 3, K_PRIO, G(STAT), v_prio),
	[F_NI]       = N("NI", 3, K_NUMZ, G(STAT), v_nice),
	[F_NTH]      = N("nTH", 3, K_NUM, G(STAT), v_nlwp),
	[F_P]        = N("P", 0, K_NUM, G(STAT), v_cpu),
	[F_CPU]      = N("%CPU", 5, K_PCPU, G(STAT), v_tics_delta),
	[F_TIME]     = N("TIME", 6, K_TIME, G(STAT), v_tics),
	[F_TIMEP]    = N("TIME+", 9, K_TIMEP, G(STAT), v_tics),
	[F_MEM]      = N("%MEM", 5, K_PMEM, G(STATM), v_res),
	[F_VIRT]     = N("VIRT", 7, K_MEM, G(STATM), v_virt),
	[F_SWAP]     = N("SWAP", 6, K_MEM, G(STATUS), v_swap),
	[F_RES]      = N("RES", 6, K_MEM, G(STATM), v_res),
	[F_CODE]     = N("CODE", 6, K_MEM, G(STATM), v_code),
	[F_DATA]     = N("DATA", 7, K_MEM, G(STATM), v_data),
	[F_SHR]      = N("SHR", 6, K_MEM, G(STATM), v_shr),
	[F_NMAJ]     = N("nMaj", 4, K_SNUM, G(STAT), v_majflt),
	[F_NMIN]     = N("nMin", 4, K_SNUM, G(STAT), v_minflt),
	[F_NDRT]     = N("nDRT", 4, K_SNUM, G(STATM), v_dirty),
	[F_S]        = N("S", 1, K_STATE, G(STAT), v_state),
	[F_COMMAND]  = N("COMMAND", -1, K_COMMAND, G(STAT), NULL),
	[F_WCHAN]    = S("WCHAN", 10, G(WCHAN), s_wchan),
	[F_FLAGS]    = { "Flags", 8, K_FLAGS, G(STAT), v_flags, s_flags },
	[F_CGROUPS]  = S("CGROUPS", -1, G(CGROUP), s_cgroups),
	[F_SUPGIDS]  = S("SUPGIDS", -1, G(STATUS), s_supgids),
	[F_SUPGRPS]  = S("SUPGRPS", -1, G(STATUS), s_supgrps),
	[F_TGID]     = N("TGID", 0, K_NUM, G(STAT), v_tgid),
	[F_OOMA]     = N("OOMa", 5, K_NUMZ, G(OOM), v_oom_adj),
	[F_OOMS]     = N("OOMs", 4, K_NUMZ, G(OOM), v_oom_score),
	[F_ENVIRON]  = S("ENVIRON", -1, G(ENVIRON), s_environ),
	[F_VMJ]      = N("vMj", 3, K_SNUM, G(STAT), v_maj_delta),
	[F_VMN]      = N("vMn", 3, K_SNUM, G(STAT), v_min_delta),
	[F_USED]     = N("USED", 6, K_MEM, G(STATM) | G(STATUS), v_used),
	[F_NSIPC]    = N("nsIPC", 10, K_NUM, G(NS), v_ns_ipc),
	[F_NSMNT]    = N("nsMNT", 10, K_NUM, G(NS), v_ns_mnt),
	[F_NSNET]    = N("nsNET", 10, K_NUM, G(NS), v_ns_net),
	[F_NSPID]    = N("nsPID", 10, K_NUM, G(NS), v_ns_pid),
	[F_NSUSER]   = N("nsUSER", 10, K_NUM, G(NS), v_ns_user),
	[F_NSUTS]    = N("nsUTS", 10, K_NUM, G(NS), v_ns_uts),
	[F_LXC]      = S("LXC", 8, G(CGROUP), s_lxc),
	[F_RSAN]     = N("RSan", 6, K_MEM, G(STATUS), v_rss_anon),
	[F_RSFD]     = N("RSfd", 6, K_MEM, G(STATUS), v_rss_file),
	[F_RSLK]     = N("RSlk", 6, K_MEM, G(STATUS), v_rss_locked),
	[F_RSSH]     = N("RSsh", 6, K_MEM, G(STATUS), v_rss_shared),
	[F_CGNAME]   = S("CGNAME", -1, G(CGROUP), s_cgname),
	[F_NU]       = N("NU", 2, K_NUM, G(STAT), v_numa),
	[F_LOGID]    = N("LOGID", 5, K_NUM, G(LOGIN), v_loginuid),
	[F_EXE]      = S("EXE", -1, G(EXE), s_exe),
	[F_RSS]      = N("RSS", 6, K_MEM, G(SMAPS), v_smap_rss),
	[F_PSS]      = N("PSS", 6, K_MEM, G(SMAPS), v_smap_pss),
	[F_PSAN]     = N("PSan", 6, K_MEM, G(SMAPS), v_smap_pss_anon),
	[F_PSFD]     = N("PSfd", 6, K_MEM, G(SMAPS), v_smap_pss_file),
	[F_PSSH]     = N("PSsh", 6, K_MEM, G(SMAPS), v_smap_pss_shmem),
	[F_USS]      = N("USS", 6, K_MEM, G(SMAPS), v_smap_uss),
	[F_IOR]      = N("ioR", 6, K_SNUM, G(IO), v_io_rbytes),
	[F_IOROP]    = N("ioRop", 5, K_SNUM, G(IO), v_io_rops),
	[F_IOW]      = N("ioW", 6, K_SNUM, G(IO), v_io_wbytes),
	[F_IOWOP]    = N("ioWop", 5, K_SNUM, G(IO), v_io_wops),
	[F_AGID]     = N("AGID", 5, K_NUM, G(AUTOGROUP), v_ag_id),
	[F_AGNI]     = N("AGNI", 4, K_NUM, G(AUTOGROUP), v_ag_nice),
	[F_STARTED]  = N("STARTED", 7, K_STARTED, G(STAT), v_start),
	[F_ELAPSED]  = N("ELAPSED", 7, K_ELAPSED, G(STAT), v_start),
	[F_CUU]      = N("%CUU", 6, K_PUTIL, G(STAT), v_tics),
	[F_CUC]      = N("%CUC", 7, K_PUTIL, G(STAT), v_tics),
	[F_NSCGROUP] = N("nsCGROUP", 10, K_NUM, G(NS), v_ns_cgroup),
	[F_NSTIME]   = N("nsTIME", 10, K_NUM, G(NS), v_ns_time),
};

double Sort_uptime;

const char *field_name(int f)
{
	return fields[f].head;
}

int field_width(int f)
{
	int w = fields[f].width;

	return w > 0 ? w + xwidth_extra(f, w) : w;
}

bool field_is_variable(int f)
{
	return fields[f].width < 0;
}

const char *field_text(int f, const struct row *r, char *buf, size_t size)
{
	return fields[f].str ? fields[f].str(r, buf, size) : "";
}

int field_by_name(const char *name)
{
	for (int f = 0; f < FLD_COUNT; f++)
		if (strcmp(fields[f].head, name) == 0)
			return f;
	return -1;
}

void fields_init(int pid_digits, int cpu_count, bool irix, bool threads)
{
	static const int pid_like[] = { F_PID, F_PPID, F_PGRP, F_SID, F_TGID,
					F_TPGID };
	char buf[16];
	int digits;

	for (size_t i = 0; i < sizeof(pid_like) / sizeof(pid_like[0]); i++)
		fields[pid_like[i]].width = pid_digits > 5 ? pid_digits : 5;
	digits = snprintf(buf, sizeof(buf), "%d", cpu_count);
	fields[F_P].width = digits > 1 ? digits : 1;
	fields[F_CPU].width = 5;
	if (irix && cpu_count > 1 && !threads) {
		if (cpu_count > 1000)
			fields[F_CPU].width = 7;
		else if (cpu_count > 100)
			fields[F_CPU].width = 6;
	}
}

group_mask field_groups(int f, int winflags)
{
	group_mask g = fields[f].groups;

	if (f == F_COMMAND && (winflags & WF_CMDLINE))
		g |= G(CMDLINE);
	if (f == F_TIME || f == F_TIMEP || f == F_CUC)
		g |= G(STAT);
	return g;
}

/* Strings are justified right only under 'J', numbers left only
 * without 'j'. */
static bool is_string_kind(enum kind k)
{
	return k == K_STR || k == K_STATE || k == K_COMMAND || k == K_FLAGS;
}

static bool justify_right(int f, int winflags)
{
	if (is_string_kind(fields[f].kind))
		return (winflags & WF_JRSTRS) != 0;
	return (winflags & WF_JRNUMS) != 0;
}

static int cell_width(int f, const struct frame *fr)
{
	return fields[f].width < 0 ? fr->varcolsz : field_width(f);
}

const char *field_header(int f, const struct frame *fr)
{
	return fmt_pad(fields[f].head, cell_width(f, fr),
		       justify_right(f, fr->winflags));
}

const char *field_command(const struct row *r, int winflags, char *buf,
			  size_t size)
{
	char text[8192], raw[8192];
	const struct task *t = r->t;

	if ((winflags & WF_CMDLINE) && t->cmdline.data && t->cmdline.len) {
		/* arguments that escape to nothing show as "?" */
		join_vector(raw, sizeof(raw), t->cmdline.data, t->cmdline.len);
		escape_lib(text, raw, sizeof(text));
		if (!text[0])
			strcpy(text, "?");
	} else if (winflags & WF_CMDLINE) {
		char comm[TASK_COMM_MAX * 2];

		/* no arguments (kernel threads, zombies): the bracketed name */
		escape_lib(comm, t->comm, sizeof(comm));
		snprintf(text, sizeof(text), "[%s]%s", comm,
			 t->state == 'Z' ? " <defunct>" : "");
	} else {
		escape_lib(text, t->comm, sizeof(text));
	}
	if (!(winflags & WF_FOREST) || r->level <= 0) {
		snprintf(buf, size, "%s", text);
	} else {
		int level = r->level > 100 ? 101 : r->level;

		snprintf(buf, size, "%c%*s%s", forestview_mark(r),
			 4 * level - 1, "`- ", text);
	}
	return buf;
}

static double utilization(const struct row *r, const struct frame *fr,
			  bool children)
{
	const struct task *t = r->t;
	double boot_tics = fr->uptime * (double)sys_hertz();
	double life = boot_tics - (double)t->start_time;
	unsigned long long tics = t->utime + t->stime;

	if (children)
		tics += t->cutime + t->cstime;
	if (life <= 0)
		return 0;
	return (double)((float)tics * 100.0f) / life;
}

const char *field_cell(int f, const struct row *r, const struct frame *fr)
{
	static char buf[SCREEN_MAX * 16];
	const struct field *d = &fields[f];
	int w = cell_width(f, fr);
	bool right = justify_right(f, fr->winflags);
	const struct task *t = r->t;

	switch (d->kind) {
	case K_NUM: {
		long long v = d->num(r);

		xwidth_seen(f, snprintf(buf, sizeof(buf), "%lld", v), d->width);
		return fmt_num(v, w, right, false);
	}
	case K_NUMZ:
		return fmt_num(d->num(r), w, right, true);
	case K_MEM:
		return fmt_mem((enum scale)fr->task_mscale, (double)d->num(r), w,
			       right);
	case K_SNUM:
		return fmt_scaled_num((unsigned long long)d->num(r), w, right);
	case K_STR: {
		const char *s = d->str(r, buf, sizeof(buf));

		xwidth_seen(f, (int)strlen(s), d->width);
		return fmt_str(s, w, right);
	}
	case K_FLAGS:
		return fmt_str(s_flags(r, buf, sizeof(buf)), w, right);
	case K_STATE:
		return fmt_chr(t->state, w, right);
	case K_PRIO:
		if (t->priority < -99 || t->priority > 999)
			return fmt_str("rt", w, right);
		return fmt_num(t->priority, w, right, false);
	case K_PCPU: {
		float u = (float)r->tics_delta * fr->etscale;

		if (u > 100.0f * (float)t->nlwp)
			u = 100.0f * (float)t->nlwp;
		if (u > fr->cpu_pmax)
			u = fr->cpu_pmax;
		return fmt_pct(u, w, right, false);
	}
	case K_PMEM:
		return fmt_pct((float)d->num(r) * 100 / (float)fr->mem_total, w,
			       right, false);
	case K_PUTIL:
		return fmt_pct(utilization(r, fr, f == F_CUC), w, right, true);
	case K_TIME:
	case K_TIMEP: {
		unsigned long long tics = t->utime + t->stime;

		if (fr->winflags & WF_CTIMES)
			tics += t->cutime + t->cstime;
		enum tics_form form = d->kind == K_TIME ? TICS_MINS : TICS_SECS;

		/* ^E: no finer than its scale (0 leaves the natural one) */
		if (Rc.tics_scaled > 0 && (int)form < Rc.tics_scaled)
			form = (enum tics_form)Rc.tics_scaled;
		return fmt_tics(tics, w, right, form);
	}
	case K_STARTED:
		return fmt_tics(t->start_time, w, right, TICS_MINS);
	case K_ELAPSED: {
		double boot = fr->uptime * (double)sys_hertz();
		unsigned long long life = boot > (double)t->start_time ?
			(unsigned long long)(boot - (double)t->start_time) : 0;

		return fmt_tics(life, w, right, TICS_HOUR);
	}
	case K_COMMAND:
		return fmt_str(field_command(r, fr->winflags, buf, sizeof(buf)),
			       w, right);
	}
	return fmt_pad("", w, right);
}

int field_compare(int f, const struct row *a, const struct row *b,
		  int winflags)
{
	const struct field *d = &fields[f];

	if (f == F_COMMAND) {
		static char x[8192], y[8192];
		struct row ra = *a, rb = *b;

		/* the sort is on the text without the forest art */
		ra.level = rb.level = 0;
		field_command(&ra, winflags & ~WF_FOREST, x, sizeof(x));
		field_command(&rb, winflags & ~WF_FOREST, y, sizeof(y));
		return strcoll(x, y);
	}
	if (d->str && !d->num) {
		static char x[8192], y[8192];
		const char *sx = d->str(a, x, sizeof(x));
		const char *sy = d->str(b, y, sizeof(y));

		return strcoll(sx, sy);
	}
	if (f == F_CUU || f == F_CUC) {
		/* the same lifetime base for both rows: order by the share */
		struct frame fr = { .uptime = Sort_uptime };
		double ua = utilization(a, &fr, f == F_CUC);
		double ub = utilization(b, &fr, f == F_CUC);

		return ua < ub ? -1 : ua > ub;
	}
	if ((f == F_TIME || f == F_TIMEP) && (winflags & WF_CTIMES)) {
		unsigned long long x = a->t->utime + a->t->stime +
				       a->t->cutime + a->t->cstime;
		unsigned long long y = b->t->utime + b->t->stime +
				       b->t->cutime + b->t->cstime;

		return x < y ? -1 : x > y;
	}
	{
		long long x = d->num(a), y = d->num(b);

		return x < y ? -1 : x > y;
	}
}
