/* The format-spec table: one row per "ps -o" keyword.
 * PLEASE KEEP IT SORTED (strcmp order): it is searched with bsearch, and
 * a unit test checks the order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "print.h"

#define I(...) { __VA_ARGS__, ITEM_COUNT }
#define ROW(nm, hd, pr, cmp, w, al, fl, ...) \
	{ nm, hd, pr_##pr, cmp, w, al, fl, I(__VA_ARGS__) }

/* Items every printer of a kind reads. */
#define STAT_ITEMS ITEM_STATE
#define CPU_ITEMS ITEM_UTIME, ITEM_STIME, ITEM_START_TIME
#define NONE ITEM_TID

static const struct spec specs[] = {
	ROW("%cpu",   "%CPU",    pcpu,    cmp_pcpu,  4, AL_RIGHT, 0, CPU_ITEMS),
	ROW("%mem",   "%MEM",    pmem,    cmp_pmem,  4, AL_RIGHT, 0, ITEM_VM_RSS),
	ROW("args",   "COMMAND", args,    cmp_args, 27, AL_UNLIMITED, 0, ITEM_CMDLINE, ITEM_COMM),
	ROW("bsdstart","START",  bsdstart, cmp_start, 6, AL_RIGHT, 0, ITEM_START_TIME),
	ROW("bsdtime","TIME",    bsdtime, cmp_time,  6, AL_RIGHT, 0, CPU_ITEMS),
	ROW("c",      "C",       c,       cmp_pcpu,  2, AL_RIGHT, 0, CPU_ITEMS),
	ROW("class",  "CLS",     class,   cmp_policy, 3, AL_LEFT, 0, ITEM_POLICY),
	ROW("cls",    "CLS",     class,   cmp_policy, 3, AL_RIGHT, 0, ITEM_POLICY),
	ROW("cmd",    "CMD",     args,    cmp_args, 27, AL_UNLIMITED, 0, ITEM_CMDLINE, ITEM_COMM),
	ROW("comm",   "COMMAND", comm,    cmp_comm, 15, AL_UNLIMITED, 0, ITEM_COMM),
	ROW("command","COMMAND", args,    cmp_args, 27, AL_UNLIMITED, 0, ITEM_CMDLINE, ITEM_COMM),
	ROW("cputime","TIME",    time,    cmp_time,  8, AL_RIGHT, 0, CPU_ITEMS),
	ROW("cputimes","TIME",   times,   cmp_time,  8, AL_RIGHT, 0, CPU_ITEMS),
	ROW("egid",   "EGID",    egid,    cmp_egid,  5, AL_RIGHT, 0, ITEM_EGID),
	ROW("egroup", "EGROUP",  egroup,  cmp_egroup, 8, AL_USER, 0, ITEM_EGID),
	ROW("etime",  "ELAPSED", etime,   cmp_start, 11, AL_RIGHT, 0, ITEM_START_TIME),
	ROW("etimes", "ELAPSED", etimes,  cmp_start, 7, AL_RIGHT, 0, ITEM_START_TIME),
	ROW("euid",   "EUID",    euid,    cmp_euid,  5, AL_RIGHT, 0, ITEM_EUID),
	ROW("euser",  "EUSER",   euser,   cmp_euser, 8, AL_USER, 0, ITEM_EUID),
	ROW("f",      "F",       flags,   cmp_flags, 1, AL_RIGHT, 0, ITEM_FLAGS),
	ROW("fgid",   "FGID",    fgid,    NULL,      5, AL_RIGHT, 0, ITEM_FGID),
	ROW("fgroup", "FGROUP",  fgroup,  NULL,      8, AL_USER, 0, ITEM_FGID),
	ROW("flag",   "F",       flags,   cmp_flags, 1, AL_RIGHT, 0, ITEM_FLAGS),
	ROW("flags",  "F",       flags,   cmp_flags, 1, AL_RIGHT, 0, ITEM_FLAGS),
	ROW("fname",  "COMMAND", fname,   cmp_comm,  8, AL_LEFT, 0, ITEM_COMM),
	ROW("fsgid",  "FSGID",   fgid,    NULL,      5, AL_RIGHT, 0, ITEM_FGID),
	ROW("fsgroup","FSGROUP", fgroup,  NULL,      8, AL_USER, 0, ITEM_FGID),
	ROW("fsuid",  "FSUID",   fuid,    NULL,      5, AL_RIGHT, 0, ITEM_FUID),
	ROW("fsuser", "FSUSER",  fuser,   NULL,      8, AL_USER, 0, ITEM_FUID),
	ROW("fuid",   "FUID",    fuid,    NULL,      5, AL_RIGHT, 0, ITEM_FUID),
	ROW("fuser",  "FUSER",   fuser,   NULL,      8, AL_USER, 0, ITEM_FUID),
	ROW("gid",    "GID",     egid,    cmp_egid,  5, AL_RIGHT, 0, ITEM_EGID),
	ROW("group",  "GROUP",   egroup,  cmp_egroup, 8, AL_USER, 0, ITEM_EGID),
	ROW("intpri", "PRI",     opri,    cmp_priority, 3, AL_RIGHT, 0, ITEM_PRIORITY),
	ROW("lastcpu","C",       psr,     cmp_psr,   3, AL_RIGHT, 0, ITEM_PROCESSOR),
	ROW("lstart", "STARTED", lstart,  cmp_start, 24, AL_RIGHT, 0, ITEM_START_TIME),
	ROW("lwp",    "LWP",     tid,     cmp_tid,   5, AL_RIGHT, SF_PIDMAX | SF_THREAD, ITEM_TID),
	ROW("ni",     "NI",      nice,    cmp_nice,  3, AL_RIGHT, 0, ITEM_NICE, ITEM_POLICY),
	ROW("nice",   "NI",      nice,    cmp_nice,  3, AL_RIGHT, 0, ITEM_NICE, ITEM_POLICY),
	ROW("nlwp",   "NLWP",    nlwp,    cmp_nlwp,  4, AL_RIGHT, SF_PROC, ITEM_NLWP),
	ROW("opri",   "PRI",     opri,    cmp_priority, 3, AL_RIGHT, 0, ITEM_PRIORITY),
	ROW("pcpu",   "%CPU",    pcpu,    cmp_pcpu,  4, AL_RIGHT, 0, CPU_ITEMS),
	ROW("pgid",   "PGID",    pgid,    cmp_pgid,  5, AL_RIGHT, SF_PIDMAX, ITEM_PGRP),
	ROW("pgrp",   "PGRP",    pgid,    cmp_pgid,  5, AL_RIGHT, SF_PIDMAX, ITEM_PGRP),
	ROW("pid",    "PID",     pid,     cmp_pid,   5, AL_RIGHT, SF_PIDMAX | SF_PROC, ITEM_TGID),
	ROW("pmem",   "%MEM",    pmem,    cmp_pmem,  4, AL_RIGHT, 0, ITEM_VM_RSS),
	ROW("policy", "POL",     class,   cmp_policy, 3, AL_LEFT, 0, ITEM_POLICY),
	ROW("ppid",   "PPID",    ppid,    cmp_ppid,  5, AL_RIGHT, SF_PIDMAX | SF_PROC, ITEM_PPID),
	ROW("pri",    "PRI",     pri,     cmp_priority, 3, AL_RIGHT, 0, ITEM_PRIORITY),
	ROW("pri_api","API",     pri_api, cmp_priority, 3, AL_RIGHT, 0, ITEM_PRIORITY),
	ROW("pri_bar","BAR",     pri_bar, cmp_priority, 3, AL_RIGHT, 0, ITEM_PRIORITY),
	ROW("pri_baz","BAZ",     pri_baz, cmp_priority, 3, AL_RIGHT, 0, ITEM_PRIORITY),
	ROW("pri_foo","FOO",     pri_foo, cmp_priority, 3, AL_RIGHT, 0, ITEM_PRIORITY),
	ROW("priority","PRI",    priority, cmp_priority, 3, AL_RIGHT, 0, ITEM_PRIORITY),
	ROW("psr",    "PSR",     psr,     cmp_psr,   3, AL_RIGHT, 0, ITEM_PROCESSOR),
	ROW("rgid",   "RGID",    rgid,    cmp_rgid,  5, AL_RIGHT, 0, ITEM_RGID),
	ROW("rgroup", "RGROUP",  rgroup,  NULL,      8, AL_USER, 0, ITEM_RGID),
	ROW("rss",    "RSS",     rss,     cmp_rss,   5, AL_RIGHT, 0, ITEM_VM_RSS),
	ROW("rssize", "RSS",     rss,     cmp_rss,   5, AL_RIGHT, 0, ITEM_VM_RSS),
	ROW("rsz",    "RSZ",     rss,     cmp_rss,   5, AL_RIGHT, 0, ITEM_VM_RSS),
	ROW("rtprio", "RTPRIO",  rtprio,  cmp_rtprio, 6, AL_RIGHT, 0, ITEM_RT_PRIORITY, ITEM_POLICY),
	ROW("ruid",   "RUID",    ruid,    cmp_ruid,  5, AL_RIGHT, 0, ITEM_RUID),
	ROW("ruser",  "RUSER",   ruser,   cmp_ruser, 8, AL_USER, 0, ITEM_RUID),
	ROW("s",      "S",       state,   cmp_state, 1, AL_RIGHT, 0, ITEM_STATE),
	ROW("sched",  "SCH",     sched,   cmp_policy, 3, AL_RIGHT, 0, ITEM_POLICY),
	ROW("sess",   "SESS",    sid,     cmp_sid,   5, AL_RIGHT, SF_PIDMAX | SF_PROC, ITEM_SESSION),
	ROW("session","SESS",    sid,     cmp_sid,   5, AL_RIGHT, SF_PIDMAX | SF_PROC, ITEM_SESSION),
	ROW("sgi_p",  "P",       psr,     cmp_psr,   1, AL_RIGHT, 0, ITEM_PROCESSOR),
	ROW("sgid",   "SGID",    sgid,    NULL,      5, AL_RIGHT, 0, ITEM_SGID),
	ROW("sgroup", "SGROUP",  sgroup,  NULL,      8, AL_USER, 0, ITEM_SGID),
	ROW("sid",    "SID",     sid,     cmp_sid,   5, AL_RIGHT, SF_PIDMAX | SF_PROC, ITEM_SESSION),
	ROW("spid",   "SPID",    tid,     cmp_tid,   5, AL_RIGHT, SF_PIDMAX | SF_THREAD, ITEM_TID),
	ROW("start",  "STARTED", start,   cmp_start, 8, AL_RIGHT, 0, ITEM_START_TIME),
	ROW("start_time","START", stime,  cmp_start, 5, AL_RIGHT, 0, ITEM_START_TIME),
	ROW("stat",   "STAT",    stat,    cmp_state, 4, AL_LEFT, 0, ITEM_STATE, ITEM_NICE, ITEM_VM_LOCK, ITEM_NLWP),
	ROW("state",  "S",       state,   cmp_state, 1, AL_RIGHT, 0, ITEM_STATE),
	ROW("stime",  "STIME",   stime,   cmp_start, 5, AL_RIGHT, 0, ITEM_START_TIME),
	ROW("suid",   "SUID",    suid,    NULL,      5, AL_RIGHT, 0, ITEM_SUID),
	ROW("suser",  "SUSER",   suser,   NULL,      8, AL_USER, 0, ITEM_SUID),
	ROW("svgid",  "SVGID",   sgid,    NULL,      5, AL_RIGHT, 0, ITEM_SGID),
	ROW("svgroup","SVGROUP", sgroup,  NULL,      8, AL_USER, 0, ITEM_SGID),
	ROW("svuid",  "SVUID",   suid,    NULL,      5, AL_RIGHT, 0, ITEM_SUID),
	ROW("svuser", "SVUSER",  suser,   NULL,      8, AL_USER, 0, ITEM_SUID),
	ROW("sz",     "SZ",      sz,      cmp_sz,    5, AL_RIGHT, 0, ITEM_VSIZE),
	ROW("tgid",   "TGID",    pid,     cmp_pid,   5, AL_RIGHT, SF_PIDMAX, ITEM_TGID),
	ROW("thcount","THCNT",   nlwp,    cmp_nlwp,  5, AL_RIGHT, SF_PROC, ITEM_NLWP),
	ROW("tid",    "TID",     tid,     cmp_tid,   5, AL_RIGHT, SF_PIDMAX | SF_THREAD, ITEM_TID),
	ROW("time",   "TIME",    time,    cmp_time,  8, AL_RIGHT, 0, CPU_ITEMS),
	ROW("times",  "TIME",    times,   cmp_time,  8, AL_RIGHT, 0, CPU_ITEMS),
	ROW("tname",  "TTY",     tname,   cmp_tty,   8, AL_LEFT, 0, ITEM_TTY_NR),
	ROW("tpgid",  "TPGID",   tpgid,   cmp_tpgid, 5, AL_RIGHT, SF_PIDMAX, ITEM_TPGID),
	ROW("tt",     "TT",      tt,      cmp_tty,   8, AL_LEFT, 0, ITEM_TTY_NR),
	ROW("tty",    "TT",      tt,      cmp_tty,   8, AL_LEFT, 0, ITEM_TTY_NR),
	ROW("tty4",   "TTY",     tty4,    cmp_tty,   4, AL_LEFT, 0, ITEM_TTY_NR),
	ROW("tty8",   "TTY",     tname,   cmp_tty,   8, AL_LEFT, 0, ITEM_TTY_NR),
	ROW("ucmd",   "CMD",     comm,    cmp_comm, 15, AL_UNLIMITED, 0, ITEM_COMM),
	ROW("ucomm",  "COMMAND", comm,    cmp_comm, 15, AL_UNLIMITED, 0, ITEM_COMM),
	ROW("uid",    "UID",     euid,    cmp_euid,  5, AL_RIGHT, 0, ITEM_EUID),
	ROW("uid_hack","UID",    euser,   cmp_euser, 8, AL_USER, 0, ITEM_EUID),
	ROW("uname",  "USER",    euser,   cmp_euser, 8, AL_USER, 0, ITEM_EUID),
	ROW("user",   "USER",    euser,   cmp_euser, 8, AL_USER, 0, ITEM_EUID),
	ROW("vsize",  "VSZ",     vsz,     cmp_vsz,   6, AL_RIGHT, 0, ITEM_VSIZE),
	ROW("vsz",    "VSZ",     vsz,     cmp_vsz,   6, AL_RIGHT, 0, ITEM_VSIZE),
	ROW("wchan",  "WCHAN",   wchan,   cmp_wchan, 6, AL_WCHAN, 0, ITEM_WCHAN),
	ROW("wname",  "WCHAN",   wchan,   cmp_wchan, 6, AL_WCHAN, 0, ITEM_WCHAN),
};

/* Specs that only the default formats use (not listed by ps L). */
static const struct spec hidden[] = {
	ROW("addr_1", "ADDR",    dash,    NULL,      1, AL_LEFT, 0, NONE),
};

static int by_name(const void *key, const void *row)
{
	return strcmp(key, ((const struct spec *)row)->name);
}

const struct spec *spec_find(const char *name)
{
	const struct spec *s = bsearch(name, specs,
				       sizeof(specs) / sizeof(specs[0]),
				       sizeof(specs[0]), by_name);

	if (s)
		return s;
	for (size_t i = 0; i < sizeof(hidden) / sizeof(hidden[0]); i++)
		if (!strcmp(hidden[i].name, name))
			return &hidden[i];
	return NULL;
}

void specs_print_list(void)
{
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		printf("%-12.12s %-8.8s\n", specs[i].name, specs[i].header);
}

int specs_check_sorted(void)
{
	for (size_t i = 1; i < sizeof(specs) / sizeof(specs[0]); i++)
		if (strcmp(specs[i - 1].name, specs[i].name) >= 0)
			return -1;
	return 0;
}
