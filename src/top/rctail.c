/* The lines of a toprc after the windows: the block of other filters
 * ('W' writes it), then Inspect entries a user appended by hand ('Y').
 *
 * The reference reads them in two steps, and 'W' shows the seams:
 *  - blank lines are skipped; a block of filters that comes next is
 *    read, and the line after it starts the rest.  At the end of the
 *    file that line is the block's last line again (fgets leaves its
 *    buffer as it was), which is no valid entry.
 *  - the rest is kept as it was read and written back by 'W' after a
 *    blank line; its lines that are neither blank nor comments are
 *    entries "file|pipe <tab> name <tab> what".  A line that is not
 *    one makes 'W' ask before saving, once. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "filter.h"
#include "rctail.h"

enum { LINE_MAX_RC = 4096, ENTRIES_MAX = 256 };

static struct inspect_entry entries[ENTRIES_MAX];
static int nentries;
static char *kept;              /* the rest, as read */
static size_t kept_len;
static bool errors;

static char *copy_of(const char *s)
{
	char *c = strdup(s);

	if (!c) {
		perror("top");
		exit(1);
	}
	return c;
}

static void keep(const char *line)
{
	size_t n = strlen(line);
	char *grown = realloc(kept, kept_len + n + 1);

	if (!grown) {
		perror("top");
		exit(1);
	}
	kept = grown;
	memcpy(kept + kept_len, line, n + 1);
	kept_len += n;
}

/* One line of the rest: an entry, a comment, a blank line or an error. */
static void take(const char *line)
{
	char buf[LINE_MAX_RC], *type, *name, *what, *save;
	int kind = toupper((unsigned char)line[0]);

	keep(line);
	if (line[0] == '#' || line[0] == '\n')
		return;
	snprintf(buf, sizeof(buf), "%s", line);
	type = strtok_r(buf, "\t\n", &save);
	name = type ? strtok_r(NULL, "\t\n", &save) : NULL;
	what = name ? strtok_r(NULL, "\t\n", &save) : NULL;
	if (!what || (kind != 'F' && kind != 'P')) {
		errors = true;
		return;
	}
	if (nentries >= ENTRIES_MAX)
		return;
	entries[nentries].pipe = kind == 'P';
	entries[nentries].name = copy_of(name);
	entries[nentries].what = copy_of(what);
	nentries++;
}

void rctail_reset(void)
{
	for (int i = 0; i < nentries; i++) {
		free(entries[i].name);
		free(entries[i].what);
	}
	nentries = 0;
	free(kept);
	kept = NULL;
	kept_len = 0;
	errors = false;
}

void rctail_load(FILE *fp)
{
	char line[LINE_MAX_RC];
	bool more;

	rctail_reset();
	do
		more = fgets(line, sizeof(line), fp) != NULL;
	while (more && strcmp(line, "\n") == 0);
	if (more && filter_block_begins(line))
		filter_load_block(fp, line, sizeof(line));
	while (more) {
		take(line);
		more = fgets(line, sizeof(line), fp) != NULL;
	}
}

void rctail_save(FILE *fp)
{
	filter_save(fp);
	if (kept_len)
		fprintf(fp, "\n%s", kept);
	/* asked once: a second 'W' just writes */
	errors = false;
}

bool rctail_errors(void)
{
	return errors;
}

int inspect_count(void)
{
	return nentries;
}

const struct inspect_entry *inspect_entry(int i)
{
	return i >= 0 && i < nentries ? &entries[i] : NULL;
}
