/* 'X': the extra width of the fixed-width fields that may be cut
 * (USER, GROUP, TTY, WCHAN, the uids and the namespaces), and the
 * automatic mode (-1) that widens them to the widest value shown. */
#ifndef TOP_XWIDTH_H
#define TOP_XWIDTH_H

#include <stdbool.h>

/* How much wider than its default field f is now; only for the
 * fields whose row says they grow (fields.c). */
int xwidth_extra(int f, int base);
/* A value of field f needed len cells; in the automatic mode the field
 * grows to fit it from the next frame on. */
void xwidth_seen(int f, int len, int base);
/* A frame begins: the automatic mode's fields cut in the last one grow
 * by one (profile.top_autox_per_frame). */
void xwidth_frame(void);
/* True (once) when a field grew: the frame must be drawn again. */
bool xwidth_grew(void);
/* 'X': the extra width v (0 none, -1 automatic; out of range is
 * automatic). */
void xwidth_set(long v);

#endif
