#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "library/profile.h"
#include "args.h"
#include "fields.h"
#include "term.h"
#include "top.h"

struct options Opt;

/* After "Usage:\n NAME [options]\n", NAME being how top was invoked. */
static const char usage_text[] =
	"\n"
	"Options:\n"
	" -b, --batch-mode                run in non-interactive batch mode\n"
	" -c, --cmdline-toggle            reverse last remembered 'c' state\n"
	" -d, --delay =SECS [.TENTHS]     iterative delay as SECS [.TENTHS]\n"
	" -E, --scale-summary-mem =SCALE  set mem as: k,m,g,t,p,e for SCALE\n"
	" -e, --scale-task-mem =SCALE     set mem with: k,m,g,t,p for SCALE\n"
	" -H, --threads-show              show tasks plus all their threads\n"
	" -i, --idle-toggle               reverse last remembered 'i' state\n"
	" -n, --iterations =NUMBER        exit on maximum iterations NUMBER\n"
	" -O, --list-fields               output all field names, then exit\n"
	" -o, --sort-override =FIELD      force sorting on this named FIELD\n"
	" -p, --pid =PIDLIST              monitor only the tasks in PIDLIST\n"
	" -S, --accum-time-toggle         reverse last remembered 'S' state\n"
	" -s, --secure-mode               run with secure mode restrictions\n"
	" -U, --filter-any-user =USER     show only processes owned by USER\n"
	" -u, --filter-only-euser =USER   show only processes owned by USER\n"
	" -w, --width [=COLUMNS]          change print width [,use COLUMNS]\n"
	" -1, --single-cpu-toggle         reverse last remembered '1' state\n"
	"\n"
	" -h, --help                      display this help text, then exit\n"
	" -V, --version                   output version information & exit\n"
	"\n"
	"For more details see top(1).\n";

static const struct option long_opts[] = {
	{ "batch-mode", no_argument, NULL, 'b' },
	{ "cmdline-toggle", no_argument, NULL, 'c' },
	{ "delay", required_argument, NULL, 'd' },
	{ "scale-summary-mem", required_argument, NULL, 'E' },
	{ "scale-task-mem", required_argument, NULL, 'e' },
	{ "threads-show", no_argument, NULL, 'H' },
	{ "help", no_argument, NULL, 'h' },
	{ "idle-toggle", no_argument, NULL, 'i' },
	{ "iterations", required_argument, NULL, 'n' },
	{ "list-fields", no_argument, NULL, 'O' },
	{ "sort-override", required_argument, NULL, 'o' },
	{ "pid", required_argument, NULL, 'p' },
	{ "accum-time-toggle", no_argument, NULL, 'S' },
	{ "secure-mode", no_argument, NULL, 's' },
	{ "filter-any-user", required_argument, NULL, 'U' },
	{ "filter-only-euser", required_argument, NULL, 'u' },
	{ "version", no_argument, NULL, 'V' },
	{ "width", optional_argument, NULL, 'w' },
	{ "single-cpu-toggle", no_argument, NULL, '1' },
	{ NULL, 0, NULL, 0 }
};

/* A normal end before any frame: batch mode ends its output with a
 * newline, as it does after the last frame. */
static _Noreturn void bye(void)
{
	if (Opt.batch)
		term_puts("\n");
	term_flush();
	exit(EXIT_SUCCESS);
}

/* The whole string must be a number: an integer (base as C) or a float. */
static bool to_number(const char *s, double *out, bool whole)
{
	char *end;

	errno = 0;
	if (whole)
		*out = (double)(float)strtol(s, &end, 0);
	else
		*out = (double)strtof(s, &end);
	return end != s && *end == '\0' && *out < INT_MAX;
}

static void add_pids(const char *arg)
{
	const char *cp = arg;

	if (Opt.user.mode)
		die("conflicting process selections (U/p/u)");
	for (;;) {
		int pid, i;

		if (Opt.npids >= MONPID_MAX)
			die("pid limit (%d) exceeded", MONPID_MAX);
		if (sscanf(cp, "%d", &pid) != 1 || pid < 0)
			die("bad pid '%s'", cp);
		if (!pid)
			pid = getpid();
		for (i = 0; i < Opt.npids; i++)
			if (Opt.pids[i] == pid)
				break;
		if (i == Opt.npids)
			Opt.pids[Opt.npids++] = pid;
		cp = strchr(cp, ',');
		if (!cp || !*++cp)
			break;
	}
}

static void set_user(const char *arg, char mode)
{
	struct passwd *pw;
	char *end;
	unsigned long id;

	if (Opt.npids || Opt.user.mode)
		die("conflicting process selections (U/p/u)");
	Opt.user.negate = false;
	if (!*arg)
		return;
	if (*arg == '!') {
		arg++;
		Opt.user.negate = true;
	}
	id = strtoul(arg, &end, 0);
	if (*end == '\0') {
		pw = getpwuid((uid_t)id);
		if (!pw) {
			/* a user unknown here, e.g. from inside a chroot */
			Opt.user.uid = (uid_t)id;
			Opt.user.mode = mode;
			Opt.user.win = (int)(Curwin - Rc.win);
			return;
		}
	} else {
		pw = getpwnam(arg);
	}
	if (!pw)
		die("Invalid user");
	Opt.user.uid = pw->pw_uid;
	Opt.user.mode = mode;
	Opt.user.win = (int)(Curwin - Rc.win);
}

