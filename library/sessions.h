/* The logind sessions of class user*, counted from systemd's own state
 * files (Debian 13's procps counts them for top's "N users"). */
#ifndef PROCPS_TD_SESSIONS_H
#define PROCPS_TD_SESSIONS_H

/* How many sessions under /run/systemd/sessions have a CLASS starting
 * with "user"; -1 when the system was not booted with systemd
 * (/run/systemd/system is not a directory) or lists no session, in which
 * case the caller counts utmp instead. */
int logind_user_sessions(void);

#endif
