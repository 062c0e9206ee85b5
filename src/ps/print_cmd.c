/* Cell printers for command names, command lines (with the forest
 * prefix and the environment) and the executable's path. */
#include <string.h>
#include "library/escape.h"
#include "print.h"

const char *comm_text(const struct task *t)
{
	static char buf[TASK_COMM_MAX * 2];

	escape_lib(buf, t->comm, sizeof(buf));
	return buf;
}

/* The escaped command line of the row, its length and whether it is
 * plain ASCII (the display layer then only cuts it), kept for the row
 * until the next one asks. */
struct cmdline_cache {
	struct row_key key;
	size_t len;
	bool plain;
	char text[TEXT_MAX];
};

static const struct cmdline_cache *cmdline_of(const struct task *t)
{
	static struct cmdline_cache c;
	char *text = c.text;
	bool plain;
	size_t n = 0;

	if (row_key_same(&c.key, t))
		return &c;
	c.plain = false;
	if (t->cmdline.data && t->cmdline.len) {
		n = join_escape(text, TEXT_MAX, t->cmdline.data,
				t->cmdline.len, &plain);
		c.plain = plain && n != 0;
	}
	if (n) {
		c.len = n;
	} else if (t->cmdline.data && t->cmdline.len) {
		/* a command line of NULs only: the reference shows "?" */
		strcpy(text, "?");
		c.len = 1;
	} else {
		/* "[comm]", plus " <defunct>" for a zombie, as the
		 * reference's library builds it */
		size_t e = 0;

		text[e++] = '[';
		e += escape_lib(text + e, t->comm, TEXT_MAX - 12 - e);
		text[e++] = ']';
		if (t->state == 'Z') {
			memcpy(text + e, " <defunct>", 10);
			e += 10;
		}
		text[e] = '\0';
		c.len = e;
	}
	return &c;
}

const char *cmdline_text(const struct task *t)
{
	return cmdline_of(t)->text;
}

/* Appends " ENV" for the e option when room is left. */
static char *append_environ(const struct task *t, char *end, int *cells)
{
	static char text[TEXT_MAX];

	if (!ctx.bsd_e || *cells <= 1)
		return end;
	if (!t->environ.data || !t->environ.len || !t->environ.data[0]) {
		strcpy(text, "-");
	} else {
		join_escape(text, sizeof(text), t->environ.data,
			    t->environ.len, NULL);
	}
	if (text[0] == '-' && text[1] == '\0')
		return end;
	*end++ = ' ';
	(*cells)--;
	end += escape_cells(end, text, OUTBUF_SIZE, cells);
	return end;
}

/* Writes the forest prefix; returns its length.  Like the reference,
 * only whole levels that fit the column are written, and the name gets
 * whatever room is left. */
static int forest_cell(struct out *o)
{
	int step = ctx.forest_type == 'u' ? 2 : 4, n = 0;

	while (n < ctx.forest_len && o->max_rightward - n >= step)
		n += step;
	memcpy(o->buf, ctx.forest_prefix, (size_t)n);
	return n;
}

/* The forest prefix, the text cut to the cells left, and the
 * environment.  Plain ASCII text (plain_len bytes) is one cell a byte
 * and passes the display layer unchanged, so it is only cut. */
static int command_cell(struct out *o, const struct task *t,
			const char *text, size_t plain_len)
{
	int cells = o->max_rightward, fh = forest_cell(o);
	char *end = o->buf + fh;

	cells -= fh;
	if (plain_len) {
		size_t n = plain_len < (size_t)cells ? plain_len : (size_t)cells;

		memcpy(end, text, n);
		end += n;
		cells -= (int)n;
	} else {
		end += escape_cells(end, text, OUTBUF_SIZE, &cells);
	}
	end = append_environ(t, end, &cells);
	*end = '\0';
	out_bytes(o, (int)(end - o->buf));
	return o->max_rightward - cells;
}

int pr_comm(struct out *o, const struct task *t)
{
	return command_cell(o, t, comm_text(t), 0);
}

int pr_args(struct out *o, const struct task *t)
{
	const struct cmdline_cache *c;

	if (ctx.bsd_c)
		return command_cell(o, t, comm_text(t), 0);
	c = cmdline_of(t);
	return command_cell(o, t, c->text, c->plain ? c->len : 0);
}

/* The name gets at most 8 cells after the forest prefix.  The reference
 * counts the cells it took from the room it had before that cut, so a
 * column wider than 8 reports more than it wrote and is not padded. */
int pr_fname(struct out *o, const struct task *t)
{
	int fh = forest_cell(o), cells = o->max_rightward - fh;

	if (cells > 8)
		cells = 8;
	escape_cells(o->buf + fh, comm_text(t), OUTBUF_SIZE, &cells);
	return o->max_rightward - cells;
}

/* exe: the executable's path, escaped. */
int pr_exe(struct out *o, const struct task *t)
{
	static char text[TEXT_MAX];

	if (!t->exe)
		return text_cell(o, "-");
	escape_lib(text, t->exe, sizeof(text));
	return text_cell(o, text);
}