static void set_sort(const char *arg)
{
	int f;

	if (!*arg)
		die("-o argument missing");
	if (*arg == '+') {
		arg++;
		Curwin->winflags |= WF_SORTHI;
	} else if (*arg == '-') {
		arg++;
		Curwin->winflags &= ~WF_SORTHI;
	}
	f = field_by_name(arg);
	if (f < 0)
		die("unrecognized field name '%s'", arg);
	Curwin->winflags &= ~WF_FOREST;
	Curwin->sortindx = f;
}

static int mem_scale(const char *arg, const char *allowed)
{
	const char *got = strchr(allowed, tolower((unsigned char)*arg));

	if (!got || strlen(arg) > 1)
		die("bad memory scaling arg '%s'", arg);
	return (int)(got - allowed);
}

/* The argument the reference gives option ch, after getopt: getopt's own;
 * else the next word when it does not start with '-' (taken for any
 * option, so that a flag followed by a word fails); a leading '=' dropped;
 * an empty one replaced by the next word, however it starts; none left:
 * "-X argument missing".  NULL when the option has none. */
static const char *option_arg(int argc, char **argv, int ch)
{
	const char *cp = optarg;

	if (!cp && optind < argc && argv[optind][0] != '-')
		cp = argv[optind++];
	if (!cp)
		return NULL;
	if (*cp == '=')
		cp++;
	if (!*cp) {
		cp = optind < argc ? argv[optind] : NULL;
		optind++;
		if (!cp)
			die("-%c argument missing", ch);
	}
	return cp;
}

void args_parse(int argc, char **argv)
{
	bool delay_given = false;
	double delay = 0, v;
	const char *arg;        /* option_arg()'s */
	int ch;

	opterr = 1;
	while ((ch = getopt_long(argc, argv, "bcd:E:e:Hhin:Oo:p:SsU:u:Vw::1",
				 long_opts, NULL)) != -1) {
		arg = ch == '?' ? NULL : option_arg(argc, argv, ch);
		switch (ch) {
		case '1':
			Curwin->winflags ^= WF_CPUSUM;
			break;
		case 'b':
			Opt.batch = true;
			break;
		case 'c':
			Curwin->winflags ^= WF_CMDLINE;
			break;
		case 'd':
			if (!to_number(arg, &delay, false))
				die("bad delay interval '%s'", arg);
			if (delay < 0)
				die("-d requires positive argument");
			delay_given = true;
			break;
		case 'E':
			Rc.summ_mscale = mem_scale(arg, "kmgtpe");
			break;
		case 'e':
			Rc.task_mscale = mem_scale(arg, "kmgtp");
			break;
		case 'H':
			Opt.threads = true;
			break;
		case 'h':
			term_printf("\nUsage:\n %s [options]\n", Myname);
			term_puts(usage_text);
			bye();
		case 'i':
			Curwin->winflags ^= WF_IDLE;
			break;
		case 'n':
			if (!to_number(arg, &v, true) || v < 1)
				die("bad iterations argument '%s'", arg);
			Opt.loops = (int)v;
			break;
		case 'O':
			for (int f = 0; f < FLD_COUNT; f++)
				term_printf("%s\n", field_name(f));
			bye();
		case 'o':
			set_sort(arg);
			break;
		case 'p':
			add_pids(arg);
			break;
		case 'S':
			Curwin->winflags ^= WF_CTIMES;
			break;
		case 's':
			Opt.secure = true;
			break;
		case 'U':
		case 'u':
			set_user(arg, (char)ch);
			break;
		case 'V':
			/* the reference's words first, for scripts that
			 * match "from procps-ng X.Y.Z"; ours after */
			term_printf("%s from procps-ng %s (procps-td %s)\n",
				    Myname, profile.ng_version, PACKAGE_VERSION);
			bye();
		case 'w':
			if (arg) {
				if (!to_number(arg, &v, true) ||
				    v < SCREEN_MIN || v > SCREEN_MAX)
					die("bad width arg '%s'", arg);
				Opt.width_mode = (int)v;
			} else {
				Opt.width_mode = -1;
			}
			break;
		default:
			/* getopt has said what was wrong */
			if (profile.top_bad_option_fails)
				exit(EXIT_FAILURE);
			bye();
		}
		/* an option without an argument given a word */
		if (arg && !strchr("dEenoUupw", ch))
			die("unknown option '%s'", arg);
	}
	if (optind < argc)
		die("unknown option '%s'", argv[optind]);
	if (delay_given) {
		if (Opt.secure)
			die("-d disallowed in \"secure\" mode");
		Rc.delay = delay;
	}
}
