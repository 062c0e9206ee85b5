#include <stdio.h>
#include "library/request.h"
int main(void)
{
	enum item items[] = { ITEM_TID, ITEM_COMM };
	struct request *r = request_new(items, 2);
	struct task_set set = { 0 };

	if (!r || request_scan(r, NULL, &set) < 0)
		return 1;
	for (size_t i = 0; i < set.n; i++)
		printf("%d %s\n", set.v[i].tid, set.v[i].comm);
	task_set_free(&set);
	request_free(r);
	return 0;
}
