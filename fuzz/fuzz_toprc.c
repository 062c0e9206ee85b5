/* libFuzzer target for top's rcfile reader (src/top/rcfile.c) and the
 * lines after the windows (src/top/rctail.c: the other-filter block of
 * src/top/filter.c, over the real field table of fields.c, and the
 * Inspect entries).  The input is a whole toprc; it is read through
 * fmemopen exactly as rc_load() reads a file.  rcfile.c, filter.c and
 * rctail.c are included so their static reader and state can be reached
 * without touching the disk.  After a successful read the harness checks
 * what the rest of top relies on: the current window and every sort
 * field in range, and every visible slot of the first FLD_COUNT naming a
 * real field (main.c's calibrate() indexes with them); every filter
 * naming a real field with one of the three operators, the list ^O
 * shows; every Inspect entry with a name and a command; and that what
 * rc_write() ('W') makes of it all reads back to the same settings,
 * filters and entries. */
#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "src/top/rcfile.c"
#include "src/top/filter.c"
#include "src/top/rctail.c"

struct options Opt;
const char *Myname = "top";

/* fields.c (linked for field_by_name) also holds the cells, which reach
 * the tree view and xwidth.c's prompt: neither runs while a toprc is
 * read. */
char forestview_mark(const struct row *r)
{
	(void)r;
	abort();
}

int inter_prompt_long(const char *prompt, size_t size, int base,
		      long *value)
{
	(void)prompt, (void)size, (void)base, (void)value;
	abort();
}

/* filter.c's and rctail.c's state as a fresh top has it (a toprc that
 * ends before the line after the windows leaves rctail_load uncalled). */
static void filter_reset(void)
{
	memset(filters, 0, sizeof(filters));
	memset(nfilters, 0, sizeof(nfilters));
	rctail_reset();
}

/* What keys.c and filter_pass() rely on. */
static void check_filters(void)
{
	char list[1024];

	for (int w = 0; w < WIN_COUNT; w++) {
		if (nfilters[w] < 0 || nfilters[w] > FILTER_MAX)
			abort();
		for (int i = 0; i < nfilters[w]; i++) {
			const struct filter *f = &filters[w][i];

			if (f->field < 0 || f->field >= FLD_COUNT ||
			    !f->op || !strchr("=<>", f->op) ||
			    !memchr(f->value, '\0', sizeof(f->value)) ||
			    !memchr(f->text, '\0', sizeof(f->text)))
				abort();
		}
		filter_list(w, list, sizeof(list));
		if (!memchr(list, '\0', sizeof(list)))
			abort();
		if (getenv("FUZZ_TOPRC_SHOW") && nfilters[w])
			fprintf(stderr, "window %d filters: %s\n", w, list);
	}
	if (nentries < 0 || nentries > ENTRIES_MAX || (kept_len && !kept))
		abort();
	for (int i = 0; i < nentries; i++)
		if (!entries[i].name || !entries[i].what ||
		    inspect_entry(i) != &entries[i])
			abort();
	if (inspect_entry(nentries) || inspect_entry(-1))
		abort();
}

/* The Inspect entries, as copies, to compare after a round trip. */
struct entry_copy {
	int n;
	bool pipe[ENTRIES_MAX];
	char *name[ENTRIES_MAX], *what[ENTRIES_MAX];
};

static void entries_copy(struct entry_copy *c)
{
	c->n = nentries;
	for (int i = 0; i < nentries; i++) {
		c->pipe[i] = entries[i].pipe;
		c->name[i] = strdup(entries[i].name);
		c->what[i] = strdup(entries[i].what);
		if (!c->name[i] || !c->what[i])
			abort();
	}
}

static bool entries_same(struct entry_copy *c)
{
	bool same = c->n == nentries;

	for (int i = 0; i < c->n; i++) {
		same = same && c->pipe[i] == entries[i].pipe &&
		       !strcmp(c->name[i], entries[i].name) &&
		       !strcmp(c->what[i], entries[i].what);
		free(c->name[i]);
		free(c->what[i]);
	}
	return same;
}

/* Whether 'W' turns text the reader kept into a filter block: with no
 * filter to write, the kept lines follow the windows after a blank line,
 * and when their first other line begins a block, the next read parses
 * it (the first read had taken the line after an earlier block).  The
 * "\n" that ends the Fixed_widest format skips any white space, so the
 * kept text's leading blanks and tabs go too. */
static bool kept_becomes_block(void)
{
	const char *p = kept;

	for (int w = 0; w < WIN_COUNT; w++)
		if (nfilters[w])
			return false;
	if (!p)
		return false;
	while (isspace((unsigned char)*p))
		p++;
	return !strncmp(p, rc_begin, strlen(rc_begin));
}

/* Whether the kept text starts with white space: only the line after a
 * filter block can (the first read's Fixed_widest "\n" skipped it
 * anywhere else), and the next read loses it the same way, so a line
 * "\tpipe\tname\tcmd" that was an error becomes an Inspect entry.
 * procps-ng 4.0.2 reads it so too (its Inspect screen lists such an
 * entry; docs/hardening.md, finding 9): the entries are not compared. */
static bool kept_loses_blanks(void)
{
	return kept && isspace((unsigned char)kept[0]);
}

static bool same_filters(const struct filter (*a)[FILTER_MAX], const int *na)
{
	for (int w = 0; w < WIN_COUNT; w++) {
		if (na[w] != nfilters[w])
			return false;
		for (int i = 0; i < na[w]; i++) {
			const struct filter *x = &a[w][i], *y = &filters[w][i];

			if (x->field != y->field || x->op != y->op ||
			    x->negate != y->negate || x->nocase != y->nocase ||
			    strcmp(x->value, y->value) || strcmp(x->text, y->text))
				return false;
		}
	}
	return true;
}

