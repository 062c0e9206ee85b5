/* The task_diag backend: placeholder until the client lands.  Its probe
 * always fails, so "auto" falls back to procfs. */
#include <errno.h>
#include <stddef.h>
#include "library/backend.h"

static int td_probe(void)
{
	return -1;
}

static void *td_prepare(group_mask groups)
{
	(void)groups;
	errno = ENODEV;
	return NULL;
}

static int td_scan(void *state, const struct selection *sel,
		   struct task_set *out)
{
	(void)state;
	(void)sel;
	(void)out;
	return -ENODEV;
}

static void td_release(void *state)
{
	(void)state;
}

const struct backend_ops task_diag_backend = {
	.name = "task_diag",
	.probe = td_probe,
	.prepare = td_prepare,
	.scan = td_scan,
	.release = td_release,
};
