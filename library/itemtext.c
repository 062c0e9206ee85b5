#include <string.h>
#include "itemtext.h"

/* procps-ng's lookup_wchan() reads into 64 bytes, keeping a NUL. */
enum { WCHAN_READ_MAX = 63 };

const char *wchan_text(const char *raw, char *buf, size_t size)
{
	size_t n;

	if (!raw || !*raw)
		return "?";
	if (strcmp(raw, "0") == 0)
		return "-";
	n = strnlen(raw, WCHAN_READ_MAX + 1);
	if (n > WCHAN_READ_MAX && size) {
		n = size - 1 < WCHAN_READ_MAX ? size - 1 : WCHAN_READ_MAX;
		memcpy(buf, raw, n);
		buf[n] = '\0';
		raw = buf;
	}
	/* ppc64's symbols have a '.' in front */
	if (*raw == '.')
		raw++;
	while (*raw == '_')
		raw++;
	return raw;
}
