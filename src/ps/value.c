/* The default printer and comparator: a spec row that names a key item,
 * a format and a scale needs no code of its own (FreeBSD ps's kvar()). */
#include <stdint.h>
#include <string.h>
#include "library/escape.h"
#include "library/itemtext.h"
#include "library/names.h"
#include "library/profile.h"
#include "mthreads.h"
#include "print.h"
#include "signames.h"

/* Decimal digits without printf: this runs for most cells of a row.
 * The length is found first, so the digits go straight to buf, two at
 * a time (half the divisions). */
static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324"
	"25262728293031323334353637383940414243444546474849"
	"50515253545556575859606162636465666768697071727374"
	"75767778798081828384858687888990919293949596979899";

int fmt_ull(char *buf, unsigned long long v)
{
	unsigned long long bound = 10;
	int n = 1;
	char *p;

	while (n < 20 && v >= bound) {
		n++;
		bound *= 10;
	}
	p = buf + n;
	*p = '\0';
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);

		v /= 100;
		p -= 2;
		memcpy(p, digit_pairs + 2 * r, 2);
	}
	if (v >= 10) {
		p -= 2;
		memcpy(p, digit_pairs + 2 * v, 2);
	} else {
		*--p = (char)('0' + v);
	}
	return n;
}

int fmt_ll(char *buf, long long v)
{
	if (v >= 0)
		return fmt_ull(buf, (unsigned long long)v);
	buf[0] = '-';
	return 1 + fmt_ull(buf + 1, 0ULL - (unsigned long long)v);
}

int fmt_text(char *buf, const char *s)
{
	size_t n = strlen(s);

	memcpy(buf, s, n + 1);
	return (int)n;
}

int fmt_dash(char *buf)
{
	buf[0] = '-';
	buf[1] = '\0';
	return 1;
}

/* Zero-padded hex of width digits (at most 16). */
static int fmt_hex(char *buf, unsigned long long v, int width)
{
	static const char digits[] = "0123456789abcdef";

	for (int i = width - 1; i >= 0; i--, v >>= 4)
		buf[i] = digits[v & 15];
	buf[width] = '\0';
	return width;
}

/* The kernel's 16 hex digits.  On a wide line all of them show; on a
 * narrow one the last 8, with '<' in front when a nonzero digit was
 * dropped. */
int sigset_cell(struct out *o, uint64_t mask)
{
	if (ctx.signal_names) {
		int n = signame_cell(o->buf, mask, o->max_rightward);

		if (n >= 0)
			return n;
	}
	if (ctx.wide_signals)
		return fmt_hex(o->buf, mask, 16);
	if (mask >> 32) {
		o->buf[0] = '<';
		return 1 + fmt_hex(o->buf + 1, mask, 8);
	}
	return fmt_hex(o->buf, mask, 8);
}

/* A user or group name; cut with '+' when wider than a non-last column,
 * or the number when the name can't be cut cleanly. */
static int name_cell(struct out *o, const char *name, unsigned id)
{
	/* most rows show the name the last one did: names.c keeps each
	 * name at one address, so its escaped text is kept too */
	static const char *last;
	static char text[256];
	static int text_len = -1;

	if (!ctx.user_is_number) {
		int cells = OUTBUF_SIZE, len;

		if (name == last && text_len >= 0) {
			memcpy(o->buf, text, (size_t)text_len + 1);
			len = text_len;
		} else {
			escape_cells(o->buf, name, OUTBUF_SIZE, &cells);
			len = OUTBUF_SIZE - cells;
			last = name;
			text_len = -1;
			if (len < (int)sizeof(text) &&
			    strlen(o->buf) == (size_t)len) {
				memcpy(text, o->buf, (size_t)len + 1);
				text_len = len;
			}
		}
		if (len <= o->max_rightward)
			return len;
		if (o->max_rightward >= 1 &&
		    (unsigned char)o->buf[o->max_rightward - 1] < 127) {
			len = o->max_rightward - 1;
			o->buf[len++] = '+';
			o->buf[len] = '\0';
			return len;
		}
	}
	return fmt_ull(o->buf, id);
}

/* A text cell cut to the room the column has, through the display
 * layer's escaping. */
