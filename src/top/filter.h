/* The other filters ('o', 'O'): [!]FIELD=VALUE, FIELD<VALUE and
 * FIELD>VALUE on the text a column shows. */
#ifndef TOP_FILTER_H
#define TOP_FILTER_H

#include <stdbool.h>
#include <stdio.h>
#include "fields.h"

/* Parses and adds a filter to window w; NULL, or the message to show. */
const char *filter_add(int win, const char *spec, bool nocase);
/* Drops the filters of a window. */
void filter_clear(int win);
int filter_count(int win);
/* The filters as ^O lists them. */
void filter_list(int win, char *buf, size_t size);
/* Whether row r passes every filter of window win whose field is
 * shown (shown[field]): a filter on a hidden column does nothing. */
bool filter_pass(int win, const struct row *r, const struct frame *fr,
		 const bool *shown);
/* The groups the filters of window win read (every task's). */
group_mask filter_groups(int win, int winflags);
/* The toprc's block of filters: written after the windows by 'W',
 * read back from the lines after them (see rctail.c). */
void filter_save(FILE *fp);
bool filter_block_begins(const char *line);
/* line holds the block's first line; on return it holds the line after
 * the block or, at the end of the file, the last line read. */
void filter_load_block(FILE *fp, char *line, size_t size);

#endif
