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
	/* top's user count: logind's sessions of class user* when there
	 * are any (library/sessions.c), else utmp's; "0 users" plural */
	bool users_logind, users_zero_plural;
	/* ps: -D/--date-format, and lstart through strftime in the locale. */
	bool ps_date_format;
	/* ps --signames: signal columns as names (src/ps/signames.c) */
	bool ps_signames;
	/* top's help screen: 4.0.4's lines for the toggles ('5') and the
	 * last commands (^P) */
	bool top_help_404;
	/* top's '!': the toprc value N combines cpus in groups of N and the
	 * key cycles 0, 2, 4, 8... (4.0.2: groups of N + 1; 0, 1, 2, 4...) */
	bool top_combine_groups_of_n;
	/* top: an option getopt refuses ends it with status 1, nothing on
	 * stdout (4.0.2: status 0, batch mode's closing newline) */
	bool top_bad_option_fails;
	/* The library starts its cpu statistics without /proc/cpuinfo, or
	 * with a last entry the file ends inside (4.0.2 does not: its top
	 * runs restricted, src/top/frame.c, and its ps cannot tell the boot
	 * time, src/ps/output.c) */
	bool cpuinfo_tolerant;
	/* top: the rows a short task area leaves are cleared by a newline
	 * after the last row and one clear-to-end (4.0.2: row by row); it
	 * shows when no column fits, whose rows reach the bottom: the
	 * newline scrolls the screen one more row */
	bool top_clear_rest_by_newline;
	/* top: one frame after a key, not a second at once when the key
	 * changed the layout: the frame after a key that opens, switches or
	 * closes a bottom window (^K, ^N, ^G, ^L...), or after a resize or
	 * '=', is drawn without the window's room, the window over it (any
	 * rows it needs); the room is made at the next frame (4.0.2 draws
	 * the frame again at once) */
	bool top_single_repaint;
	/* top's start: a pause after the first /proc/stat read (4.0.4's
	 * before()), then frame 1 reads the tasks twice, top_prime_usec
	 * apart (4.0.2: no pause; the two task reads, then frame 1) */
	unsigned top_start_pause_usec;
	/* top: the pause between the two task reads that start its history
	 * again (frame 1 and the frame after 'H'): Debian 12's 150 ms,
	 * 4.0.4's 100 ms (LIB_USLEEP) */
	unsigned top_prime_usec;
	/* top's automatic widths ('X' -1): a field cut in one frame is one
	 * cell wider in the next (4.0.2 draws the frame again at once until
	 * nothing is cut, so it reaches the widest value in one go) */
	bool top_autox_per_frame;
	/* top: the tty's erase character (VERASE) is Backspace too, as
	 * are ^H and DEL (debian12 here: ^H and DEL only; 4.0.2 itself
	 * takes terminfo's kbs alone) */
	bool top_bksp_tty_erase;
	/* top's %Cpu lines: guest and guest_nice ticks added to sy (and to
	 * the graphs' second part); both releases count them in the total */
	bool top_guest_in_sy;
	/* UTF-8 locales: the library's escaping of command lines,
	 * environments, cgroups and names replaces only a bad byte with '?'
	 * (4.0.2: every byte from the first bad lead on), checks
	 * continuation bytes and turns C1 controls into "??" */
	bool utf8_per_byte;
	/* ps's and top's thread modes: the main thread's row read from
	 * /proc/PID/task/PID (its own times, faults, io), not the process's
	 * (backends/procfs/row.c) */
	bool thread_main_from_task;
	/* ps m and -m: thread lines show the thread's own values (4.0.2
	 * printed zeros or leftovers there, and crashed on WCHAN) */
	bool ps_m_thread_values;
	/* ps --info: the reference build's "Compiled with" */
	const char *ps_compiled_with;
	/* ps: the reference's source positions in two messages: a crash
	 * report's, and -c's internal error */
	const char *ps_display_at, *ps_sortformat_at;
};

extern const struct profile profile;

#endif
