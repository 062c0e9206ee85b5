/* The item table: every process field ps or top can show, its type, and
 * the backend data group that fills it.
 *
 * A program names the items it needs once (request.h); the library ORs
 * their groups together and a backend fetches exactly those groups. */
#ifndef PROCPS_TD_ITEMS_H
#define PROCPS_TD_ITEMS_H

#include <stdbool.h>
#include "task.h"       /* the row, and itemlist.h's tables */

/* Data groups: one unit of fetching, GROUP_LIST's rows (itemlist.h).
 * For procfs a group is one file (or one fstat); for task_diag it is one
 * attribute set. */
enum data_group {
#define GROUP_ENUM(id, name) GRP_##id,
	GROUP_LIST(GROUP_ENUM)
#undef GROUP_ENUM
	GRP_COUNT
};

/* Where an item's field lives: the row, or one of its blocks (task.h). */
enum task_block { TB_CORE, TB_STATUS, TB_IO, TB_SMAPS, TB_NS };

typedef unsigned group_mask;
#define GROUP_BIT(g) (1u << (g))

enum item_type {
	T_INT, T_UINT, T_LONG, T_ULONG, T_ULL, T_U64, T_CHAR,
	T_STR,          /* inline char array */
	T_STRP,         /* char * */
	T_BLOB,         /* struct task_blob */
};

/* Where an item that is a file of its own lies, as the procfs backend
 * reads it (the library never does): the row's own directory (/proc/PID
 * or /proc/PID/task/TID), its process's (/proc/PID), or /proc/TID. */
enum item_dir { ITEM_DIR_OWN, ITEM_DIR_PROCESS, ITEM_DIR_TID };

enum item {
#define ITEM_ENUM(id, name, type, group, field, ...) ITEM_##id,
	ITEM_LIST(ITEM_ENUM)
#undef ITEM_ENUM
	ITEM_COUNT,
	ITEM_NONE = ITEM_COUNT  /* no item: ends a list of items */
};

struct item_info {
	const char *name;
	enum item_type type;
	enum data_group group;
	enum task_block block;  /* where the field lives */
	size_t offset;          /* of the field in its block's struct */
	const char *file;       /* IN_FILE's, for procfs; NULL: none */
	enum item_dir file_dir;
};

extern const struct item_info item_table[ITEM_COUNT];
extern const char *const group_names[GRP_COUNT];
extern const enum task_block group_blocks[GRP_COUNT];

group_mask items_to_groups(const enum item *items, size_t n);
const struct item_info *item_by_name(const char *name);

/* Generic access through the table's offset and type.
 * item_num: a number item's value (T_INT .. T_CHAR), widened; a signed
 * type is sign-extended, so cast it back to long long when
 * item_is_signed().  item_str: a T_STR or T_STRP item, NULL when the
 * string is missing.  Other types read as 0 and NULL. */
unsigned long long item_num(const struct task *t, enum item it);
/* The field's address: for reading (the shared empty block when the row
 * has none), or for writing, allocating the row's block (NULL when
 * memory ran out). */
const void *item_addr(const struct task *t, enum item it);
void *item_addr_own(struct task *t, enum item it);
/* Gives the row its own block for each group of g that has one; 0, or
 * -1 when memory ran out (the row stays valid). */
int task_own_blocks(struct task *t, group_mask g);
/* Moves group g's block from src to dst (src gets dst's old one): 1, or
 * 0 when the group's fields live in the row itself. */
int task_move_block(struct task *dst, struct task *src, enum data_group g);
/* Moves the groups given from src into dst, blocks and fields (strings
 * change owner), with their filled bits. */
void task_move_groups(struct task *dst, struct task *src, group_mask groups);
bool item_is_signed(enum item it);
const char *item_str(const struct task *t, enum item it);

#endif
