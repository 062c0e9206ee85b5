/* runas UID CMD [ARGS...]: run CMD as UID (gid UID, no supplementary
 * groups), the way an ordinary user would start ps. */
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	uid_t id;

	if (argc < 3) {
		fprintf(stderr, "usage: runas UID CMD [ARGS...]\n");
		return 2;
	}
	id = (uid_t)atoi(argv[1]);
	if (setgroups(0, NULL) || setresgid(id, id, id) ||
	    setresuid(id, id, id)) {
		perror("runas");
		return 2;
	}
	execv(argv[2], argv + 2);
	perror("runas: exec");
	return 127;
}
