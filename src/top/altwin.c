/* The alternate display's commands: 'A' shows the four windows at
 * once; 'a' and 'w' cycle the current one; 'G' renames it; '-', '_'
 * and '+' show and hide task areas. */
#include <stdio.h>
#include <string.h>
#include "altwin.h"
#include "frame.h"
#include "prompt.h"
#include "top.h"

static void next_window(int step)
{
	int i = (int)(Curwin - Rc.win);

	Curwin = &Rc.win[(i + step + WIN_COUNT) % WIN_COUNT];
}

static void rename_window(void)
{
	char prompt[64], buf[16];

	snprintf(prompt, sizeof(prompt), "Rename window '%s' to (1-3 chars)",
		 Curwin->name);
	if (!prompt_line(prompt, buf, sizeof(buf)) || !buf[0])
		return;
	snprintf(Curwin->name, sizeof(Curwin->name), "%.3s", buf);
}

bool altwin_key(int key)
{
	if (key == 'A') {
		Rc.mode_altscr = !Rc.mode_altscr;
		return true;
	}
	if (!strchr("awG-_+", key))
		return false;
	if (!Rc.mode_altscr) {
		prompt_msg("Command disabled, 'A' mode required");
		return true;
	}
	switch (key) {
	case 'a':
		next_window(1);
		break;
	case 'w':
		next_window(-1);
		break;
	case 'G':
		rename_window();
		break;
	case '-':
		Curwin->winflags ^= WF_TASKON;
		break;
	case '_':
		/* every window's task area flips */
		for (int i = 0; i < WIN_COUNT; i++)
			Rc.win[i].winflags ^= WF_TASKON;
		break;
	case '+':
		/* every window shown again, with no task limit */
		for (int i = 0; i < WIN_COUNT; i++) {
			Rc.win[i].winflags |= WF_TASKON;
			Rc.win[i].maxtasks = 0;
			Winstate[i].begtask = 0;
		}
		break;
	}
	return true;
}
