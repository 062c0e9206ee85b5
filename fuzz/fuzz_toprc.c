/* libFuzzer target for top's rcfile reader (src/top/rcfile.c).  The
 * input is a whole toprc; it is read through fmemopen exactly as
 * rc_load() reads a file.  rcfile.c is included so its static reader can
 * be called without touching the disk.  After a successful read the
 * harness checks what the rest of top relies on: the current window and
 * every sort field in range, and every visible slot of the first
 * FLD_COUNT naming a real field (main.c's calibrate() indexes with them);
 * and that what rc_write() ('W') makes of the settings reads back to the
 * same settings. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "src/top/rcfile.c"

struct options Opt;
const char *Myname = "top";

/* The lines after the windows (filters, Inspect entries) are read and
 * written by rctail.c and filter.c, which need top's field table; here
 * they are left alone. */
void rctail_load(FILE *fp)
{
	(void)fp;
}

void rctail_save(FILE *fp)
{
	(void)fp;
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
static void round_trip(void)
{
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
	fp = fopen(Rc_path, "r");
	if (!fp)
		abort();
	set_defaults();
	if (read_file(fp, Rc_path, &delay) != NULL) {
		fprintf(stderr, "fuzz_toprc: rc_write output does not read back"
			" (kept in %s)\n", Rc_path);
		abort();
	}
	fclose(fp);
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
	round_trip();
	return 0;
}
