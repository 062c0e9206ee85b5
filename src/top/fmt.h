/* Cell formatting: fit a number, a size, a time or a string into a
 * column the way the reference does ('+' when cut, k/m/g suffixes when
 * scaled), padded and followed by the one-blank column gap. */
#ifndef TOP_FMT_H
#define TOP_FMT_H

#include <stdbool.h>

enum scale { SK_KB, SK_MB, SK_GB, SK_TB, SK_PB, SK_EB };

/* Where scale_tics starts: the least coarse form it may use. */
enum tics_form {
	TICS_SECS, TICS_MINS, TICS_HOUR, TICS_DAY1, TICS_DAY2,
	TICS_WEEK, TICS_WEEK2,
};

/* Zero_suppress from the toprc: blank cells for zero values. */
extern bool Fmt_zero_suppress;

/* Each returns a static buffer holding the padded cell and its gap. */
const char *fmt_pad(const char *s, int width, bool right);
const char *fmt_num(long long n, int width, bool right, bool noz);
const char *fmt_str(const char *s, int width, bool right);
const char *fmt_chr(char c, int width, bool right);
const char *fmt_mem(enum scale target, double kib, int width, bool right);
const char *fmt_scaled_num(unsigned long long n, int width, bool right);
const char *fmt_pct(double v, int width, bool right, bool extra);
const char *fmt_tics(unsigned long long tics, int width, bool right,
		     enum tics_form form);

#endif
