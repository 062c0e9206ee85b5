/* The item table: every process field ps or top can show, its type, and
 * the backend data group that fills it.
 *
 * A program names the items it needs once (request.h); the library ORs
 * their groups together and a backend fetches exactly those groups. */
#ifndef PROCPS_TD_ITEMS_H
#define PROCPS_TD_ITEMS_H

#include <stdbool.h>
#include "task.h"

/* Data groups: one unit of fetching.  For procfs a group is one file
 * (or one fstat); for task_diag it is one attribute set.
 * X(ID, name): GRP_<ID> and its name in group_names[]. */
#define GROUP_LIST(X) \
	X(STAT,      "stat")         /* /proc/PID/stat */ \
	X(OWNER,     "owner")        /* owner of /proc/PID (fstat) */ \
	X(STATUS,    "status")       /* /proc/PID/status */ \
	X(STATM,     "statm")        /* /proc/PID/statm */ \
	X(CMDLINE,   "cmdline")      /* /proc/PID/cmdline */ \
	X(ENVIRON,   "environ")      /* /proc/PID/environ */ \
	X(CGROUP,    "cgroup")       /* /proc/PID/cgroup */ \
	X(WCHAN,     "wchan")        /* /proc/PID/wchan */ \
	X(IO,        "io")           /* /proc/PID/io */ \
	X(OOM,       "oom")          /* /proc/PID/oom_score, oom_score_adj */ \
	X(NS,        "ns")           /* /proc/PID/ns/... links */ \
	X(LOGIN,     "loginuid")     /* /proc/PID/loginuid */ \
	X(EXE,       "exe")          /* /proc/PID/exe link */ \
	X(SMAPS,     "smaps_rollup") /* smaps_rollup (a costly page walk) */ \
	X(AUTOGROUP, "autogroup")    /* /proc/PID/autogroup */

enum data_group {
#define GROUP_ENUM(id, name) GRP_##id,
	GROUP_LIST(GROUP_ENUM)
#undef GROUP_ENUM
	GRP_COUNT
};

typedef unsigned group_mask;
#define GROUP_BIT(g) (1u << (g))

enum item_type {
	T_INT, T_UINT, T_LONG, T_ULONG, T_ULL, T_U64, T_CHAR,
	T_STR,          /* inline char array */
	T_STRP,         /* char * */
	T_BLOB,         /* struct task_blob */
};

/* X(ID, name, type, group, struct task field) -- one row per field.  A
 * T_STRP or T_BLOB field has exactly one row: rows free and copy what
 * they own through these rows (taskset.c). */
