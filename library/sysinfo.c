#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "profile.h"
#include "sysinfo.h"

/* Reads a small file whole; returns its length or -1. */
static ssize_t slurp(const char *path, char *buf, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n, len = 0;

	if (fd < 0)
		return -1;
	while ((size_t)len < cap - 1 &&
	       (n = read(fd, buf + len, cap - 1 - (size_t)len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return len;
}

unsigned long long sys_hertz(void)
{
	static unsigned long long hz;

	if (!hz) {
		long v = sysconf(_SC_CLK_TCK);

		hz = v > 0 ? (unsigned long long)v : 100;
	}
	return hz;
}

unsigned sys_page_kib(void)
{
	static unsigned kib;

	if (!kib) {
		long v = sysconf(_SC_PAGESIZE);

		kib = v >= 1024 ? (unsigned)(v / 1024) : 4;
	}
	return kib;
}

unsigned sys_pid_digits(void)
{
	static unsigned digits;

	if (!digits) {
		char buf[32];
		ssize_t n = slurp("/proc/sys/kernel/pid_max", buf, sizeof(buf));

		digits = 5;
		if (n > 0) {
			unsigned d = 0;

			for (char *p = buf; *p >= '0' && *p <= '9'; p++)
				d++;
			if (d > digits)
				digits = d;
		}
	}
	return digits;
}

unsigned long long sys_boot_time(void)
{
	static unsigned long long btime;
	static int done;

	if (!done) {
		static char buf[1 << 16];
		char *p;

		done = 1;
		if (slurp("/proc/stat", buf, sizeof(buf)) > 0 &&
		    (p = strstr(buf, "\nbtime ")))
			btime = strtoull(p + 7, NULL, 10);
	}
	return btime;
}

double sys_uptime(void)
{
	char buf[128];

	if (profile.boottime_clock) {
		struct timespec ts;

		if (clock_gettime(CLOCK_BOOTTIME, &ts) < 0)
			return 0;
		return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
	}
	if (slurp("/proc/uptime", buf, sizeof(buf)) <= 0)
		return 0;
	return strtod(buf, NULL);
}

unsigned long sys_mem_total_kib(void)
{
	static unsigned long total;

	if (!total) {
		char buf[4096];
		char *p;

		if (slurp("/proc/meminfo", buf, sizeof(buf)) > 0 &&
		    (p = strstr(buf, "MemTotal:")))
			total = strtoul(p + 9, NULL, 10);
	}
	return total;
}

long sys_cpu_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}

int sys_own_tty_nr(void)
{
	static int tty, known;
	char buf[1024], *p;

	if (known)
		return tty;
	known = 1;
	if (slurp("/proc/self/stat", buf, sizeof(buf)) <= 0)
		return tty;
	/* after the last ')' of the command name: state ppid pgrp session
	 * tty_nr */
	p = strrchr(buf, ')');
	if (!p)
		return tty;
	p++;
	for (int field = 0; field < 4 && p; field++)
		p = strchr(p + 1, ' ');
	if (p)
		tty = (int)strtol(p + 1, NULL, 10);
	return tty;
}

ssize_t sys_init_cgroup(char *buf, size_t size)
{
	return size ? slurp("/proc/1/cgroup", buf, size) : -1;
}

int sys_proc_mounted(void)
{
	return access("/proc/self/stat", R_OK) == 0;
}
