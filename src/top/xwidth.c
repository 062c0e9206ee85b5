#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fields.h"
#include "inter.h"
#include "top.h"
#include "xwidth.h"

/* The fields 'X' widens (the man page's list). */
static const int xfields[] = {
	F_UID, F_USER, F_RUID, F_RUSER, F_SUID, F_SUSER, F_GID, F_GROUP,
	F_TTY, F_WCHAN, F_LOGID, F_LXC, F_NSIPC, F_NSMNT, F_NSNET, F_NSPID,
	F_NSUSER, F_NSUTS, F_NSCGROUP, F_NSTIME,
};

/* The widths the automatic mode reached; 0 for none.  They only grow
 * until 'X' sets another value. */
static int widest[FLD_COUNT];
static bool grew;

static bool eligible(int f)
{
	for (size_t i = 0; i < sizeof(xfields) / sizeof(xfields[0]); i++)
		if (xfields[i] == f)
			return true;
	return false;
}

int xwidth_extra(int f, int base)
{
	if (Rc.fixed_widest > 0 && eligible(f))
		return Rc.fixed_widest;
	if (Rc.fixed_widest < 0 && widest[f] > base)
		return widest[f] - base;
	return 0;
}

void xwidth_seen(int f, int len, int base)
{
	if (Rc.fixed_widest >= 0 || !eligible(f))
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

void xwidth_key(void)
{
	char prompt[96];
	long v;

	snprintf(prompt, sizeof(prompt),
		 "width incr is %d, change to (0 default, -1 auto)",
		 Rc.fixed_widest);
	if (inter_prompt_long(prompt, 16, 0, &v) <= 0)
		return;
	/* out of range means automatic */
	if (v < -1 || v > SCREEN_MAX)
		v = -1;
	Rc.fixed_widest = (int)v;
	memset(widest, 0, sizeof(widest));
}
