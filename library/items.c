/* The item table itself, generated from ITEM_LIST so that a field is
 * declared in exactly one place. */
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "items.h"

const struct item_info item_table[ITEM_COUNT] = {
/* grp may be IN_FILE(), which sets .file and .file_dir too */
#define ITEM_ROW(id, nm, ty, grp, field, ...) \
	[ITEM_##id] = { .name = nm, .type = ty, .block = GROUP_BLOCK(grp), \
			.offset = offsetof(GROUP_STRUCT(grp), field), \
			.group = grp },
	ITEM_LIST(ITEM_ROW)
#undef ITEM_ROW
};

const enum task_block group_blocks[GRP_COUNT] = {
#define GROUP_BLOCK_ROW(id, name) [GRP_##id] = GROUP_BLOCK(GRP_##id),
	GROUP_LIST(GROUP_BLOCK_ROW)
#undef GROUP_BLOCK_ROW
};

const char *const group_names[GRP_COUNT] = {
#define GROUP_NAME(id, name) [GRP_##id] = name,
	GROUP_LIST(GROUP_NAME)
#undef GROUP_NAME
};

/* Items other groups fill as well: when one of those is fetched for
 * another item, the item costs nothing more (status gives VmRSS, which
 * saves ps aux, whose STAT needs status's VmLck, a statm read). */
static const struct {
	enum item item;
	group_mask also_in;
} item_also[] = {
	{ ITEM_VM_RSS, GROUP_BIT(GRP_STATUS) | GROUP_BIT(GRP_STATUS_VM) },
};

static group_mask also_in(enum item it)
{
	for (size_t i = 0; i < sizeof(item_also) / sizeof(item_also[0]); i++)
		if (item_also[i].item == it)
			return item_also[i].also_in;
	return 0;
}

group_mask items_to_groups(const enum item *items, size_t n)
{
	group_mask m = 0;

	for (size_t i = 0; i < n; i++)
		if (items[i] < ITEM_COUNT && !also_in(items[i]))
			m |= GROUP_BIT(item_table[items[i]].group);
	/* each such item: its own group unless another that fills it is
	 * fetched */
	for (size_t i = 0; i < n; i++)
		if (items[i] < ITEM_COUNT && also_in(items[i]) &&
		    !(m & also_in(items[i])))
			m |= GROUP_BIT(item_table[items[i]].group);
	return m;
}

const struct item_info *item_by_name(const char *name)
{
	for (size_t i = 0; i < ITEM_COUNT; i++)
		if (strcmp(item_table[i].name, name) == 0)
			return &item_table[i];
	return NULL;
}

static const void *block_of(const struct task *t, enum task_block b)
{
	switch (b) {
	case TB_STATUS: return t->status;
	case TB_IO:     return t->io;
	case TB_SMAPS:  return t->smaps;
	case TB_NS:     return t->ns;
	default:        return t;
	}
}

const void *item_addr(const struct task *t, enum item it)
{
	return (const char *)block_of(t, item_table[it].block) +
		item_table[it].offset;
}

void *item_addr_own(struct task *t, enum item it)
{
	void *b;

	switch (item_table[it].block) {
	case TB_STATUS: b = task_status_own(t); break;
	case TB_IO:     b = task_io_own(t); break;
	case TB_SMAPS:  b = task_smaps_own(t); break;
	case TB_NS:     b = task_ns_own(t); break;
	default:        b = t; break;
	}
	return b ? (char *)b + item_table[it].offset : NULL;
}

/* The groups whose fields live in each block, from the group rows. */
#define IN_BLOCK(id, blk) \
	| (GROUP_BLOCK(GRP_##id) == (blk) ? GROUP_BIT(GRP_##id) : 0u)
#define IN_STATUS(id, name) IN_BLOCK(id, TB_STATUS)
#define IN_IO(id, name) IN_BLOCK(id, TB_IO)
#define IN_SMAPS(id, name) IN_BLOCK(id, TB_SMAPS)
#define IN_NS(id, name) IN_BLOCK(id, TB_NS)
static const group_mask status_groups = 0u GROUP_LIST(IN_STATUS);
static const group_mask io_groups = 0u GROUP_LIST(IN_IO);
static const group_mask smaps_groups = 0u GROUP_LIST(IN_SMAPS);
static const group_mask ns_groups = 0u GROUP_LIST(IN_NS);
#undef IN_BLOCK
#undef IN_STATUS
#undef IN_IO
#undef IN_SMAPS
#undef IN_NS

int task_own_blocks(struct task *t, group_mask g)
{
	if ((g & status_groups) && !task_status_own(t))
		return -1;
	if ((g & io_groups) && !task_io_own(t))
		return -1;
	if ((g & smaps_groups) && !task_smaps_own(t))
		return -1;
	if ((g & ns_groups) && !task_ns_own(t))
		return -1;
	return 0;
}

int task_move_block(struct task *dst, struct task *src, enum data_group g)
{
	void *tmp;

#define SWAP(m) (tmp = dst->m, dst->m = src->m, src->m = tmp)
	switch (group_blocks[g]) {
	case TB_STATUS: SWAP(status); return 1;
	case TB_IO:     SWAP(io); return 1;
	case TB_SMAPS:  SWAP(smaps); return 1;
	case TB_NS:     SWAP(ns); return 1;
	default:        return 0;
	}
#undef SWAP
}

/* Moves the fields of group g that live in the row itself: strings and
 * blobs change owner (src's become NULL), the rest is copied. */
static void move_row_fields(struct task *dst, struct task *src,
			    enum data_group g)
{
	static const size_t sizes[] = {
		[T_INT] = sizeof(int), [T_UINT] = sizeof(unsigned),
		[T_LONG] = sizeof(long), [T_ULONG] = sizeof(unsigned long),
		[T_ULL] = sizeof(unsigned long long),
		[T_U64] = sizeof(uint64_t), [T_CHAR] = 1,
		[T_STR] = TASK_COMM_MAX, [T_STRP] = sizeof(char *),
		[T_BLOB] = sizeof(struct task_blob),
	};

	for (size_t i = 0; i < ITEM_COUNT; i++) {
		const struct item_info *it = &item_table[i];
		char *d = (char *)dst + it->offset, *s = (char *)src + it->offset;

		if (it->group != g)
			continue;
		if (it->type == T_STRP)
			free(*(char **)d);
		else if (it->type == T_BLOB)
			free(((struct task_blob *)d)->data);
		memcpy(d, s, sizes[it->type]);
		if (it->type == T_STRP || it->type == T_BLOB)
			memset(s, 0, sizes[it->type]);
	}
}

void task_move_groups(struct task *dst, struct task *src, group_mask groups)
{
	unsigned moved = 0;     /* bit per block already swapped */

	for (int g = 0; g < GRP_COUNT; g++) {
		enum task_block b = group_blocks[g];
		group_mask bit = GROUP_BIT(g);

		if (!(groups & bit))
			continue;
		/* a block holding two groups (status and its Vm lines)
		 * moves once */
		if (b == TB_CORE)
			move_row_fields(dst, src, (enum data_group)g);
		else if (!(moved & (1u << b)))
			task_move_block(dst, src, (enum data_group)g);
		moved |= 1u << b;
		dst->groups_filled = (dst->groups_filled & ~bit) |
				     (src->groups_filled & bit);
	}
}

unsigned long long item_num(const struct task *t, enum item it)
{
	const char *p = item_addr(t, it);

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
	const char *p = item_addr(t, it);

	if (item_table[it].type == T_STR)
		return p;
	if (item_table[it].type == T_STRP)
		return *(const char *const *)p;
	return NULL;
}
