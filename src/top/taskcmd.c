/* 'k' and 'r': the commands that act on a task, and the signal names
 * the kill prompt understands. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include "frame.h"
#include "prompt.h"
#include "taskcmd.h"
#include "tasks.h"
#include "top.h"

/* The names the reference accepts, with or without "SIG", any case. */
static const struct {
	const char *name;
	int sig;
} signames[] = {
	{ "ABRT", SIGABRT }, { "ALRM", SIGALRM }, { "BUS", SIGBUS },
	{ "CHLD", SIGCHLD }, { "CLD", SIGCHLD }, { "CONT", SIGCONT },
	{ "FPE", SIGFPE }, { "HUP", SIGHUP }, { "ILL", SIGILL },
	{ "INT", SIGINT }, { "IO", SIGIO }, { "IOT", SIGIOT },
	{ "KILL", SIGKILL }, { "PIPE", SIGPIPE }, { "POLL", SIGPOLL },
	{ "PROF", SIGPROF }, { "PWR", SIGPWR }, { "QUIT", SIGQUIT },
	{ "SEGV", SIGSEGV }, { "STKFLT", SIGSTKFLT }, { "STOP", SIGSTOP },
	{ "SYS", SIGSYS }, { "TERM", SIGTERM }, { "TRAP", SIGTRAP },
	{ "TSTP", SIGTSTP }, { "TTIN", SIGTTIN }, { "TTOU", SIGTTOU },
	{ "URG", SIGURG }, { "USR1", SIGUSR1 }, { "USR2", SIGUSR2 },
	{ "VTALRM", SIGVTALRM }, { "WINCH", SIGWINCH }, { "XCPU", SIGXCPU },
	{ "XFSZ", SIGXFSZ }, { "RTMIN", 34 }, { "EXIT", 0 }, { "NULL", 0 },
};

/* A signal by name or number: -1 when not valid.  Numbers (and
 * "RTMIN+n") are accepted while n + SIGRTMIN stays under 128, as the
 * reference does, counting SIGRTMIN as 34 the way its table does. */
int signal_by_name(const char *s)
{
	int base = 0;
	char *end;
	long v;

	if (strncasecmp(s, "SIG", 3) == 0)
		s += 3;
	for (size_t i = 0; i < sizeof(signames) / sizeof(signames[0]); i++)
		if (strcasecmp(s, signames[i].name) == 0)
			return signames[i].sig;
	if (strncasecmp(s, "RTMIN+", 6) == 0) {
		s += 6;
		base = 34;
	}
	v = strtol(s, &end, 10);
	if (*end || end == s || v < 0 || v + 34 > 127)
		return -1;
	return (int)v + base;
}

/* The first task shown (past the filters and scrolling): the default
 * pid of 'k', 'r' and 'Y'. */
int taskcmd_top_pid(void)
{
	return Top_row ? Top_row->t->tid : 0;
}

/* Asks for a pid: any integer (base as strtol's 0), empty for the
 * default.  -1 when the user gave up or typed junk. */
static int read_pid(const char *what, int *pid)
{
	char prompt[128];
	long v;
	int got;

	*pid = taskcmd_top_pid();
	snprintf(prompt, sizeof(prompt), "PID to %s [default pid = %d]",
		 what, *pid);
	got = prompt_long(prompt, 32, 0, &v);
	if (got < 0)
		return -1;
	if (got)
		*pid = (int)v;
	return 0;
}

void taskcmd_kill(void)
{
	char prompt[128], buf[32];
	int pid, sig = SIGTERM;

	if (read_pid("signal/kill", &pid) < 0)
		return;
	snprintf(prompt, sizeof(prompt), "Send pid %d signal [%d/sigterm]",
		 pid, SIGTERM);
	if (!prompt_line(prompt, buf, sizeof(buf)))
		return;
	if (buf[0])
		sig = signal_by_name(buf);
	/* signal 0 ("EXIT", "NULL") sends nothing */
	if (sig < 0)
		prompt_msg("Invalid signal");
	else if (sig > 0 && kill(pid, sig))
		prompt_msg("Failed signal pid '%d' with '%d': %s", pid, sig,
			  strerror(errno));
}

void taskcmd_renice(void)
{
	char prompt[128];
	int pid;
	long v;

	if (read_pid("renice", &pid) < 0)
		return;
	snprintf(prompt, sizeof(prompt), "Renice PID %d to value", pid);
	if (prompt_long(prompt, 32, 0, &v) <= 0)
		return;
	if (setpriority(PRIO_PROCESS, (id_t)pid, (int)v))
		prompt_msg("Failed renice of PID %d to %ld: %s", pid, v,
			  strerror(errno));
}
