/* Guest fixture for the task_diag backend comparison: starts processes in
 * the shapes ps has to render (threads, zombies, long command lines and
 * environments, other owners, non-dumpable, odd names, nice and real-time
 * priorities, rewritten titles), stops them all so procfs and task_diag
 * see the same frozen values, and exits once they are stopped.
 *
 *   fixture [N]     N extra plain stopped sleepers (default 0)
 *   fixture many N  N bare forked children asleep in pause() (no exec,
 *                   not stopped: the cheapest way to 10,000 tasks)
 *   fixture hold ...  (internal: the re-executed holders)
 */
#define _GNU_SOURCE
#include <grp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void *idle(void *arg)
{
	char name[16];

	snprintf(name, sizeof(name), "worker-%ld", (long)(size_t)arg);
	pthread_setname_np(pthread_self(), name);
	for (;;)
		pause();
	return NULL;
}

static void *own_uts(void *arg)
{
	(void)arg;
	if (unshare(CLONE_NEWUTS))
		perror("fixture: unshare");
	for (;;)
		pause();
	return NULL;
}

static void *stop_later(void *arg)
{
	(void)arg;
	usleep(50000);
	kill(getpid(), SIGSTOP);
	for (;;)
		pause();
	return NULL;
}

static void threads(int n)
{
	pthread_t th;

	for (long i = 0; i < n; i++)
		pthread_create(&th, NULL, idle, (void *)(size_t)i);
	usleep(20000);
}

static void become(uid_t uid, int dumpable)
{
	gid_t g[] = { 100, 200, 300 };

	if (setgroups(3, g) || setresgid(uid, uid, uid) ||
	    setresuid(uid, uid, uid))
		perror("fixture: become");
	prctl(PR_SET_DUMPABLE, dumpable);
}

/* setproctitle style: argv rewritten to run on into the environment */
static void retitle(int argc, char **argv)
{
	char *start = argv[0], *end = argv[argc - 1] + strlen(argv[argc - 1]);

	for (int i = 0; environ[i]; i++)
		if (environ[i] == end + 1)
			end = environ[i] + strlen(environ[i]);
	memset(start, 'T', (size_t)(end - start));
	memcpy(start, "retitled: worker process", 24);
	*end = '\0';
}

static int hold(int argc, char **argv)
{
	const char *what = argc > 2 ? argv[2] : "plain";

	if (!strcmp(what, "threads")) {
		threads(6);
	} else if (!strcmp(what, "zombie")) {
		if (fork() == 0)
			_exit(7);
		usleep(50000);
	} else if (!strcmp(what, "user")) {
		become(1000, 1);
		threads(2);
	} else if (!strcmp(what, "nodump")) {
		become(1001, 0);
	} else if (!strcmp(what, "name")) {
		prctl(PR_SET_NAME, "a (b) c)d e");
	} else if (!strcmp(what, "nice")) {
		setpriority(PRIO_PROCESS, 0, 10);
	} else if (!strcmp(what, "rt")) {
		struct sched_param sp = { .sched_priority = 50 };

		sched_setscheduler(0, SCHED_FIFO, &sp);
	} else if (!strcmp(what, "title")) {
		retitle(argc, argv);
	} else if (!strcmp(what, "nsthread")) {
		pthread_t th;

		/* a thread in a namespace of its own: procfs shows a thread
		 * row the namespaces of its process */
		pthread_create(&th, NULL, own_uts, NULL);
		usleep(20000);
	} else if (!strcmp(what, "deadleader")) {
		pthread_t th;

		/* the leader exits, its threads live on (leader: zombie) */
		pthread_create(&th, NULL, stop_later, NULL);
		pthread_create(&th, NULL, idle, (void *)(size_t)9);
		pthread_exit(NULL);
	}
	raise(SIGSTOP);
	for (;;)
		pause();
}

static pid_t spawn(const char *self, char **args, char **env)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		execve(self, args, env ? env : environ);
		_exit(127);
	}
	if (waitpid(pid, &st, WUNTRACED) < 0 || !WIFSTOPPED(st))
		return -1;
	return pid;
}

/* a vector of n copies of a long string, after the fixed leading args */
static char **long_vector(char **lead, int nlead, int n, size_t each, char c)
{
	char **v = calloc((size_t)(nlead + n + 1), sizeof(*v));

	for (int i = 0; i < nlead; i++)
		v[i] = lead[i];
	for (int i = 0; i < n; i++) {
		v[nlead + i] = malloc(each + 1);
		memset(v[nlead + i], c, each);
		memcpy(v[nlead + i], "K=", 2);
		v[nlead + i][0] = (char)('A' + i % 26);
		v[nlead + i][each] = '\0';
	}
	return v;
}

int main(int argc, char **argv)
{
	static const char *const kinds[] = {
		"threads", "zombie", "user", "nodump", "name", "nice", "rt",
		"nsthread", "deadleader",
	};
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int extra = argc > 1 ? atoi(argv[1]) : 0, bad = 0;

	if (argc > 1 && !strcmp(argv[1], "hold"))
		return hold(argc, argv);
	if (argc > 2 && !strcmp(argv[1], "many")) {
		for (int i = atoi(argv[2]); i > 0; i--) {
			pid_t p = fork();

			if (p < 0) {
				perror("fixture: fork");
				return 1;
			}
			if (p == 0)
				for (;;)
					pause();
		}
		return 0;
	}
	if (n < 0)
		return 2;
	self[n] = '\0';
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		char *args[] = { "fixture", "hold", (char *)kinds[i], NULL };

		bad |= spawn(self, args, NULL) < 0;
	}
	{
		/* 40 x 4000 bytes of arguments: several 64 KiB chunks */
		char *lead[] = { "fixture", "hold", "bigargs" };
		char **v = long_vector(lead, 3, 40, 4000, 'x');

		bad |= spawn(self, v, NULL) < 0;
	}
	{
		char *lead[] = { "fixture", "hold", "bigenv" };
		char *args[] = { "fixture", "hold", "bigenv", NULL };
		char **env = long_vector(lead, 0, 40, 4000, 'e');

		bad |= spawn(self, args, env) < 0;
	}
	{
		char *args[] = { "fixture", "hold", "title", "some", "args",
				 NULL };
		char *env[] = { "A=1", "BB=22", NULL };

		bad |= spawn(self, args, env) < 0;
	}
	for (int i = 0; i < extra; i++) {
		char *args[] = { "fixture", "hold", "plain", NULL };

		bad |= spawn(self, args, NULL) < 0;
	}
	return bad ? 1 : 0;
}
