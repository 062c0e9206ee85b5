#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>
#include <curses.h>
#include <term.h>
#include "library/profile.h"
#include "screen.h"

enum { ROW_MAX = SCREEN_MAX * 8 + 256, ROWS_MAX = 512, CAP_LEN = 64 };

static bool active;
static struct termios saved_tios;
/* profile.top_bksp_tty_erase: the terminal's erase character is
 * Backspace too, or terminfo's when the tty has none (-1: neither). */
static int erase_key = -1;
static volatile sig_atomic_t resized;

/* Terminfo strings, "" when the terminal lacks them. */
static char cap_norm[CAP_LEN], caps_off[CAP_LEN * 2], endline[CAP_LEN * 3];
static char cap_bold[CAP_LEN], cap_rev[CAP_LEN], cap_eol[CAP_LEN];
static char cap_eos[CAP_LEN], cap_clear[CAP_LEN], cap_home[CAP_LEN];
static char cap_hide[CAP_LEN], cap_show[CAP_LEN];
static char captab[CAP_COUNT][CAP_LEN * 8];

/* What each screen row shows, as written. */
static char *cache[ROWS_MAX];
static int next_row;
/* A terminal narrower than SCREEN_MIN: the reference still writes
 * SCREEN_MIN columns a row, so its rows wrap. */
static bool wrapping;
/* Rows follow each other by newlines, as the reference writes them
 * (an unchanged row is just its newline), not by cursor motion: with
 * wrapped rows, or rows past the screen's bottom, they scroll it. */
static bool newlines;

static void copy_cap(char *dst, const char *src)
{
	snprintf(dst, CAP_LEN, "%s", (src && src != (char *)-1) ? src : "");
}

static void on_winch(int sig)
{
	(void)sig;
	resized = 1;
}

static volatile sig_atomic_t ended;

/* SIGTERM and friends end top the way 'q' does. */
static void on_end(int sig)
{
	(void)sig;
	ended = 1;
}

static struct termios raw_tios;
static bool have_raw;

/* ^Z and background reads/writes: the terminal as it was, stopped; when
 * continued, raw again and a full repaint (as for a resize). */
static void on_pause(int sig)
{
	(void)sig;
	scr_finish();
	raise(SIGSTOP);
	if (have_raw)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw_tios);
	active = true;
	if (keypad_xmit && keypad_xmit != (char *)-1)
		putp(keypad_xmit);
	putp(cap_hide);
	fflush(stdout);
	resized = 1;
}

/* Any other signal: the terminal as it was, then die of it. */
static void on_abort(int sig)
{
	sigset_t one;

	scr_finish();
	signal(sig, SIG_DFL);
	sigemptyset(&one);
	sigaddset(&one, sig);
	sigprocmask(SIG_UNBLOCK, &one, NULL);
	raise(sig);
	_exit(EXIT_FAILURE);    /* URG and the like are ignored by default */
}

void scr_signals(void (*end)(int), void (*hup)(int), void (*pause)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	for (int sig = SIGRTMAX; sig > 0; sig--) {
		switch (sig) {
		case SIGKILL: case SIGSTOP: case SIGCHLD:
			continue;
		case SIGHUP:
			sa.sa_handler = hup;
			break;
		case SIGWINCH: case SIGCONT:
			sa.sa_handler = on_winch;
			break;
		case SIGTERM: case SIGINT: case SIGQUIT: case SIGALRM:
		case SIGPIPE: case SIGUSR1: case SIGUSR2:
			sa.sa_handler = end;
			break;
		case SIGTSTP: case SIGTTIN: case SIGTTOU:
			sa.sa_handler = pause;
			break;
		default:
			sa.sa_handler = on_abort;
			break;
		}
		sigaction(sig, &sa, NULL);
	}
}

bool scr_ended(void)
{
	return ended;
}

bool scr_interactive(void)
{
	return active;
}

bool scr_wrapping(void)
{
	return wrapping;
}

bool scr_by_newlines(void)
{
	return newlines;
}

void scr_geometry(void)
{
	struct winsize wz;

	Screen_cols = columns;
	Screen_rows = lines;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &wz) == 0 && wz.ws_col > 0 &&
	    wz.ws_row > 0) {
		Screen_cols = wz.ws_col;
		Screen_rows = wz.ws_row;
	}
	wrapping = Screen_cols < SCREEN_MIN;
	if (Screen_cols > SCREEN_MAX)
		Screen_cols = SCREEN_MAX;
	if (Screen_cols < SCREEN_MIN)
		Screen_cols = SCREEN_MIN;
	if (Screen_rows < 1)
		Screen_rows = 1;
	if (Screen_rows > ROWS_MAX)
		Screen_rows = ROWS_MAX;
}

