/* The format-spec table: one row per "ps -o" keyword, FreeBSD style: a
 * row names the library item behind the column (its "key") and, where
 * the reference formats it its own way, a printer and comparator.
 * PLEASE KEEP IT SORTED (strcmp order): it is searched with bsearch, and
 * specs_check() verifies the order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/itemtext.h"
#include "library/sysinfo.h"
#include "arena.h"
#include "print.h"

/* F_x: a format, scale and text rule for the default printer (ps.h). */
#define F_DEC    VF_DEC, SC_ONE, NULL
#define F_KIB    VF_DEC, SC_KIB, NULL
#define F_PAGES  VF_DEC, SC_PAGES, NULL
#define F_HEX    VF_HEX, SC_ONE, NULL
#define F_SIGSET VF_SIGSET, SC_ONE, NULL
#define F_INODE  VF_INODE, SC_ONE, NULL
#define F_USER   VF_USER, SC_ONE, NULL
#define F_GROUP  VF_GROUP, SC_ONE, NULL
/* a string key's raw text through a library rule: F_TEXT(wchan_text) */
#define F_TEXT(rule) VF_DEC, SC_ONE, rule

/* A row with code of its own: printer and comparator (NULL for the
 * defaults on key), then what the printer reads besides the key. */
#define ROW(nm, hd, w, al, fl, key, fmt, pr, cmp, ...) \
	{ nm, hd, pr, cmp, w, al, fl, ITEM_##key, F_##fmt, \
	  { ITEM_##key, ##__VA_ARGS__, ITEM_COUNT } }
/* A row the default printer and comparator serve. */
#define VAL(nm, hd, w, al, fl, key, fmt) \
	ROW(nm, hd, w, al, fl, key, fmt, NULL, NULL)

static const struct spec specs[] = {
	ROW("%cpu",        "%CPU",        4,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_pcpu, cmp_pcpu, ITEM_STIME, ITEM_START_TIME),
	ROW("%mem",        "%MEM",        4,  AL_RIGHT,     SF_PROC,               VM_RSS,         DEC, pr_pmem, NULL),
	ROW("_left",       "LLLLLLLL",    8,  AL_LEFT,      SF_EVERY,              NONE,           DEC, pr_t_left, NULL),
	ROW("_left2",      "L2L2L2L2",    8,  AL_LEFT,      SF_EVERY,              NONE,           DEC, pr_t_left2, NULL),
	ROW("_right",      "RRRRRRRRRRR", 11, AL_RIGHT,     SF_EVERY,              NONE,           DEC, pr_t_right, NULL),
	ROW("_right2",     "R2R2R2R2R2R", 11, AL_RIGHT,     SF_EVERY,              NONE,           DEC, pr_t_right2, NULL),
	ROW("_unlimited",  "U",           16, AL_UNLIMITED, SF_EVERY,              NONE,           DEC, pr_t_unlimited, NULL),
	ROW("_unlimited2", "U2",          16, AL_UNLIMITED, SF_EVERY,              NONE,           DEC, pr_t_unlimited2, NULL),
	ROW("ag_id",       "AGID",        5,  AL_RIGHT,     SF_EVERY,              AUTOGROUP_ID,   DEC, pr_agid, cmp_agid),
	ROW("ag_nice",     "AGNI",        4,  AL_RIGHT,     SF_EVERY,              AUTOGROUP_NICE, DEC, pr_agnice, NULL),
	ROW("args",        "COMMAND",     27, AL_UNLIMITED, SF_PROC,               CMDLINE,        DEC, pr_args, cmp_args, ITEM_COMM),
	ROW("atime",       "TIME",        8,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_time, cmp_time, ITEM_STIME, ITEM_START_TIME),
	VAL("blocked",     "BLOCKED",     9,  AL_SIGNAL,    SF_THREAD,             SIG_BLOCKED,    SIGSET),
	ROW("bsdstart",    "START",       6,  AL_RIGHT,     SF_EVERY,              START_TIME,     DEC, pr_bsdstart, NULL),
	ROW("bsdtime",     "TIME",        6,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_bsdtime, cmp_time, ITEM_STIME, ITEM_START_TIME),
	ROW("c",           "C",           2,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_c, cmp_pcpu, ITEM_STIME, ITEM_START_TIME),
	VAL("caught",      "CAUGHT",      9,  AL_SIGNAL,    SF_THREAD,             SIG_CAUGHT,     SIGSET),
	ROW("cgname",      "CGNAME",      27, AL_UNLIMITED, SF_PROC,               CGROUP,         DEC, pr_cgname, cmp_cgname),
	ROW("cgroup",      "CGROUP",      27, AL_UNLIMITED, SF_PROC,               CGROUP,         DEC, pr_cgroup, cmp_cgroup),
	VAL("cgroupns",    "CGROUPNS",    10, AL_RIGHT,     SF_EVERY,              NS_CGROUP,      INODE),
	ROW("class",       "CLS",         3,  AL_LEFT,      SF_THREAD,             POLICY,         DEC, pr_class, NULL),
	ROW("cls",         "CLS",         3,  AL_RIGHT,     SF_THREAD,             POLICY,         DEC, pr_class, NULL),
	ROW("cmd",         "CMD",         27, AL_UNLIMITED, SF_PROC,               CMDLINE,        DEC, pr_args, cmp_args, ITEM_COMM),
	ROW("comm",        "COMMAND",     15, AL_UNLIMITED, SF_PROC,               COMM,           DEC, pr_comm, cmp_comm),
	ROW("command",     "COMMAND",     27, AL_UNLIMITED, SF_PROC,               CMDLINE,        DEC, pr_args, cmp_args, ITEM_COMM),
	ROW("context",     "CONTEXT",     31, AL_LEFT,      SF_EVERY,              TGID,           DEC, pr_context, NULL, ITEM_LABEL),
	ROW("cp",          "CP",          3,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_cp, cmp_pcpu, ITEM_STIME, ITEM_START_TIME, ITEM_CUTIME, ITEM_CSTIME),
	VAL("cpuid",       "CPUID",       5,  AL_RIGHT,     SF_THREAD,             PROCESSOR,      DEC),
	ROW("cputime",     "TIME",        8,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_time, cmp_time, ITEM_STIME, ITEM_START_TIME),
	ROW("cputimes",    "TIME",        8,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_times, cmp_time, ITEM_STIME, ITEM_START_TIME),
	ROW("cuc",         "%CUC",        7,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_cuc, cmp_cuc, ITEM_STIME, ITEM_START_TIME, ITEM_CUTIME, ITEM_CSTIME),
	ROW("cuu",         "%CUU",        6,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_cuu, cmp_pcpu, ITEM_STIME, ITEM_START_TIME),
	ROW("drs",         "DRS",         5,  AL_RIGHT,     SF_PROC,               VSIZE,          DEC, pr_drs, NULL, ITEM_START_CODE, ITEM_END_CODE),
	ROW("dsiz",        "DSIZ",        4,  AL_RIGHT,     SF_PROC,               VSIZE,          DEC, pr_drs, NULL, ITEM_START_CODE, ITEM_END_CODE),
	VAL("egid",        "EGID",        5,  AL_RIGHT,     SF_EVERY,              EGID,           DEC),
	VAL("egroup",      "EGROUP",      8,  AL_USER,      SF_EVERY,              EGID,           GROUP),
	VAL("eip",         "EIP",         16, AL_RIGHT,     SF_THREAD,             KSTK_EIP,       HEX),
	VAL("esp",         "ESP",         16, AL_RIGHT,     SF_THREAD,             KSTK_ESP,       HEX),
	ROW("etime",       "ELAPSED",     11, AL_RIGHT,     SF_EVERY,              START_TIME,     DEC, pr_etime, cmp_elapsed),
	ROW("etimes",      "ELAPSED",     7,  AL_RIGHT,     SF_EVERY,              START_TIME,     DEC, pr_etimes, cmp_elapsed),
	VAL("euid",        "EUID",        5,  AL_RIGHT,     SF_EVERY,              EUID,           DEC),
	VAL("euser",       "EUSER",       8,  AL_USER,      SF_EVERY,              EUID,           USER),
	ROW("exe",         "EXE",         27, AL_UNLIMITED, SF_PROC,               EXE,            DEC, pr_exe, cmp_exe),
	ROW("f",           "F",           1,  AL_RIGHT,     SF_EVERY,              FLAGS,          DEC, pr_flags, NULL),
	ROW("fgid",        "FGID",        5,  AL_RIGHT,     SF_EVERY,              FGID,           DEC, NULL, cmp_noop),
	VAL("fgroup",      "FGROUP",      8,  AL_USER,      SF_EVERY,              FGID,           GROUP),
	ROW("flag",        "F",           1,  AL_RIGHT,     SF_EVERY,              FLAGS,          DEC, pr_flags, NULL),
	ROW("flags",       "F",           1,  AL_RIGHT,     SF_EVERY,              FLAGS,          DEC, pr_flags, NULL),
	ROW("fname",       "COMMAND",     8,  AL_LEFT,      SF_PROC,               COMM,           DEC, pr_fname, cmp_comm),
	VAL("fsgid",       "FSGID",       5,  AL_RIGHT,     SF_EVERY,              FGID,           DEC),
	VAL("fsgroup",     "FSGROUP",     8,  AL_USER,      SF_EVERY,              FGID,           GROUP),
	VAL("fsuid",       "FSUID",       5,  AL_RIGHT,     SF_EVERY,              FUID,           DEC),
	VAL("fsuser",      "FSUSER",      8,  AL_USER,      SF_EVERY,              FUID,           USER),
	VAL("fuid",        "FUID",        5,  AL_RIGHT,     SF_EVERY,              FUID,           DEC),
	VAL("fuser",       "FUSER",       8,  AL_USER,      SF_EVERY,              FUID,           USER),
	VAL("gid",         "GID",         5,  AL_RIGHT,     SF_EVERY,              EGID,           DEC),
	VAL("group",       "GROUP",       8,  AL_USER,      SF_EVERY,              EGID,           GROUP),
	VAL("ignored",     "IGNORED",     9,  AL_SIGNAL,    SF_THREAD,             SIG_IGNORED,    SIGSET),
	ROW("intpri",      "PRI",         3,  AL_RIGHT,     SF_THREAD,             PRIORITY,       DEC, pr_opri, NULL),
	VAL("ipcns",       "IPCNS",       10, AL_RIGHT,     SF_EVERY,              NS_IPC,         INODE),
	ROW("label",       "LABEL",       31, AL_LEFT,      SF_EVERY,              TGID,           DEC, pr_context, NULL, ITEM_LABEL),
	VAL("lastcpu",     "C",           3,  AL_RIGHT,     SF_THREAD,             PROCESSOR,      DEC),
	ROW("lim",         "LIM",         5,  AL_RIGHT,     SF_EVERY,              RSSLIM,         DEC, pr_lim, NULL),
	ROW("longtname",   "TTY",         8,  AL_LEFT,      SF_PROC,               TTY_NR,         DEC, pr_tname, cmp_tty),
	ROW("lsession",    "SESSION",     11, AL_LEFT,      SF_EVERY,              CGROUP,         DEC, pr_sd_session, cmp_sd_session),
	ROW("lstart",      "STARTED",     24, AL_RIGHT,     SF_EVERY,              START_TIME,     DEC, pr_lstart, NULL),
	ROW("luid",        "LUID",        5,  AL_RIGHT,     SF_EVERY,              LOGINUID,       DEC, pr_luid, cmp_luid),
	VAL("lwp",         "LWP",         5,  AL_RIGHT,     SF_PIDMAX | SF_THREAD, TID,            DEC),
	ROW("lxc",         "LXC",         8,  AL_LEFT,      SF_EVERY,              CGROUP,         DEC, pr_lxc, cmp_lxc),
	ROW("m_drs",       "DRS",         5,  AL_RIGHT,     SF_PROC,               VSIZE,          DEC, pr_drs, NULL, ITEM_START_CODE, ITEM_END_CODE),
	VAL("m_size",      "SIZE",        5,  AL_RIGHT,     SF_PROC,               VSIZE,          DEC),
	ROW("m_trs",       "TRS",         5,  AL_RIGHT,     SF_PROC,               VSIZE,          DEC, pr_trs, NULL, ITEM_START_CODE, ITEM_END_CODE),
	ROW("machine",     "MACHINE",     31, AL_LEFT,      SF_EVERY,              CGROUP,         DEC, pr_sd_machine, cmp_sd_machine),
	ROW("maj_flt",     "MAJFL",       6,  AL_RIGHT,     SF_EVERY,              MAJFLT,         DEC, pr_majflt, NULL, ITEM_CMAJFLT),
	ROW("majflt",      "MAJFLT",      6,  AL_RIGHT,     SF_EVERY,              MAJFLT,         DEC, pr_majflt, NULL, ITEM_CMAJFLT),
	ROW("min_flt",     "MINFL",       6,  AL_RIGHT,     SF_EVERY,              MINFLT,         DEC, pr_minflt, NULL, ITEM_CMINFLT),
	ROW("minflt",      "MINFLT",      6,  AL_RIGHT,     SF_EVERY,              MINFLT,         DEC, pr_minflt, NULL, ITEM_CMINFLT),
	VAL("mntns",       "MNTNS",       10, AL_RIGHT,     SF_EVERY,              NS_MNT,         INODE),
	VAL("netns",       "NETNS",       10, AL_RIGHT,     SF_EVERY,              NS_NET,         INODE),
	ROW("ni",          "NI",          3,  AL_RIGHT,     SF_THREAD,             NICE,           DEC, pr_nice, NULL, ITEM_POLICY),
	ROW("nice",        "NI",          3,  AL_RIGHT,     SF_THREAD,             NICE,           DEC, pr_nice, NULL, ITEM_POLICY),
	VAL("nlwp",        "NLWP",        4,  AL_RIGHT,     SF_PROC,               NLWP,           DEC),
	ROW("numa",        "NUMA",        4,  AL_RIGHT,     SF_EVERY,              PROCESSOR,      DEC, pr_numa, cmp_numa),
	VAL("oom",         "OOM",         4,  AL_RIGHT,     SF_THREAD,             OOM_SCORE,      DEC),
	VAL("oomadj",      "OOMADJ",      5,  AL_RIGHT,     SF_THREAD,             OOM_ADJ,        DEC),
	ROW("opri",        "PRI",         3,  AL_RIGHT,     SF_THREAD,             PRIORITY,       DEC, pr_opri, NULL),
	ROW("ouid",        "OWNER",       5,  AL_LEFT,      SF_EVERY,              CGROUP,         DEC, pr_sd_ouid, cmp_sd_ouid),
	ROW("pagein",      "PAGEIN",      6,  AL_RIGHT,     SF_EVERY,              MAJFLT,         DEC, pr_majflt, NULL, ITEM_CMAJFLT),
	ROW("pcpu",        "%CPU",        4,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_pcpu, cmp_pcpu, ITEM_STIME, ITEM_START_TIME),
	ROW("pending",     "PENDING",     9,  AL_SIGNAL,    SF_EVERY,              SIG_SHARED,     DEC, pr_sig, cmp_sig, ITEM_SIG_PENDING),
	VAL("pgid",        "PGID",        5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   PGRP,           DEC),
	VAL("pgrp",        "PGRP",        5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   PGRP,           DEC),
	VAL("pid",         "PID",         5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   TGID,           DEC),
	VAL("pidns",       "PIDNS",       10, AL_RIGHT,     SF_EVERY,              NS_PID,         INODE),
	ROW("pmem",        "%MEM",        4,  AL_RIGHT,     SF_PROC,               VM_RSS,         DEC, pr_pmem, NULL),
	ROW("policy",      "POL",         3,  AL_LEFT,      SF_THREAD,             POLICY,         DEC, pr_class, NULL),
	VAL("ppid",        "PPID",        5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   PPID,           DEC),
	ROW("pri",         "PRI",         3,  AL_RIGHT,     SF_THREAD,             PRIORITY,       DEC, pr_pri, NULL),
	ROW("pri_api",     "API",         3,  AL_RIGHT,     SF_THREAD,             PRIORITY,       DEC, pr_pri_api, NULL),
	ROW("pri_bar",     "BAR",         3,  AL_RIGHT,     SF_THREAD,             PRIORITY,       DEC, pr_pri_bar, NULL),
	ROW("pri_baz",     "BAZ",         3,  AL_RIGHT,     SF_THREAD,             PRIORITY,       DEC, pr_pri_baz, NULL),
	ROW("pri_foo",     "FOO",         3,  AL_RIGHT,     SF_THREAD,             PRIORITY,       DEC, pr_pri_foo, NULL),
	VAL("priority",    "PRI",         3,  AL_RIGHT,     SF_THREAD,             PRIORITY,       DEC),
	VAL("psr",         "PSR",         3,  AL_RIGHT,     SF_THREAD,             PROCESSOR,      DEC),
	VAL("pss",         "PSS",         5,  AL_RIGHT,     SF_PROC,               SMAP_PSS,       DEC),
	VAL("rbytes",      "RBYTES",      5,  AL_RIGHT,     SF_THREAD,             IO_READ_BYTES,  DEC),
	VAL("rchars",      "RCHARS",      5,  AL_RIGHT,     SF_THREAD,             IO_RCHAR,       DEC),
	VAL("rgid",        "RGID",        5,  AL_RIGHT,     SF_EVERY,              RGID,           DEC),
	VAL("rgroup",      "RGROUP",      8,  AL_USER,      SF_EVERY,              RGID,           GROUP),
	VAL("rops",        "ROPS",        5,  AL_RIGHT,     SF_THREAD,             IO_SYSCR,       DEC),
	VAL("rss",         "RSS",         5,  AL_RIGHT,     SF_PROC,               VM_RSS,         DEC),
	VAL("rssize",      "RSS",         5,  AL_RIGHT,     SF_PROC,               VM_RSS,         DEC),
	VAL("rsz",         "RSZ",         5,  AL_RIGHT,     SF_PROC,               VM_RSS,         DEC),
	ROW("rtprio",      "RTPRIO",      6,  AL_RIGHT,     SF_THREAD,             RT_PRIORITY,    DEC, pr_rtprio, NULL, ITEM_POLICY),
	VAL("ruid",        "RUID",        5,  AL_RIGHT,     SF_EVERY,              RUID,           DEC),
	VAL("ruser",       "RUSER",       8,  AL_USER,      SF_EVERY,              RUID,           USER),
	VAL("s",           "S",           1,  AL_RIGHT,     SF_THREAD,             STATE,          DEC),
	VAL("sched",       "SCH",         3,  AL_RIGHT,     SF_THREAD,             POLICY,         DEC),
	ROW("seat",        "SEAT",        11, AL_LEFT,      SF_EVERY,              CGROUP,         DEC, pr_sd_seat, cmp_sd_seat),
	VAL("sess",        "SESS",        5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   SESSION,        DEC),
	VAL("session",     "SESS",        5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   SESSION,        DEC),
	ROW("sgi_p",       "P",           1,  AL_RIGHT,     SF_THREAD,             STATE,          DEC, pr_sgi_p, NULL, ITEM_PROCESSOR),
	VAL("sgi_rss",     "RSS",         4,  AL_LEFT,      SF_PROC,               VM_RSS,         DEC),
	VAL("sgid",        "SGID",        5,  AL_RIGHT,     SF_EVERY,              SGID,           DEC),
	VAL("sgroup",      "SGROUP",      8,  AL_USER,      SF_EVERY,              SGID,           GROUP),
	VAL("sid",         "SID",         5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   SESSION,        DEC),
	ROW("sig",         "PENDING",     9,  AL_SIGNAL,    SF_EVERY,              SIG_SHARED,     DEC, pr_sig, cmp_sig, ITEM_SIG_PENDING),
	VAL("sig_block",   "BLOCKED",     9,  AL_SIGNAL,    SF_THREAD,             SIG_BLOCKED,    SIGSET),
	VAL("sig_catch",   "CATCHED",     9,  AL_SIGNAL,    SF_THREAD,             SIG_CAUGHT,     SIGSET),
	VAL("sig_ignore",  "IGNORED",     9,  AL_SIGNAL,    SF_THREAD,             SIG_IGNORED,    SIGSET),
	ROW("sig_pend",    "SIGNAL",      9,  AL_SIGNAL,    SF_EVERY,              SIG_SHARED,     DEC, pr_sig, cmp_sig, ITEM_SIG_PENDING),
	VAL("sigcatch",    "CAUGHT",      9,  AL_SIGNAL,    SF_THREAD,             SIG_CAUGHT,     SIGSET),
	VAL("sigignore",   "IGNORED",     9,  AL_SIGNAL,    SF_THREAD,             SIG_IGNORED,    SIGSET),
	VAL("sigmask",     "BLOCKED",     9,  AL_SIGNAL,    SF_THREAD,             SIG_BLOCKED,    SIGSET),
	ROW("size",        "SIZE",        5,  AL_RIGHT,     SF_PROC,               VSIZE,          DEC, pr_swapable, NULL, ITEM_VM_DATA, ITEM_VM_STACK),
	ROW("slice",       "SLICE",       31, AL_LEFT,      SF_EVERY,              CGROUP,         DEC, pr_sd_slice, cmp_sd_slice),
	VAL("spid",        "SPID",        5,  AL_RIGHT,     SF_PIDMAX | SF_THREAD, TID,            DEC),
	VAL("stackp",      "STACKP",      16, AL_RIGHT,     SF_PROC,               START_STACK,    HEX),
	ROW("start",       "STARTED",     8,  AL_RIGHT,     SF_EVERY,              START_TIME,     DEC, pr_start, NULL),
	VAL("start_stack", "STACKP",      16, AL_RIGHT,     SF_PROC,               START_STACK,    HEX),
	ROW("start_time",  "START",       5,  AL_RIGHT,     SF_EVERY,              START_TIME,     DEC, pr_stime, NULL),
	ROW("stat",        "STAT",        4,  AL_LEFT,      SF_THREAD,             STATE,          DEC, pr_stat, NULL, ITEM_NICE, ITEM_VM_LOCK, ITEM_NLWP, ITEM_SESSION, ITEM_PGRP, ITEM_TPGID),
	VAL("state",       "S",           1,  AL_RIGHT,     SF_THREAD,             STATE,          DEC),
	ROW("stime",       "STIME",       5,  AL_RIGHT,     SF_EVERY,              START_TIME,     DEC, pr_stime, NULL),
	VAL("suid",        "SUID",        5,  AL_RIGHT,     SF_EVERY,              SUID,           DEC),
	ROW("supgid",      "SUPGID",      20, AL_UNLIMITED, SF_PROC,               SUPGIDS,        DEC, pr_supgid, cmp_supgid),
	ROW("supgrp",      "SUPGRP",      40, AL_UNLIMITED, SF_PROC,               SUPGIDS,        DEC, pr_supgrp, cmp_supgrp),
	VAL("suser",       "SUSER",       8,  AL_USER,      SF_EVERY,              SUID,           USER),
	VAL("svgid",       "SVGID",       5,  AL_RIGHT,     SF_EVERY,              SGID,           DEC),
	VAL("svgroup",     "SVGROUP",     8,  AL_USER,      SF_EVERY,              SGID,           GROUP),
	VAL("svuid",       "SVUID",       5,  AL_RIGHT,     SF_EVERY,              SUID,           DEC),
	VAL("svuser",      "SVUSER",      8,  AL_USER,      SF_EVERY,              SUID,           USER),
	VAL("sz",          "SZ",          5,  AL_RIGHT,     SF_PROC,               VSIZE,          PAGES),
	VAL("tgid",        "TGID",        5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   TGID,           DEC),
	VAL("thcount",     "THCNT",       5,  AL_RIGHT,     SF_PROC,               NLWP,           DEC),
	VAL("tid",         "TID",         5,  AL_RIGHT,     SF_PIDMAX | SF_THREAD, TID,            DEC),
	ROW("time",        "TIME",        8,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_time, cmp_time, ITEM_STIME, ITEM_START_TIME),
	VAL("timens",      "TIMENS",      10, AL_RIGHT,     SF_EVERY,              NS_TIME,        INODE),
	ROW("times",       "TIME",        8,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_times, cmp_time, ITEM_STIME, ITEM_START_TIME),
	ROW("tname",       "TTY",         8,  AL_LEFT,      SF_PROC,               TTY_NR,         DEC, pr_tname, cmp_tty),
	VAL("tpgid",       "TPGID",       5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   TPGID,          DEC),
	ROW("trs",         "TRS",         4,  AL_RIGHT,     SF_PROC,               VSIZE,          DEC, pr_trs, NULL, ITEM_START_CODE, ITEM_END_CODE),
	ROW("trss",        "TRSS",        4,  AL_RIGHT,     SF_PROC,               VSIZE,          DEC, pr_trs, NULL, ITEM_START_CODE, ITEM_END_CODE),
	VAL("tsig",        "PENDING",     9,  AL_SIGNAL,    SF_EVERY,              SIG_PENDING,    SIGSET),
	ROW("tsiz",        "TSIZ",        4,  AL_RIGHT,     SF_PROC,               VSIZE,          DEC, pr_trs, NULL, ITEM_START_CODE, ITEM_END_CODE),
	ROW("tt",          "TT",          8,  AL_LEFT,      SF_PROC,               TTY_NR,         DEC, pr_tname, cmp_tty),
	ROW("tty",         "TT",          8,  AL_LEFT,      SF_PROC,               TTY_NR,         DEC, pr_tname, cmp_tty),
	ROW("tty4",        "TTY",         4,  AL_LEFT,      SF_PROC,               TTY_NR,         DEC, pr_tty4, cmp_noop),
	ROW("tty8",        "TTY",         8,  AL_LEFT,      SF_PROC,               TTY_NR,         DEC, pr_tname, cmp_tty),
	ROW("ucmd",        "CMD",         15, AL_UNLIMITED, SF_PROC,               COMM,           DEC, pr_comm, cmp_comm),
	ROW("ucomm",       "COMMAND",     15, AL_UNLIMITED, SF_PROC,               COMM,           DEC, pr_comm, cmp_comm),
	VAL("uid",         "UID",         5,  AL_RIGHT,     SF_EVERY,              EUID,           DEC),
	VAL("uid_hack",    "UID",         8,  AL_USER,      SF_EVERY,              EUID,           USER),
	VAL("uname",       "USER",        8,  AL_USER,      SF_EVERY,              EUID,           USER),
	ROW("unit",        "UNIT",        31, AL_LEFT,      SF_EVERY,              CGROUP,         DEC, pr_sd_unit, cmp_sd_unit),
	VAL("user",        "USER",        8,  AL_USER,      SF_EVERY,              EUID,           USER),
	VAL("userns",      "USERNS",      10, AL_RIGHT,     SF_EVERY,              NS_USER,        INODE),
	VAL("uss",         "USS",         5,  AL_RIGHT,     SF_PROC,               SMAP_USS,       DEC),
	ROW("util",        "C",           2,  AL_RIGHT,     SF_EVERY,              UTIME,          DEC, pr_c, cmp_pcpu, ITEM_STIME, ITEM_START_TIME),
	VAL("utsns",       "UTSNS",       10, AL_RIGHT,     SF_EVERY,              NS_UTS,         INODE),
	ROW("uunit",       "UUNIT",       31, AL_LEFT,      SF_EVERY,              CGROUP,         DEC, pr_sd_uunit, cmp_sd_uunit),
	ROW("vsize",       "VSZ",         6,  AL_RIGHT,     SF_PROC,               VSIZE,          KIB, NULL, cmp_noop),
	VAL("vsz",         "VSZ",         6,  AL_RIGHT,     SF_PROC,               VSIZE,          KIB),
	VAL("wbytes",      "WBYTES",      5,  AL_RIGHT,     SF_THREAD,             IO_WRITE_BYTES, DEC),
	VAL("wcbytes",     "WCBYTES",     5,  AL_RIGHT,     SF_THREAD,             IO_CANCELLED,   DEC),
	VAL("wchan",       "WCHAN",       6,  AL_WCHAN,     SF_THREAD,             WCHAN,          TEXT(wchan_text)),
	VAL("wchars",      "WCHARS",      5,  AL_RIGHT,     SF_THREAD,             IO_WCHAR,       DEC),
	VAL("wname",       "WCHAN",       6,  AL_WCHAN,     SF_THREAD,             WCHAN,          TEXT(wchan_text)),
	VAL("wops",        "WOPS",        5,  AL_RIGHT,     SF_THREAD,             IO_SYSCW,       DEC),
	ROW("zone",        "ZONE",        31, AL_LEFT,      SF_EVERY,              TGID,           DEC, pr_context, NULL, ITEM_LABEL),
};

/* Specs that are accepted but print "-" (not listed by ps L): the
 * reference keeps them for other systems' names.  Sorted too. */
static const struct spec hidden[] = {
	VAL("acflag",      "ACFLG",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("acflg",       "ACFLG",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("addr",        "ADDR",        4,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("addr_1",      "ADDR",        1,  AL_LEFT,      SF_EVERY,              NONE,           DEC),
	VAL("alarm",       "ALARM",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("argc",        "ARGC",        4,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("bnd",         "BND",         1,  AL_RIGHT,     SF_THREAD,             NONE,           DEC),
	VAL("cmaj_flt",    "-",           1,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("cmin_flt",    "-",           1,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("cnswap",      "-",           1,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("cpu",         "CPU",         3,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("ctid",        "CTID",        5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("cursig",      "CURSIG",      6,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("cutime",      "-",           1,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("cwd",         "CWD",         3,  AL_LEFT,      SF_EVERY,              NONE,           DEC),
	VAL("emul",        "EMUL",        13, AL_LEFT,      SF_PROC,               NONE,           DEC),
	VAL("end_code",    "E_CODE",      16, AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("environ",     "ENVIRONMENT", 11, AL_UNLIMITED, SF_PROC,               NONE,           DEC),
	VAL("inblk",       "INBLK",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("inblock",     "INBLK",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("jid",         "JID",         1,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("jobc",        "JOBC",        4,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("ktrace",      "KTRACE",      8,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("ktracep",     "KTRACEP",     8,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("login",       "LOGNAME",     8,  AL_LEFT,      SF_EVERY,              NONE,           DEC),
	VAL("logname",     "LOGNAME",     8,  AL_LEFT,      SF_EVERY,              NONE,           DEC),
	VAL("luser",       "LUSER",       8,  AL_USER,      SF_EVERY,              NONE,           DEC),
	VAL("m_dt",        "DT",          4,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("m_lrs",       "LRS",         5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("m_resident",  "RES",         5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("m_share",     "SHRD",        5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("m_swap",      "SWAP",        5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("msgrcv",      "MSGRCV",      6,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("msgsnd",      "MSGSND",      6,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("mwchan",      "MWCHAN",      6,  AL_WCHAN,     SF_THREAD,             NONE,           DEC),
	VAL("nivcsw",      "IVCSW",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("nsignals",    "NSIGS",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("nsigs",       "NSIGS",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("nswap",       "NSWAP",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("nvcsw",       "VCSW",        5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("nwchan",      "WCHAN",       6,  AL_RIGHT,     SF_THREAD,             NONE,           DEC),
	VAL("osz",         "SZ",          2,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("oublk",       "OUBLK",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("oublock",     "OUBLK",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("p_ru",        "P_RU",        6,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("paddr",       "PADDR",       6,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("poip",        "-",           1,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("prmgrp",      "PRMGRP",      12, AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("prmid",       "PRMID",       12, AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("project",     "PROJECT",     12, AL_LEFT,      SF_PROC,               NONE,           DEC),
	VAL("projid",      "PROJID",      5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("pset",        "PSET",        4,  AL_RIGHT,     SF_THREAD,             NONE,           DEC),
	VAL("psxpri",      "PPR",         3,  AL_RIGHT,     SF_THREAD,             NONE,           DEC),
	VAL("re",          "RE",          3,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("resident",    "RES",         5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("rlink",       "RLINK",       8,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("scnt",        "SCNT",        4,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("scount",      "SC",          4,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("share",       "-",           1,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("sl",          "SL",          3,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("start_code",  "S_CODE",      16, AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("status",      "STATUS",      6,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("systime",     "SYSTEM",      6,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("taskid",      "TASKID",      5,  AL_RIGHT,     SF_PIDMAX | SF_THREAD, NONE,           DEC),
	VAL("tdev",        "TDEV",        4,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("timeout",     "TMOUT",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("tmout",       "TMOUT",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("tsess",       "TSESS",       5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   NONE,           DEC),
	VAL("tsession",    "TSESS",       5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   NONE,           DEC),
	VAL("tsid",        "TSID",        5,  AL_RIGHT,     SF_PIDMAX | SF_PROC,   NONE,           DEC),
	VAL("u_procp",     "UPROCP",      6,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("umask",       "UMASK",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("upr",         "UPR",         3,  AL_RIGHT,     SF_THREAD,             NONE,           DEC),
	VAL("uprocp",      "UPROCP",      8,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("usertime",    "USER",        4,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("usrpri",      "UPR",         3,  AL_RIGHT,     SF_THREAD,             NONE,           DEC),
	VAL("utime",       "UTIME",       6,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("vm_data",     "DATA",        5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("vm_exe",      "EXE",         5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("vm_lib",      "LIB",         5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("vm_lock",     "LCK",         3,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("vm_stack",    "STACK",       5,  AL_RIGHT,     SF_PROC,               NONE,           DEC),
	VAL("xstat",       "XSTAT",       5,  AL_RIGHT,     SF_EVERY,              NONE,           DEC),
	VAL("zoneid",      "ZONEID",      31, AL_RIGHT,     SF_EVERY,              NONE,           DEC),
};

static int by_name(const void *key, const void *row)
{
	return strcmp(key, ((const struct spec *)row)->name);
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const struct spec *spec_find(const char *name)
{
	const struct spec *s = bsearch(name, specs, COUNT(specs),
				       sizeof(specs[0]), by_name);

	if (!s)
		s = bsearch(name, hidden, COUNT(hidden), sizeof(hidden[0]),
			    by_name);
	return s;
}

/* A column for a spec, with its table width and header. */
struct column *column_for(const struct spec *s)
{
	struct column *c = arena_alloc(sizeof(*c));

	c->spec = s;
	c->header = s->header;
	c->width = s->width;
	if (s->flags & SF_PIDMAX) {
		int d = (int)sys_pid_digits(), h = (int)strlen(s->header);

		c->width = d > h ? d : h;
	}
	c->align = (enum align)s->align;
	return c;
}

const struct spec *spec_at(size_t i)
{
	if (i < COUNT(specs))
		return &specs[i];
	i -= COUNT(specs);
	return i < COUNT(hidden) ? &hidden[i] : NULL;
}

void specs_print_list(void)
{
	for (size_t i = 0; i < COUNT(specs); i++)
		printf("%-12.12s %-8.8s\n", specs[i].name, specs[i].header);
}

/* Sorted by name; each row reads its key first; a row without a key
 * reads nothing; the default printer's key is a number, or a string
 * with a text rule (and only a string has one). */
static int sound(const struct spec *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct spec *s = &t[i];

		if (i && strcmp(t[i - 1].name, s->name) >= 0)
			return 0;
		if (s->items[0] != s->key)
			return 0;
		if (s->key == ITEM_NONE)
			continue;
		bool text = item_table[s->key].type == T_STR ||
			    item_table[s->key].type == T_STRP;

		if (s->text && !text)
			return 0;
		if (!s->print && !s->text && item_table[s->key].type >= T_STR)
			return 0;
	}
	return 1;
}

int specs_check(void)
{
	return sound(specs, COUNT(specs)) && sound(hidden, COUNT(hidden)) ?
	       0 : -1;
}
