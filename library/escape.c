#include <ctype.h>
#include <langinfo.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>
#include <wctype.h>
#include "escape.h"
#include "profile.h"

int locale_is_utf8(void)
{
	static int utf8;

	if (!utf8) {
		const char *enc = nl_langinfo(CODESET);

		utf8 = enc && strcasecmp(enc, "UTF-8") == 0 ? 1 : -1;
	}
	return utf8 > 0;
}

/* The 8-bit table: '.' for controls and DEL, '?' for high bytes. */
static unsigned char esc8(unsigned char c)
{
	if (c < 0x20 || c == 0x7f)
		return '.';
	if (c >= 0x80)
		return '?';
	return c;
}

/* Length of the run of bytes ' ' to '~' at s, at most max: those go out
 * as they are in every locale, so the loops below copy a run at once
 * instead of deciding byte by byte (a command line is mostly such a run).
 * Stops at the NUL, never reads past it. */
static inline size_t plain_run(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && (unsigned char)(s[n] - 0x20) < 0x5f)
		n++;
	return n;
}

/* Length a UTF-8 lead byte announces, or -1 for a byte that cannot lead. */
static int utf8_lead_len(unsigned char c)
{
	if (c < 0x80)
		return 1;
	if (c < 0xc2)
		return -1;
	if (c < 0xe0)
		return 2;
	if (c < 0xf0)
		return 3;
	if (c < 0xf5)
		return 4;
	return -1;
}

/* Debian 13's (procps 4.0.4) UTF-8 library layer at s[i]: a byte that
 * cannot lead, or a lead whose continuation bytes are not all there,
 * becomes '?' alone; a C1 control (U+0080..U+009F) becomes "??"; the
 * rest is left to the display layer.  Returns the bytes consumed. */
static size_t escape_utf8_char(char *s, size_t i, size_t n)
{
	unsigned char c = (unsigned char)s[i];
	int len = utf8_lead_len(c);

	if (len == 1) {
		if (c < 0x20 || c == 0x7f)
			s[i] = '?';
		return 1;
	}
	for (int k = 1; k < len; k++)
		if (len < 0 || i + (size_t)k >= n ||
		    ((unsigned char)s[i + k] & 0xc0) != 0x80)
			len = -1;
	if (len < 0) {
		s[i] = '?';
		return 1;
	}
	if (c == 0xc2 && (unsigned char)s[i + 1] < 0xa0)
		s[i] = s[i + 1] = '?';
	return (size_t)len;
}

/* The library layer on the n bytes of s, where they are. */
static void escape_in_place(char *s, size_t n)
{
	size_t i;

	if (!locale_is_utf8()) {
		for (i = 0; i < n; i++) {
			i += plain_run(s + i, n - i);
			if (i < n)
				s[i] = (char)esc8((unsigned char)s[i]);
		}
		return;
	}
	if (profile.utf8_per_byte) {
		for (i = 0; i < n;) {
			i += plain_run(s + i, n - i);
			if (i < n)
				i += escape_utf8_char(s, i, n);
		}
		return;
	}
	for (i = 0; i < n;) {
		unsigned char c;
		int len;

		i += plain_run(s + i, n - i);
		if (i >= n)
			break;
		c = (unsigned char)s[i];
		len = utf8_lead_len(c);
		/* Only lead bytes are checked, as the reference does;
		 * the display layer catches bad continuation bytes. */
		if (len < 0 || i + (size_t)len > n) {
			for (; i < n; i++)
				s[i] = (char)esc8((unsigned char)s[i]);
			break;
		}
		if (c < 0x20 || c == 0x7f)
			s[i] = '?';
		i += (size_t)len;
	}
}

size_t escape_lib(char *dst, const char *src, size_t size)
{
	size_t n = 0;

	if (size == 0)
		return 0;
	while (n < size - 1 && src[n])
		n++;
	memcpy(dst, src, n);
	dst[n] = '\0';
	escape_in_place(dst, n);
	return n;
}

/* The bytes of a vector that are joined: what fits, less trailing NULs
 * (size is at least 1). */
static size_t vector_len(size_t size, const char *src, size_t len)
{
	if (len > size - 1)
		len = size - 1;
	while (len && src[len - 1] == '\0')
		len--;
	return len;
}

size_t join_vector(char *dst, size_t size, const char *src, size_t len)
{
	size_t n;

	if (size == 0)
		return 0;
	len = vector_len(size, src, len);
	for (n = 0; n < len; n++)
		dst[n] = (src[n] == '\0' || src[n] == '\n') ? ' ' : src[n];
	dst[n] = '\0';
	return n;
}

/* Word-at-a-time helpers (8 bytes in a uint64_t).  zero_bytes marks,
 * exactly, each byte that is 0 with its high bit; has_special says
 * whether any byte is below 0x20 or above 0x7e (the classic has-less and
 * has-more tests: exact as to whether, not which). */
static const uint64_t ones = 0x0101010101010101ULL;

static inline uint64_t zero_bytes(uint64_t w)
{
	const uint64_t low7 = ones * 0x7f;

	return ~(((w & low7) + low7) | w | low7);
}

