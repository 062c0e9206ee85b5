/* ps: shared types.  The flow is options -> format list -> items ->
 * request -> rows -> selection -> sort/forest -> layout. */
#ifndef PROCPS_TD_PS_H
#define PROCPS_TD_PS_H

#include <stdbool.h>
#include <stddef.h>
#include "library/items.h"
#include "library/task.h"

/* Column alignment, as the layout engine treats it. */
enum align {
	AL_NONE,        /* AIX literal text */
	AL_USER,        /* left text, right when printed as a number */
	AL_LEFT,
	AL_RIGHT,
	AL_UNLIMITED,   /* the last such column takes the rest of the line */
	AL_WCHAN,
	AL_SIGNAL,      /* 9 cells, or 16 when the screen is wide enough */
};

/* Spec flags beyond alignment. */
enum {
	SF_PIDMAX = 1 << 0,     /* width = digits of pid_max */
	SF_THREAD = 1 << 1,     /* printed on thread rows only (-m) */
	SF_PROC   = 1 << 2,     /* printed on process rows only (-m) */
	SF_EVERY  = 1 << 3,     /* printed on every row (-m) */
};

struct out;   /* a cell being printed: see output.h */

/* A printer writes the cell into o->buf and returns its width in cells. */
typedef int (*cell_printer)(struct out *o, const struct task *t);
/* A comparator for --sort: <0, 0 or >0 as a sorts before, with or
 * after b. */
typedef int (*cell_compare)(const struct task *a, const struct task *b);

/* How the default printer shows a row's key item. */
enum value_format {
	VF_DEC,         /* decimal by the item's type; a T_CHAR as itself */
	VF_HEX,         /* zero-padded hex, as wide as a pointer */
	VF_SIGSET,      /* a signal mask: 16 hex digits, or the last 8 */
	VF_INODE,       /* decimal, "-" for 0 (unknown) */
	VF_USER,        /* the uid's name, or the number (n, or cut) */
	VF_GROUP,       /* the gid's name, likewise */
};

/* What the default printer divides the key by. */
enum value_scale { SC_ONE, SC_KIB /* bytes to KiB */, SC_PAGES /* bytes to pages */ };

/* One row of the format-spec table (formats.c).  key is the library
 * value behind the column, as the reference's table names one: the
 * default printer shows it (in format, divided by scale) and the default
 * comparator sorts on it (unscaled; by name for VF_USER and VF_GROUP).
 * A string key with a text rule (library/itemtext.h) is shown and sorted
 * as that rule makes its raw text.  A row with code of its own names its printer or comparator; a row
 * without a key (ITEM_COUNT) prints "-" and sorts as a no-op. */
struct spec {
	const char *name;
	const char *header;
	cell_printer print;     /* NULL: the default printer */
	cell_compare compare;   /* NULL: the default comparator */
	short width;
	unsigned char align;
	unsigned char flags;
	enum item key;
	unsigned char format;   /* enum value_format */
	unsigned char scale;    /* enum value_scale */
	/* NULL, or the reference's text of a string key's raw value */
	const char *(*text)(const char *raw, char *buf, size_t size);
	enum item items[8];     /* what is read: the key first; ITEM_COUNT ends */
};

/* A cell of the row through the spec's printer, or the default one. */
int spec_print(const struct spec *s, struct out *o, const struct task *t);
/* Two rows by the spec's comparator, or the default one. */
int spec_compare(const struct spec *s, const struct task *a,
		 const struct task *b);

const struct spec *spec_find(const char *name);
/* The i-th spec of the table, hidden ones last; NULL past the end. */
const struct spec *spec_at(size_t i);
void specs_print_list(void);     /* ps L */
int specs_check(void);           /* 0 when the table is sound */

/* A column in the chosen format. */
struct column {
	const struct spec *spec;  /* NULL for AIX literal text */
	const char *header;       /* may differ from spec->header */
	int width;
	enum align align;
	bool names_signals;       /* a signal column under --signames */
	struct column *next;
};

/* A column for a spec, with its table width and header (formats.c). */
struct column *column_for(const struct spec *s);

