/* System-wide numbers for the summary area, read the way the reference
 * reads them: /proc/stat (cpu lines), /proc/meminfo, /proc/loadavg,
 * /proc/uptime and the utmp user count. */
#ifndef PROCPS_TD_SYSSTAT_H
#define PROCPS_TD_SYSSTAT_H

#include <stdbool.h>

/* Ticks of one cpu line of /proc/stat. */
struct cpu_tics {
	unsigned long long user, nice, system, idle, iowait, irq, softirq,
		steal, guest, guest_nice;
};

struct cpu_stat {
	int id;                         /* -1 for the summary line */
	struct cpu_tics now, prev;
};

struct cpu_set {
	struct cpu_stat sum;
	struct cpu_stat *cpu;
	int count;                      /* cpuN lines */
};

/* Reads /proc/stat; the previous reading becomes prev.  0 or -1. */
int cpus_read(struct cpu_set *s);

struct mem_info {
	unsigned long total, free, used, buff_cache, avail;
	unsigned long swap_total, swap_free, swap_used;
};

int meminfo_read(struct mem_info *m);

/* Whether the reference's library would start its cpu (stat) and memory
 * statistics: /proc/stat readable and its first line "cpu" with eight
 * numbers or more; /proc/meminfo readable and not empty.  top runs
 * restricted without either (frame.c). */
bool stat_usable(void);
bool meminfo_usable(void);

int loadavg_read(double av[3]);
/* Seconds since boot; 0 when unreadable. */
double uptime_read(void);
int users_count(void);
/* NUMA node of a cpu from sysfs; -1 when unknown. */
int numa_node_of(int cpu);

#endif
