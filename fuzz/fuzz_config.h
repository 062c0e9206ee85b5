/* The few config.h definitions the sources read, for the fuzz builds
 * (fuzz/run.sh), which do not run configure.  No HAVE_TASK_DIAG: the
 * ps target scans through procfs; the task_diag parser has its own
 * target. */
#ifndef PROCPS_TD_FUZZ_CONFIG_H
#define PROCPS_TD_FUZZ_CONFIG_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#define PACKAGE "procps-td"
#define PACKAGE_NAME "procps-td"
#define PACKAGE_VERSION "fuzz"
#define VERSION "fuzz"
#define PROCPS_NG_VERSION "4.0.2"
#endif