bool scr_resize_pending(void)
{
	return resized;
}

bool scr_resized(void)
{
	bool r = resized;

	resized = 0;
	return r;
}

/* 4.0.4 takes Backspace from the tty (VERASE), terminfo's kbs only when
 * the tty has it disabled; a kbs of more than one byte is not matched. */
static void set_erase_key(cc_t c)
{
	if (c != _POSIX_VDISABLE)
		erase_key = c;
	else if (key_backspace && key_backspace != (char *)-1 &&
		 key_backspace[0] && !key_backspace[1])
		erase_key = (unsigned char)key_backspace[0];
}

void scr_start(void)
{
	struct termios t;

	copy_cap(cap_norm, exit_attribute_mode);
	snprintf(caps_off, sizeof(caps_off), "%s%s", cap_norm,
		 (orig_pair && orig_pair != (char *)-1) ? orig_pair : "");
	copy_cap(cap_eol, clr_eol);
	copy_cap(cap_eos, clr_eos);
	copy_cap(cap_clear, clear_screen);
	copy_cap(cap_home, cursor_home);
	copy_cap(cap_bold, enter_bold_mode);
	copy_cap(cap_rev, enter_reverse_mode);
	copy_cap(cap_hide, cursor_invisible);
	copy_cap(cap_show, cursor_normal);
	snprintf(endline, sizeof(endline), "%s%s", caps_off, cap_eol);

	scr_signals(on_end, on_end, on_pause);

	if (tcgetattr(STDIN_FILENO, &saved_tios) == 0) {
		if (profile.top_bksp_tty_erase)
			set_erase_key(saved_tios.c_cc[VERASE]);
		t = saved_tios;
		t.c_lflag &= (tcflag_t)~(ICANON | ECHO);
		t.c_cc[VMIN] = 1;
		t.c_cc[VTIME] = 0;
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &t);
		raw_tios = t;
		have_raw = true;
	}
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	active = true;
	if (keypad_xmit && keypad_xmit != (char *)-1)
		putp(keypad_xmit);
	putp(cap_hide);
	scr_geometry();
	scr_clear();
}

void scr_finish(void)
{
	if (!active)
		return;
	active = false;
	if (keypad_local && keypad_local != (char *)-1)
		putp(keypad_local);
	scr_goto(0, Screen_rows);
	putchar('\n');
	putp(cap_show);
	putp(cap_eol);
	fflush(stdout);
	tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_tios);
}

static const char *color(int c)
{
	static char buf[4][CAP_LEN];
	static int n;
	const char *s;

	if (!set_a_foreground || set_a_foreground == (char *)-1 ||
	    max_colors <= 0)
		return "";
	n = (n + 1) % 4;
	s = tparm(set_a_foreground, c, 0, 0, 0, 0, 0, 0, 0, 0);
	snprintf(buf[n], CAP_LEN, "%s", s ? s : "");
	return buf[n];
}

void scr_caps(const struct window *w)
{
	bool colors = (w->winflags & WF_COLORS) && max_colors > 0;
	const char *bold = (w->winflags & WF_NOBOLD) ? cap_norm : cap_bold;

	snprintf(captab[0], sizeof(captab[0]), "%s", cap_norm);
	snprintf(captab[1], sizeof(captab[1]), "%s", cap_norm);
	snprintf(captab[2], sizeof(captab[2]), "%s", bold);
	snprintf(captab[3], sizeof(captab[3]), "%s",
		 colors ? color(w->summclr) : "");
	snprintf(captab[4], sizeof(captab[4]), "%s%s",
		 colors ? color(w->msgsclr) : "", cap_rev);
	snprintf(captab[5], sizeof(captab[5]), "%s%s",
		 colors ? color(w->msgsclr) : "", bold);
	snprintf(captab[6], sizeof(captab[6]), "%s%s",
		 colors ? color(w->headclr) : "", cap_rev);
	if (colors)
		snprintf(captab[8], sizeof(captab[8]), "%s%s", caps_off,
			 color(w->taskclr));
	else
		snprintf(captab[8], sizeof(captab[8]), "%s", cap_norm);
	strcpy(captab[7], captab[8]);
	strncat(captab[7], (w->winflags & WF_HIBOLD) ? bold : cap_rev,
		sizeof(captab[7]) - strlen(captab[7]) - 1);
}

