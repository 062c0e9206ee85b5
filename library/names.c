#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "names.h"

/* Names of 33 bytes or more print as numbers (procps-ng's P_G_SZ). */
enum { NAME_MAX_LEN = 33, CACHE_SLOTS = 64 };

struct name_entry {
	unsigned id;
	char name[NAME_MAX_LEN];
	struct name_entry *next;
};

static struct name_entry *users[CACHE_SLOTS], *groups[CACHE_SLOTS];

static const char *cached(struct name_entry **table, unsigned id, int is_user)
{
	struct name_entry **slot = &table[id % CACHE_SLOTS], *e;
	const char *name = NULL;

	for (e = *slot; e; e = e->next)
		if (e->id == id)
			return e->name;
	e = calloc(1, sizeof(*e));
	if (!e)
		return "?";
	e->id = id;
	if (is_user) {
		struct passwd *pw = getpwuid(id);

		if (pw)
			name = pw->pw_name;
	} else {
		struct group *gr = getgrgid(id);

		if (gr)
			name = gr->gr_name;
	}
	if (name && strlen(name) < NAME_MAX_LEN)
		strcpy(e->name, name);
	else
		snprintf(e->name, sizeof(e->name), "%u", id);
	e->next = *slot;
	*slot = e;
	return e->name;
}

const char *user_name(uid_t uid)
{
	return cached(users, uid, 1);
}

const char *group_name(gid_t gid)
{
	return cached(groups, gid, 0);
}
