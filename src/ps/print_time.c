/* Time columns and CPU shares.  Time bases follow procps-ng 4.0.2: the
 * boot clock comes from /proc/uptime, boot time from /proc/stat's btime,
 * and "now" from time(). */
#include <stdbool.h>
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

/* Two digits of v (below 100) at buf. */
static char *two_digits(char *buf, unsigned v)
{
	buf[0] = (char)('0' + v / 10);
	buf[1] = (char)('0' + v % 10);
	return buf + 2;
}

/* "HH:MM" or "HH:MM:SS" of a time of day. */
static int clock_text(char *buf, long secs, bool seconds)
{
	unsigned v[3] = {
		(unsigned)(secs / 3600), (unsigned)(secs / 60 % 60),
		(unsigned)(secs % 60),
	};
	char *p = buf;

	for (int i = 0; i < (seconds ? 3 : 2); i++) {
		if (i)
			*p++ = ':';
		p = two_digits(p, v[i]);
	}
	*p = '\0';
	return (int)(p - buf);
}

int pr_pcpu(struct out *o, const struct task *t)
{
	unsigned long long et = elapsed_ticks(t);
	unsigned pcpu = 0;
	int n;

	if (et)
		pcpu = (unsigned)(cpu_ticks(t) * 1000ULL / et);
	n = fmt_ull(o->buf, pcpu / 10U);
	if (pcpu > 999)
		return out_bytes(o, n);
	o->buf[n++] = '.';
	o->buf[n++] = (char)('0' + pcpu % 10U);
	o->buf[n] = '\0';
	return out_bytes(o, n);
}

int pr_c(struct out *o, const struct task *t)
{
	unsigned long long et = elapsed_ticks(t);
	unsigned pcpu = 0;

	if (et)
		pcpu = (unsigned)(cpu_ticks(t) * 100ULL / et);
	if (pcpu > 99)
		pcpu = 99;
	o->buf[0] = pcpu > 9 ? (char)('0' + pcpu / 10) : ' ';
	o->buf[1] = (char)('0' + pcpu % 10);
	o->buf[2] = '\0';
	return 2;
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
	int n = 0;

	if (dd) {
		n = fmt_ull(o->buf, dd);
		o->buf[n++] = '-';
	}
	return n + clock_text(o->buf + n, hh * 3600L + mm * 60L + ss, true);
}

int pr_times(struct out *o, const struct task *t)
{
	return fmt_ull(o->buf, own_ticks(t) / ctx.hertz);
}

/* "%3llu:%02u" of minutes and seconds, without printf (one per row) */
int pr_bsdtime(struct out *o, const struct task *t)
{
	unsigned long long s = cpu_ticks(t) / ctx.hertz, m = s / 60;
	char *p = o->buf;
	int pad = m < 10 ? 2 : m < 100 ? 1 : 0;

	memset(p, ' ', (size_t)pad);
	p += pad;
	p += fmt_ull(p, m);
	*p++ = ':';
	p = two_digits(p, (unsigned)(s % 60));
	*p = '\0';
	return out_bytes(o, (int)(p - o->buf));
}

/* [[DD-]hh:]mm:ss */
int pr_etime(struct out *o, const struct task *t)
{
	unsigned long s = (unsigned long)elapsed_seconds(t);
	unsigned ss = (unsigned)(s % 60), mm = (unsigned)(s / 60 % 60),
		 hh = (unsigned)(s / 3600 % 24), dd = (unsigned)(s / 86400);
	char *p = o->buf;

	if (dd) {
		p += fmt_ull(p, dd);
		*p++ = '-';
	}
	if (dd || hh) {
		p = two_digits(p, hh);
		*p++ = ':';
	}
	p = two_digits(p, mm);
	*p++ = ':';
	p = two_digits(p, ss);
	*p = '\0';
	return (int)(p - o->buf);
}

int pr_etimes(struct out *o, const struct task *t)
{
	return fmt_ull(o->buf, (unsigned long)elapsed_seconds(t));
}

static time_t start_epoch(const struct task *t)
{
	need_boot_time();
	return (time_t)(ctx.boot_time + t->start_time / ctx.hertz);
}

/* The local day a time falls in, looked up once.  While a day has one
 * UTC offset and 86,400 seconds (no DST change, no leap second in it),
 * its time of day is the distance from its midnight, so the printers
 * need no localtime() per row.  A day that fails the check is not
 * cached: its rows take the plain path. */
struct local_day {
	time_t lo, hi;          /* [lo, hi): the day, in UTC seconds */
	struct tm tm;           /* at its midnight */
	char b_d[COLWID];       /* strftime "%b%d" (STIME), "" if too long */
	char y[COLWID];         /* "%Y" */
	char start[COLWID];     /* START: "  %6.6s" of "%b %d" */
};

