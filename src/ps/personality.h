#ifndef PROCPS_TD_PS_PERSONALITY_H
#define PROCPS_TD_PS_PERSONALITY_H

#include <stdbool.h>

/* The reference's personality bits, with the values --info prints. */
enum {
	PER_BSD_h        = 0x0002,  /* h repeats the header */
	PER_BSD_m        = 0x0004,  /* m sorts by memory */
	PER_IRIX_l       = 0x0008,  /* -l: PRI, P and SZ:RSS */
	PER_FORCE_BSD    = 0x0010,  /* dashed words are BSD options */
	PER_GOOD_o       = 0x0020,
	PER_OLD_m        = 0x0040,  /* m is the old memory format */
	PER_NO_DEFAULT_g = 0x0080,  /* session leaders need g */
	PER_ZAP_ADDR     = 0x0100,  /* -l: P instead of ADDR */
	PER_SANE_USER    = 0x0200,  /* -f: USER instead of UID */
	PER_HPUX_x       = 0x0400,  /* -x: wide, full command */
	PER_SVR4_x       = 0x0800,  /* -x: like -y */
};

struct personality {
	unsigned bits;
	bool prefer_bsd;
	const char *bsd_j, *bsd_l, *bsd_s, *bsd_u, *bsd_v;
	const char *sysv_f, *sysv_fl, *sysv_j, *sysv_l;
	const char *text;       /* the name as given */
};

extern struct personality pers;

/* Reads PS_PERSONALITY, CMD_ENV and I_WANT_A_BROKEN_PS. */
void personality_init(void);
/* A format macro ("OL_j", "Std_f", ...) or NULL. */
const char *macro_find(const char *name);
/* --info: the reference's self report, on stderr. */
void personality_info(int screen_cols, int screen_rows);

#endif
