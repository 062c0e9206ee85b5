/* System-wide facts the printers need, read the way procps-ng 4.0.2 reads
 * them (so a frozen /proc snapshot gives the same answers). */
#ifndef PROCPS_TD_SYSINFO_H
#define PROCPS_TD_SYSINFO_H

#include <sys/types.h>

unsigned long long sys_hertz(void);        /* clock ticks per second */
unsigned sys_page_kib(void);               /* page size in KiB */
unsigned sys_pid_digits(void);             /* digits of pid_max, min 5 */
unsigned long long sys_boot_time(void);    /* btime from /proc/stat */
/* Seconds since boot from /proc/uptime, read anew on every call (or, in
 * the debian13 profile, from CLOCK_BOOTTIME). */
double sys_uptime(void);
unsigned long sys_mem_total_kib(void);     /* MemTotal of /proc/meminfo */
long sys_cpu_count(void);
/* The calling process's controlling terminal, as the tty_nr field of
 * /proc/self/stat encodes it (0 for none); read once. */
int sys_own_tty_nr(void);
/* Whether /proc is there to read (the reference's first check). */
int sys_proc_mounted(void);
/* init's /proc/1/cgroup into buf (NUL-terminated, at most size - 1
 * bytes): its length, or -1 when it cannot be read. */
ssize_t sys_init_cgroup(char *buf, size_t size);

#endif
