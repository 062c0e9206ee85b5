#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "library/escape.h"
#include "library/sysinfo.h"
#include "fmt.h"
#include "top.h"

bool Fmt_zero_suppress;

static const char suffixes[] = "kmgtpe";

/* Decimal digits of v at buf, NUL-ended; returns their count.  The hot
 * cells are formatted by hand: printf per cell was most of top's own
 * time with many tasks. */
static int put_ull(char *buf, unsigned long long v)
{
	char tmp[24];
	int n = 0, len;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	for (len = 0; len < n; len++)
		buf[len] = tmp[n - 1 - len];
	buf[len] = '\0';
	return len;
}

static int put_ll(char *buf, long long v)
{
	if (v >= 0)
		return put_ull(buf, (unsigned long long)v);
	buf[0] = '-';
	return 1 + put_ull(buf + 1, -(unsigned long long)v);
}

/* "%02llu" of v < 100. */
static char *put_2(char *p, unsigned long long v)
{
	p[0] = (char)('0' + v / 10);
	p[1] = (char)('0' + v % 10);
	p[2] = '\0';
	return p + 2;
}

const char *fmt_pad(const char *s, int width, bool right)
{
	static char buf[SCREEN_MAX * 4 + 8];
	size_t len, pad;

	/* as "%*.*s ": at most width bytes of s, padded to width */
	if (width < 0 || (size_t)width + 2 > sizeof(buf)) {
		snprintf(buf, sizeof(buf), right ? "%*.*s " : "%-*.*s ",
			 width, width, s);
		return buf;
	}
	len = strnlen(s, (size_t)width);
	pad = (size_t)width - len;
	if (right) {
		memmove(buf + pad, s, len);
		memset(buf, ' ', pad);
	} else {
		memmove(buf, s, len);
		memset(buf + len, ' ', pad);
	}
	buf[width] = ' ';
	buf[width + 1] = '\0';
	return buf;
}

/* True when s is all ASCII: then each byte is one cell, as wcwidth
 * counts them below (controls count 1 there too). */
static bool is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return false;
	return true;
}

/* Display cells of a UTF-8 string, and its byte count. */
static int str_cells(const char *s)
{
	mbstate_t st;
	int cells = 0;

	if (!locale_is_utf8() || is_ascii(s))
		return (int)strlen(s);
	memset(&st, 0, sizeof(st));
	while (*s) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, s, MB_CUR_MAX, &st);

		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&st, 0, sizeof(st));
			n = 1;
			cells++;
		} else {
			int w = wcwidth(wc);

			cells += w > 0 ? w : (w < 0 ? 1 : 0);
		}
		s += n;
	}
	return cells;
}

/* Bytes of s that fill at most cells display cells. */
static int str_bytes_for(const char *s, int cells)
{
	mbstate_t st;
	const char *p = s;

	if (!locale_is_utf8() || is_ascii(s))
		return (int)strnlen(s, (size_t)(cells > 0 ? cells : 0));
	memset(&st, 0, sizeof(st));
	while (*p) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, p, MB_CUR_MAX, &st);
		int w = 1;

		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&st, 0, sizeof(st));
			n = 1;
		} else {
			w = wcwidth(wc);
			if (w < 0)
				w = 1;
		}
		if (w > cells)
			break;
		cells -= w;
		p += n;
	}
	return (int)(p - s);
}

const char *fmt_str(const char *s, int width, bool right)
{
	static char buf[SCREEN_MAX * 4 + 8];
	int len = (int)strlen(s), cells = str_cells(s);

	if (width < cells) {
		int keep = str_bytes_for(s, width - 1);

		snprintf(buf, sizeof(buf), "%.*s+", keep, s);
		/* pad by cells: printf counts bytes */
		return fmt_pad(buf, width + (keep + 1) - str_cells(buf), right);
	}
	return fmt_pad(s, width + (len - cells), right);
}

const char *fmt_chr(char c, int width, bool right)
{
	char s[2] = { c, '\0' };

	return fmt_pad(s, width, right);
}

const char *fmt_num(long long n, int width, bool right, bool noz)
{
	char buf[64];

	buf[0] = '\0';
	if (!(noz && Fmt_zero_suppress && n == 0) && width < put_ll(buf, n)) {
		if (width <= 0 || width >= (int)sizeof(buf))
			width = (int)sizeof(buf) - 1;
		buf[width - 1] = '+';
		buf[width] = '\0';
	}
	return fmt_pad(buf, width, right);
}

const char *fmt_mem(enum scale target, double kib, int width, bool right)
{
	char buf[64];
	float num = (float)kib;

	buf[0] = '\0';
	if (Fmt_zero_suppress && num <= 0)
		return fmt_pad(buf, width, right);
	for (int i = SK_KB; i < SK_EB; i++) {
		if (i >= (int)target) {
			int n;

			/* a whole number of KiB below 2^53 prints as
			 * "%.0f" would print it */
			if (i == SK_KB && num >= 0 && num < 9e15f &&
			    num == (float)(unsigned long long)num)
				n = put_ull(buf, (unsigned long long)num);
			else if (i == SK_KB)
				n = snprintf(buf, sizeof(buf), "%.0f", num);
			else
				n = snprintf(buf, sizeof(buf), "%#.1f%c", num,
					     suffixes[i]);
			if (width >= n)
				return fmt_pad(buf, width, right);
		}
		num /= 1024.0f;
	}
	return fmt_pad("?", width, right);
}

