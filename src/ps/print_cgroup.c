/* Cell printers for the cgroup columns and the LXC container name. */
#include <stdio.h>
#include <string.h>
#include "library/escape.h"
#include "print.h"

/* The cgroup lines that are not a bare root ("...:/"), each through the
 * library's escaping, joined with commas; "-" when none is left. */

const char *cgroup_text(const struct task *t)
{
	static char text[TEXT_MAX], line[TEXT_MAX];
	static struct row_key key;
	const char *p, *end;
	size_t n = 0;

	if (row_key_same(&key, t))
		return text;
	text[0] = '\0';
	if (t->cgroup.data) {
		p = t->cgroup.data;
		end = p + t->cgroup.len;
		/* trailing NULs don't count; a last blank is dropped */
		while (end > p && end[-1] == '\0')
			end--;
		if (end > p && t->cgroup.data[t->cgroup.len - 1] == ' ')
			end--;
		while (p < end) {
			const char *stop = p;
			size_t len;

			while (stop < end && *stop != '\n' && *stop != '\0')
				stop++;
			len = (size_t)(stop - p);
			if (len && p[len - 1] != '/' && len < sizeof(line)) {
				memcpy(line, p, len);
				line[len] = '\0';
				if (n && n + 1 < sizeof(text))
					text[n++] = ',';
				n += escape_lib(text + n, line, sizeof(text) - n);
			}
			p = stop + 1;
		}
	}
	if (!n)
		strcpy(text, "-");
	return text;
}

int pr_cgroup(struct out *o, const struct task *t)
{
	return text_cell(o, cgroup_text(t));
}

/* cgname: what follows the first ":name=", else the whole text. */
int pr_cgname(struct out *o, const struct task *t)
{
	const char *s = cgroup_text(t), *name = strstr(s, ":name=");

	if (name && name[6])
		s = name + 6;
	return text_cell(o, s);
}

/* lxc: the container name after the last lxc delimiter on the first
 * line that has one, "-" outside a container. */
int pr_lxc(struct out *o, const struct task *t)
{
	static const char *const delims[] = {
		"lxc.payload.", "lxc.payload/", "lxc/",
	};
	static char text[TEXT_MAX];
	const char *p = NULL, *delim = NULL, *q;
	size_t dl, len;

	if (!t->cgroup.data || !t->cgroup.len)
		return fmt_dash(o->buf);
	for (size_t i = 0; i < 3 && !p; i++) {
		delim = delims[i];
		p = strstr(t->cgroup.data, delim);
	}
	if (!p)
		return fmt_dash(o->buf);
	dl = strlen(delim);
	len = strcspn(p, "\n");
	if (len >= sizeof(text))
		len = sizeof(text) - 1;
	memcpy(text, p, len);
	text[len] = '\0';
	q = text;
	do {
		p = q + dl;
	} while ((q = strstr(p, delim)));
	len = strcspn(p, "/");
	return snprintf(o->buf, COLWID, "%.*s", (int)len, p);
}
