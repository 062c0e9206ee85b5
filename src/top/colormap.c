#include <stdio.h>
#include "colormap.h"
#include "prompt.h"
#include "screen.h"
#include "top.h"

/* The screen, as markup ("~N" ends a segment shown with attribute N):
 * a sample top drawn in the window's colours, then the instructions.
 * The %s are, in order: the window, B, z and b states, the target, the
 * target's colour and the window again. */
static const char screen_fmt[] =
	"Help for color mapping~2 - \"Current Window\" = ~1 %s ~6\n"
	"\n"
	"   color - 04:25:44 up 8 days, 50 min,  7 users,  load average:~1\n"
	"   Tasks:~3  64 ~2total,   2 running,~3  62 ~2sleeping,~3   0 ~2"
	"stopped,~3\n"
	"   %%Cpu(s):~3  76.5 ~2user,~3  11.2 ~2system,~3   0.0 ~2nice,~3"
	"  12.3 ~2idle~3\n"
	"   ~1 Nasty Message! ~4  -or-  ~1Input Prompt~5\n"
	"   ~1  PID TTY     PR  NI %%CPU    TIME+   VIRT SWAP S COMMAND    ~6\n"
	"   17284 ~8pts/2  ~7  8   0  0.0   0:00.75  1380    0 S /bin/bash   ~8\n"
	"   ~1 8601 pts/1    7 -10  0.4   0:00.03   916    0 R color -b -z~7\n"
	"   11005 ~8?      ~7  9   0  0.0   0:02.50  2852 1008 S amor -sessi~8\n"
	"   available toggles: ~1B~2 =disable bold globally (~1%s~2),~1\n"
	"       ~1z~2 =color/mono (~1%s~2), ~1b~2 =tasks \"bold\"/reverse (~1"
	"%s~2)~1\n"
	"\n"
	"1) Select a ~1target~2 as an upper case letter, ~1current target~2 is "
	"~1 %c ~4:~1\n"
	"   S~2 = Summary Data,~1  M~2 = Messages/Prompts,~1\n"
	"   H~2 = Column Heads,~1  T~2 = Task Information~1\n"
	"2) Select a ~1color~2 as a number or use the up/down arrow keys~1\n"
	"   to raise/lower the 8 colors value, ~1current color~2 is ~1 %d ~4:~1\n"
	"   0~2 = black,~1  1~2 = red,    ~1  2~2 = green,~1  3~2 = yellow,~1\n"
	"   4~2 = blue, ~1  5~2 = magenta,~1  6~2 = cyan, ~1  7~2 = white~1\n"
	"\n"
	"3) Then use these keys when finished:~1\n"
	"   'q' or <Esc> to abort changes to window '~1%s~2'~1\n"
	"   'a' or 'w' to commit & change another, <Enter> to commit and end ";

static int *target_color(struct window *w, char target)
{
	switch (target) {
	case 'S':
		return &w->summclr;
	case 'M':
		return &w->msgsclr;
	case 'H':
		return &w->headclr;
	default:
		return &w->taskclr;
	}
}

static void draw(char target)
{
	struct window *w = Curwin;
	char text[4096], name[16];
	const char *on = "On", *off = "Off";

	snprintf(name, sizeof(name), "%d:%s", (int)(w - Rc.win) + 1, w->name);
	scr_caps(w);
	scr_clear();
	snprintf(text, sizeof(text), screen_fmt, name,
		 (w->winflags & WF_NOBOLD) ? on : off,
		 (w->winflags & WF_COLORS) ? on : off,
		 (w->winflags & WF_HIBOLD) ? on : off, target,
		 *target_color(w, target), name);
	scr_special(text);
	scr_puts(scr_clr_eos());
	scr_flush();
}

void colormap_run(void)
{
	struct window saved = *Curwin;
	char target = 'T';

	/* the screen shows colours: turn them on for the window */
	Curwin->winflags |= WF_COLORS;
	for (;;) {
		int k;

		draw(target);
		do {
			k = scr_getkey(-1);
			if (k == TK_NONE && scr_resized()) {
				scr_geometry();
				draw(target);
			}
		} while (k == TK_NONE && !scr_ended());
		if (k == TK_NONE || (k & 0x1000)) {
			Quit = k != TK_NONE;
			break;
		}
		if (k == 'q' || k == TK_ESC) {
			*Curwin = saved;
			break;
		}
		if (k == '\n' || k == '\r')
			break;
		switch (k) {
		case 'S': case 'M': case 'H': case 'T':
			target = (char)k;
			break;
		case '0': case '1': case '2': case '3':
		case '4': case '5': case '6': case '7':
			*target_color(Curwin, target) = k - '0';
			break;
		case TK_UP:
			if (++*target_color(Curwin, target) > 7)
				*target_color(Curwin, target) = 0;
			break;
		case TK_DOWN:
			if (--*target_color(Curwin, target) < 0)
				*target_color(Curwin, target) = 7;
			break;
		case 'B':
			for (int i = 0; i < WIN_COUNT; i++)
				Rc.win[i].winflags ^= WF_NOBOLD;
			break;
		case 'b':
			Curwin->winflags ^= WF_HIBOLD;
			break;
		case 'z':
			Curwin->winflags ^= WF_COLORS;
			break;
		case 'a':
		case 'w': {
			int i = (int)(Curwin - Rc.win);

			i = (i + (k == 'a' ? 1 : WIN_COUNT - 1)) % WIN_COUNT;
			Curwin = &Rc.win[i];
			saved = *Curwin;
			Curwin->winflags |= WF_COLORS;
			break;
		}
		}
	}
	scr_clear();
}
