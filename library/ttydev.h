/* Terminal device number -> name, the way procps-ng 4.0.2 finds it:
 * /proc/tty/drivers first, then the well-known major numbers, each
 * confirmed by stat()ing the /dev node; "?" when nothing matches. */
#ifndef PROCPS_TD_TTYDEV_H
#define PROCPS_TD_TTYDEV_H

#include <stddef.h>

enum {
	TTY_ABBREV_DEV = 1,     /* drop "/dev/" */
	TTY_ABBREV_TTY = 2,     /* drop "tty" */
	TTY_ABBREV_PTS = 4,     /* drop "pts/" */
};

/* Writes at most `chop` characters of the name into out (size >= chop+1),
 * non-printable ones as '?'.  pid is used for the fd/2 and fd/255 links. */
void tty_name(char *out, size_t chop, int tty_nr, int pid, unsigned abbrev);

#endif
