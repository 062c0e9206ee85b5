/* Runs TARGET (a built ps or top) with PROCPS_BACKEND=bpf, keeping argv
 * as given (argv[0] included: the corpora run programs under other
 * names), so the test harness's PS_TD/TOP_TD can name the bpf backend. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const char *base = strrchr(argv[0], '/');

	(void)argc;
	/* run by its own name: the program's own (top prints it) */
	if (strncmp(base ? base + 1 : argv[0], "bpf-", 4) == 0)
		argv[0] = (char *)TARGET;
	if (setenv("PROCPS_BACKEND", "bpf", 1) != 0)
		return 127;
	execv(TARGET, argv);
	perror(TARGET);
	return 127;
}