struct sort_key {
	const struct spec *spec;
	int reverse;
	struct sort_key *next;
};


/* ---- what the command line asked for (options.c) ---- */

enum sel_kind {
	SEL_PID, SEL_PPID, SEL_SESS, SEL_PGRP, SEL_EUID, SEL_RUID,
	SEL_EGID, SEL_RGID, SEL_TTY, SEL_COMM,
};

/* One -p/-u/... list: its values are ids, or names for SEL_COMM. */
struct sel_list {
	enum sel_kind kind;
	size_t n;
	union sel_value {
		int id;
		char name[64];
	} *v;
	bool is_trailing;       /* built from bare pid words */
	struct sel_list *next;
};

/* Simple selection bits, named after the reference's options. */
enum {
	SS_U_a = 1 << 0,   /* -a: all with a tty except session leaders */
	SS_U_d = 1 << 1,   /* -d: all except session leaders */
	SS_B_x = 1 << 2,   /* x: include processes without a tty */
	SS_B_g = 1 << 3,   /* g: include group leaders (always on) */
	SS_B_a = 1 << 4,   /* a: all with a tty, including other users */
};

/* Format flags from SysV letters (-f -l -j -c) and BSD letters. */
enum {
	FF_Uf = 1 << 0, FF_Ul = 1 << 1, FF_Uj = 1 << 2, FF_Uc = 1 << 3,
	FF_Bj = 1 << 4, FF_Bl = 1 << 5, FF_Bs = 1 << 6, FF_Bu = 1 << 7,
	FF_Bv = 1 << 8, FF_BX = 1 << 9, FF_Lm = 1 << 10, FF_Fc = 1 << 11,
	FF_U_MASK = FF_Uf | FF_Ul | FF_Uj | FF_Uc,
	FF_B_MASK = FF_Bj | FF_Bl | FF_Bs | FF_Bu | FF_Bv | FF_BX | FF_Lm,
};

enum { FM_y = 1, FM_F = 2, FM_P = 4, FM_M = 8, FM_c = 16, FM_j = 32 };

enum {
	TF_B_H = 1, TF_B_m = 2, TF_U_m = 4, TF_U_T = 8, TF_U_L = 16,
};

/* A -o/--format/O/k/--sort argument, kept until all options are seen. */
struct deferred {
	char kind;          /* 'o' format, 'O' -O, 'B' BSD O, 'k' sort, 's' --sort,
	                       'm' BSD m as a sort */
	char *arg;
	struct deferred *next;
};

struct ps_args {
	/* selection */
	bool all;               /* -e -A */
	unsigned simple;        /* SS_* */
	bool negate;            /* -N --deselect */
	bool running_only;      /* r */
	struct sel_list *lists;
	int *quick_pids;        /* -q q --quick-pid */
	size_t nquick;
	int quick_count;        /* how many times it was given */

	/* format */
	unsigned format_flags;  /* FF_* */
	unsigned modifiers;     /* FM_* */
	unsigned thread_flags;  /* TF_* */
	struct deferred *deferred;
	bool prefer_bsd;        /* a BSD option or bare pid was seen */
	bool unix_f;            /* -f -F (HP-UX -x): the full command */
	bool bsd_c, bsd_e;      /* c: true command name; e: environment */
	bool numeric_names;     /* n */
	bool cumulative;        /* S --cumulative */
	const char *date_format; /* -D, --date-format (debian13); NULL */
	bool signal_names;       /* --signames (debian13) */
	char forest;            /* 0, 'b' (f, --forest) or 'u' (-H) */
	int header;             /* -1 default, 0 none, 1 repeat */
	int w_count;            /* w ww */
	long cols, rows;        /* --cols/--rows; 0 = not given */
	bool list_specs;        /* L */
	bool show_version;
	char *help_topic;       /* --help [topic]; "" for none */
	bool help;
};

/* Parses argv.  On error prints the reference's message and usage and
 * exits 1; on success fills args. */
struct format_result;
void parse_arguments(int argc, char **argv, struct ps_args *args,
		     struct format_result *fmt);

#endif
