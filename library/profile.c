/* The two profiles, one initializer each; configure picks one
 * (--with-profile, which defines TD_PROFILE_DEBIAN13 for Debian 13). */
#include "config.h"
#include "profile.h"

const struct profile profile =
#ifndef TD_PROFILE_DEBIAN13
	{
		/* Debian 12: procps 2:4.0.2-3 */
		.name = "debian12", .ng_version = "4.0.2",
	};
#else
	{
		/* Debian 13: procps 2:4.0.4-9 */
		.name = "debian13", .ng_version = "4.0.4",
		.boottime_clock = true,
		.ps_date_format = true,
	};
#endif
