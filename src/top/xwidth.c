#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fields.h"
#include "top.h"
#include "xwidth.h"

/* The widths the automatic mode reached; 0 for none.  They only grow
 * until 'X' sets another value. */
static int widest[FLD_COUNT];
static bool grew;

int xwidth_extra(int f, int base)
{
	if (Rc.fixed_widest > 0)
		return Rc.fixed_widest;
	if (Rc.fixed_widest < 0 && widest[f] > base)
		return widest[f] - base;
	return 0;
}

void xwidth_seen(int f, int len, int base)
{
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

void xwidth_set(long v)
{
	/* out of range means automatic */
	if (v < -1 || v > SCREEN_MAX)
		v = -1;
	Rc.fixed_widest = (int)v;
	memset(widest, 0, sizeof(widest));
}
