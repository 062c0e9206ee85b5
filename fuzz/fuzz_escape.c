/* libFuzzer target for the two escaping layers (library/escape.c), with
 * the property the hardening tests assert on whole programs: no byte a
 * process controls reaches the terminal raw.  The input goes through
 * join_vector (as a cmdline), escape_lib and escape_cells, like an args
 * cell; then:
 *   - C locale: no C0 control, no DEL, no byte >= 0x80;
 *   - UTF-8 locale: valid UTF-8, no C0/C1 control and no DEL;
 *   - the cell count never exceeds the room given, bytes fit the buffer.
 * The locale is the environment's (run.sh runs the target once with
 * LC_ALL=C and once with LC_ALL=C.UTF-8): escape.c caches its choice. */
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "library/escape.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int utf8;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setlocale(LC_ALL, "");
	utf8 = locale_is_utf8() && MB_CUR_MAX > 1;
	return 0;
}

static void check(const char *s, size_t n, int cells_given, int cells_left)
{
	if (strlen(s) != n || cells_left < 0 || cells_left > cells_given)
		abort();
	if (!utf8) {
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)s[i];

			if (c < 0x20 || c == 0x7f || c >= 0x80)
				abort();
		}
		return;
	}
	mbstate_t st;
	memset(&st, 0, sizeof(st));
	for (size_t i = 0; i < n;) {
		wchar_t wc;
		size_t len = mbrtowc(&wc, s + i, n - i, &st);

		if (len == 0 || len == (size_t)-1 || len == (size_t)-2)
			abort();        /* invalid UTF-8 reached the output */
		if (wc < 0x20 || (wc >= 0x7f && wc < 0xa0))
			abort();        /* a C0/C1 control or DEL */
		i += len;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char joined[4096], lib[4096], cell[4096];
	char *src;
	size_t n;
	int cells, given;

	if (size < 1 || size > 4000)
		return 0;
	/* byte 0: the cell room (1..255, 0 = unlimited) */
	given = data[0] ? data[0] : (int)sizeof(cell);
	src = malloc(size - 1 ? size - 1 : 1);
	if (!src)
		return 0;
	memcpy(src, data + 1, size - 1);

	/* as a command line: NUL separated */
	n = join_vector(joined, sizeof(joined), src, size - 1);
	if (memchr(joined, '\n', n))
		abort();
	n = escape_lib(lib, joined, sizeof(lib));
	if (strlen(lib) != n)
		abort();
	cells = given;
	n = escape_cells(cell, lib, sizeof(cell), &cells);
	check(cell, n, given, cells);

	/* as a name (comm): straight through both layers, small buffers */
	{
		char name[64], out[64];
		size_t m = size - 1 < sizeof(name) - 1 ? size - 1 : sizeof(name) - 1;

		memcpy(name, src, m);
		name[m] = '\0';
		escape_lib(out, name, sizeof(out));
		cells = given;
		n = escape_cells(cell, out, 16, &cells);
		if (n > 15)
			abort();
		check(cell, n, given, cells);
	}
	free(src);
	return 0;
}
