/* Start-up details that make ps a drop-in: the /proc check that comes
 * before everything else, the invoked name, and the crash-report signal
 * handlers (installed before the scan, so ps's own row shows them in
 * CAUGHT, as the reference's does). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "library/profile.h"
#include "library/sysinfo.h"
#include "output.h"
#include "signals.h"

const char *ps_name = "ps";
static const char *ps_path = "ps";

/* The signals the reference catches, with the names it prints. */
static const struct {
	int sig;
	const char *name;
} caught[] = {
	{ SIGHUP, "HUP" }, { SIGILL, "ILL" }, { SIGTRAP, "TRAP" },
	{ SIGABRT, "ABRT" }, { SIGBUS, "BUS" }, { SIGFPE, "FPE" },
	{ SIGUSR1, "USR1" }, { SIGSEGV, "SEGV" }, { SIGUSR2, "USR2" },
	{ SIGPIPE, "PIPE" }, { SIGALRM, "ALRM" }, { SIGTERM, "TERM" },
	{ SIGSTKFLT, "STKFLT" }, { SIGCHLD, "CHLD" }, { SIGTTIN, "TTIN" },
	{ SIGXCPU, "XCPU" }, { SIGXFSZ, "XFSZ" }, { SIGVTALRM, "VTALRM" },
	{ SIGPOLL, "POLL" }, { SIGPWR, "PWR" }, { SIGSYS, "SYS" },
};

/* Appends s to buf (size 256) at *len; async-signal-safe. */
static void put(char *buf, size_t *len, const char *s)
{
	while (*s && *len < 255)
		buf[(*len)++] = *s++;
}

static void put_num(char *buf, size_t *len, int n)
{
	char digits[12];
	int i = (int)sizeof(digits) - 1;

	digits[i] = '\0';
	do
		digits[--i] = (char)('0' + n % 10);
	while ((n /= 10) && i > 0);
	put(buf, len, digits + i);
}

static void on_signal(int sig)
{
	sigset_t all;
	char msg[256];
	size_t len = 0;
	const char *name = "?";

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
	switch (sig) {
	case SIGPIPE:           /* ps | head */
		_exit(EXIT_SUCCESS);
	case SIGTERM:           /* ends as if not caught, without a word */
		signal(sig, SIG_DFL);
		sigprocmask(SIG_UNBLOCK, &all, NULL);
		raise(sig);
		_exit(EXIT_FAILURE);
	case SIGHUP:            /* quietly, with what is buffered written */
		exit(EXIT_FAILURE);
	}
	for (size_t i = 0; i < sizeof(caught) / sizeof(caught[0]); i++)
		if (caught[i].sig == sig)
			name = caught[i].name;
	put(msg, &len, "Signal ");
	put_num(msg, &len, sig);
	put(msg, &len, " (");
	put(msg, &len, name);
	put(msg, &len, ") caught by ");
	put(msg, &len, ps_name);
	put(msg, &len, " (");
	put(msg, &len, profile.ng_version);
	put(msg, &len, ").\n");
	if (sig == SIGUSR1 || sig == SIGUSR2) {
		(void)!write(STDERR_FILENO, msg, len);
		exit(EXIT_FAILURE);
	}
	/* A crash: the reference's words, down to its source position,
	 * after what is buffered for stdout (as error_at_line does). */
	(void)!write(STDERR_FILENO, msg, len);
	output_flush_row();     /* a row's cells written so far */
	fflush(stdout);
	len = 0;
	put(msg, &len, ps_path);
	put(msg, &len, ":src/ps/");
	put(msg, &len, profile.ps_display_at);
	put(msg, &len, ": please report this bug\n");
	(void)!write(STDERR_FILENO, msg, len);
	signal(sig, SIG_DFL);   /* dies of it (a core file if enabled) */
	sigemptyset(&all);
	sigaddset(&all, sig);
	sigprocmask(SIG_UNBLOCK, &all, NULL);
	raise(sig);
	_exit(EXIT_FAILURE);    /* SIGCHLD's default is to ignore it */
}

void ps_startup(char **argv)
{
	struct sigaction sa;
	const char *slash;

	/* The reference checks this before even reading its arguments. */
	if (!sys_proc_mounted()) {
		fputs("Error, do this: mount -t proc proc /proc\n", stderr);
		exit(47);
	}
	if (argv[0]) {
		ps_path = argv[0];
		slash = strrchr(argv[0], '/');
		ps_name = slash ? slash + 1 : argv[0];
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(caught) / sizeof(caught[0]); i++)
		sigaction(caught[i].sig, &sa, NULL);
}