const char *scr_cap(int n)
{
	return (n >= 0 && n < CAP_COUNT) ? captab[n] : "";
}

const char *scr_off(void)
{
	return caps_off;
}

const char *scr_endline(void)
{
	return endline;
}

void scr_putp(const char *cap)
{
	if (cap && *cap)
		putp(cap);
}

void scr_puts(const char *s)
{
	fputs(s, stdout);
}

void scr_flush(void)
{
	fflush(stdout);
}

void scr_cursor(bool visible)
{
	putp(visible ? cap_show : cap_hide);
}

void scr_goto(int col, int row)
{
	const char *s;

	if (!cursor_address || cursor_address == (char *)-1)
		return;
	s = tgoto(cursor_address, col, row);
	if (s)
		putp(s);
}

void scr_invalidate(void)
{
	for (int i = 0; i < ROWS_MAX; i++) {
		free(cache[i]);
		cache[i] = NULL;
	}
}

void scr_clear(void)
{
	scr_invalidate();
	putp(cap_home);
	putp(cap_clear);
}

void scr_frame_begin(bool by_newlines)
{
	newlines = wrapping || by_newlines;
	next_row = 0;
	putp(cap_home);
}

int scr_next_row(void)
{
	return next_row;
}

void scr_next_skip(void)
{
	next_row++;
}

void scr_row(const char *text)
{
	int r = next_row++;

	if ((r >= Screen_rows && !newlines) || r >= ROWS_MAX)
		return;
	if (newlines && r)
		fputs("\n", stdout);
	if (cache[r] && !strcmp(cache[r], text))
		return;
	free(cache[r]);
	cache[r] = strdup(text);
	if (!newlines)
		scr_goto(0, r);
	fputs(text, stdout);
}

void scr_row_dirty(int row)
{
	if (row >= 0 && row < ROWS_MAX) {
		free(cache[row]);
		cache[row] = NULL;
	}
}

const char *scr_clr_eol(void)
{
	return cap_eol;
}

const char *scr_clr_eos(void)
{
	return cap_eos;
}

const char *scr_home(void)
{
	return cap_home;
}

void scr_line(const char *markup)
{
	char out[ROW_MAX * 2];

	scr_markup(out, sizeof(out), markup, Screen_cols);
	if (active) {
		scr_row(out);
	} else {
		fputs(out, stdout);
		fputc('\n', stdout);
	}
}

void scr_frame_end(void)
{
	if (next_row < Screen_rows) {
		scr_goto(0, next_row);
		putp(cap_eos);
		for (int i = next_row; i < ROWS_MAX; i++) {
			free(cache[i]);
			cache[i] = NULL;
		}
	}
	fflush(stdout);
}

/* Appends at most room visible bytes of s[0..n) to out. */
static size_t put_seg(char *out, size_t size, size_t len, const char *s,
		      size_t n, int *room)
{
	if ((int)n > *room)
		n = (size_t)(*room > 0 ? *room : 0);
	*room -= (int)n;
	if (len + n >= size)
		n = len < size ? size - len - 1 : 0;
	memcpy(out + len, s, n);
	out[len + n] = '\0';
	return len + n;
}

static size_t put_raw(char *out, size_t size, size_t len, const char *s)
{
	size_t n = strlen(s);

	if (len + n >= size)
		return len;
	memcpy(out + len, s, n + 1);
	return len + n;
}

void scr_markup(char *out, size_t size, const char *in, int width)
{
	const char *seg = in, *p;
	int room = width;
	size_t len = 0;

	out[0] = '\0';
	for (p = in; *p; p++) {
		if (p[0] != '~' || p[1] < '1' || p[1] > '8')
			continue;
		if (active) {
			len = put_raw(out, size, len, captab[p[1] - '0']);
			len = put_seg(out, size, len, seg, (size_t)(p - seg),
				      &room);
			len = put_raw(out, size, len, caps_off);
		} else {
			len = put_seg(out, size, len, seg, (size_t)(p - seg),
				      &room);
		}
		p++;
		seg = p + 1;
	}
	len = put_seg(out, size, len, seg, (size_t)(p - seg), &room);
	if (active)
		put_raw(out, size, len, endline);
}

void scr_special(const char *in)
{
	char line[ROW_MAX], out[ROW_MAX * 2];
	const char *p = in;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n;

		if (!nl) {
			/* the reference writes a last line without its
			 * newline as it is, cut one short of the width */
			printf("%.*s", Screen_cols - 1, p);
			break;
		}
		n = (size_t)(nl - p);
		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, p, n);
		line[n] = '\0';
		scr_markup(out, sizeof(out), line, Screen_cols);
		fputs(out, stdout);
		fputs("\n", stdout);
		p = nl + 1;
	}
}

