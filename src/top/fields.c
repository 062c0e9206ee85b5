/* The field table and the cell printers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/escape.h"
#include "library/itemtext.h"
#include "library/names.h"
#include "library/sysinfo.h"
#include "library/ttydev.h"
#include "fields.h"
#include "fmt.h"
#include "forestview.h"
#include "library/sysstat.h"
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

/* One row per field: what the task area and the Fields Management
 * screen know of it.  A value is an item of the task (scaled from pages
 * to KiB when pages is set; index picks one of an array item), a string
 * item through the library's text rule for it (text), or a getter of
 * its own where top derives it (num) or shows text (str). */
struct field {
	const char *head;
	const char *desc;       /* the Fields Management screen's text */
	int width;              /* 0: set at start-up; -1: variable */
	bool grows;             /* 'X' widens it (the man page's list) */
	enum kind kind;
	group_mask groups;
	enum item item;
	int index;
	bool pages;
	long long (*num)(const struct row *r);
	const char *(*str)(const struct row *r, char *buf, size_t size);
	const char *(*text)(const char *raw, char *buf, size_t size);
};

#define G(g) GROUP_BIT(GRP_##g)
#define T(r) ((r)->t)

/* The value of item it (element index of an array item) of task t,
 * widened as its type says.  top's own generic access over the item
 * table's offsets: the library's item_num() (issue 18, branch arch)
 * replaces it once merged, with one item per namespace instead of
 * index. */
static long long item_value(const struct task *t, enum item it, int index)
{
	const char *p = item_addr(t, it);

	switch (item_table[it].type) {
	case T_INT:
		return ((const int *)p)[index];
	case T_UINT:
		return ((const unsigned *)p)[index];
	case T_LONG:
		return ((const long *)p)[index];
	case T_ULONG:
		return (long long)((const unsigned long *)p)[index];
	case T_ULL:
		return (long long)((const unsigned long long *)p)[index];
	case T_U64:
		return (long long)((const uint64_t *)p)[index];
	case T_CHAR:
		return p[index];
	default:
		return 0;
	}
}

/* The values top derives: deltas since the last reap, sums, lookups. */
static long long v_tics_delta(const struct row *r)
{
	return (long long)r->tics_delta;
}

static long long v_maj_delta(const struct row *r)
{
	return (long long)r->maj_delta;
}

static long long v_min_delta(const struct row *r)
{
	return (long long)r->min_delta;
}

static long long v_tics(const struct row *r)
{
	return (long long)(T(r)->utime + T(r)->stime);
}

static long long v_used(const struct row *r)
{
	return (long long)T(r)->sm_resident * sys_page_kib() +
	       (long long)T(r)->status->vm_swap;
}

/* an unset loginuid shows as -1 */
static long long v_loginuid(const struct row *r)
{
	return (int)T(r)->loginuid;
}

/* a task without an autogroup file (threads, kernel threads) shows -1 */
static long long v_ag_id(const struct row *r)
{
	return (T(r)->groups_filled & GROUP_BIT(GRP_AUTOGROUP)) ?
	       T(r)->autogroup_id : -1;
}

static long long v_numa(const struct row *r)
{
	return numa_node_of(T(r)->processor);
}

/* The numeric value of field d for row r. */
static long long field_num(const struct field *d, const struct row *r)
{
	long long v;

	if (d->num)
		return d->num(r);
	v = item_value(r->t, d->item, d->index);
	return d->pages ? v * sys_page_kib() : v;
}

/* String getters: they may use buf; they return what to show. */
#define STR(name) \
	static const char *name(const struct row *r, char *buf, size_t size)

STR(s_euser) { (void)buf; (void)size; return user_name(T(r)->euid); }
STR(s_ruser) { (void)buf; (void)size; return user_name(T(r)->status->ruid); }
STR(s_suser) { (void)buf; (void)size; return user_name(T(r)->status->suid); }
STR(s_egroup) { (void)buf; (void)size; return group_name(T(r)->egid); }

