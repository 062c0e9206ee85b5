/* Fuzz target for the task_diag reply parser and filler.
 *
 * The input is split into read() chunks at the offsets its first bytes
 * name, fed to the parser, and every emitted task is filled into a row
 * with all groups requested.  Built two ways:
 *
 *   clang -fsanitize=fuzzer,address -I. -I/usr/include/libnl3 \
 *     -include BUILD/config.h backends/task_diag/tests/fuzz_td_parse.c \
 *     backends/task_diag/td_{parse,fill}.c backends/procfs/parse.c \
 *     library/taskset.c -lnl-3
 *   gcc -DTD_FUZZ_MAIN ... (same sources): replays the files named on the
 *     command line, e.g. a crash input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "backends/task_diag/td_fill.h"
#include "backends/task_diag/td_parse.h"
#include "library/taskset.h"

static int fill_one(const struct td_rec *r, void *arg)
{
	static const struct td_units u = { 10000000ULL, 4 };
	struct task t;
	int rc;

	(void)arg;
	memset(&t, 0, sizeof(t));
	rc = td_fill_task(r, (group_mask)((1u << GRP_COUNT) - 1), &u, &t);
	if (rc == 0)
		td_fill_whole(r, GROUP_BIT(GRP_IO), &u, &t);
	task_free_strings(&t);
	return rc == -1 ? 0 : rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct td_parser p;
	size_t cut = 0, pos = 2;

	if (size < 2)
		return 0;
	/* first two bytes: where the first read() ends */
	cut = ((size_t)data[0] << 8 | data[1]) % (size - 1);
	td_parser_init(&p, 0);
	for (int part = 0; part < 2 && pos <= size; part++) {
		size_t end = part == 0 ? pos + cut : size;
		size_t n;
		uint8_t *chunk;

		if (end > size)
			end = size;
		n = end - pos;
		/* an exact-size copy, so reads past it are caught */
		chunk = malloc(n ? n : 1);
		if (!chunk)
			break;
		memcpy(chunk, data + pos, n);
		if (td_parse_chunk(&p, chunk, n, fill_one, NULL)) {
			free(chunk);
			break;
		}
		free(chunk);
		pos = end;
	}
	(void)td_parse_finish(&p);
	td_parser_free(&p);
	return 0;
}

#ifdef TD_FUZZ_MAIN
int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		static uint8_t buf[1 << 20];
		size_t n;

		if (!f) {
			perror(argv[i]);
			return 1;
		}
		n = fread(buf, 1, sizeof(buf), f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, n);
		printf("%s: %zu bytes ok\n", argv[i], n);
	}
	return 0;
}
#endif
