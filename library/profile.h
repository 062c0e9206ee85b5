/* The procps-ng build procps-td stands in for, chosen at configure time
 * (--with-profile=debian12|debian13): every difference between them is one
 * named switch here, read where the difference is made. */
#ifndef PROCPS_TD_PROFILE_H
#define PROCPS_TD_PROFILE_H

#include <stdbool.h>

struct profile {
	const char *name;        /* debian12, debian13 */
	const char *ng_version;  /* the procps-ng release matched, "4.0.2" */
	/* Time since boot from clock_gettime(CLOCK_BOOTTIME) (Debian 13's
	 * library patch) instead of /proc/uptime. */
	bool boottime_clock;
	/* ps: -D/--date-format, and lstart through strftime in the locale. */
	bool ps_date_format;
};

extern const struct profile profile;

#endif
