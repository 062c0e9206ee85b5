/* The two profiles, one initializer each; configure picks one
 * (--with-profile, which defines TD_PROFILE_DEBIAN13 for Debian 13). */
#include "config.h"
#include "profile.h"

const struct profile profile =
#ifndef TD_PROFILE_DEBIAN13
	{
		/* Debian 12: procps 2:4.0.2-3 */
		.name = "debian12", .ng_version = "4.0.2",
		.ps_compiled_with = "glibc 2.36, gcc 12.2",
		.ps_display_at = "display.c:71",
		.ps_sortformat_at = "sortformat.c:900",
		.top_prime_usec = 150000,
	};
#else
	{
		/* Debian 13: procps 2:4.0.4-9 */
		.name = "debian13", .ng_version = "4.0.4",
		.ps_compiled_with = "glibc 2.41, gcc 14.2",
		.ps_display_at = "display.c:75",
		.ps_sortformat_at = "sortformat.c:904",
		.boottime_clock = true,
		.users_logind = true, .users_zero_plural = true,
		.ps_m_thread_values = true,
		.thread_main_from_task = true,
		.utf8_per_byte = true,
		.top_bad_option_fails = true,
		.cpuinfo_tolerant = true,
		.top_clear_rest_by_newline = true,
		.top_single_repaint = true,
		.top_start_pause_usec = 100000, .top_prime_usec = 100000,
		.top_autox_per_frame = true,
		.top_bksp_tty_erase = true,
		.top_guest_in_sy = true,
		.top_help_404 = true,
		.top_combine_groups_of_n = true,
		.ps_date_format = true,
		.ps_signames = true,
	};
#endif
