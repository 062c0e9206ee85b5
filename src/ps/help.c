/* --help, usage after errors, and --version. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "options.h"

static const char usage_text[] =
	"\n"
	"Usage:\n"
	" ps [options]\n"
	"\n"
	" Try 'ps --help <simple|list|output|threads|misc|all>'\n"
	"  or 'ps --help <s|l|o|t|m|a>'\n"
	" for additional help text.\n"
	"\n"
	"For more details see ps(1).\n";

_Noreturn void fail_usage(const char *msg)
{
	fprintf(stderr, "error: %s\n", msg);
	fputs(usage_text, stderr);
	exit(1);
}

void show_version(void)
{
	printf("ps from procps-td %s (output of procps-ng %s)\n",
	       PACKAGE_VERSION, PROCPS_NG_VERSION);
}
