/* One-letter sort keys of O and the sort-only fields behind them. */
#include <stdlib.h>
#include <string.h>
#include "arena.h"
#include "print.h"
#include "sortkeys.h"

/* Sort-only keys: they have no column of their own, and sort on their
 * item by the default comparator. */
#define KEY(nm, key) { nm, "", NULL, NULL, 0, AL_RIGHT, 0, ITEM_##key, \
		       VF_DEC, SC_ONE, NULL, { ITEM_##key, ITEM_COUNT } }

static const struct spec sort_only[] = {
	KEY("cmaj_flt", CMAJFLT),
	KEY("cmin_flt", CMINFLT),
	KEY("cstime", CSTIME),
	KEY("cutime", CUTIME),
	KEY("maj_flt", MAJFLT),
	KEY("min_flt", MINFLT),
	KEY("resident", SM_RESIDENT),
	KEY("share", SM_SHARED),
	KEY("size", SM_SIZE),
	KEY("utime", UTIME),
	/* O J and O K: letters the reference accepts and sorts nothing by */
	KEY("(none)", NONE),
};

static const struct {
	char letter;
	const char *key;
} short_keys[] = {
	{ 'C', "pcpu" }, { 'G', "tpgid" }, { 'J', "(none)" },
	{ 'K', "(none)" }, { 'M', "maj_flt" }, { 'N', "cmaj_flt" },
	{ 'P', "ppid" }, { 'R', "resident" }, { 'S', "share" },
	{ 'T', "start_time" }, { 'U', "uid" }, { 'c', "cmd" },
	{ 'f', "flags" }, { 'g', "pgrp" }, { 'j', "cutime" },
	{ 'k', "utime" }, { 'm', "min_flt" }, { 'n', "cmin_flt" },
	{ 'o', "session" }, { 'p', "pid" }, { 'r', "rss" },
	{ 's', "size" }, { 't', "tty" }, { 'u', "user" }, { 'v', "vsize" },
	{ 'y', "priority" },
};

const struct spec *sort_spec_find(const char *name)
{
	const struct spec *s = spec_find(name);

	if (s)
		return s;
	for (size_t i = 0; i < sizeof(sort_only) / sizeof(sort_only[0]); i++)
		if (!strcmp(sort_only[i].name, name))
			return &sort_only[i];
	return NULL;
}

const char *parse_short_sort(const char *arg, struct sort_key **out)
{
	struct sort_key *keys = NULL, **tail = &keys;
	int reverse = 0;

	for (const char *p = arg; *p; p++) {
		const struct spec *s = NULL;
		struct sort_key *k;

		/* a key letter may be given once only */
		if (*p != '+' && *p != '-' && strchr(p + 1, *p))
			return "bad sorting code";

		if (*p == '+') {
			reverse = 0;
			continue;
		}
		if (*p == '-') {
			reverse = 1;
			continue;
		}
		for (size_t i = 0; i < sizeof(short_keys) / sizeof(short_keys[0]); i++)
			if (short_keys[i].letter == *p)
				s = sort_spec_find(short_keys[i].key);
		if (!s)
			return "bad sorting code";
		k = arena_alloc(sizeof(*k));
		k->spec = s;
		k->reverse = reverse;
		*tail = k;
		tail = &k->next;
	}
	if (!keys)
		return "bad sorting code";
	*tail = *out;
	*out = keys;
	return NULL;
}
