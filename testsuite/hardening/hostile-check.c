/* hostile-check: reads ps or top output on stdin and fails if a byte a
 * process could have supplied reached it raw, for hostile.sh.
 *
 *   hostile-check c|utf8 < output
 *
 * Both modes: no C0 control other than the newline between rows, no DEL.
 * c: no byte >= 0x80 (the C locale shows those as '?').
 * utf8: strictly valid UTF-8 (no stray continuation or cut sequence, no
 * overlong form, no surrogate, nothing past U+10FFFF) and no C1 control
 * (U+0080..U+009F: U+009B is CSI to many terminals).
 * Prints the first offence (line, byte offset, bytes) and exits 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *buf;
static size_t len;

static int fail(size_t at, const char *what)
{
	size_t line = 1;

	for (size_t i = 0; i < at; i++)
		line += buf[i] == '\n';
	printf("line %zu, byte %zu: %s:", line, at, what);
	for (size_t i = at; i < at + 4 && i < len; i++)
		printf(" %02x", buf[i]);
	putchar('\n');
	return 1;
}

int main(int argc, char **argv)
{
	size_t cap = 1 << 16, n;
	int utf8;

	if (argc != 2 || (strcmp(argv[1], "c") && strcmp(argv[1], "utf8"))) {
		fputs("usage: hostile-check c|utf8 < output\n", stderr);
		return 2;
	}
	utf8 = !strcmp(argv[1], "utf8");
	buf = malloc(cap);
	while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
		len += n;
		if (len == cap)
			buf = realloc(buf, cap *= 2);
	}
	if (!buf)
		return 2;
	for (size_t i = 0; i < len;) {
		unsigned c = buf[i];
		unsigned need, cp, min;

		if (c == '\n') {
			i++;
			continue;
		}
		if (c < 0x20 || c == 0x7f)
			return fail(i, "control byte");
		if (c < 0x80) {
			i++;
			continue;
		}
		if (!utf8)
			return fail(i, "byte >= 0x80 in the C locale");
		if (c >= 0xc2 && c <= 0xdf)
			need = 1, cp = c & 0x1f, min = 0x80;
		else if (c >= 0xe0 && c <= 0xef)
			need = 2, cp = c & 0x0f, min = 0x800;
		else if (c >= 0xf0 && c <= 0xf4)
			need = 3, cp = c & 0x07, min = 0x10000;
		else
			return fail(i, "invalid UTF-8 lead byte");
		for (unsigned k = 1; k <= need; k++) {
			if (i + k >= len || (buf[i + k] & 0xc0) != 0x80)
				return fail(i, "cut UTF-8 sequence");
			cp = cp << 6 | (buf[i + k] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return fail(i, "overlong, surrogate or out of range");
		if (cp >= 0x80 && cp <= 0x9f)
			return fail(i, "C1 control");
		i += need + 1;
	}
	return 0;
}
