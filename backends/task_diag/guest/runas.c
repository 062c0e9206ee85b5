/* runas [-t SECS] [-s] [-i] [-e NAME=VALUE]... [-a ARGV0] UID|root CMD
 *       [ARGS...]
 * Runs CMD as UID (gid UID, no supplementary groups), the way an ordinary
 * user would start ps; "root" keeps the caller's ids.  -t arms an alarm
 * that survives the exec, so a hung CMD dies without a watcher process
 * that would show up in ps.  -s starts a new session (no controlling
 * terminal), -i empties the environment, -e adds to it (later wins), -a
 * gives CMD that argv[0].  One exec for all of it: exec is slow under
 * TCG, and the corpus runs a thousand commands. */
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int usage(void)
{
	fprintf(stderr, "usage: runas [-t SECS] [-s] [-i] [-e NAME=VALUE]... "
		"[-a ARGV0] UID|root CMD [ARGS...]\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *argv0 = NULL, *path;
	int i = 1;

	for (; i < argc && argv[i][0] == '-' && argv[i][1] && !argv[i][2]; i++) {
		char o = argv[i][1];

		if (o == 's') {
			setsid();
			continue;
		}
		if (o == 'i') {
			clearenv();
			continue;
		}
		if (i + 1 >= argc)
			return usage();
		if (o == 't')
			alarm((unsigned)atoi(argv[++i]));
		else if (o == 'a')
			argv0 = argv[++i];
		else if (o == 'e') {
			if (!strchr(argv[++i], '=') || putenv(argv[i]))
				return usage();
		} else
			return usage();
	}
	if (argc - i < 2)
		return usage();
	if (strcmp(argv[i], "root") != 0) {
		uid_t id = (uid_t)atoi(argv[i]);

		if (setgroups(0, NULL) || setresgid(id, id, id) ||
		    setresuid(id, id, id)) {
			perror("runas");
			return 2;
		}
	}
	path = argv[i + 1];
	if (argv0)
		argv[i + 1] = (char *)argv0;
	execv(path, argv + i + 1);
	perror("runas: exec");
	return 127;
}
