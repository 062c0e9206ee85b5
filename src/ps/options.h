#ifndef PROCPS_TD_PS_OPTIONS_H
#define PROCPS_TD_PS_OPTIONS_H

#include "ps.h"

/* A tty list entry meaning "the terminal ps runs on". */
#define OWN_TTY (-1)

/* The screen size --info reports. */
extern int info_cols, info_rows;

const char *check_thread_options(struct ps_args *a);
/* Prints "error: MSG" and the usage text to stderr, exits 1. */
_Noreturn void fail_usage(const char *msg);

#endif
