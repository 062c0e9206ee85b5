/* runas [-t SECS] UID|root CMD [ARGS...]: run CMD as UID (gid UID, no
 * supplementary groups), the way an ordinary user would start ps; "root"
 * keeps the caller's ids.  -t arms an alarm that survives the exec, so a
 * hung CMD dies without a watcher process that would show up in ps. */
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int i = 1;

	if (argc > 3 && !strcmp(argv[1], "-t")) {
		alarm((unsigned)atoi(argv[2]));
		i = 3;
	}
	if (argc - i < 2) {
		fprintf(stderr, "usage: runas [-t SECS] UID|root CMD [ARGS...]\n");
		return 2;
	}
	if (strcmp(argv[i], "root") != 0) {
		uid_t id = (uid_t)atoi(argv[i]);

		if (setgroups(0, NULL) || setresgid(id, id, id) ||
		    setresuid(id, id, id)) {
			perror("runas");
			return 2;
		}
	}
	execv(argv[i + 1], argv + i + 1);
	perror("runas: exec");
	return 127;
}
