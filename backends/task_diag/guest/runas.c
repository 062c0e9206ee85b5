/* runas [-t SECS] [-s] [-i] [-p COLSxROWS] [-e NAME=VALUE]... [-a ARGV0]
 *       UID|root CMD [ARGS...]
 * Runs CMD as UID (gid UID, no supplementary groups), the way an ordinary
 * user would start ps; "root" keeps the caller's ids.  -t arms an alarm
 * that survives the exec, so a hung CMD dies without a watcher process
 * that would show up in ps.  -s starts a new session (no controlling
 * terminal), -i empties the environment, -e adds to it (later wins), -a
 * gives CMD that argv[0].  One exec for all of it: exec is slow under
 * TCG, and the corpus runs a thousand commands.  -p runs CMD on a new
 * pseudo-terminal of that size as its controlling terminal (an
 * interactive top), copying what it writes there to stdout; runas then
 * stays as CMD's parent and exits with its status. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

static int usage(void)
{
	fprintf(stderr, "usage: runas [-t SECS] [-s] [-i] [-p COLSxROWS] "
		"[-e NAME=VALUE]... [-a ARGV0] UID|root CMD [ARGS...]\n");
	return 2;
}

/* -p: returns in the child, on the terminal; the parent copies the
 * terminal's output until the child has closed it, then exits. */
static void on_pty(const char *size)
{
	struct winsize ws = { 0 };
	unsigned cols, rows;
	int m, s, st;
	char buf[4096];
	ssize_t n;
	pid_t pid;

	if (sscanf(size, "%ux%u", &cols, &rows) != 2 || !cols || !rows)
		exit(usage());
	ws.ws_col = (unsigned short)cols;
	ws.ws_row = (unsigned short)rows;
	m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) || unlockpt(m)) {
		perror("runas: pty");
		exit(2);
	}
	pid = fork();
	if (pid < 0) {
		perror("runas: fork");
		exit(2);
	}
	if (pid == 0) {
		setsid();
		s = open(ptsname(m), O_RDWR);
		if (s < 0 || ioctl(s, TIOCSCTTY, 0) ||
		    ioctl(s, TIOCSWINSZ, &ws)) {
			perror("runas: pty slave");
			exit(2);
		}
		dup2(s, 0);
		dup2(s, 1);
		dup2(s, 2);
		if (s > 2)
			close(s);
		close(m);
		return;
	}
	/* read() fails with EIO once the last slave descriptor is closed */
	while ((n = read(m, buf, sizeof(buf))) > 0)
		if (write(1, buf, (size_t)n) != n)
			break;
	if (waitpid(pid, &st, 0) != pid)
		exit(2);
	exit(WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
}

int main(int argc, char **argv)
{
	const char *argv0 = NULL, *path, *pty = NULL;
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
		else if (o == 'p')
			pty = argv[++i];
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
	if (pty)
		on_pty(pty);
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
