/* Preloaded by snapshot-run ahead of libfaketime: CLOCK_BOOTTIME stands
 * still at the fixture's uptime (TD_BOOTTIME, "SECONDS.FRACTION" as in
 * /proc/uptime), as libfaketime holds the wall clock still, so that a
 * program that asks that clock (Debian 13's procps) reads the snapshot's
 * time since boot; every other clock goes on to the next clock_gettime
 * (libfaketime's). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

/* "786.80" -> 786 s 800000000 ns, digit by digit (no rounding). */
static int parse_uptime(const char *s, struct timespec *ts)
{
	long long sec = 0, ns = 0, scale = 100000000;

	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++)
		sec = sec * 10 + (*s - '0');
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9' && scale; s++, scale /= 10)
			ns += (*s - '0') * scale;
	ts->tv_sec = (time_t)sec;
	ts->tv_nsec = (long)ns;
	return 0;
}

int clock_gettime(clockid_t clk, struct timespec *ts)
{
	static int (*next)(clockid_t, struct timespec *);
	const char *up = getenv("TD_BOOTTIME");

	if (clk == CLOCK_BOOTTIME && up && ts && parse_uptime(up, ts) == 0)
		return 0;
	if (!next)
		next = (int (*)(clockid_t, struct timespec *))
			dlsym(RTLD_NEXT, "clock_gettime");
	return next ? next(clk, ts) : -1;
}
