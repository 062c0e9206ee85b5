/* Performance (P) and efficiency (E) cores, as top tells them apart from
 * /proc/cpuinfo: a core whose id two processors share is a P-core, a
 * core of one processor is an E-core when the machine has P-cores. */
#ifndef PROCPS_TD_CORETYPE_H
#define PROCPS_TD_CORETYPE_H

#include <stdbool.h>

enum core_type { CORE_UNSURE = 0, CORE_E = 1, CORE_P = 2 };

/* Reads /proc/cpuinfo again when cpu_count exceeds every count seen so
 * far (the first call reads it); a missing file leaves every type unsure. */
void core_types_check(int cpu_count);
/* The type of the core processor cpu (a /proc/stat cpuN) belongs to. */
enum core_type core_type_of(int cpu);
/* Whether /proc/cpuinfo opens and every processor entry ends (a blank
 * line or its "core id") before the file does: 4.0.2's library refuses
 * to start its cpu statistics otherwise. */
bool cpuinfo_whole(void);

#endif
