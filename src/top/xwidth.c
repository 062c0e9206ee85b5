#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "library/profile.h"
#include "fields.h"
#include "top.h"
#include "xwidth.h"

/* The widths the automatic mode reached; 0 for none.  They only grow
 * until 'X' sets another value. */
static int widest[FLD_COUNT];
static bool grew;
/* profile.top_autox_per_frame: in automatic mode a field cut in one
 * frame (in any mode before) is one cell wider from the next frame on
 * (step), starting from the widths the value before it gave. */
static int step[FLD_COUNT];
static bool cut[FLD_COUNT];

int xwidth_extra(int f, int base)
{
	if (Rc.fixed_widest > 0)
		return Rc.fixed_widest;
	if (Rc.fixed_widest < 0 && profile.top_autox_per_frame)
		return step[f];
	if (Rc.fixed_widest < 0 && widest[f] > base)
		return widest[f] - base;
	return 0;
}

void xwidth_seen(int f, int len, int base)
{
	/* the reference marks a cut field in any mode; automatic mode,
	 * when it is turned on, widens what was marked */
	if (profile.top_autox_per_frame) {
		cut[f] |= len > base + xwidth_extra(f, base);
		return;
	}
	if (Rc.fixed_widest >= 0)
		return;
	if (len > base && len > widest[f]) {
		widest[f] = len;
		grew = true;
	}
}

bool xwidth_grew(void)
{
	bool g = grew;

	grew = false;
	return g;
}

void xwidth_frame(void)
{
	if (Rc.fixed_widest >= 0)
		return;
	for (int f = 0; f < FLD_COUNT; f++) {
		step[f] += cut[f];
		cut[f] = false;
	}
}

void xwidth_set(long v)
{
	int was = Rc.fixed_widest;

	/* out of range means automatic */
	if (v < -1 || v > SCREEN_MAX)
		v = -1;
	Rc.fixed_widest = (int)v;
	memset(widest, 0, sizeof(widest));
	/* the reference leaves the widths alone when it turns automatic
	 * (a fixed value set them; automatic ones stay) */
	for (int f = 0; f < FLD_COUNT && v < 0 && was >= 0; f++)
		step[f] = was;
}
