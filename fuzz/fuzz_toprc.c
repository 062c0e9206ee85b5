/* libFuzzer target for top's rcfile reader (src/top/rcfile.c).  The
 * input is a whole toprc; it is read through fmemopen exactly as
 * rc_load() reads a file.  rcfile.c is included so its static reader can
 * be called without touching the disk.  After a successful read the
 * harness checks what the rest of top relies on: the current window and
 * every sort field in range, and every visible slot of the first
 * FLD_COUNT naming a real field (main.c's calibrate() indexes with them). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "src/top/rcfile.c"

struct options Opt;

_Noreturn void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	abort();        /* rcfile.c must report through read_file's result */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
	return 0;
}
