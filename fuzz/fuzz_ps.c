/* libFuzzer target for ps's command line: option parsing (UNIX, BSD and
 * GNU words, both passes), the -o/O/k/--sort and AIX format parsers,
 * the selection set-up, and then the whole output pipeline (selection,
 * sort, forest, every printer, the layout engine) over a few real rows
 * read once at start-up.
 *
 * Input: byte 0 picks the screen width (0: piped, unlimited; else that
 * many columns), then argv words separated by NUL bytes.  A word
 * "PS_FORMAT=...", "PS_PERSONALITY=...", "CMD_ENV=...",
 * "I_WANT_A_BROKEN_PS=..." or "_XPG=..." sets that variable instead of
 * being an argument.
 *
 * The sources that exit (fail_usage, -q conflicts, out of memory) are
 * compiled with -Dexit=fz_exit, which longjmps back here.  The parsing
 * sources (options.c lists.c format_build.c format_aix.c sortkeys.c) are
 * also compiled with their allocator renamed to fz_*, so everything an
 * input allocates, including what a failed first pass drops, is freed
 * after the input: ps itself never frees its parse results. */
#include <locale.h>
#include <signal.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include "library/request.h"
#include "library/sysinfo.h"
#include "src/ps/arena.h"
#include "src/ps/format_build.h"
#include "src/ps/options.h"
#include "src/ps/output.h"
#include "src/ps/personality.h"
#include "src/ps/select.h"
#include "src/ps/sortforest.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- exit and allocation shims ---- */

static jmp_buf fz_jmp;
static int fz_armed;

__attribute__((noreturn)) void fz_exit(int code);
typedef void (*fz_sighandler)(int);
fz_sighandler fz_signal(int sig, fz_sighandler handler);
int fz_raise(int sig);
void *fz_malloc(size_t n);
void *fz_calloc(size_t n, size_t m);
void *fz_realloc(void *p, size_t n);
void fz_free(void *p);
char *fz_strdup(const char *s);
char *fz_strndup(const char *s, size_t n);

__attribute__((noreturn)) void fz_exit(int code)
{
	if (!fz_armed) {
		fprintf(stderr, "fuzz_ps: exit(%d) outside an input\n", code);
		abort();
	}
	longjmp(fz_jmp, 1);
}

/* mthreads.c imitates the reference's crash on thread lines' WCHAN by
 * raising SIGSEGV: here that ends the input as exit does, and libFuzzer
 * keeps its own SIGSEGV handler. */
fz_sighandler fz_signal(int sig, fz_sighandler handler)
{
	(void)sig;
	(void)handler;
	return SIG_DFL;
}

int fz_raise(int sig)
{
	fz_exit(128 + sig);
}

static void **live;
static size_t nlive, caplive;

static void *track(void *p)
{
	if (!p)
		return NULL;
	if (nlive == caplive) {
		size_t cap = caplive ? caplive * 2 : 256;
		void **v = realloc(live, cap * sizeof(*v));

		if (!v)
			abort();
		live = v;
		caplive = cap;
	}
	live[nlive++] = p;
	return p;
}

static size_t find(void *p)
{
	for (size_t i = nlive; i-- > 0;)
		if (live[i] == p)
			return i;
	fprintf(stderr, "fuzz_ps: free of an untracked pointer %p\n", p);
	abort();
}

void *fz_malloc(size_t n)
{
	return track(malloc(n));
}

void *fz_calloc(size_t n, size_t m)
{
	return track(calloc(n, m));
}

void *fz_realloc(void *p, size_t n)
{
	size_t i;
	void *q;

	if (!p)
		return fz_malloc(n);
	i = find(p);
	q = realloc(p, n);
	if (q)
		live[i] = q;
	return q;
}

void fz_free(void *p)
{
	size_t i;

	if (!p)
		return;
	i = find(p);
	live[i] = live[--nlive];
	free(p);
}

char *fz_strdup(const char *s)
{
	return track(strdup(s));
}

char *fz_strndup(const char *s, size_t n)
{
	return track(strndup(s, n));
}

static void free_all(void)
{
	while (nlive)
		free(live[--nlive]);
}

/* ---- rows, read once ---- */

static struct task_set rows_plain, rows_threads, rows_after;

/* Two children holding what a hostile process can put in its name and
 * arguments: terminal controls, invalid UTF-8, bidi and zero-width
 * marks, a newline.  One exec's sleep with such arguments, the other
 * names itself (a name can only be set from inside, and exec resets it).
 * Both die with the fuzzer (parent-death signal). */
static pid_t hostile[2];

static void start_hostile(void)
{
	hostile[0] = fork();
	if (hostile[0] == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		execl("/bin/sleep", "\x1b]52;c;aGk=\x07\xff\xfe\t\n\xe2\x80\x8b日本",
		      "100000", (char *)NULL);
		_exit(127);
	}
	hostile[1] = fork();
	if (hostile[1] == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		prctl(PR_SET_NAME, "\x1b[2J\x9b" "1m\xe2\x80\xae\n\x7f");
		for (;;)
			pause();
	}
	usleep(200000);         /* both settled before the scans */
}

