/* The field tables, the one place a process field or a data group is
 * declared: GROUP_LIST (the units of fetching) and ITEM_LIST (every field
 * ps or top can show).  From them come the item table (items.c), the row's
 * structs (task.h), the rows' freeing and copying (taskset.c), procfs's
 * reads of small files (IN_FILE) and task_diag's copies (TD columns). */
#ifndef PROCPS_TD_ITEMLIST_H
#define PROCPS_TD_ITEMLIST_H

/* Data groups: one unit of fetching.  For procfs a group is one file
 * (or one fstat); for task_diag it is one attribute set.
 * X(ID, name): GRP_<ID> and its name in group_names[]. */
#define GROUP_LIST(X) \
	X(STAT,      "stat")         /* /proc/PID/stat */ \
	/* stat's address-space fields: procfs has them with stat; task_diag \
	 * reads the task's mm and checks ptrace access only for them */ \
	X(STAT_MM,   "stat_mm")      /* /proc/PID/stat */ \
	/* stat's vsize and rss: procfs has them with stat; task_diag takes \
	 * them from STATM (the same counters), with no ptrace check */ \
	X(STAT_VM,   "stat_vm")      /* /proc/PID/stat */ \
	/* stat's ppid, pgrp, session and tpgid: procfs has them with stat; \
	 * task_diag looks each up in the reader's pid namespace */ \
	X(STAT_IDS,  "stat_ids")     /* /proc/PID/stat */ \
	/* stat's times, faults, priorities, start time and rsslim: procfs \
	 * has them with stat; task_diag asks for its STAT attribute only \
	 * for them (the rest of a row's stat comes with BASE) */ \
	X(STAT_ACCT, "stat_acct")    /* /proc/PID/stat */ \
	X(OWNER,     "owner")        /* owner of /proc/PID (fstat) */ \
	X(STATUS,    "status")       /* /proc/PID/status */ \
	/* status's Vm lines: procfs reads status for them; task_diag has \
	 * them in STATM, without the ids and groups of the rest */ \
	X(STATUS_VM, "status_vm")    /* /proc/PID/status */ \
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
	X(AUTOGROUP, "autogroup")    /* /proc/PID/autogroup */ \
	X(LABEL,     "label")        /* /proc/PID/attr/current */

/* Where a group's fields live: in the row itself (CORE), unless the
 * group has a line here naming one of the row's blocks (task.h),
 * allocated only for rows that fill the group.  A new block also needs
 * its TB_* lines below. */
#define ITEM_BLOCK_GRP_STATUS    ~, STATUS
#define ITEM_BLOCK_GRP_STATUS_VM ~, STATUS
#define ITEM_BLOCK_GRP_IO        ~, IO
#define ITEM_BLOCK_GRP_NS        ~, NS
#define ITEM_BLOCK_GRP_SMAPS     ~, SMAPS

/* A block's struct, and where a row keeps it (t is a struct task *);
 * the enum task_block (items.h) has a TB_<block> for each. */
#define TB_STRUCT_CORE          struct task
#define TB_STRUCT_STATUS        struct task_status
#define TB_STRUCT_IO            struct task_io
#define TB_STRUCT_SMAPS         struct task_smaps
#define TB_STRUCT_NS            struct task_ns_inodes
#define TB_BASE_CORE(t)         (t)
#define TB_BASE_STATUS(t)       ((t)->status)
#define TB_BASE_IO(t)           ((t)->io)
#define TB_BASE_SMAPS(t)        ((t)->smaps)
#define TB_BASE_NS(t)           ((t)->ns)
/* For an item row's group column (GRP_IO, or an IN_FILE() one, which
 * arrives here expanded: the group, then designators): its block's enum,
 * struct and base. */
