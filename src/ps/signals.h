#ifndef PROCPS_TD_PS_SIGNALS_H
#define PROCPS_TD_PS_SIGNALS_H

/* The name ps was run as, without its directory (usage text, -V). */
extern const char *ps_name;

/* First thing in main: exits 47 with the reference's message when /proc
 * is not mounted, records the invoked name and installs the reference's
 * signal handlers. */
void ps_startup(char **argv);

#endif
