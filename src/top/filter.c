#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "filter.h"
#include "frame.h"

enum { FILTER_MAX = 32, VALUE_MAX = 64 };

struct filter {
	int field;
	char op;                /* '=', '<' or '>' */
	bool negate, nocase;
	/* for '<' and '>', padded as the field's cells are when added */
	char value[VALUE_MAX + 16];
	char text[VALUE_MAX + 16];      /* as typed, for ^O */
};

static struct filter filters[WIN_COUNT][FILTER_MAX];
static int nfilters[WIN_COUNT];

const char *filter_add(int win, const char *spec, bool nocase)
{
	static char msg[128];
	struct filter f = { .nocase = nocase };
	const char *p = spec, *op;
	char name[32];

	if (nfilters[win] >= FILTER_MAX)
		return "max filters reached";
	if (*p == '!') {
		f.negate = true;
		p++;
	}
	op = strpbrk(p, "=<>");
	if (!op || op == p) {
		snprintf(msg, sizeof(msg), "'%s' filter delimiter is missing",
			 f.negate ? "exclude" : "include");
		return msg;
	}
	snprintf(name, sizeof(name), "%.*s", (int)(op - p), p);
	f.field = field_by_name(name);
	if (f.field < 0) {
		snprintf(msg, sizeof(msg), "unrecognized field name '%s'", name);
		return msg;
	}
	f.op = *op;
	snprintf(f.value, sizeof(f.value), "%.*s", VALUE_MAX - 1, op + 1);
	/* the reference orders the shown text, padding and all, against
	 * the value padded to the field's width, right-justified whatever
	 * 'J'/'j' say: "   9 " sorts below " 0.0 " and "0.0  " */
	if (f.op != '=')
		snprintf(f.value, sizeof(f.value), "%s",
			 field_pad(f.field, f.value));
	snprintf(f.text, sizeof(f.text), "%s", spec);
	filters[win][nfilters[win]++] = f;
	return NULL;
}

void filter_clear(int win)
{
	nfilters[win] = 0;
}

int filter_count(int win)
{
	return nfilters[win];
}

void filter_list(int win, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < nfilters[win] && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s'%s'",
					i ? " + " : "", filters[win][i].text);
}

static bool one_pass(const struct filter *f, const struct row *r,
		     const struct frame *fr)
{
	const char *text = field_cell(f->field, r, fr);
	bool hit;

	if (f->op == '=') {
		hit = f->nocase ? strcasestr(text, f->value) != NULL :
				  strstr(text, f->value) != NULL;
	} else {
		int c = f->nocase ? strcasecmp(text, f->value) :
				    strcmp(text, f->value);

		hit = f->op == '<' ? c < 0 : c > 0;
	}
	return hit != f->negate;
}

bool filter_pass(int win, const struct row *r, const struct frame *fr,
		 const bool *shown)
{
	for (int i = 0; i < nfilters[win]; i++)
		if (shown[filters[win][i].field] &&
		    !one_pass(&filters[win][i], r, fr))
			return false;
	return true;
}

group_mask filter_groups(int win, int winflags)
{
	group_mask g = 0;

	for (int i = 0; i < nfilters[win]; i++)
		g |= field_groups(filters[win][i].field, winflags);
	return g;
}

/* The toprc block: each window's filters, newest first. */
static const char rc_begin[] =
	"begin: saved other filter data -------------------\n";
static const char rc_end[] =
	"end  : saved other filter data -------------------\n";

bool filter_block_begins(const char *line)
{
	return strcmp(line, rc_begin) == 0;
}

void filter_save(FILE *fp)
{
	bool any = false;

	for (int w = 0; w < WIN_COUNT; w++)
		any = any || nfilters[w];
	if (!any)
		return;
	fprintf(fp, "\n%s", rc_begin);
	for (int w = 0; w < WIN_COUNT; w++) {
		if (!nfilters[w])
			continue;
		fprintf(fp, "window #%d, osel_tot=%d\n", w, nfilters[w]);
		for (int i = nfilters[w] - 1; i >= 0; i--)
			fprintf(fp, "\ttype=%d,\tfilter=%s\n",
				filters[w][i].nocase ? 'o' : 'O',
				filters[w][i].text);
	}
	fputs(rc_end, fp);
}

/* Reads the block whose first line is in line; the file lists each
 * window's filters newest first, so each list is filled from its end.
 * line is left holding the line after the block or, at the end of the
 * file, the last line read: the reference goes on from a buffer fgets
 * leaves as it was. */
void filter_load_block(FILE *fp, char *line, size_t size)
{
	int win = -1, total = 0, seen = 0;

	while (fgets(line, (int)size, fp)) {
		char spec[512], *op, *at;
		int type, w, n;

		if (strcmp(line, rc_end) == 0) {
			if (!fgets(line, (int)size, fp))
				snprintf(line, size, "%s", rc_end);
			return;
		}
		if (sscanf(line, "window #%d, osel_tot=%d", &w, &n) == 2) {
			if (w < 0 || w >= WIN_COUNT || n < 0 || n > FILTER_MAX)
				break;
			win = w;
			total = n;
			seen = 0;
			nfilters[win] = 0;
			continue;
		}
		at = strstr(line, "filter=");
		if (win < 0 || seen >= total || !at ||
		    sscanf(line, "\ttype=%d,", &type) != 1)
			continue;
		at += strlen("filter=");
		snprintf(spec, sizeof(spec), "%.*s", (int)strcspn(at, "\n"), at);
		if (!filter_add(win, spec, type == 'o')) {
			/* the reference loses the value of a '<' or '>'
			 * filter it reads back: it compares with "" */
			op = strpbrk(filters[win][nfilters[win] - 1].text, "=<>");
			if (op && *op != '=')
				filters[win][nfilters[win] - 1].value[0] = '\0';
			seen++;
		}
		if (seen == total) {
			/* newest first in the file: turn the list round */
			for (int i = 0, j = nfilters[win] - 1; i < j; i++, j--) {
				struct filter t = filters[win][i];

				filters[win][i] = filters[win][j];
				filters[win][j] = t;
			}
		}
	}
}
