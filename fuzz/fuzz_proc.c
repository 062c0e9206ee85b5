/* libFuzzer target for the /proc file parsers.  The first byte picks the
 * parser; the rest is the file's content.  Each parser must accept any
 * bytes without reading past them (ASan) or invoking undefined behaviour
 * (UBSan). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "library/procparse.h"
#include "library/taskset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct task t;
	long long v;
	char *buf;

	if (size < 1)
		return 0;
	/* an exact-size heap copy, so ASan sees any overread */
	buf = malloc(size - 1 ? size - 1 : 1);
	if (!buf)
		return 0;
	memcpy(buf, data + 1, size - 1);
	task_clear(&t);
	switch (data[0] % 7) {
	case 0: parse_stat(buf, size - 1, &t); break;
	case 1: parse_status(buf, size - 1, &t); break;
	case 2: parse_statm(buf, size - 1, &t); break;
	case 3: parse_io(buf, size - 1, &t); break;
	case 4: parse_smaps_rollup(buf, size - 1, &t); break;
	case 5: parse_autogroup(buf, size - 1, &t); break;
	case 6: parse_int_file(buf, size - 1, &v); break;
	}
	task_free_strings(&t);
	free(buf);
	return 0;
}
