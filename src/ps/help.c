/* --help, usage after errors, and --version. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include "library/profile.h"
#include "options.h"
#include "signals.h"

/* The reference's usage text, under the name ps was run as. */
static void usage_try(FILE *f)
{
	fprintf(f, "\n Try '%s --help <simple|list|output|threads|misc|all>'\n"
		"  or '%s --help <s|l|o|t|m|a>'\n"
		" for additional help text.\n", ps_name, ps_name);
}

_Noreturn void fail_usage(const char *msg)
{
	fprintf(stderr, "error: %s\n\nUsage:\n %s [options]\n", msg, ps_name);
	usage_try(stderr);
	fputs("\nFor more details see ps(1).\n", stderr);
	exit(1);
}

/* The reference's line first, so that scripts matching "from procps-ng
 * X.Y.Z" keep working; ours in parentheses. */
void show_version(void)
{
	printf("%s from procps-ng %s (procps-td %s)\n", ps_name,
	       profile.ng_version, PACKAGE_VERSION);
}

/* --help [topic]: our own words, grouped like the reference's topics. */
static const char help_simple[] =
	"\nSelecting everything or by terminal:\n"
	" -A, -e               every process\n"
	" -a                   processes with a terminal, not session leaders\n"
	"  a                   processes with a terminal, any user\n"
	" -d                   every process except session leaders\n"
	" -N, --deselect       invert the selection\n"
	"  r                   running processes only\n"
	"  T                   processes on this terminal\n"
	"  x                   also processes without a terminal\n";

static const char help_list[] =
	"\nSelecting by list (comma or blank separated):\n"
	" -C <command>         command name\n"
	" -G, --Group <GID>    real group id or name\n"
	" -g, --group <group>  session or effective group name\n"
	" -p, p, --pid <PID>   process id\n"
	"        --ppid <PID>  parent process id\n"
	" -q, q, --quick-pid <PID>\n"
	"                      process id, fast mode\n"
	" -s, --sid <session>  session id\n"
	" -t, t, --tty <tty>   terminal\n"
	" -u, U, --user <UID>  effective user id or name\n"
	" -U, --User <UID>     real user id or name\n"
	"\n  A bare number is a process id, -N a process group, +N a session.\n";

static const char help_output[] =
	"\nChoosing the output:\n"
	" -F                   extra full format\n"
	" -f                   full format (with -L: NLWP and LWP)\n"
	" -j, j                job format\n"
	" -l, l                long format\n"
	" -M, Z                security context\n"
	" -O <format>          pid, the given columns, then the defaults\n"
	" -o, o, --format <format>\n"
	"                      only the given columns (see \"ps L\")\n"
	" -y                   with -l: RSS instead of F and ADDR\n"
	" -c                   scheduling class and priority\n"
	"  O <format|keys>     like -O, or one-letter sort keys\n"
	"  s                   signal format\n"
	"  u                   user-oriented format\n"
	"  v                   virtual memory format\n"
	"  X                   register format\n"
	"  --context           security context\n"
	"  --headers           repeat the header every screenful\n"
	"  --no-headers, h     no header\n"
	"  --cols, --columns, --width <num>\n"
	"                      screen width\n"
	"  --rows, --lines <num>\n"
	"                      screen height\n"
	"  --cumulative, S     count dead children's time\n"
	"  e                   environment after the command\n"
	"  c                   the true command name\n"
	"  f, --forest         process tree\n"
	" -H                   process tree, indented\n"
	"  k, --sort <[+|-]key[,...]>\n"
	"                      sort order\n"
	"  n                   numeric user ids and wait channels\n"
	" -w, w                wide output; twice for unlimited\n";

/* The output options only Debian 13's profile has. */
static const char help_output_date[] =
	" -D, --date-format <format>\n"
	"                      lstart's date, as strftime(3) formats it\n";
static const char help_output_signames[] =
	" --signames           signal columns as names\n";

static const char help_threads[] =
	"\nShowing threads:\n"
	"  H                   threads as if they were processes\n"
	" -L                   threads, with LWP and NLWP columns\n"
	" -m, m                threads after their process\n"
	" -T                   threads, with the SPID column\n";

static const char help_misc[] =
	"\nOther:\n"
	"  L                   list the format specifiers\n"
	" --help <s|l|o|t|m|a> this help, by topic\n"
	" --info               debugging information\n"
	" -V, V, --version     version\n";

void show_help(const char *topic)
{
	const char *t = topic ? topic : "";
	bool all = !strcmp(t, "a") || !strcmp(t, "all");

	printf("\nUsage:\n %s [options]\n", ps_name);
	if (all || !strcmp(t, "s") || !strcmp(t, "simple"))
		fputs(help_simple, stdout);
	if (all || !strcmp(t, "l") || !strcmp(t, "list"))
		fputs(help_list, stdout);
	if (all || !strcmp(t, "o") || !strcmp(t, "output")) {
		fputs(help_output, stdout);
		if (profile.ps_date_format)
			fputs(help_output_date, stdout);
		if (profile.ps_signames)
			fputs(help_output_signames, stdout);
	}
	if (all || !strcmp(t, "t") || !strcmp(t, "threads"))
		fputs(help_threads, stdout);
	if (all || !strcmp(t, "m") || !strcmp(t, "misc"))
		fputs(help_misc, stdout);
	if (!all && strcmp(t, "s") && strcmp(t, "simple") && strcmp(t, "l") &&
	    strcmp(t, "list") && strcmp(t, "o") && strcmp(t, "output") &&
	    strcmp(t, "t") && strcmp(t, "threads") && strcmp(t, "m") &&
	    strcmp(t, "misc"))
		usage_try(stdout);
	printf("\nFor more details see ps(1).\n");
}
