/* AIX format descriptors: "-o '%p %c'".  Text may lead the list and
 * blanks may follow a descriptor; each run of text becomes a literal
 * column, and the list always ends in one (possibly empty), which is why
 * the last descriptor's column is padded and cut to its width. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"
#include "format_aix.h"

static const struct {
	char code;
	const char *spec;
	const char *header;
} aix_codes[] = {
	{ 'C', "pcpu", "%CPU" }, { 'G', "group", "GROUP" },
	{ 'P', "ppid", "PPID" }, { 'U', "user", "USER" },
	{ 'a', "args", "COMMAND" }, { 'c', "comm", "COMMAND" },
	{ 'g', "rgroup", "RGROUP" }, { 'n', "nice", "NI" },
	{ 'p', "pid", "PID" }, { 'r', "pgid", "PGID" },
	{ 't', "etime", "ELAPSED" }, { 'u', "ruser", "RUSER" },
	{ 'x', "time", "TIME" }, { 'y', "tty", "TTY" },
	{ 'z', "vsz", "VSZ" },
};

/* Checks the shape: [one text char] [blanks] (%X [blanks])* */
static const char *aix_check(const char *s)
{
	int c = *s++;

	if (c && c != '%') {
		for (c = *s++; c == ' '; c = *s++)
			;
	}
	while (c) {
		if (c != '%')
			return "improper AIX field descriptor";
		c = *s++;
		if (!c || c == ' ' || c == '%')
			return "missing AIX field descriptor";
		c = *s++;
		while (c == ' ')
			c = *s++;
		if (c && c != '%')
			return "improper AIX field descriptor";
	}
	return NULL;
}

static struct column *literal(const char *text, size_t len)
{
	struct column *c = arena_alloc(sizeof(*c));

	c->header = arena_strndup(text, len);
	c->width = (int)len;
	c->align = AL_NONE;
	return c;
}

static void append(struct column ***tail, struct column *c)
{
	**tail = c;
	*tail = &c->next;
}

const char *parse_aix_format(const char *arg, struct column **out)
{
	struct column **tail = out;
	const char *p = arg, *err = aix_check(arg);

	while (*tail)
		tail = &(*tail)->next;
	if (err)
		return err;
	for (;;) {
		const char *pct = strchr(p, '%');
		size_t len = pct ? (size_t)(pct - p) : strlen(p);
		size_t i;

		if (len || !pct)
			append(&tail, literal(p, len));
		if (!pct)
			break;
		for (i = 0; i < sizeof(aix_codes) / sizeof(aix_codes[0]); i++)
			if (aix_codes[i].code == pct[1])
				break;
		if (i == sizeof(aix_codes) / sizeof(aix_codes[0]))
			return "unknown AIX field descriptor";
		{
			struct column *c = column_for(spec_find(aix_codes[i].spec));
			int h = (int)strlen(aix_codes[i].header);

			c->header = aix_codes[i].header;
			if (h > c->width)
				c->width = h;
			append(&tail, c);
		}
		p = pct + 2;
	}
	return NULL;
}
