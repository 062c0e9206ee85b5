#ifndef PROCPS_TD_PS_PRINT_H
#define PROCPS_TD_PS_PRINT_H

#include <stdint.h>
#include "output.h"

/* Where a printer formats with snprintf, it writes at most COLWID bytes,
 * as the reference does; text columns work on up to TEXT_MAX bytes. */
enum { COLWID = 240, TEXT_MAX = 128 * 1024 };

/* Cell printers for the columns the default printer (value.c) cannot
 * show: each writes into o->buf and returns the cells it used. */
#define PRINTER(name) int pr_##name(struct out *o, const struct task *t)
/* print.c */
PRINTER(tname); PRINTER(tty4); PRINTER(stat); PRINTER(nice); PRINTER(pri);
PRINTER(opri); PRINTER(pri_api); PRINTER(pri_bar); PRINTER(pri_baz);
PRINTER(pri_foo); PRINTER(rtprio); PRINTER(class); PRINTER(flags);
PRINTER(pmem); PRINTER(sig); PRINTER(trs); PRINTER(drs);
PRINTER(swapable); PRINTER(lim); PRINTER(majflt); PRINTER(minflt);
PRINTER(numa); PRINTER(luid); PRINTER(agid); PRINTER(agnice);
PRINTER(supgid); PRINTER(supgrp);
/* print_time.c */
PRINTER(pcpu); PRINTER(c); PRINTER(time); PRINTER(times); PRINTER(etime);
PRINTER(etimes); PRINTER(stime); PRINTER(start); PRINTER(lstart);
PRINTER(bsdstart); PRINTER(bsdtime); PRINTER(cp); PRINTER(cuu);
PRINTER(cuc); PRINTER(sgi_p);
/* print_cmd.c */
PRINTER(comm); PRINTER(args); PRINTER(fname); PRINTER(exe);
/* print_cgroup.c */
PRINTER(cgroup); PRINTER(cgname); PRINTER(lxc);
/* print_systemd.c */
PRINTER(sd_slice); PRINTER(sd_unit); PRINTER(sd_session); PRINTER(sd_ouid);
PRINTER(sd_uunit); PRINTER(sd_machine); PRINTER(sd_seat);
/* print_label.c */
PRINTER(context);
/* print_test.c */
PRINTER(t_left); PRINTER(t_left2); PRINTER(t_right); PRINTER(t_right2);
PRINTER(t_unlimited); PRINTER(t_unlimited2);
#undef PRINTER

/* -1, 0 or 1 as x is below, equal to or above y. */
#define NUMCMP(x, y) ((x) < (y) ? -1 : (x) > (y))

/* Comparators for the columns the default comparator cannot sort
 * (compare.c). */
#define COMPARE(name) int cmp_##name(const struct task *a, const struct task *b)

/* The pending set the sig/pending columns show and sort on (compare.c). */
uint64_t sig_pending_of(const struct task *t);
COMPARE(noop); COMPARE(time); COMPARE(pcpu); COMPARE(cuc); COMPARE(elapsed);
COMPARE(numa); COMPARE(sig); COMPARE(luid); COMPARE(agid); COMPARE(tty);
COMPARE(comm); COMPARE(args); COMPARE(cgroup); COMPARE(cgname); COMPARE(exe);
COMPARE(supgid); COMPARE(supgrp); COMPARE(lxc); COMPARE(sd_slice);
COMPARE(sd_unit); COMPARE(sd_session); COMPARE(sd_ouid); COMPARE(sd_uunit);
COMPARE(sd_machine); COMPARE(sd_seat);
#undef COMPARE

/* Cell text without printf (value.c): each writes a NUL-terminated
 * string and returns its length. */
int fmt_ull(char *buf, unsigned long long v);
int fmt_ll(char *buf, long long v);
int fmt_text(char *buf, const char *s);
int fmt_dash(char *buf);
/* A text cell cut to the room the column has, through the display
 * layer's escaping; and one copied as it is, cut likewise (value.c). */
int text_cell(struct out *o, const char *text);
int cut_cell(struct out *o, const char *s);
/* A signal mask as its columns show it (value.c). */
int sigset_cell(struct out *o, uint64_t mask);

/* Helpers shared by printers and comparators.  print_time.c: */
double elapsed_seconds(const struct task *t);
unsigned long long cpu_ticks(const struct task *t);
double utilization(const struct task *t, int children);  /* cuu, cuc */
/* print_cmd.c */
const char *cmdline_text(const struct task *t);   /* escaped, cached */
const char *comm_text(const struct task *t);      /* escaped */
/* print_cgroup.c */
const char *cgroup_text(const struct task *t);    /* escaped, cached */

#endif
