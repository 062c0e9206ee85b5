#include <stdio.h>
#include <string.h>
#include "library/profile.h"
#include "bottom.h"
#include "fields.h"
#include "frame.h"
#include "screen.h"
#include "tasks.h"
#include "top.h"

enum { LOG_MAX = 10, LOG_LEN = 256, TEXT_MAX = 16384 };

#define CTRL(c) ((c) & 0x1f)

static int shown;               /* the key of the window shown, or 0 */
int Bottom_rows;
static bool changed;
/* The task shown: the topmost one when the window opened. */
static int target;
static char log_msgs[LOG_MAX][LOG_LEN];
static int log_count;

bool bottom_changed(void)
{
	return changed;
}

void bottom_log(const char *msg)
{
	memmove(log_msgs[1], log_msgs[0], (LOG_MAX - 1) * sizeof(log_msgs[0]));
	snprintf(log_msgs[0], LOG_LEN, "%s", msg);
	if (log_count < LOG_MAX)
		log_count++;
}

void bottom_close(void)
{
	shown = 0;
	if (profile.top_single_repaint)
		Bottom_rows = 0;
}

bool bottom_key(int key)
{
	if (key != CTRL('G') && key != CTRL('K') && key != CTRL('N') &&
	    key != CTRL('P') && key != CTRL('U') && key != CTRL('L'))
		return false;
	shown = shown == key ? 0 : key;
	target = Top_row ? Top_row->t->tid : 0;
	/* Debian 13's top draws the frame after the key without the
	 * window's room (bottom_show) */
	if (profile.top_single_repaint)
		Bottom_rows = 0;
	scr_invalidate();
	return true;
}

group_mask bottom_groups(void)
{
	/* its task is found among all (bottom.c's contents()) */
	return shown ? GROUP_BIT(GRP_CMDLINE) | GROUP_BIT(GRP_ENVIRON) |
		       GROUP_BIT(GRP_CGROUP) | GROUP_BIT(GRP_STATUS) |
		       GROUP_BIT(GRP_STATUS_VM) | GROUP_BIT(GRP_NS) : 0;
}

/* ^P's text: every namespace's inode, in the order of enum task_ns
 * (the reference's: cgroup and time came late), 0 for one unread. */
static void namespaces_text(const struct task *t, char *text, size_t size)
{
	static const char *const names[TASK_NS_COUNT] = {
		"cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts",
	};
	size_t len = 0;

	text[0] = '\0';
	for (int i = 0; i < TASK_NS_COUNT && len < size; i++)
		len += (size_t)snprintf(text + len, size - len, "%s: %-10lu%s",
					names[i], t->ns->ino[i],
					i + 1 < TASK_NS_COUNT ? ", " : "");
}

/* The title and the text of the window for the topmost task. */
static void contents(char *title, size_t tsize, char *text, size_t size)
{
	static const struct {
		int key, field;
		const char *what;
	} kinds[] = {
		{ CTRL('G'), F_CGROUPS, "control groups" },
		{ CTRL('K'), F_COMMAND, "command line" },
		{ CTRL('N'), F_ENVIRON, "environment" },
		{ CTRL('P'), -1, "namespaces" },
		{ CTRL('U'), F_SUPGRPS, "supplementary groups" },
	};
	const struct row *r = NULL;
	struct row **rows;
	size_t n;

	rows = tasks_rows(&n);
	for (size_t i = 0; i < n && !r; i++)
		if (rows[i]->t->tid == target)
			r = rows[i];

	text[0] = '\0';
	if (shown == CTRL('L')) {
		size_t len = 0;

		snprintf(title, tsize, "message log, last %d messages:",
			 LOG_MAX);
		for (int i = 0; i < log_count && len < size; i++)
			len += (size_t)snprintf(text + len, size - len, "%s%s",
						i ? "; " : "", log_msgs[i]);
	}
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		char comm[64];

		if (kinds[i].key != shown)
			continue;
		if (!r) {
			snprintf(title, tsize, "%s", kinds[i].what);
			break;
		}
		field_command(r, 0, comm, sizeof(comm));
		snprintf(title, tsize, "%s for pid %d, %s", kinds[i].what,
			 r->t->tid, comm);
		if (kinds[i].field < 0) {
			namespaces_text(r->t, text, size);
		} else if (kinds[i].field == F_COMMAND) {
			if (r->t->cmdline.data && r->t->cmdline.len)
				field_command(r, WF_CMDLINE, text, size);
		} else {
			static char tmp[TEXT_MAX];

			snprintf(text, size, "%s",
				 field_text(kinds[i].field, r, tmp, sizeof(tmp)));
		}
	}
	if (!text[0] || !strcmp(text, "-"))
		snprintf(text, size, "n/a");
}

void bottom_show(void)
{
	static char text[TEXT_MAX];
	char title[128];
	int cols = Screen_cols, lines, row, len, top;

	changed = false;
	if (!shown || cols < 1) {
		changed = Bottom_rows != 0;
		Bottom_rows = 0;
		return;
	}
	contents(title, sizeof(title), text, sizeof(text));
	len = (int)strlen(text);
	lines = (len + cols - 1) / cols;
	/* drawn up from the last row, over whatever lies there, but never
	 * over the message row and the header: its top is cut instead */
	top = Msg_row + 1;
	if (Bottom_rows != lines + 1) {
		/* the task area must shrink first; Debian 13's top draws it
		 * over the frame it has, anywhere, until the next one */
		Bottom_rows = lines + 1;
		changed = true;
		if (!profile.top_single_repaint)
			return;
		top = -1;
	}
	row = Screen_rows - 1 - lines;
	if (row > top) {
		scr_goto(0, row);
		if (top < 0)
			scr_puts(scr_clr_eos());
		/* written whole: one wider than the screen wraps, and past
		 * the last row scrolls the screen, so every row is to be
		 * written again */
		printf("%s%s", scr_cap(6), title);
		if ((int)strlen(title) > cols)
			scr_invalidate();
		scr_row_dirty(row);
	}
	for (int i = 0; i < lines; i++) {
		if (++row <= top)
			continue;
		scr_goto(0, row);
		if (row == Screen_rows - lines)
			scr_puts(scr_clr_eos());
		printf("%s%.*s", i ? "" : scr_off(), cols, text + i * cols);
		scr_row_dirty(row);
	}
	scr_flush();
}
