/* libFuzzer target for the task_diag reply parser and the record-to-row
 * filler (backends/task_diag/td_parse.c, td_fill.c): what a hostile or
 * broken module could send.
 *
 * Input: byte 0 holds flags (bit 0: also parse the rest as a VERSION
 * answer; bit 1: reset the parser half way, as a rescan does), then
 * read() chunks, each a 16-bit little-endian length and that many bytes
 * (cut to what is left).  Each chunk is copied to its own exact-size,
 * aligned buffer, as read() fills one.  Every task the parser emits is
 * filled into a row with all groups and freed. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "backends/task_diag/td_parse.h"
#include "backends/task_diag/td_fill.h"
#include "library/task.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct td_units units = { 10000000, 4 };

static int emit(const struct td_rec *r, void *arg)
{
	struct task t;
	int rc;

	(void)arg;
	task_clear(&t);
	rc = td_fill_task(r, ~(group_mask)0, &units, &t);
	if (rc == 0)
		td_fill_whole(r, ~(group_mask)0, &units, &t);
	if (rc == 0) {
		struct task copy;

		memset(&copy, 0, sizeof(copy));
		if (task_copy(&copy, &t) == 0)
			task_free_strings(&copy);
	}
	task_free_strings(&t);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct td_parser p;
	size_t at = 1, nchunk = 0;
	unsigned flags;

	if (size < 1)
		return 0;
	flags = data[0];
	if (flags & 1) {
		struct task_diag_version v;
		void *b = malloc(size - 1 ? size - 1 : 1);

		if (b) {
			memcpy(b, data + 1, size - 1);
			td_parse_version(b, size - 1, 1, &v);
			free(b);
		}
	}
	td_parser_init(&p, 1);
	while (at < size) {
		size_t len = 0;
		void *b;
		int rc;

		if (size - at >= 2) {
			len = (size_t)data[at] | (size_t)data[at + 1] << 8;
			at += 2;
		} else {
			at = size;
		}
		if (len > size - at)
			len = size - at;
		b = malloc(len ? len : 1);
		if (!b)
			break;
		memcpy(b, data + at, len);
		at += len;
		rc = td_parse_chunk(&p, b, len, emit, NULL);
		free(b);
		if (rc)
			break;
		if ((flags & 2) && ++nchunk == 2)
			td_parser_reset(&p, 1);
	}
	td_parse_finish(&p);
	td_parser_free(&p);
	return 0;
}
