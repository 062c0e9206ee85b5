/* Escaping of process-supplied text (names, arguments, environment), so no
 * byte from a process reaches a terminal raw.  Two layers, as procps-ng
 * 4.0.2 has them: the library's (when a value is fetched) and the
 * display layer's (when a cell is measured and cut to a width). */
#ifndef PROCPS_TD_ESCAPE_H
#define PROCPS_TD_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* Library layer.  UTF-8 locale: control characters and DEL become '?';
 * a byte that cannot start a UTF-8 sequence (or a sequence cut short)
 * sends the rest of the string through the 8-bit table.  Other locales:
 * controls and DEL become '.', bytes >= 0x80 become '?'.
 * Copies at most size-1 bytes; returns the length written. */
size_t escape_lib(char *dst, const char *src, size_t size);

/* Joins a NUL-separated vector (cmdline, environ) with blanks: NULs and
 * newlines become ' ', trailing NULs are dropped.  Returns the length. */
size_t join_vector(char *dst, size_t size, const char *src, size_t len);

/* join_vector for a vector of printable ASCII (' ' to '~'), NULs and
 * newlines only, which escape_lib would leave as it is: one pass instead
 * of joining and escaping.  Returns the length, or (size_t)-1 when some
 * byte needs escaping (dst is then undefined: use the two steps). */
size_t join_plain(char *dst, size_t size, const char *src, size_t len);

/* join_vector, then escape_lib into a buffer of the same size: what a
 * command line or an environment shows.  join_plain's single pass when
 * it can (then *plain, unless plain is NULL, is set: dst holds printable
 * ASCII only).  Returns the length. */
size_t join_escape(char *dst, size_t size, const char *src, size_t len,
		   bool *plain);

/* Display layer: copies src into dst, replacing what cannot be shown, up
 * to *cells terminal cells and size-1 bytes; subtracts the cells used
 * from *cells and returns the bytes written. */
size_t escape_cells(char *dst, const char *src, size_t size, int *cells);

int locale_is_utf8(void);

#endif