/* Bytes read but not yet returned as keys. */
static unsigned char pend[255];
static size_t npend;

/* Takes one key off the pending bytes: a known escape sequence, or one
 * byte (a lone or unknown escape sequence gives its ESC). */
static int next_key(void)
{
	static struct {
		const char *seq;
		int key;
	} seqs[] = {
		/* terminfo's own strings first (filled in below) */
		{ NULL, TK_UP }, { NULL, TK_DOWN }, { NULL, TK_LEFT },
		{ NULL, TK_RIGHT }, { NULL, TK_PGUP }, { NULL, TK_PGDN },
		{ NULL, TK_HOME }, { NULL, TK_END }, { NULL, TK_INS },
		{ NULL, TK_DEL },
		{ "\033[A", TK_UP }, { "\033OA", TK_UP },
		{ "\033[B", TK_DOWN }, { "\033OB", TK_DOWN },
		{ "\033[C", TK_RIGHT }, { "\033OC", TK_RIGHT },
		{ "\033[D", TK_LEFT }, { "\033OD", TK_LEFT },
		{ "\033[5~", TK_PGUP }, { "\033[6~", TK_PGDN },
		{ "\033[H", TK_HOME }, { "\033OH", TK_HOME },
		{ "\033[F", TK_END }, { "\033OF", TK_END },
		{ "\033[2~", TK_INS }, { "\033[3~", TK_DEL },
	};
	static bool filled;
	size_t used = 1;
	int key = pend[0];

	if (!filled) {
		const char *ti[] = { key_up, key_down, key_left, key_right,
				     key_ppage, key_npage, key_home, key_end,
				     key_ic, key_dc };

		for (size_t i = 0; i < sizeof(ti) / sizeof(ti[0]); i++)
			if (ti[i] && ti[i] != (char *)-1 && ti[i][0] == 27)
				seqs[i].seq = ti[i];
		filled = true;
	}
	if (key == 0x7f || key == 8 || (key == erase_key && npend == 1))
		key = TK_BKSP;
	if (pend[0] == 27 && npend > 1) {
		for (size_t i = 0; i < sizeof(seqs) / sizeof(seqs[0]); i++) {
			size_t n = seqs[i].seq ? strlen(seqs[i].seq) : 0;

			if (!n)
				continue;

			if (npend >= n && !memcmp(pend, seqs[i].seq, n)) {
				key = seqs[i].key;
				used = n;
				break;
			}
		}
		if (used == 1) {
			/* an unknown sequence is dropped whole */
			key = TK_UNKNOWN;
			used = npend;
		}
	}
	memmove(pend, pend + used, npend - used);
	npend -= used;
	return key;
}

/* One read of the terminal (what has arrived, up to 255 bytes), then the
 * rest of the terminal's input is flushed, as the reference does. */
static int getkey(double secs)
{
	fd_set fds;
	struct timeval tv, *tvp = NULL;
	ssize_t n;

	if (ended)
		return 'q' | 0x1000;
	if (npend)
		return next_key();
	fflush(stdout);
	if (secs >= 0) {
		tv.tv_sec = (time_t)secs;
		tv.tv_usec = (suseconds_t)((secs - (double)tv.tv_sec) * 1e6);
		tvp = &tv;
	}
	FD_ZERO(&fds);
	FD_SET(STDIN_FILENO, &fds);
	if (select(STDIN_FILENO + 1, &fds, NULL, NULL, tvp) <= 0)
		return ended ? ('q' | 0x1000) : TK_NONE;
	n = read(STDIN_FILENO, pend, sizeof(pend));
	if (n <= 0) {
		if (n == 0 || (errno != EINTR && errno != EAGAIN))
			return 'q' | 0x1000;    /* end of input: quit */
		return TK_NONE;
	}
	tcflush(STDIN_FILENO, TCIFLUSH);
	npend = (size_t)n;
	return next_key();
}

/* A command key: of keys that arrive together (typed during a message's
 * pause, or pasted) the reference acts on the first alone. */
int scr_getkey(double secs)
{
	int k = getkey(secs);

	npend = 0;
	return k;
}

/* A key of a line being typed at a prompt: pasted text is kept whole. */
int scr_getkey_text(double secs)
{
	return getkey(secs);
}

void scr_drop_input(void)
{
	npend = 0;
	tcflush(STDIN_FILENO, TCIFLUSH);
}
