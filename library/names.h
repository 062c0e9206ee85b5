/* uid/gid -> name with a cache; unknown ids and over-long names come back
 * as the decimal id, as procps-ng does. */
#ifndef PROCPS_TD_NAMES_H
#define PROCPS_TD_NAMES_H

#include <sys/types.h>

const char *user_name(uid_t uid);
const char *group_name(gid_t gid);

#endif