_Noreturn void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	abort();        /* rcfile.c must report through read_file's result */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* rc_write() into a file of our own, then read_file() on it again. */
static void round_trip(bool tail_may_change)
{
	static struct filter fbefore[WIN_COUNT][FILTER_MAX];
	static struct entry_copy ebefore;
	int nbefore[WIN_COUNT];
	struct config before = Rc;
	double delay = 3.0;
	FILE *fp;

	/* A name read as NUL bytes ("%3s" takes them) is written back as
	 * "", and "\tfieldscur=" then reads as the next name: the file 'W'
	 * writes does not load again.  procps-ng 4.0.2 reads and writes the
	 * name the same way, so this is kept (docs/hardening.md). */
	for (int i = 0; i < WIN_COUNT; i++)
		if (!Rc.win[i].name[0])
			return;
	if (!Rc_path[0])
		snprintf(Rc_path, sizeof(Rc_path), "/tmp/fuzz_toprc.%d",
			 (int)getpid());
	if (rc_write() != 0)
		abort();
	if (kept_becomes_block()) {
		unlink(Rc_path);
		return;
	}
	fp = fopen(Rc_path, "r");
	if (!fp)
		abort();
	tail_may_change = tail_may_change || kept_loses_blanks();
	memcpy(fbefore, filters, sizeof(filters));
	memcpy(nbefore, nfilters, sizeof(nfilters));
	entries_copy(&ebefore);
	set_defaults();
	filter_reset();
	if (read_file(fp, Rc_path, &delay) != NULL) {
		fprintf(stderr, "fuzz_toprc: rc_write output does not read back"
			" (kept in %s)\n", Rc_path);
		abort();
	}
	fclose(fp);
	if (!same_filters(fbefore, nbefore) && !tail_may_change) {
		fprintf(stderr, "fuzz_toprc: filters change through rc_write"
			" (kept in %s)\n", Rc_path);
		abort();
	}
	/* A NUL byte cuts the line it is in where rctail.c keeps the text
	 * (strlen, as the reference's strcat): 'W' then writes that line
	 * without its newline and the next read joins it to the next one,
	 * which may then start a filter block or an entry.  Kept for
	 * identity (docs/hardening.md, finding 8): with a NUL in the input,
	 * or kept text that loses its leading blanks (finding 9), only the
	 * settings are compared. */
	if (!entries_same(&ebefore) && !tail_may_change) {
		fprintf(stderr, "fuzz_toprc: Inspect entries change through"
			" rc_write (kept in %s)\n", Rc_path);
		abort();
	}
	unlink(Rc_path);
	/* the delay goes through "%d.%d" thousandths: compare the rest.  A
	 * name is compared as the C string it is ("%3s" also takes NUL
	 * bytes, and leaves the default name's tail after a short one). */
	before.delay = Rc.delay;
	for (int i = 0; i < WIN_COUNT; i++) {
		if (strcmp(before.win[i].name, Rc.win[i].name)) {
			fprintf(stderr, "fuzz_toprc: window %d renamed\n", i);
			abort();
		}
		memcpy(before.win[i].name, Rc.win[i].name, sizeof(Rc.win[i].name));
	}
	if (memcmp(before.win, Rc.win, sizeof(Rc.win)) ||
	    before.curwin != Rc.curwin || before.mode_altscr != Rc.mode_altscr ||
	    before.mode_irixps != Rc.mode_irixps ||
	    before.fixed_widest != Rc.fixed_widest ||
	    before.summ_mscale != Rc.summ_mscale ||
	    before.task_mscale != Rc.task_mscale ||
	    before.zero_suppress != Rc.zero_suppress ||
	    before.tics_scaled != Rc.tics_scaled) {
		fprintf(stderr, "fuzz_toprc: settings change through rc_write\n");
		for (int i = 0; i < WIN_COUNT; i++) {
			const struct window *a = &before.win[i], *b = &Rc.win[i];

			for (int j = 0; j < PFLAGS_SIZE; j++)
				if (a->fieldscur[j] != b->fieldscur[j])
					fprintf(stderr, "  win %d slot %d: %d -> %d\n",
						i, j, a->fieldscur[j], b->fieldscur[j]);
			if (memcmp(a->name, b->name, sizeof(a->name)))
				fprintf(stderr, "  win %d name\n", i);
			if (memcmp(&a->winflags, &b->winflags,
				   sizeof(*a) - offsetof(struct window, winflags)))
				fprintf(stderr, "  win %d flags/colors\n", i);
		}
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	double delay = 3.0;
	const char *err;
	char *copy;
	FILE *fp;

	if (!size || size > 1 << 16)
		return 0;
	/* an exact-size copy so ASan sees any overread by the stdio layer */
	copy = malloc(size);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	fp = fmemopen(copy, size, "r");
	if (!fp) {
		free(copy);
		return 0;
	}
	set_defaults();
	filter_reset();
	err = read_file(fp, "/fuzz/toprc", &delay);
	fclose(fp);
	free(copy);
	if (err) {
		if (!*err)
			abort();
		return 0;
	}
	if (Rc.curwin < 0 || Rc.curwin >= WIN_COUNT)
		abort();
	for (int i = 0; i < WIN_COUNT; i++) {
		const struct window *w = &Rc.win[i];

		if (w->sortindx < 0 || w->sortindx >= FLD_COUNT)
			abort();
		if (memchr(w->name, '\0', sizeof(w->name)) == NULL)
			abort();
		for (int slot = 0; slot < FLD_COUNT; slot++) {
			int f = rc_slot_field(w, slot);

			if (f < -1 || f >= FLD_COUNT)
				abort();
		}
	}
	check_filters();
	round_trip(memchr(data, '\0', size) != NULL);
	return 0;
}
