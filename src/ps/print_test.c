/* The reference's test columns (_left, _right, _unlimited and their
 * twins): fixed texts that exercise the layout engine. */
#include "print.h"

/* They cycle through fixed values by the count of rows left until the
 * next header: it starts at 1 and counts down, one step per row, and
 * restarts from rows - 1 at each repeated header (--headers). */

static unsigned row_counter(const struct task *t)
{
	(void)t;
	return (unsigned)ctx.test_row;
}

int pr_t_left(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"tty7", "pts/9999", "iseries/vtty42", "ttySMX0", "3270/tty4",
	};

	return fmt_text(o->buf, v[row_counter(t) % 5u]);
}

int pr_t_left2(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"tty7", "pts/9999", "ttySMX0", "3270/tty4",
	};

	return fmt_text(o->buf, v[row_counter(t) % 4u]);
}

int pr_t_right(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"999-23:59:59", "99-23:59:59", "9-23:59:59", "59:59",
	};

	return fmt_text(o->buf, v[row_counter(t) % 4u]);
}

int pr_t_right2(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"999-23:59:59", "99-23:59:59", "9-23:59:59",
	};

	return fmt_text(o->buf, v[row_counter(t) % 3u]);
}

int pr_t_unlimited(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"[123456789-12345] <defunct>", "ps", "123456789-123456",
	};

	return cut_cell(o, v[row_counter(t) % 3u]);
}

int pr_t_unlimited2(struct out *o, const struct task *t)
{
	static const char *const v[] = {
		"unlimited", "[123456789-12345] <defunct>", "ps",
		"123456789-123456",
	};

	return cut_cell(o, v[row_counter(t) % 4u]);
}
