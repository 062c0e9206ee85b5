#include <stdio.h>
#include "library/profile.h"
#include "bottom.h"
#include "frame.h"
#include "inter.h"
#include "keys.h"
#include "prompt.h"
#include "screen.h"
#include "top.h"
#include "xwidth.h"

int interactive(void)
{
	scr_start();
	/* the compiled default doubles up the summary, but a window that
	 * sums the cpus starts with it off */
	for (int i = 0; i < WIN_COUNT; i++)
		if (Rc.win[i].winflags & WF_CPUSUM)
			Rc.win[i].double_up = 0;
	frame_init();
	for (int frames = 0; !Quit && !scr_ended();) {
		int k;

		if (scr_resized()) {
			/* the reference repaints every row, without clearing */
			scr_geometry();
			scr_invalidate();
			bottom_close();
		}
		frame_make();
		/* 'X' -1 widened a field: the reference redraws at once */
		if (xwidth_grew())
			frame_make();
		bottom_show();
		if (bottom_changed() && !profile.top_single_repaint) {
			frame_make();
			bottom_show();
		}
		if (!Lay.n && Task_rows > 0 && Rc.mode_altscr) {
			/* no column fits: the reference's last line scrolls
			 * the screen up one row, frame after frame (when
			 * there is room for a task row at all) */
			scr_goto(0, Screen_rows - 1);
			scr_puts("\n");
			scr_flush();
			scr_invalidate();
		}
		/* -n counts the frames here too: the reference ends after
		 * the last one, before it waits for a key */
		if (Opt.loops && ++frames >= Opt.loops)
			break;
		if (Find.failed) {
			Find.failed = false;
			prompt_msg("\"%s\" not found", Find.str);
			continue;
		}
		k = scr_getkey(Rc.delay);
		if (k == TK_NONE)
			continue;
		if (k & 0x1000)
			break;
		keys_do(k);
		/* a key makes the reference write every row again, which
		 * shows by newlines (rows that scroll the screen) */
		if (scr_by_newlines())
			scr_invalidate();
	}
	scr_finish();
	return 0;
}
