/* Parsers for /proc/PID files, shared by both backends (task_diag uses the
 * autogroup one) and the fuzzers.  Pure functions over a buffer: no I/O, no
 * allocation except where a string is kept, so they can be unit-tested and
 * fuzzed.  Each returns 0 on success, -1 when the text is unusable.
 * Truncated files fill what they hold and leave the rest zero. */
#ifndef PROCPS_TD_PARSE_H
#define PROCPS_TD_PARSE_H

#include <stddef.h>
#include "task.h"

int parse_stat(const char *buf, size_t len, struct task *t);
int parse_status(const char *buf, size_t len, struct task *t);
int parse_statm(const char *buf, size_t len, struct task *t);
int parse_io(const char *buf, size_t len, struct task *t);
int parse_smaps_rollup(const char *buf, size_t len, struct task *t);
int parse_autogroup(const char *buf, size_t len, struct task *t);
/* A single decimal integer file (oom_score, loginuid). */
int parse_int_file(const char *buf, size_t len, long long *out);

#endif
