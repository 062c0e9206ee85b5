/* The item table itself, generated from ITEM_LIST so that a field is
 * declared in exactly one place. */
#include <stdint.h>
#include <string.h>
#include "items.h"

const struct item_info item_table[ITEM_COUNT] = {
#define ITEM_ROW(id, nm, ty, grp, field) \
	[ITEM_##id] = { nm, ty, grp, offsetof(struct task, field) },
	ITEM_LIST(ITEM_ROW)
#undef ITEM_ROW
};

const char *const group_names[GRP_COUNT] = {
#define GROUP_NAME(id, name) [GRP_##id] = name,
	GROUP_LIST(GROUP_NAME)
#undef GROUP_NAME
};

/* Items a second group fills as well: when that group is fetched for
 * another item, the item costs nothing more (status gives VmRSS, which
 * saves ps aux, whose STAT needs status's VmLck, a statm read). */
static const struct {
	enum item item;
	enum data_group also_in;
} item_also[] = {
	{ ITEM_VM_RSS, GRP_STATUS },
};

static enum data_group also_in(enum item it)
{
	for (size_t i = 0; i < sizeof(item_also) / sizeof(item_also[0]); i++)
		if (item_also[i].item == it)
			return item_also[i].also_in;
	return GRP_COUNT;
}

group_mask items_to_groups(const enum item *items, size_t n)
{
	group_mask m = 0;

	for (size_t i = 0; i < n; i++)
		if (items[i] < ITEM_COUNT && also_in(items[i]) == GRP_COUNT)
			m |= GROUP_BIT(item_table[items[i]].group);
	/* each such item: its own group unless its other one is fetched */
	for (size_t i = 0; i < n; i++) {
		enum data_group alt;

		if (items[i] >= ITEM_COUNT ||
		    (alt = also_in(items[i])) == GRP_COUNT)
			continue;
		if (!(m & GROUP_BIT(alt)))
			m |= GROUP_BIT(item_table[items[i]].group);
	}
	return m;
}

const struct item_info *item_by_name(const char *name)
{
	for (size_t i = 0; i < ITEM_COUNT; i++)
		if (strcmp(item_table[i].name, name) == 0)
			return &item_table[i];
	return NULL;
}

unsigned long long item_num(const struct task *t, enum item it)
{
	const char *p = (const char *)t + item_table[it].offset;

	switch (item_table[it].type) {
	case T_INT:   return (unsigned long long)*(const int *)p;
	case T_UINT:  return *(const unsigned *)p;
	case T_LONG:  return (unsigned long long)*(const long *)p;
	case T_ULONG: return *(const unsigned long *)p;
	case T_ULL:   return *(const unsigned long long *)p;
	case T_U64:   return *(const uint64_t *)p;
	case T_CHAR:  return (unsigned long long)*p;
	default:      return 0;
	}
}

bool item_is_signed(enum item it)
{
	enum item_type ty = item_table[it].type;

	return ty == T_INT || ty == T_LONG || ty == T_CHAR;
}

const char *item_str(const struct task *t, enum item it)
{
	const char *p = (const char *)t + item_table[it].offset;

	if (item_table[it].type == T_STR)
		return p;
	if (item_table[it].type == T_STRP)
		return *(const char *const *)p;
	return NULL;
}