#define TB_PASTE_(a, b)         a##b
#define TB_PASTE(a, b)          TB_PASTE_(a, b)
#define TB_FIRST_(grp, ...)     grp
#define TB_SECOND_(a, b, ...)   b
#define TB_SECOND(...)          TB_SECOND_(__VA_ARGS__)
/* the block's name: the second of its ITEM_BLOCK_ line, else CORE */
#define TB_NAME_(grp)           TB_SECOND(ITEM_BLOCK_##grp, CORE, )
#define TB_OF_(pfx, grp)        TB_PASTE(pfx, TB_NAME_(grp))
#define TB_OF(pfx, grp)         TB_OF_(pfx, grp)
#define GROUP_BLOCK(...)        TB_OF(TB_, TB_FIRST_(__VA_ARGS__, ))
#define GROUP_STRUCT(...)       TB_OF(TB_STRUCT_, TB_FIRST_(__VA_ARGS__, ))
#define GROUP_BASE(t, ...)      TB_OF(TB_BASE_, TB_FIRST_(__VA_ARGS__, ))(t)

/* The group column of an item that is the whole of a small file: group
 * grp, the file's name and its directory (OWN, PROCESS or TID).  procfs
 * reads each such item of a fetched group: a number item is the integer
 * the file holds, a T_STRP item its bytes; each one read marks the group
 * filled, one that cannot be read or parsed is left 0 or NULL. */
#define IN_FILE(grp, dir, name) \
	grp, .file = name, .file_dir = ITEM_DIR_##dir

/* X(ID, name, type, group, field[, td source]) -- one row per field.
 * type: T_INT int, T_UINT unsigned, T_LONG long, T_ULONG unsigned long,
 * T_ULL unsigned long long, T_U64 uint64_t, T_CHAR char, T_STR an inline
 * char array (TASK_COMM_MAX), T_STRP char *, T_BLOB struct task_blob.
 * field: the member of the group's block (task.h declares it from this
 * row, except the ns block's array).  Units are the kernel's procfs ones:
 * ticks for times, pages for stat's rss and statm, KiB for status's and
 * smaps' figures, bytes for vsize.  A T_STRP or T_BLOB field has exactly
 * one row: rows free and copy what they own through these rows.
 * td source: the task_diag reply field the row is copied from
 * (backends/task_diag/td_fill.c), when its group is filled:
 * TD(attr.field) as C assigns, TD_UNIT(attr.field, unit) converted to
 * procfs's unit (U_TICKS ns to ticks, U_PAGES_KIB, U_PAGES_BYTES, U_BYTES_KIB),
 * TD_WHOLE(attr.field, unit) a figure a leader's process message replaces,
 * TD_MM(attr.field, unit) only when the task has an address space.
 * Without one the backend fills the field in code, or never. */