static inline int has_special(uint64_t w)
{
	return (((w - ones * 0x20) & ~w) | ((w + ones) | w)) & (ones * 0x80)
		? 1 : 0;
}

/* The word joined: NULs and newlines become blanks; 0 when some other
 * byte needs escaping. */
static inline int join_word(uint64_t *w)
{
	uint64_t nul = zero_bytes(*w) >> 7;
	uint64_t nl = zero_bytes(*w ^ ones * '\n') >> 7;
	uint64_t j = *w ^ nul * ' ' ^ nl * ('\n' ^ ' ');

	if (has_special(j))
		return 0;
	*w = j;
	return 1;
}

static inline int join_byte(char *dst, char c)
{
	if (c == '\0' || c == '\n')
		c = ' ';
	else if ((unsigned char)(c - 0x20) >= 0x5f)
		return 0;
	*dst = c;
	return 1;
}

size_t join_plain(char *dst, size_t size, const char *src, size_t len)
{
	size_t n;
	uint64_t w;

	if (size == 0)
		return 0;
	len = vector_len(size, src, len);
	if (len < 8) {
		for (n = 0; n < len; n++)
			if (!join_byte(dst + n, src[n]))
				return (size_t)-1;
	} else {
		/* whole words, then the last 8 bytes (overlapping) */
		for (n = 0; n + 8 <= len; n += 8) {
			memcpy(&w, src + n, 8);
			if (!join_word(&w))
				return (size_t)-1;
			memcpy(dst + n, &w, 8);
		}
		if (n < len) {
			memcpy(&w, src + len - 8, 8);
			if (!join_word(&w))
				return (size_t)-1;
			memcpy(dst + len - 8, &w, 8);
		}
	}
	dst[len] = '\0';
	return len;
}

/* Copies the plain run at *src (one cell a byte, at most the cells and
 * the bytes of size left), moving the pointers and the counts; returns
 * whether there was one. */
static inline int take_plain(char **dst, const char **src, int *used,
			     size_t *bytes, int cells, size_t size)
{
	size_t room = size - (*bytes + 1), left = (size_t)(cells - *used);
	size_t run = plain_run(*src, left < room ? left : room);

	memcpy(*dst, *src, run);
	*dst += run;
	*src += run;
	*used += (int)run;
	*bytes += run;
	return run != 0;
}

static size_t escape_cells_utf8(char *dst, const char *src, size_t size,
				int *cells)
{
	mbstate_t st;
	int used = 0;
	size_t bytes = 0, max = MB_CUR_MAX;

	memset(&st, 0, sizeof(st));
	for (;;) {
		unsigned char c = (unsigned char)*src;
		wchar_t wc;
		size_t len;

		if (used >= *cells || bytes + 1 >= size)
			break;
		if (take_plain(&dst, &src, &used, &bytes, *cells, size))
			continue;
		/* ASCII is itself in UTF-8 and the state is always the
		 * initial one here: no mbrtowc for it */
		if (c < 0x80) {
			if (!c)
				break;
			*dst++ = isprint(c) ? (char)c : '?';
			src++;
			used++;
			bytes++;
			continue;
		}
		len = mbrtowc(&wc, src, max, &st);
		if (len == 0)
			break;
		if (len == (size_t)-1 || len == (size_t)-2) {
			memset(&st, 0, sizeof(st));
			*dst++ = '?';
			src++;
			used++;
			bytes++;
		} else if (len == 1) {
			*dst++ = isprint((unsigned char)*src) ? *src : '?';
			src++;
			used++;
			bytes++;
		} else if (!iswprint((wint_t)wc)) {
			*dst++ = '?';
			src += len;
			used++;
			bytes++;
		} else {
			int w = wcwidth(wc);

			if (w > *cells - used || len >= size - (bytes + 1))
				break;
			memcpy(dst, src, len);
			dst += len;
			src += len;
			bytes += len;
			if (w > 0)
				used += w;
		}
	}
	*dst = '\0';
	*cells -= used;
	return bytes;
}

size_t escape_cells(char *dst, const char *src, size_t size, int *cells)
{
	size_t bytes = 0;
	int used = 0;

	if (locale_is_utf8() && MB_CUR_MAX > 1)
		return escape_cells_utf8(dst, src, size, cells);
	if (size > (size_t)*cells + 1)
		size = (size_t)*cells + 1;
	for (;;) {
		unsigned char c;

		if (used >= *cells || bytes + 1 >= size)
			break;
		if (take_plain(&dst, &src, &used, &bytes, *cells, size))
			continue;
		c = (unsigned char)*src++;
		if (!c)
			break;
		/* NUL maps to 'Z' in the reference's table, never reached */
		*dst++ = (char)esc8(c);
		used++;
		bytes++;
	}
	*dst = '\0';
	*cells -= used;
	return bytes;
}

size_t join_escape(char *dst, size_t size, const char *src, size_t len,
		   bool *plain)
{
	size_t n = join_plain(dst, size, src, len);

	if (plain)
		*plain = n != (size_t)-1;
	if (n != (size_t)-1)
		return n;
	/* join_vector leaves no NUL inside: escaping its n bytes is what
	 * escape_lib would do with the joined string */
	n = join_vector(dst, size, src, len);
	escape_in_place(dst, n);
	return n;
}