#define ITEM_LIST(X) \
	X(TID,          "tid",          T_INT,   GRP_STAT,    tid) \
	X(TGID,         "tgid",         T_INT,   GRP_STAT,    tgid) \
	X(PPID,         "ppid",         T_INT,   GRP_STAT,    ppid) \
	X(PGRP,         "pgrp",         T_INT,   GRP_STAT,    pgrp) \
	X(SESSION,      "session",      T_INT,   GRP_STAT,    session) \
	X(TPGID,        "tpgid",        T_INT,   GRP_STAT,    tpgid) \
	X(TRACER,       "tracer",       T_INT,   GRP_STATUS,  tracer) \
	X(TTY_NR,       "tty_nr",       T_INT,   GRP_STAT,    tty_nr) \
	X(STATE,        "state",        T_CHAR,  GRP_STAT,    state) \
	X(COMM,         "comm",         T_STR,   GRP_STAT,    comm) \
	X(FLAGS,        "flags",        T_ULONG, GRP_STAT,    flags) \
	X(MINFLT,       "minflt",       T_ULONG, GRP_STAT,    minflt) \
	X(CMINFLT,      "cminflt",      T_ULONG, GRP_STAT,    cminflt) \
	X(MAJFLT,       "majflt",       T_ULONG, GRP_STAT,    majflt) \
	X(CMAJFLT,      "cmajflt",      T_ULONG, GRP_STAT,    cmajflt) \
	X(UTIME,        "utime",        T_ULL,   GRP_STAT,    utime) \
	X(STIME,        "stime",        T_ULL,   GRP_STAT,    stime) \
	X(CUTIME,       "cutime",       T_ULL,   GRP_STAT,    cutime) \
	X(CSTIME,       "cstime",       T_ULL,   GRP_STAT,    cstime) \
	X(PRIORITY,     "priority",     T_LONG,  GRP_STAT,    priority) \
	X(NICE,         "nice",         T_LONG,  GRP_STAT,    nice) \
	X(NLWP,         "nlwp",         T_INT,   GRP_STAT,    nlwp) \
	X(START_TIME,   "start_time",   T_ULL,   GRP_STAT,    start_time) \
	X(VSIZE,        "vsize",        T_ULONG, GRP_STAT,    vsize) \
	X(RSS,          "rss",          T_LONG,  GRP_STAT,    rss) \
	X(RSSLIM,       "rsslim",       T_ULONG, GRP_STAT,    rsslim) \
	X(START_CODE,   "start_code",   T_ULONG, GRP_STAT,    start_code) \
	X(END_CODE,     "end_code",     T_ULONG, GRP_STAT,    end_code) \
	X(START_STACK,  "start_stack",  T_ULONG, GRP_STAT,    start_stack) \
	X(KSTK_ESP,     "kstk_esp",     T_ULONG, GRP_STAT,    kstk_esp) \
	X(KSTK_EIP,     "kstk_eip",     T_ULONG, GRP_STAT,    kstk_eip) \
	X(WCHAN_ADDR,   "wchan_addr",   T_ULONG, GRP_STAT,    wchan_addr) \
	X(EXIT_SIGNAL,  "exit_signal",  T_INT,   GRP_STAT,    exit_signal) \
	X(PROCESSOR,    "processor",    T_INT,   GRP_STAT,    processor) \
	X(RT_PRIORITY,  "rt_priority",  T_UINT,  GRP_STAT,    rt_priority) \
	X(POLICY,       "policy",       T_UINT,  GRP_STAT,    policy) \
	X(EUID,         "euid",         T_UINT,  GRP_OWNER,   euid) \
	X(EGID,         "egid",         T_UINT,  GRP_OWNER,   egid) \
	X(RUID,         "ruid",         T_UINT,  GRP_STATUS,  ruid) \
	X(SUID,         "suid",         T_UINT,  GRP_STATUS,  suid) \
	X(FUID,         "fuid",         T_UINT,  GRP_STATUS,  fuid) \
	X(RGID,         "rgid",         T_UINT,  GRP_STATUS,  rgid) \
	X(SGID,         "sgid",         T_UINT,  GRP_STATUS,  sgid) \
	X(FGID,         "fgid",         T_UINT,  GRP_STATUS,  fgid) \
	X(SUPGIDS,      "supgids",      T_STRP,  GRP_STATUS,  supgids) \
	X(VM_SIZE,      "vm_size",      T_ULONG, GRP_STATUS,  vm_size) \
	X(VM_LOCK,      "vm_lock",      T_ULONG, GRP_STATUS,  vm_lock) \
	/* status's VmRSS is statm's resident in KiB on every kernel (from	\
	 * 6.16 on stat's rss is a cheaper estimate): RSS and %MEM read statm */ \
	X(VM_RSS,       "vm_rss",       T_ULONG, GRP_STATM,   vm_rss) \
	X(VM_RSS_ANON,  "vm_rss_anon",  T_ULONG, GRP_STATUS,  vm_rss_anon) \
	X(VM_RSS_FILE,  "vm_rss_file",  T_ULONG, GRP_STATUS,  vm_rss_file) \
	X(VM_RSS_SHARED,"vm_rss_shared",T_ULONG, GRP_STATUS,  vm_rss_shared) \
	X(VM_DATA,      "vm_data",      T_ULONG, GRP_STATUS,  vm_data) \
	X(VM_STACK,     "vm_stack",     T_ULONG, GRP_STATUS,  vm_stack) \
	X(VM_EXE,       "vm_exe",       T_ULONG, GRP_STATUS,  vm_exe) \
	X(VM_LIB,       "vm_lib",       T_ULONG, GRP_STATUS,  vm_lib) \
	X(VM_SWAP,      "vm_swap",      T_ULONG, GRP_STATUS,  vm_swap) \
	X(SIG_PENDING,  "sig_pending",  T_U64,   GRP_STATUS,  sig_pending) \
	X(SIG_SHARED,   "sig_shared",   T_U64,   GRP_STATUS,  sig_shared) \
	X(SIG_BLOCKED,  "sig_blocked",  T_U64,   GRP_STATUS,  sig_blocked) \
	X(SIG_IGNORED,  "sig_ignored",  T_U64,   GRP_STATUS,  sig_ignored) \
	X(SIG_CAUGHT,   "sig_caught",   T_U64,   GRP_STATUS,  sig_caught) \
	X(SM_SIZE,      "statm_size",   T_ULONG, GRP_STATM,   sm_size) \
	X(SM_RESIDENT,  "statm_resident",T_ULONG,GRP_STATM,   sm_resident) \
	X(SM_SHARED,    "statm_shared", T_ULONG, GRP_STATM,   sm_shared) \
	X(SM_TEXT,      "statm_text",   T_ULONG, GRP_STATM,   sm_text) \
	X(SM_LIB,       "statm_lib",    T_ULONG, GRP_STATM,   sm_lib) \
	X(SM_DATA,      "statm_data",   T_ULONG, GRP_STATM,   sm_data) \
	X(SM_DIRTY,     "statm_dirty",  T_ULONG, GRP_STATM,   sm_dirty) \
	X(CMDLINE,      "cmdline",      T_BLOB,  GRP_CMDLINE, cmdline) \
	X(ENVIRON,      "environ",      T_BLOB,  GRP_ENVIRON, environ) \
	X(CGROUP,       "cgroup",       T_BLOB,  GRP_CGROUP,  cgroup) \
	X(WCHAN,        "wchan",        T_STRP,  GRP_WCHAN,   wchan) \
	X(IO_RCHAR,     "io_rchar",     T_ULL,   GRP_IO,      io_rchar) \
	X(IO_WCHAR,     "io_wchar",     T_ULL,   GRP_IO,      io_wchar) \
	X(IO_SYSCR,     "io_syscr",     T_ULL,   GRP_IO,      io_syscr) \
	X(IO_SYSCW,     "io_syscw",     T_ULL,   GRP_IO,      io_syscw) \
	X(IO_READ_BYTES,"io_read_bytes",T_ULL,   GRP_IO,      io_read_bytes) \
	X(IO_WRITE_BYTES,"io_write_bytes",T_ULL, GRP_IO,      io_write_bytes) \
	X(IO_CANCELLED, "io_cancelled_write_bytes", T_ULL, GRP_IO, io_cancelled_write_bytes) \
	X(OOM_SCORE,    "oom_score",    T_INT,   GRP_OOM,     oom_score) \
	X(OOM_ADJ,      "oom_adj",      T_INT,   GRP_OOM,     oom_adj) \
	X(NS_CGROUP,    "ns_cgroup",    T_ULONG, GRP_NS,      ns[TASK_NS_CGROUP]) \
	X(NS_IPC,       "ns_ipc",       T_ULONG, GRP_NS,      ns[TASK_NS_IPC]) \
	X(NS_MNT,       "ns_mnt",       T_ULONG, GRP_NS,      ns[TASK_NS_MNT]) \
	X(NS_NET,       "ns_net",       T_ULONG, GRP_NS,      ns[TASK_NS_NET]) \
	X(NS_PID,       "ns_pid",       T_ULONG, GRP_NS,      ns[TASK_NS_PID]) \
	X(NS_TIME,      "ns_time",      T_ULONG, GRP_NS,      ns[TASK_NS_TIME]) \
	X(NS_USER,      "ns_user",      T_ULONG, GRP_NS,      ns[TASK_NS_USER]) \
	X(NS_UTS,       "ns_uts",       T_ULONG, GRP_NS,      ns[TASK_NS_UTS]) \
	X(LOGINUID,     "loginuid",     T_UINT,  GRP_LOGIN,   loginuid) \
	X(EXE,          "exe",          T_STRP,  GRP_EXE,     exe) \
	X(SMAP_RSS,     "smap_rss",     T_ULONG, GRP_SMAPS,   sm_rss) \
	X(SMAP_PSS,     "smap_pss",     T_ULONG, GRP_SMAPS,   sm_pss) \
	X(SMAP_PSS_ANON,"smap_pss_anon",T_ULONG, GRP_SMAPS,   sm_pss_anon) \
	X(SMAP_PSS_FILE,"smap_pss_file",T_ULONG, GRP_SMAPS,   sm_pss_file) \
	X(SMAP_PSS_SHMEM,"smap_pss_shmem",T_ULONG,GRP_SMAPS,  sm_pss_shmem) \
	X(SMAP_USS,     "smap_uss",     T_ULONG, GRP_SMAPS,   sm_uss) \
	X(SMAP_SWAP,    "smap_swap",    T_ULONG, GRP_SMAPS,   sm_swap) \
	X(SMAP_SWAP_PSS,"smap_swap_pss",T_ULONG, GRP_SMAPS,   sm_swap_pss) \
	X(SMAP_LOCKED,  "smap_locked",  T_ULONG, GRP_SMAPS,   sm_locked) \
	X(AUTOGROUP_ID, "autogroup_id", T_INT,   GRP_AUTOGROUP, autogroup_id) \
	X(AUTOGROUP_NICE,"autogroup_nice",T_INT, GRP_AUTOGROUP, autogroup_nice)

enum item {
#define ITEM_ENUM(id, name, type, group, field) ITEM_##id,
	ITEM_LIST(ITEM_ENUM)
#undef ITEM_ENUM
	ITEM_COUNT,
	ITEM_NONE = ITEM_COUNT  /* no item: ends a list of items */
};

struct item_info {
	const char *name;
	enum item_type type;
	enum data_group group;
	size_t offset;      /* of the field in struct task */
};

extern const struct item_info item_table[ITEM_COUNT];
extern const char *const group_names[GRP_COUNT];

group_mask items_to_groups(const enum item *items, size_t n);
const struct item_info *item_by_name(const char *name);

/* Generic access through the table's offset and type.
 * item_num: a number item's value (T_INT .. T_CHAR), widened; a signed
 * type is sign-extended, so cast it back to long long when
 * item_is_signed().  item_str: a T_STR or T_STRP item, NULL when the
 * string is missing.  Other types read as 0 and NULL. */
unsigned long long item_num(const struct task *t, enum item it);
bool item_is_signed(enum item it);
const char *item_str(const struct task *t, enum item it);

#endif