#define ITEM_LIST(X) \
	X(TID,          "tid",          T_INT,   GRP_STAT,    tid) \
	X(TGID,         "tgid",         T_INT,   GRP_STAT,    tgid) \
	X(PPID,         "ppid",         T_INT,   GRP_STAT_IDS,    ppid, TD(base.ppid)) \
	X(PGRP,         "pgrp",         T_INT,   GRP_STAT_IDS,    pgrp, TD(base.pgid)) \
	X(SESSION,      "session",      T_INT,   GRP_STAT_IDS,    session, TD(base.sid)) \
	X(TPGID,        "tpgid",        T_INT,   GRP_STAT_IDS,    tpgid, TD(base.tpgid)) \
	X(TRACER,       "tracer",       T_INT,   GRP_STATUS,  tracer, TD(base.tpid)) \
	X(TTY_NR,       "tty_nr",       T_INT,   GRP_STAT,    tty_nr, TD(base.tty_nr)) \
	X(STATE,        "state",        T_CHAR,  GRP_STAT,    state) \
	X(COMM,         "comm",         T_STR,   GRP_STAT,    comm) \
	X(FLAGS,        "flags",        T_ULONG, GRP_STAT,    flags, TD(base.flags)) \
	X(MINFLT,       "minflt",       T_ULONG, GRP_STAT_ACCT, minflt, TD_WHOLE(stat.minflt, U_SAME)) \
	X(CMINFLT,      "cminflt",      T_ULONG, GRP_STAT_ACCT, cminflt, TD_WHOLE(stat.cminflt, U_SAME)) \
	X(MAJFLT,       "majflt",       T_ULONG, GRP_STAT_ACCT, majflt, TD_WHOLE(stat.majflt, U_SAME)) \
	X(CMAJFLT,      "cmajflt",      T_ULONG, GRP_STAT_ACCT, cmajflt, TD_WHOLE(stat.cmajflt, U_SAME)) \
	X(UTIME,        "utime",        T_ULL,   GRP_STAT_ACCT, utime, TD_WHOLE(stat.utime, U_TICKS)) \
	X(STIME,        "stime",        T_ULL,   GRP_STAT_ACCT, stime, TD_WHOLE(stat.stime, U_TICKS)) \
	X(CUTIME,       "cutime",       T_ULL,   GRP_STAT_ACCT, cutime, TD_WHOLE(stat.cutime, U_TICKS)) \
	X(CSTIME,       "cstime",       T_ULL,   GRP_STAT_ACCT, cstime, TD_WHOLE(stat.cstime, U_TICKS)) \
	X(PRIORITY,     "priority",     T_LONG,  GRP_STAT_ACCT, priority, TD(stat.priority)) \
	X(NICE,         "nice",         T_LONG,  GRP_STAT_ACCT, nice, TD(stat.nice)) \
	X(NLWP,         "nlwp",         T_INT,   GRP_STAT,    nlwp, TD(base.nlwp)) \
	X(START_TIME,   "start_time",   T_ULL,   GRP_STAT_ACCT, start_time, TD_UNIT(stat.start_time, U_TICKS)) \
	X(VSIZE,        "vsize",        T_ULONG, GRP_STAT_VM, vsize, TD_MM(statm.size, U_PAGES_BYTES)) \
	X(RSS,          "rss",          T_LONG,  GRP_STAT_VM, rss, TD_MM(statm.resident, U_SAME)) \
	X(RSSLIM,       "rsslim",       T_ULONG, GRP_STAT_ACCT, rsslim, TD(stat.rsslim)) \
	X(START_CODE,   "start_code",   T_ULONG, GRP_STAT_MM, start_code, TD(stat.start_code)) \
	X(END_CODE,     "end_code",     T_ULONG, GRP_STAT_MM, end_code, TD(stat.end_code)) \
	X(START_STACK,  "start_stack",  T_ULONG, GRP_STAT_MM, start_stack, TD(stat.start_stack)) \
	X(KSTK_ESP,     "kstk_esp",     T_ULONG, GRP_STAT_MM, kstk_esp, TD(stat.kstkesp)) \
	X(KSTK_EIP,     "kstk_eip",     T_ULONG, GRP_STAT_MM, kstk_eip, TD(stat.kstkeip)) \
	X(WCHAN_ADDR,   "wchan_addr",   T_ULONG, GRP_STAT_MM, wchan_addr, TD_WHOLE(stat.wchan, U_SAME)) \
	X(EXIT_SIGNAL,  "exit_signal",  T_INT,   GRP_STAT,    exit_signal, TD(base.exit_signal)) \
	X(PROCESSOR,    "processor",    T_INT,   GRP_STAT,    processor, TD(base.processor)) \
	X(RT_PRIORITY,  "rt_priority",  T_UINT,  GRP_STAT_ACCT, rt_priority, TD(stat.rt_priority)) \
	X(POLICY,       "policy",       T_UINT,  GRP_STAT_ACCT, policy, TD(stat.policy)) \
	X(EUID,         "euid",         T_UINT,  GRP_OWNER,   euid) \
	X(EGID,         "egid",         T_UINT,  GRP_OWNER,   egid) \
	X(RUID,         "ruid",         T_UINT,  GRP_STATUS,  ruid, TD(cred.uid)) \
	X(SUID,         "suid",         T_UINT,  GRP_STATUS,  suid, TD(cred.suid)) \
	X(FUID,         "fuid",         T_UINT,  GRP_STATUS,  fuid, TD(cred.fsuid)) \
	X(RGID,         "rgid",         T_UINT,  GRP_STATUS,  rgid, TD(cred.gid)) \
	X(SGID,         "sgid",         T_UINT,  GRP_STATUS,  sgid, TD(cred.sgid)) \
	X(FGID,         "fgid",         T_UINT,  GRP_STATUS,  fgid, TD(cred.fsgid)) \
	X(SUPGIDS,      "supgids",      T_STRP,  GRP_STATUS,  supgids) \
	X(VM_SIZE,      "vm_size",      T_ULONG, GRP_STATUS_VM, vm_size, TD_MM(statm.size, U_PAGES_KIB)) \
	X(VM_LOCK,      "vm_lock",      T_ULONG, GRP_STATUS_VM, vm_lock, TD_MM(statm.locked_vm, U_PAGES_KIB)) \
	/* status's VmRSS is statm's resident in KiB on every kernel (from	\
	 * 6.16 on stat's rss is a cheaper estimate): RSS and %MEM read statm */ \
	X(VM_RSS,       "vm_rss",       T_ULONG, GRP_STATM,   vm_rss, TD_UNIT(statm.resident, U_PAGES_KIB)) \
	X(VM_RSS_ANON,  "vm_rss_anon",  T_ULONG, GRP_STATUS_VM, vm_rss_anon, TD_MM(statm.anon, U_PAGES_KIB)) \
	X(VM_RSS_FILE,  "vm_rss_file",  T_ULONG, GRP_STATUS_VM, vm_rss_file, TD_MM(statm.file, U_PAGES_KIB)) \
	X(VM_RSS_SHARED,"vm_rss_shared",T_ULONG, GRP_STATUS_VM, vm_rss_shared, TD_MM(statm.shmem, U_PAGES_KIB)) \
	X(VM_DATA,      "vm_data",      T_ULONG, GRP_STATUS_VM, vm_data, TD_MM(statm.data_vm, U_PAGES_KIB)) \
	X(VM_STACK,     "vm_stack",     T_ULONG, GRP_STATUS_VM, vm_stack, TD_MM(statm.stack_vm, U_PAGES_KIB)) \
	X(VM_EXE,       "vm_exe",       T_ULONG, GRP_STATUS_VM, vm_exe, TD_MM(statm.vm_exe, U_BYTES_KIB)) \
	X(VM_LIB,       "vm_lib",       T_ULONG, GRP_STATUS_VM, vm_lib, TD_MM(statm.vm_lib, U_BYTES_KIB)) \
	X(VM_SWAP,      "vm_swap",      T_ULONG, GRP_STATUS_VM, vm_swap, TD_MM(statm.swap, U_PAGES_KIB)) \
	X(SIG_PENDING,  "sig_pending",  T_U64,   GRP_STATUS,  sig_pending, TD(stat.sig_pending)) \
	X(SIG_SHARED,   "sig_shared",   T_U64,   GRP_STATUS,  sig_shared, TD(stat.sig_shared_pending)) \
	X(SIG_BLOCKED,  "sig_blocked",  T_U64,   GRP_STATUS,  sig_blocked, TD(stat.sig_blocked)) \
	X(SIG_IGNORED,  "sig_ignored",  T_U64,   GRP_STATUS,  sig_ignored, TD(stat.sig_ignored)) \
	X(SIG_CAUGHT,   "sig_caught",   T_U64,   GRP_STATUS,  sig_caught, TD(stat.sig_caught)) \
	X(SM_SIZE,      "statm_size",   T_ULONG, GRP_STATM,   sm_size, TD(statm.size)) \
	X(SM_RESIDENT,  "statm_resident",T_ULONG,GRP_STATM,   sm_resident, TD(statm.resident)) \
	X(SM_SHARED,    "statm_shared", T_ULONG, GRP_STATM,   sm_shared, TD(statm.shared)) \
	X(SM_TEXT,      "statm_text",   T_ULONG, GRP_STATM,   sm_text, TD(statm.text)) \
	X(SM_LIB,       "statm_lib",    T_ULONG, GRP_STATM,   sm_lib) \
	X(SM_DATA,      "statm_data",   T_ULONG, GRP_STATM,   sm_data, TD(statm.data)) \
	X(SM_DIRTY,     "statm_dirty",  T_ULONG, GRP_STATM,   sm_dirty) \
	X(CMDLINE,      "cmdline",      T_BLOB,  GRP_CMDLINE, cmdline) \
	X(ENVIRON,      "environ",      T_BLOB,  GRP_ENVIRON, environ) \
	X(CGROUP,       "cgroup",       T_BLOB,  GRP_CGROUP,  cgroup) \
	X(WCHAN,        "wchan",        T_STRP,  IN_FILE(GRP_WCHAN, TID, "wchan"), wchan) \
	X(IO_RCHAR,     "io_rchar",     T_ULL,   GRP_IO,      io_rchar, TD_WHOLE(io.rchar, U_SAME)) \
	X(IO_WCHAR,     "io_wchar",     T_ULL,   GRP_IO,      io_wchar, TD_WHOLE(io.wchar, U_SAME)) \
	X(IO_SYSCR,     "io_syscr",     T_ULL,   GRP_IO,      io_syscr, TD_WHOLE(io.syscr, U_SAME)) \
	X(IO_SYSCW,     "io_syscw",     T_ULL,   GRP_IO,      io_syscw, TD_WHOLE(io.syscw, U_SAME)) \
	X(IO_READ_BYTES,"io_read_bytes",T_ULL,   GRP_IO,      io_read_bytes, TD_WHOLE(io.read_bytes, U_SAME)) \
	X(IO_WRITE_BYTES,"io_write_bytes",T_ULL, GRP_IO,      io_write_bytes, TD_WHOLE(io.write_bytes, U_SAME)) \
	X(IO_CANCELLED, "io_cancelled_write_bytes", T_ULL, GRP_IO, io_cancelled_write_bytes, TD_WHOLE(io.cancelled_write_bytes, U_SAME)) \
	X(OOM_SCORE,    "oom_score",    T_INT,   IN_FILE(GRP_OOM, OWN, "oom_score"), oom_score, TD(oom.oom_score)) \
	X(OOM_ADJ,      "oom_adj",      T_INT,   IN_FILE(GRP_OOM, OWN, "oom_score_adj"), oom_adj, TD(oom.oom_score_adj)) \
	X(NS_CGROUP,    "ns_cgroup",    T_ULONG, GRP_NS,      ino[TASK_NS_CGROUP], TD(ns.cgroup)) \
	X(NS_IPC,       "ns_ipc",       T_ULONG, GRP_NS,      ino[TASK_NS_IPC], TD(ns.ipc)) \
	X(NS_MNT,       "ns_mnt",       T_ULONG, GRP_NS,      ino[TASK_NS_MNT], TD(ns.mnt)) \
	X(NS_NET,       "ns_net",       T_ULONG, GRP_NS,      ino[TASK_NS_NET], TD(ns.net)) \
	X(NS_PID,       "ns_pid",       T_ULONG, GRP_NS,      ino[TASK_NS_PID], TD(ns.pid)) \
	X(NS_TIME,      "ns_time",      T_ULONG, GRP_NS,      ino[TASK_NS_TIME], TD(ns.time)) \
	X(NS_USER,      "ns_user",      T_ULONG, GRP_NS,      ino[TASK_NS_USER], TD(ns.user)) \
	X(NS_UTS,       "ns_uts",       T_ULONG, GRP_NS,      ino[TASK_NS_UTS], TD(ns.uts)) \
	X(LOGINUID,     "loginuid",     T_UINT,  IN_FILE(GRP_LOGIN, OWN, "loginuid"), loginuid, TD(loginuid.loginuid)) \
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
	X(AUTOGROUP_NICE,"autogroup_nice",T_INT, GRP_AUTOGROUP, autogroup_nice) \
	/* the security module's label of the process, as read */ \
	X(LABEL,        "label",        T_STRP,  IN_FILE(GRP_LABEL, PROCESS, "attr/current"), label)

#endif