int text_cell(struct out *o, const char *text)
{
	int cells = o->max_rightward;

	escape_cells(o->buf, text, OUTBUF_SIZE, &cells);
	return o->max_rightward - cells;
}

/* Copied as it is, cut to the room left (as args is). */
int cut_cell(struct out *o, const char *s)
{
	size_t len = strlen(s);

	if (len > (size_t)o->max_rightward)
		len = (size_t)o->max_rightward;
	memcpy(o->buf, s, len);
	o->buf[len] = '\0';
	return (int)len;
}

/* A string key through the row's text rule, copied as it is (wchan). */
static int rule_print(const struct spec *s, struct out *o,
		      const struct task *t)
{
	char buf[ITEM_TEXT_BUF];

	if (ctx.split_threads && t->is_thread_row &&
	    !profile.ps_m_thread_values) {
		/* the reference's thread records have no such text and it
		 * crashes on one, except on the first record it read,
		 * whose stale WCHAN comes out as a form feed */
		if (!mthreads_first_record(t))
			mthreads_wchan_crash();
		memcpy(o->buf, "\f", 2);
		return 1;
	}
	return cut_cell(o, s->text(item_str(t, s->key), buf, sizeof(buf)));
}

/* The numbers are ASCII, one byte a cell: their length is known. */
static int value_print(const struct spec *s, struct out *o,
		       const struct task *t)
{
	unsigned long long v;

	if (s->key == ITEM_COUNT)
		return out_bytes(o, fmt_dash(o->buf));
	if (s->text)
		return rule_print(s, o, t);
	v = item_num(t, s->key);
	switch (s->format) {
	case VF_HEX:
		return out_bytes(o, fmt_hex(o->buf, v, (int)(2 * sizeof(long))));
	case VF_SIGSET:
		return out_bytes(o, sigset_cell(o, v));
	case VF_INODE:
		return out_bytes(o, v ? fmt_ull(o->buf, v) : fmt_dash(o->buf));
	case VF_USER:
		return name_cell(o, user_name((uid_t)v), (unsigned)v);
	case VF_GROUP:
		return name_cell(o, group_name((gid_t)v), (unsigned)v);
	}
	if (s->scale == SC_KIB)
		v /= 1024;
	else if (s->scale == SC_PAGES)
		v /= ctx.page_kib * 1024UL;
	if (item_table[s->key].type == T_CHAR) {
		o->buf[0] = (char)v;
		o->buf[1] = '\0';
		return 1;
	}
	if (item_is_signed(s->key))
		return out_bytes(o, fmt_ll(o->buf, (long long)v));
	return out_bytes(o, fmt_ull(o->buf, v));
}

int spec_print(const struct spec *s, struct out *o, const struct task *t)
{
	return s->print ? s->print(o, t) : value_print(s, o, t);
}

static int text_order(const char *x, const char *y)
{
	return strcoll(x ? x : "", y ? y : "");
}

static int value_compare(const struct spec *s, const struct task *a,
			 const struct task *b)
{
	enum item k = s->key;
	unsigned long long x, y;

	if (k == ITEM_COUNT)
		return 0;
	if (s->text) {
		char x[ITEM_TEXT_BUF], y[ITEM_TEXT_BUF];

		return strcoll(s->text(item_str(a, k), x, sizeof(x)),
			       s->text(item_str(b, k), y, sizeof(y)));
	}
	switch (item_table[k].type) {
	case T_STR:
	case T_STRP:
		return text_order(item_str(a, k), item_str(b, k));
	case T_BLOB:
		return 0;
	default:
		break;
	}
	x = item_num(a, k);
	y = item_num(b, k);
	if (s->format == VF_USER)
		return strcoll(user_name((uid_t)x), user_name((uid_t)y));
	if (s->format == VF_GROUP)
		return strcoll(group_name((gid_t)x), group_name((gid_t)y));
	if (item_is_signed(k))
		return NUMCMP((long long)x, (long long)y);
	return NUMCMP(x, y);
}

int spec_compare(const struct spec *s, const struct task *a,
		 const struct task *b)
{
	return s->compare ? s->compare(a, b) : value_compare(s, a, b);
}