const char *fmt_scaled_num(unsigned long long n, int width, bool right)
{
	char buf[64];
	float scaled = (float)n;

	buf[0] = '\0';
	if (Fmt_zero_suppress && n == 0)
		return fmt_pad(buf, width, right);
	if (width >= snprintf(buf, sizeof(buf), "%llu", n))
		return fmt_pad(buf, width, right);
	for (const char *sfx = suffixes; *sfx; sfx++) {
		scaled /= 1024.0f;
		if (width >= snprintf(buf, sizeof(buf), "%.1f%c", scaled, *sfx))
			return fmt_pad(buf, width, right);
		if (width >= snprintf(buf, sizeof(buf), "%.0f%c", scaled, *sfx))
			return fmt_pad(buf, width, right);
	}
	return fmt_pad("?", width, right);
}

/* "%#.1f" of num.  For 0 <= num < 10^6 by hand: num * 10 is exact in a
 * double (a float has 24 bits), and rounding it to an integer, half to
 * even, is printf's rounding of the exact value to one decimal. */
static int pct_1(char *buf, float num)
{
	double x = (double)num * 10.0, frac;
	unsigned long long q;
	int n;

	if (!(num >= 0 && num < 1e6f))
		return snprintf(buf, 64, "%#.1f", num);
	q = (unsigned long long)x;
	frac = x - (double)q;
	if (frac > 0.5 || (frac == 0.5 && (q & 1)))
		q++;
	n = put_ull(buf, q / 10);
	buf[n++] = '.';
	buf[n++] = (char)('0' + q % 10);
	buf[n] = '\0';
	return n;
}

const char *fmt_pct(double v, int width, bool right, bool extra)
{
	char buf[64];
	float num = (float)v;

	buf[0] = '\0';
	if (Fmt_zero_suppress && num <= 0)
		return fmt_pad(buf, width, right);
	if (extra) {
		if (width >= snprintf(buf, sizeof(buf), "%#.3f", num) ||
		    width >= snprintf(buf, sizeof(buf), "%#.2f", num))
			return fmt_pad(buf, width, right);
	} else if (width >= pct_1(buf, num)) {
		return fmt_pad(buf, width, right);
	}
	if (width >= snprintf(buf, sizeof(buf), "%*.0f", width, num))
		return fmt_pad(buf, width, right);
	return fmt_pad("?", width, right);
}

/* Past these, a time moves on to the next coarser form even if the finer
 * one would fit: minutes, hours, days. */
enum { MINS_LIMIT = 360, HOURS_LIMIT = 96, DAYS_LIMIT = 14 };

const char *fmt_tics(unsigned long long tics, int width, bool right,
		     enum tics_form form)
{
	char buf[64];
	unsigned long long t = tics * 100ULL / sys_hertz();
	unsigned long long cent, secs, mins, tmins, hours, thours, days,
		tdays, weeks;

	buf[0] = '\0';
	if (Fmt_zero_suppress && t == 0)
		return fmt_pad(buf, width, right);
	cent = t % 100;
	t /= 100;
	secs = t % 60;
	tmins = t / 60;
	mins = tmins % 60;
	thours = tmins / 60;
	hours = thours % 24;
	tdays = thours / 24;
	days = tdays % 7;
	weeks = tdays / 7;
#define FITS(...) (snprintf(buf, sizeof(buf), __VA_ARGS__) <= width)
	/* each form falls through to a coarser one until the text fits */
	switch (form) {
	case TICS_SECS:
		/* "%llu:%02llu.%02llu" */
		if (tmins <= MINS_LIMIT) {
			char *p = buf + put_ull(buf, tmins);

			*p++ = ':';
			p = put_2(p, secs);
			*p++ = '.';
			p = put_2(p, cent);
			if (p - buf <= width)
				break;
		}
		/* fall through */
	case TICS_MINS:
		if (tmins <= MINS_LIMIT && FITS("%llu:%02llu", tmins, secs))
			break;
		/* fall through */
	case TICS_HOUR:
		if (thours <= HOURS_LIMIT && FITS("%llu,%02llu", thours, mins))
			break;
		/* fall through */
	case TICS_DAY1:
		if (tdays <= DAYS_LIMIT && FITS("%llud+%lluh", tdays, hours))
			break;
		/* fall through */
	case TICS_DAY2:
		if (tdays <= DAYS_LIMIT && FITS("%llud", tdays))
			break;
		/* fall through */
	case TICS_WEEK:
		if (FITS("%lluw+%llud", weeks, days))
			break;
		/* fall through */
	case TICS_WEEK2:
		if (FITS("%lluw", weeks))
			break;
		/* fall through */
	default:
		snprintf(buf, sizeof(buf), "?");
		break;
	}
#undef FITS
	return fmt_pad(buf, width, right);
}
