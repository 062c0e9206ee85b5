/* Shared state of top: the configuration (what a toprc holds), the
 * command-line choices, and the per-frame rows. */
#ifndef TOP_TOP_H
#define TOP_TOP_H

#include <stdbool.h>
#include <sys/types.h>
#include "library/task.h"

enum {
	PFLAGS_SIZE = 100,      /* field slots in a toprc window */
	SCREEN_MAX = 512,       /* widest screen the reference supports */
	SCREEN_MIN = 3,
	MONPID_MAX = 20,        /* -p list limit */
	WIN_COUNT = 4,
};

/* Window flags, with the bit values the reference keeps in its toprc. */
enum {
	WF_FOREST = 0x000002,   /* 'V' */
	WF_TASKON = 0x000010,   /* '-': the window shows its tasks */
	WF_NOBOLD = 0x000008,   /* 'B': no bold */
	WF_HIROWS = 0x000100,   /* 'y': running tasks highlighted */
	WF_HICOLS = 0x000200,   /* 'x': sort column highlighted */
	WF_HIBOLD = 0x000400,   /* 'b': highlights bold, not reverse */
	WF_COLORS = 0x000800,   /* 'z' */
	WF_SORTHI = 0x000004,   /* 'R': sort high to low */
	WF_IDLE = 0x000020,     /* 'i': show idle tasks */
	WF_CTIMES = 0x000040,   /* 'S': cumulative times */
	WF_CMDLINE = 0x000080,  /* 'c': command line instead of name */
	WF_MEMORY = 0x001000,   /* 'm' */
	WF_STATES = 0x002000,   /* 't' */
	WF_LOADAV = 0x004000,   /* 'l' */
	WF_CPUSUM = 0x008000,   /* '1': one line for all cpus */
	WF_JRNUMS = 0x020000,   /* 'j': numbers right-justified */
	WF_JRSTRS = 0x040000,   /* 'J': strings right-justified */
	WF_SCROLL = 0x080000,   /* 'C': scroll coordinates */
	WF_CPUNODE = 0x400000,  /* '2' */
};

/* One toprc window ("Def", "Job", "Mem", "Usr"). */
struct window {
	char name[4];
	int fieldscur[PFLAGS_SIZE];     /* ((37 + field) << 1) | visible */
	int winflags, sortindx, maxtasks, graph_cpus, graph_mems, double_up,
	    combine_cpus, core_types;
	int summclr, msgsclr, headclr, taskclr;
};

struct config {
	int mode_altscr, mode_irixps;
	double delay;
	int curwin;
	struct window win[WIN_COUNT];
	int fixed_widest, summ_mscale, task_mscale, zero_suppress, tics_scaled;
};

/* How -u / -U choose tasks. */
struct user_filter {
	char mode;              /* 0: none, 'u': effective uid, 'U': any uid */
	bool negate;            /* a leading '!' */
	uid_t uid;
	int win;                /* the window it filters */
};

/* Everything the command line and toprc settle before the first frame. */
struct options {
	bool batch, secure, threads;
	int loops;              /* -n; 0: forever */
	double delay;
	int width_mode;         /* -w N: N; -w: -1; else 0 */
	int pids[MONPID_MAX];
	int npids;
	struct user_filter user;
};

/* One displayed task: the backend's row plus what top derives. */
struct row {
	struct task *t;
	unsigned long long tics_delta;  /* for %CPU */
	unsigned long maj_delta, min_delta;
	int level;                      /* forest depth, -1 when not placed */
};

extern struct config Rc;
extern struct options Opt;
extern struct window *Curwin;
extern const char *Myname;     /* argv[0]'s basename */

/* The screen size decided by adj_geometry (main.c). */
extern int Screen_cols, Screen_rows;

_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