static void scan_rows(enum thread_mode mode, struct task_set *out)
{
	enum item items[ITEM_COUNT];
	int pids[] = { 1, 2, (int)getppid(), (int)getpid(), (int)hostile[0],
		       (int)hostile[1] };
	struct selection sel = { mode, pids, 6, false };
	struct request *r;

	for (int i = 0; i < ITEM_COUNT; i++)
		items[i] = (enum item)i;
	r = request_new(items, ITEM_COUNT);
	if (!r || request_scan(r, &sel, out) < 0) {
		fputs("fuzz_ps: cannot read /proc\n", stderr);
		abort();
	}
	request_free(r);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* as the test suite runs ps; C.UTF-8 exercises the wide paths */
	setlocale(LC_ALL, "C.UTF-8");
	setenv("TZ", "UTC", 1);
	unsetenv("COLUMNS");
	unsetenv("LINES");
	/* output is formatted in full, then dropped (FUZZ_PS_SHOW=1 keeps
	 * it, to see what an input prints) */
	if (!getenv("FUZZ_PS_SHOW") && !freopen("/dev/null", "w", stdout))
		abort();
	/* The uptime is read after the children started: a task younger
	 * than the uptime reading makes 4.0.2's elapsed time wrap, and
	 * print_time.c then converts a double >= 2^64 to an integer (UB,
	 * reported in docs/hardening.md); fuzz around it. */
	start_hostile();
	ctx.hertz = sys_hertz();
	ctx.page_kib = sys_page_kib();
	ctx.mem_total_kib = sys_mem_total_kib();
	ctx.boot_time = sys_boot_time();
	ctx.boot_tics = (unsigned long long)(sys_uptime() * (double)ctx.hertz);
	ctx.now = (long long)time(NULL);
	scan_rows(THREADS_NONE, &rows_plain);
	scan_rows(THREADS_ONLY, &rows_threads);
	scan_rows(THREADS_AFTER, &rows_after);
	return 0;
}

/* ---- one input ---- */

enum { MAX_WORDS = 64 };

/* The variables ps reads, settable from the input. */
static const char *const env_words[] = {
	"PS_FORMAT", "PS_PERSONALITY", "CMD_ENV", "I_WANT_A_BROKEN_PS", "_XPG",
};
#define NENV (sizeof(env_words) / sizeof(env_words[0]))

/* "NAME=value" for one of env_words: sets it and returns 1. */
static int env_word(const char *w)
{
	for (size_t v = 0; v < NENV; v++) {
		size_t n = strlen(env_words[v]);

		if (!strncmp(w, env_words[v], n) && w[n] == '=') {
			setenv(env_words[v], w + n + 1, 1);
			return 1;
		}
	}
	return 0;
}

static void run(int argc, char **argv, int width)
{
	struct ps_args args;
	struct format_result fmt;
	const char *err;
	enum thread_mode mode;

	memset(&fmt, 0, sizeof(fmt));
	personality_init();
	parse_arguments(argc, argv, &args, &fmt);
	if (args.help || args.show_version || args.list_specs)
		return;
	err = selection_setup(&args);
	if (err)
		fail_usage(err);
	check_quick_conflicts(&args, &fmt);
	/* main.c's screen_size() for piped output or COLUMNS=width */
	ctx.screen_cols = width ? width : OUTBUF_SIZE;
	ctx.screen_rows = 24;
	if (args.cols)
		ctx.screen_cols = (int)args.cols;
	if (args.rows)
		ctx.screen_rows = (int)args.rows;
	if (args.w_count && ctx.screen_cols < 132)
		ctx.screen_cols = 132;
	if (args.w_count > 1)
		ctx.screen_cols = OUTBUF_SIZE;
	ctx.bsd_c = args.bsd_c;
	ctx.bsd_e = args.bsd_e;
	ctx.cumulative = args.cumulative;
	ctx.user_is_number = ctx.wchan_is_number = args.numeric_names;
	ctx.forest_type = args.forest;
	fit_columns(fmt.columns);
	mode = thread_mode(&args);
	ctx.split_threads = mode == THREADS_AFTER;
	print_rows(&args, &fmt, mode == THREADS_NONE ? &rows_plain :
				mode == THREADS_ONLY ? &rows_threads : &rows_after);
	fflush(stdout);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy, *argv[MAX_WORDS + 2];
	int argc = 0, width;
	size_t i, start;

	if (size < 1 || size > 65536)
		return 0;
	width = data[0];
	copy = malloc(size);            /* words, NUL terminated */
	if (!copy)
		return 0;
	memcpy(copy, data + 1, size - 1);
	copy[size - 1] = '\0';
	for (size_t v = 0; v < NENV; v++)
		unsetenv(env_words[v]);
	argv[argc++] = (char *)"ps";
	for (start = 0, i = 0; i < size; i++) {
		if (copy[i] != '\0')
			continue;
		if (!env_word(copy + start) && argc <= MAX_WORDS)
			argv[argc++] = copy + start;
		start = i + 1;
	}
	argv[argc] = NULL;
	if (!setjmp(fz_jmp)) {
		fz_armed = 1;
		run(argc, argv, width);
	}
	fz_armed = 0;
	arena_free_all();
	free_all();
	free(copy);
	return 0;
}
