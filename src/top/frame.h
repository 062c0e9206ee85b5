/* One frame: reading the system, the summary and the task area, for
 * both batch output and the interactive screen. */
#ifndef TOP_FRAME_H
#define TOP_FRAME_H

#include "fields.h"

/* The columns of the current window that fit, and the width of the
 * variable ones. */
struct layout {
	int fld[FLD_COUNT];
	int n;
	int varcolsz;
};

/* Per-window state that no toprc keeps. */
struct winstate {
	int begtask;            /* first task shown (scrolling) */
	int begpflg;            /* first column shown (scrolling) */
};

extern struct winstate Winstate[WIN_COUNT];

/* 'L' and '&': the string, the request for the next frame, and whether
 * the last search missed. */
struct find {
	char str[64];
	int pending;
	bool failed;
};
extern struct find Find;
/* The layout of the last frame, and how many task rows it could show. */
extern struct layout Lay;
extern int Task_rows, Tasks_shown, Msg_row;
/* Tasks that pass the filters, and the fields shown, of the last frame. */
extern int Tasks_total, Fields_total;
/* The first task row of the last frame (the bottom windows' target). */
extern const struct row *Top_row;

/* Reads the first sample (the reference pauses before frame 1:
 * profile.top_start_pause_usec, top_prime_usec). */
void frame_init(void);
/* The next frame starts the tasks' history again ('H'). */
void frame_reprime(void);
/* Reads and shows one frame. */
void frame_make(void);
/* The layout for the current window and screen width. */
void frame_calibrate(void);
/* The cpus of /proc/stat at the last frame. */
int frame_cpu_count(void);
/* Whether top runs restricted (frame.c: the reference's Restrict_some). */
bool frame_restricted(void);
/* The id of the i-th cpu line of /proc/stat (0 <= i < frame_cpu_count()). */
int frame_cpu_id(int i);

#endif