STR(s_tty)
{
	tty_name(buf, size - 1 < 63 ? size - 1 : 63, T(r)->tty_nr, T(r)->tid,
		 TTY_ABBREV_DEV);
	return buf;
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
	return T(r)->status->supgids && *T(r)->status->supgids ? T(r)->status->supgids : "-";
}

STR(s_supgrps)
{
	const char *g = T(r)->status->supgids;
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

static struct field fields[FLD_COUNT] = {
	[F_PID] = { .head = "PID", .kind = K_NUM, .item = ITEM_TID,
		.desc = "Process Id" },
	[F_PPID] = { .head = "PPID", .kind = K_NUM, .groups = G(STAT_IDS),
		.item = ITEM_PPID, .desc = "Parent Process pid" },
	[F_UID] = { .head = "UID", .width = 5, .kind = K_NUM,
		.groups = G(OWNER), .item = ITEM_EUID, .grows = true,
		.desc = "Effective User Id" },
	[F_USER] = { .head = "USER", .width = 8, .kind = K_STR,
		.groups = G(OWNER), .str = s_euser, .grows = true,
		.desc = "Effective User Name" },
	[F_RUID] = { .head = "RUID", .width = 5, .kind = K_NUM,
		.groups = G(STATUS), .item = ITEM_RUID, .grows = true,
		.desc = "Real User Id" },
	[F_RUSER] = { .head = "RUSER", .width = 8, .kind = K_STR,
		.groups = G(STATUS), .str = s_ruser, .grows = true,
		.desc = "Real User Name" },
	[F_SUID] = { .head = "SUID", .width = 5, .kind = K_NUM,
		.groups = G(STATUS), .item = ITEM_SUID, .grows = true,
		.desc = "Saved User Id" },
	[F_SUSER] = { .head = "SUSER", .width = 8, .kind = K_STR,
		.groups = G(STATUS), .str = s_suser, .grows = true,
		.desc = "Saved User Name" },
	[F_GID] = { .head = "GID", .width = 5, .kind = K_NUM,
		.groups = G(OWNER), .item = ITEM_EGID, .grows = true,
		.desc = "Group Id" },
	[F_GROUP] = { .head = "GROUP", .width = 8, .kind = K_STR,
		.groups = G(OWNER), .str = s_egroup, .grows = true,
		.desc = "Group Name" },
	[F_PGRP] = { .head = "PGRP", .kind = K_NUM, .groups = G(STAT_IDS),
		.item = ITEM_PGRP, .desc = "Process Group Id" },
	[F_TTY] = { .head = "TTY", .width = 8, .kind = K_STR,
		.groups = G(STAT), .str = s_tty, .grows = true,
		.desc = "Controlling Tty" },
	[F_TPGID] = { .head = "TPGID", .kind = K_NUM, .groups = G(STAT_IDS),
		.item = ITEM_TPGID, .desc = "Tty Process Grp Id" },
	[F_SID] = { .head = "SID", .kind = K_NUM, .groups = G(STAT_IDS),
		.item = ITEM_SESSION, .desc = "Session Id" },
	[F_PR] = { .head = "PR", .width = 3, .kind = K_PRIO, .groups = G(STAT_ACCT),
		.item = ITEM_PRIORITY, .desc = "Priority" },
	[F_NI] = { .head = "NI", .width = 3, .kind = K_NUMZ, .groups = G(STAT_ACCT),
		.item = ITEM_NICE, .desc = "Nice Value" },
	[F_NTH] = { .head = "nTH", .width = 3, .kind = K_NUM,
		.groups = G(STAT), .item = ITEM_NLWP,
		.desc = "Number of Threads" },
	[F_P] = { .head = "P", .kind = K_NUM, .groups = G(STAT),
		.item = ITEM_PROCESSOR, .desc = "Last Used Cpu (SMP)" },
	[F_CPU] = { .head = "%CPU", .width = 5, .kind = K_PCPU,
		.groups = G(STAT_ACCT), .num = v_tics_delta, .desc = "CPU Usage" },
	[F_TIME] = { .head = "TIME", .width = 6, .kind = K_TIME,
		.groups = G(STAT_ACCT), .num = v_tics, .desc = "CPU Time" },
	[F_TIMEP] = { .head = "TIME+", .width = 9, .kind = K_TIMEP,
		.groups = G(STAT_ACCT), .num = v_tics,
		.desc = "CPU Time, hundredths" },
	[F_MEM] = { .head = "%MEM", .width = 5, .kind = K_PMEM,
		.groups = G(STATM), .item = ITEM_SM_RESIDENT, .pages = true,
		.desc = "Memory Usage (RES)" },
	[F_VIRT] = { .head = "VIRT", .width = 7, .kind = K_MEM,
		.groups = G(STATM), .item = ITEM_SM_SIZE, .pages = true,
		.desc = "Virtual Image (KiB)" },
	[F_SWAP] = { .head = "SWAP", .width = 6, .kind = K_MEM,
		.groups = G(STATUS_VM), .item = ITEM_VM_SWAP,
		.desc = "Swapped Size (KiB)" },
	[F_RES] = { .head = "RES", .width = 6, .kind = K_MEM,
		.groups = G(STATM), .item = ITEM_SM_RESIDENT, .pages = true,
		.desc = "Resident Size (KiB)" },
	[F_CODE] = { .head = "CODE", .width = 6, .kind = K_MEM,
		.groups = G(STATM), .item = ITEM_SM_TEXT, .pages = true,
		.desc = "Code Size (KiB)" },
	[F_DATA] = { .head = "DATA", .width = 7, .kind = K_MEM,
		.groups = G(STATM), .item = ITEM_SM_DATA, .pages = true,
		.desc = "Data+Stack (KiB)" },
	[F_SHR] = { .head = "SHR", .width = 6, .kind = K_MEM,
		.groups = G(STATM), .item = ITEM_SM_SHARED, .pages = true,
		.desc = "Shared Memory (KiB)" },
	[F_NMAJ] = { .head = "nMaj", .width = 4, .kind = K_SNUM,
		.groups = G(STAT_ACCT), .item = ITEM_MAJFLT,
		.desc = "Major Page Faults" },
	[F_NMIN] = { .head = "nMin", .width = 4, .kind = K_SNUM,
		.groups = G(STAT_ACCT), .item = ITEM_MINFLT,
		.desc = "Minor Page Faults" },
	[F_NDRT] = { .head = "nDRT", .width = 4, .kind = K_SNUM,
		.groups = G(STATM), .item = ITEM_SM_DIRTY,
		.desc = "Dirty Pages Count" },
	[F_S] = { .head = "S", .width = 1, .kind = K_STATE, .groups = G(STAT),
		.item = ITEM_STATE, .desc = "Process Status" },
	[F_COMMAND] = { .head = "COMMAND", .width = -1, .kind = K_COMMAND,
		.groups = G(STAT), .desc = "Command Name/Line" },
	[F_WCHAN] = { .head = "WCHAN", .width = 10, .kind = K_STR,
		.groups = G(WCHAN), .item = ITEM_WCHAN, .text = wchan_text,
		.grows = true,
		.desc = "Sleeping in Function" },
	[F_FLAGS] = { .head = "Flags", .width = 8, .kind = K_FLAGS,
		.groups = G(STAT), .item = ITEM_FLAGS, .str = s_flags,
		.desc = "Task Flags <sched.h>" },
	[F_CGROUPS] = { .head = "CGROUPS", .width = -1, .kind = K_STR,
		.groups = G(CGROUP), .str = s_cgroups,
		.desc = "Control Groups" },
	[F_SUPGIDS] = { .head = "SUPGIDS", .width = -1, .kind = K_STR,
		.groups = G(STATUS), .str = s_supgids,
		.desc = "Supp Groups IDs" },
	[F_SUPGRPS] = { .head = "SUPGRPS", .width = -1, .kind = K_STR,
		.groups = G(STATUS), .str = s_supgrps,
		.desc = "Supp Groups Names" },
	[F_TGID] = { .head = "TGID", .kind = K_NUM, .groups = G(STAT),
		.item = ITEM_TGID, .desc = "Thread Group Id" },
	[F_OOMA] = { .head = "OOMa", .width = 5, .kind = K_NUMZ,
		.groups = G(OOM), .item = ITEM_OOM_ADJ,
		.desc = "OOMEM Adjustment" },
	[F_OOMS] = { .head = "OOMs", .width = 4, .kind = K_NUMZ,
		.groups = G(OOM), .item = ITEM_OOM_SCORE,
		.desc = "OOMEM Score current" },
	[F_ENVIRON] = { .head = "ENVIRON", .width = -1, .kind = K_STR,
		.groups = G(ENVIRON), .str = s_environ,
		.desc = "Environment vars" },
	[F_VMJ] = { .head = "vMj", .width = 3, .kind = K_SNUM,
		.groups = G(STAT_ACCT), .num = v_maj_delta,
		.desc = "Major Faults delta" },
	[F_VMN] = { .head = "vMn", .width = 3, .kind = K_SNUM,
		.groups = G(STAT_ACCT), .num = v_min_delta,
		.desc = "Minor Faults delta" },
	[F_USED] = { .head = "USED", .width = 6, .kind = K_MEM,
		.groups = G(STATM) | G(STATUS_VM), .num = v_used,
		.desc = "Res+Swap Size (KiB)" },
	[F_NSIPC] = { .head = "nsIPC", .width = 10, .kind = K_NUM,
		.groups = G(NS), .item = ITEM_NS_IPC,
		.grows = true, .desc = "IPC namespace Inode" },
	[F_NSMNT] = { .head = "nsMNT", .width = 10, .kind = K_NUM,
		.groups = G(NS), .item = ITEM_NS_MNT,
		.grows = true, .desc = "MNT namespace Inode" },
	[F_NSNET] = { .head = "nsNET", .width = 10, .kind = K_NUM,
		.groups = G(NS), .item = ITEM_NS_NET,
		.grows = true, .desc = "NET namespace Inode" },
	[F_NSPID] = { .head = "nsPID", .width = 10, .kind = K_NUM,
		.groups = G(NS), .item = ITEM_NS_PID,
		.grows = true, .desc = "PID namespace Inode" },
	[F_NSUSER] = { .head = "nsUSER", .width = 10, .kind = K_NUM,
		.groups = G(NS), .item = ITEM_NS_USER,
		.grows = true, .desc = "USER namespace Inode" },
	[F_NSUTS] = { .head = "nsUTS", .width = 10, .kind = K_NUM,
		.groups = G(NS), .item = ITEM_NS_UTS,
		.grows = true, .desc = "UTS namespace Inode" },
	[F_LXC] = { .head = "LXC", .width = 8, .kind = K_STR,
		.groups = G(CGROUP), .str = s_lxc, .grows = true,
		.desc = "LXC container name" },
	[F_RSAN] = { .head = "RSan", .width = 6, .kind = K_MEM,
		.groups = G(STATUS_VM), .item = ITEM_VM_RSS_ANON,
		.desc = "RES Anonymous (KiB)" },
	[F_RSFD] = { .head = "RSfd", .width = 6, .kind = K_MEM,
		.groups = G(STATUS_VM), .item = ITEM_VM_RSS_FILE,
		.desc = "RES File-based (KiB)" },
	[F_RSLK] = { .head = "RSlk", .width = 6, .kind = K_MEM,
		.groups = G(STATUS_VM), .item = ITEM_VM_LOCK,
		.desc = "RES Locked (KiB)" },
	[F_RSSH] = { .head = "RSsh", .width = 6, .kind = K_MEM,
		.groups = G(STATUS_VM), .item = ITEM_VM_RSS_SHARED,
		.desc = "RES Shared (KiB)" },
	[F_CGNAME] = { .head = "CGNAME", .width = -1, .kind = K_STR,
		.groups = G(CGROUP), .str = s_cgname,
		.desc = "Control Group name" },
	[F_NU] = { .head = "NU", .width = 2, .kind = K_NUM, .groups = G(STAT),
		.num = v_numa, .desc = "Last Used NUMA node" },
	[F_LOGID] = { .head = "LOGID", .width = 5, .kind = K_NUM,
		.groups = G(LOGIN), .num = v_loginuid, .grows = true,
		.desc = "Login User Id" },
	[F_EXE] = { .head = "EXE", .width = -1, .kind = K_STR,
		.groups = G(EXE), .str = s_exe, .desc = "Executable Path" },
	[F_RSS] = { .head = "RSS", .width = 6, .kind = K_MEM,
		.groups = G(SMAPS), .item = ITEM_SMAP_RSS,
		.desc = "Res Mem (smaps), KiB" },
	[F_PSS] = { .head = "PSS", .width = 6, .kind = K_MEM,
		.groups = G(SMAPS), .item = ITEM_SMAP_PSS,
		.desc = "Proportion RSS,  KiB" },
	[F_PSAN] = { .head = "PSan", .width = 6, .kind = K_MEM,
		.groups = G(SMAPS), .item = ITEM_SMAP_PSS_ANON,
		.desc = "Proportion Anon, KiB" },
	[F_PSFD] = { .head = "PSfd", .width = 6, .kind = K_MEM,
		.groups = G(SMAPS), .item = ITEM_SMAP_PSS_FILE,
		.desc = "Proportion File, KiB" },
	[F_PSSH] = { .head = "PSsh", .width = 6, .kind = K_MEM,
		.groups = G(SMAPS), .item = ITEM_SMAP_PSS_SHMEM,
		.desc = "Proportion Shrd, KiB" },
	[F_USS] = { .head = "USS", .width = 6, .kind = K_MEM,
		.groups = G(SMAPS), .item = ITEM_SMAP_USS,
		.desc = "Unique RSS, KiB" },
	[F_IOR] = { .head = "ioR", .width = 6, .kind = K_SNUM, .groups = G(IO),
		.item = ITEM_IO_READ_BYTES, .desc = "I/O Bytes Read" },
	[F_IOROP] = { .head = "ioRop", .width = 5, .kind = K_SNUM,
		.groups = G(IO), .item = ITEM_IO_SYSCR,
		.desc = "I/O Read Operations" },
	[F_IOW] = { .head = "ioW", .width = 6, .kind = K_SNUM, .groups = G(IO),
		.item = ITEM_IO_WRITE_BYTES, .desc = "I/O Bytes Written" },
	[F_IOWOP] = { .head = "ioWop", .width = 5, .kind = K_SNUM,
		.groups = G(IO), .item = ITEM_IO_SYSCW,
		.desc = "I/O Write Operations" },
	[F_AGID] = { .head = "AGID", .width = 5, .kind = K_NUM,
		.groups = G(AUTOGROUP), .num = v_ag_id,
		.desc = "Autogroup Identifier" },
	[F_AGNI] = { .head = "AGNI", .width = 4, .kind = K_NUM,
		.groups = G(AUTOGROUP), .item = ITEM_AUTOGROUP_NICE,
		.desc = "Autogroup Nice Value" },
	[F_STARTED] = { .head = "STARTED", .width = 7, .kind = K_STARTED,
		.groups = G(STAT_ACCT), .item = ITEM_START_TIME,
		.desc = "Start Time from boot" },
	[F_ELAPSED] = { .head = "ELAPSED", .width = 7, .kind = K_ELAPSED,
		.groups = G(STAT_ACCT), .item = ITEM_START_TIME,
		.desc = "Elapsed Running Time" },
	[F_CUU] = { .head = "%CUU", .width = 6, .kind = K_PUTIL,
		.groups = G(STAT_ACCT), .num = v_tics, .desc = "CPU Utilization" },
	[F_CUC] = { .head = "%CUC", .width = 7, .kind = K_PUTIL,
		.groups = G(STAT_ACCT), .num = v_tics,
		.desc = "Utilization + child" },
	[F_NSCGROUP] = { .head = "nsCGROUP", .width = 10, .kind = K_NUM,
		.groups = G(NS), .item = ITEM_NS_CGROUP,
		.grows = true, .desc = "CGRP namespace Inode" },
	[F_NSTIME] = { .head = "nsTIME", .width = 10, .kind = K_NUM,
		.groups = G(NS), .item = ITEM_NS_TIME,
		.grows = true, .desc = "TIME namespace Inode" },
};

double Sort_uptime;

const char *field_name(int f)
{
	return fields[f].head;
}

const char *field_desc(int f)
{
	return fields[f].desc;
}

int field_width(int f)
{
	int w = fields[f].width;

	return w > 0 && fields[f].grows ? w + xwidth_extra(f, w) : w;
}

bool field_is_variable(int f)
{
	return fields[f].width < 0;
}

const char *field_text(int f, const struct row *r, char *buf, size_t size)
{
	const struct field *d = &fields[f];

	if (d->text)
		return d->text(item_str(T(r), d->item), buf, size);
	return d->str ? d->str(r, buf, size) : "";
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

const char *field_pad(int f, const char *s)
{
	return fmt_pad(s, field_width(f), true);
}

const char *field_header(int f, const struct frame *fr)
{
	return fmt_pad(fields[f].head, cell_width(f, fr),
		       justify_right(f, fr->winflags));
}

const char *field_command(const struct row *r, int winflags, char *buf,
			  size_t size)
{
	char text[8192];
	const struct task *t = r->t;

	if ((winflags & WF_CMDLINE) && t->cmdline.data && t->cmdline.len) {
		/* arguments that escape to nothing show as "?" */
		join_escape(text, sizeof(text), t->cmdline.data,
			    t->cmdline.len, NULL);
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
		long long v = field_num(d, r);

		if (d->grows)
			xwidth_seen(f, snprintf(buf, sizeof(buf), "%lld", v),
				    d->width);
		return fmt_num(v, w, right, false);
	}
	case K_NUMZ:
		return fmt_num(field_num(d, r), w, right, true);
	case K_MEM:
		return fmt_mem((enum scale)fr->task_mscale, (double)field_num(d, r), w,
			       right);
	case K_SNUM:
		return fmt_scaled_num((unsigned long long)field_num(d, r), w, right);
	case K_STR: {
		const char *s = field_text(f, r, buf, sizeof(buf));

		if (d->grows)
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

		if (fr->restricted)
			return fmt_str("?", w, right);

		if (u > 100.0f * (float)t->nlwp)
			u = 100.0f * (float)t->nlwp;
		if (u > fr->cpu_pmax)
			u = fr->cpu_pmax;
		return fmt_pct(u, w, right, false);
	}
	case K_PMEM:
		if (fr->restricted)
			return fmt_str("?", w, right);
		return fmt_pct((float)field_num(d, r) * 100 / (float)fr->mem_total, w,
			       right, false);
	case K_PUTIL:
		if (fr->restricted)
			return fmt_str("?", w, right);
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
	if (d->kind == K_STR) {
		static char x[8192], y[8192];
		const char *sx = field_text(f, a, x, sizeof(x));
		const char *sy = field_text(f, b, y, sizeof(y));

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
		long long x = field_num(d, a), y = field_num(d, b);

		return x < y ? -1 : x > y;
	}
}