static bool same_day(const struct tm *a, const struct tm *b)
{
	return a->tm_year == b->tm_year && a->tm_yday == b->tm_yday &&
	       a->tm_gmtoff == b->tm_gmtoff && a->tm_isdst == b->tm_isdst;
}

static void day_text(char *buf, const char *fmt, const struct tm *tm)
{
	size_t len = strftime(buf, COLWID, fmt, tm);

	if (len == 0 || len >= COLWID)
		buf[0] = '\0';
}

static bool fill_day(struct local_day *d, time_t t)
{
	struct tm at, first, last;
	time_t end;
	char md[16];

	if (!localtime_r(&t, &at))
		return false;
	d->lo = t - (at.tm_hour * 3600L + at.tm_min * 60L + at.tm_sec);
	d->hi = d->lo + 86400;
	end = d->hi - 1;
	if (t < d->lo || t >= d->hi || !localtime_r(&d->lo, &first) ||
	    !localtime_r(&end, &last) || !same_day(&first, &at) ||
	    !same_day(&last, &at) || first.tm_hour || first.tm_min ||
	    first.tm_sec || last.tm_hour != 23 || last.tm_min != 59 ||
	    last.tm_sec != 59)
		return false;
	d->tm = first;
	day_text(d->b_d, "%b%d", &first);
	day_text(d->y, "%Y", &first);
	if (!strftime(md, sizeof(md), "%b %d", &first))
		md[0] = '\0';
	snprintf(d->start, sizeof(d->start), "  %6.6s", md);
	return true;
}

/* The cached day of t and the seconds since its midnight, or NULL. */
static const struct local_day *day_of(time_t t, long *secs)
{
	enum { DAYS = 4 };
	static struct local_day days[DAYS];
	static unsigned filled, next;
	struct local_day fresh, *d;

	for (unsigned i = 0; i < filled; i++)
		if (t >= days[i].lo && t < days[i].hi) {
			*secs = (long)(t - days[i].lo);
			return &days[i];
		}
	if (!fill_day(&fresh, t))
		return NULL;
	d = &days[next];
	*d = fresh;
	*secs = (long)(t - d->lo);
	if (filled < DAYS)
		filled++;
	next = (next + 1) % DAYS;
	return d;
}

/* STIME/START: time of day if today, month and day if this year, else
 * the year. */
int pr_stime(struct out *o, const struct task *t)
{
	static struct tm today;
	static long long today_of = -1;   /* the ctx.now today is for */
	time_t st = start_epoch(t);
	const struct local_day *d;
	long secs;

	if (today_of != ctx.now) {
		time_t now = (time_t)ctx.now;

		today = *localtime(&now);
		today_of = ctx.now;
	}
	d = day_of(st, &secs);
	if (!d) {
		struct tm then = *localtime(&st);
		const char *fmt = "%H:%M";
		size_t len;

		if (today.tm_yday != then.tm_yday)
			fmt = "%b%d";
		if (today.tm_year != then.tm_year)
			fmt = "%Y";
		len = strftime(o->buf, COLWID, fmt, &then);
		if (len == 0 || len >= COLWID)
			o->buf[len = 0] = '\0';
		return out_bytes(o, (int)len);
	}
	if (today.tm_year != d->tm.tm_year)
		return out_bytes(o, fmt_text(o->buf, d->y));
	if (today.tm_yday != d->tm.tm_yday)
		return out_bytes(o, fmt_text(o->buf, d->b_d));
	return out_bytes(o, clock_text(o->buf, secs, false));
}

int pr_start(struct out *o, const struct task *t)
{
	time_t st = start_epoch(t);
	long secs;
	const struct local_day *d = day_of(st, &secs);

	if (d) {
		if (ctx.now - (long long)st < 24 * 3600)
			return clock_text(o->buf, secs, true);
		return fmt_text(o->buf, d->start);
	}
	if (ctx.now - (long long)st < 24 * 3600)
		return snprintf(o->buf, COLWID, "%8.8s", ctime(&st) + 11);
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

/* lstart: 4.0.2's ctime() text; 4.0.4's strftime in the locale (-D),
 * an empty cell when the result does not fit COLWID bytes. */
int pr_lstart(struct out *o, const struct task *t)
{
	time_t st = start_epoch(t);

	if (ctx.date_format) {
		struct tm *tm = localtime(&st);
		size_t n = tm ? strftime(o->buf, COLWID, ctx.date_format, tm)
			      : 0;

		o->buf[n] = '\0';
		return (int)n;
	}
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
