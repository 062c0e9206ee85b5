/* Time columns and CPU shares.  Time bases follow procps-ng 4.0.2: the
 * boot clock comes from /proc/uptime, boot time from /proc/stat's btime,
 * and "now" from time(). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "print.h"

unsigned long long cpu_ticks(const struct task *t)
{
	unsigned long long ticks = t->utime + t->stime;

	if (ctx.cumulative)
		ticks += t->cutime + t->cstime;
	return ticks;
}

/* Seconds since the task started; wraps, as the reference's unsigned
 * arithmetic does, for a task younger than the uptime reading. */
double elapsed_seconds(const struct task *t)
{
	return (double)(ctx.boot_tics - t->start_time) / (double)ctx.hertz;
}

static unsigned long long elapsed_ticks(const struct task *t)
{
	double x = elapsed_seconds(t) * (double)ctx.hertz;

	/* a wrapped elapsed time is past 2^64: converting it is undefined,
	 * and x86-64 gives 0, which is what the reference prints */
	return x < 18446744073709551616.0 ? (unsigned long long)x : 0;
}

int pr_pcpu(struct out *o, const struct task *t)
{
	unsigned long long et = elapsed_ticks(t);
	unsigned pcpu = 0;

	if (et)
		pcpu = (unsigned)(cpu_ticks(t) * 1000ULL / et);
	if (pcpu > 999)
		return snprintf(o->buf, COLWID, "%u", pcpu / 10U);
	return snprintf(o->buf, COLWID, "%u.%u", pcpu / 10U, pcpu % 10U);
}

int pr_c(struct out *o, const struct task *t)
{
	unsigned long long et = elapsed_ticks(t);
	unsigned pcpu = 0;

	if (et)
		pcpu = (unsigned)(cpu_ticks(t) * 100ULL / et);
	if (pcpu > 99)
		pcpu = 99;
	return snprintf(o->buf, COLWID, "%2u", pcpu);
}

/* Only bsdtime (and the CPU shares) count dead children under S. */
static unsigned long long own_ticks(const struct task *t)
{
	return t->utime + t->stime;
}

int pr_time(struct out *o, const struct task *t)
{
	unsigned long long s = own_ticks(t) / ctx.hertz;
	unsigned ss = (unsigned)(s % 60), mm = (unsigned)(s / 60 % 60),
		 hh = (unsigned)(s / 3600 % 24), dd = (unsigned)(s / 86400);

	if (dd)
		return snprintf(o->buf, COLWID, "%u-%02u:%02u:%02u",
				dd, hh, mm, ss);
	return snprintf(o->buf, COLWID, "%02u:%02u:%02u", hh, mm, ss);
}

int pr_times(struct out *o, const struct task *t)
{
	return snprintf(o->buf, COLWID, "%llu", own_ticks(t) / ctx.hertz);
}

int pr_bsdtime(struct out *o, const struct task *t)
{
	unsigned long long s = cpu_ticks(t) / ctx.hertz;

	return snprintf(o->buf, COLWID, "%3llu:%02u", s / 60,
			(unsigned)(s % 60));
}

int pr_etime(struct out *o, const struct task *t)
{
	unsigned long s = (unsigned long)elapsed_seconds(t);
	unsigned ss = (unsigned)(s % 60), mm = (unsigned)(s / 60 % 60),
		 hh = (unsigned)(s / 3600 % 24), dd = (unsigned)(s / 86400);
	char *p = o->buf;

	if (dd)
		p += snprintf(p, COLWID, "%u-", dd);
	if (dd || hh)
		p += snprintf(p, COLWID, "%02u:", hh);
	p += snprintf(p, COLWID, "%02u:%02u", mm, ss);
	return (int)(p - o->buf);
}

int pr_etimes(struct out *o, const struct task *t)
{
	return snprintf(o->buf, COLWID, "%lu",
			(unsigned long)elapsed_seconds(t));
}

static time_t start_epoch(const struct task *t)
{
	return (time_t)(ctx.boot_time + t->start_time / ctx.hertz);
}

/* STIME/START: time of day if today, month and day if this year, else
 * the year. */
int pr_stime(struct out *o, const struct task *t)
{
	time_t now = (time_t)ctx.now, st = start_epoch(t);
	struct tm today = *localtime(&now), then = *localtime(&st);
	const char *fmt = "%H:%M";
	size_t len;

	if (today.tm_yday != then.tm_yday)
		fmt = "%b%d";
	if (today.tm_year != then.tm_year)
		fmt = "%Y";
	len = strftime(o->buf, COLWID, fmt, &then);
	if (len == 0 || len >= COLWID)
		o->buf[len = 0] = '\0';
	return (int)len;
}

int pr_start(struct out *o, const struct task *t)
{
	time_t st = start_epoch(t);
	const char *s = ctime(&st);

	if (ctx.now - (long long)st < 24 * 3600)
		return snprintf(o->buf, COLWID, "%8.8s", s + 11);
	{
		struct tm then = *localtime(&st);
		char md[16];

		strftime(md, sizeof(md), "%b %d", &then);
		return snprintf(o->buf, COLWID, "  %6.6s", md);
	}
}

int pr_bsdstart(struct out *o, const struct task *t)
{
	time_t st = start_epoch(t);
	const char *s = ctime(&st);

	if (ctx.now - (long long)st < 24 * 3600)
		return snprintf(o->buf, COLWID, "%6.6s", s + 10);
	return snprintf(o->buf, COLWID, "%6.6s", s + 4);
}

int pr_lstart(struct out *o, const struct task *t)
{
	time_t st = start_epoch(t);

	return snprintf(o->buf, COLWID, "%24.24s", ctime(&st));
}

/* ---- CPU shares ---- */

/* cp: per-mill of the task's life spent on a CPU, "%3u", capped. */
int pr_cp(struct out *o, const struct task *t)
{
	unsigned long long et = (unsigned long long)
		(elapsed_seconds(t) * (double)ctx.hertz);
	unsigned pm = 0;

	if (et)
		pm = (unsigned)(cpu_ticks(t) * 1000ULL / et);
	if (pm > 999)
		pm = 999;
	return snprintf(o->buf, COLWID, "%3u", pm);
}

/* The library's utilization: percent of the time since the task began,
 * measured against the uptime reading, 0 for a task younger than it. */
double utilization(const struct task *t, int children)
{
	double life = (double)ctx.boot_tics - (double)t->start_time;
	unsigned long long used = t->utime + t->stime;

	if (children)
		used += t->cutime + t->cstime;
	if (life > 0)
		return (double)used * 100.0 / life;
	return 0;
}

static int util_cell(struct out *o, double cu)
{
	if (cu > 99.0)
		cu = 99.999;
	return snprintf(o->buf, COLWID, "%#.3f", cu);
}

int pr_cuu(struct out *o, const struct task *t) { return util_cell(o, utilization(t, 0)); }
int pr_cuc(struct out *o, const struct task *t) { return util_cell(o, utilization(t, 1)); }

/* sgi_p: the CPU of a running task, '*' for any other. */
int pr_sgi_p(struct out *o, const struct task *t)
{
	if (t->state == 'R')
		return fmt_ull(o->buf, (unsigned)t->processor);
	return fmt_text(o->buf, "*");
}
