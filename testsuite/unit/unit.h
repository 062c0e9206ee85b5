/* A minimal assertion kit for the unit tests (automake TESTS: exit 0
 * passes, 1 fails).  A failed check prints where and why and the test
 * goes on, so one run shows every broken case. */
#ifndef PROCPS_TD_UNIT_H
#define PROCPS_TD_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int unit_failures;
static const char *unit_case = "";

/* Names the case the following checks belong to (printed on failure). */
#define CASE(name) (unit_case = (name))

#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: [%s] CHECK(%s) failed\n", \
			__FILE__, __LINE__, unit_case, #cond); \
		unit_failures++; \
	} \
} while (0)

#define CHECK_INT(got, want) do { \
	long long g_ = (long long)(got), w_ = (long long)(want); \
	if (g_ != w_) { \
		fprintf(stderr, "%s:%d: [%s] %s is %lld, want %lld\n", \
			__FILE__, __LINE__, unit_case, #got, g_, w_); \
		unit_failures++; \
	} \
} while (0)

#define CHECK_UINT(got, want) do { \
	unsigned long long g_ = (unsigned long long)(got); \
	unsigned long long w_ = (unsigned long long)(want); \
	if (g_ != w_) { \
		fprintf(stderr, "%s:%d: [%s] %s is %llu, want %llu\n", \
			__FILE__, __LINE__, unit_case, #got, g_, w_); \
		unit_failures++; \
	} \
} while (0)

#define CHECK_STR(got, want) do { \
	const char *g_ = (got), *w_ = (want); \
	if (!g_ || strcmp(g_, w_) != 0) { \
		fprintf(stderr, "%s:%d: [%s] %s is \"%s\", want \"%s\"\n", \
			__FILE__, __LINE__, unit_case, #got, \
			g_ ? g_ : "(null)", w_); \
		unit_failures++; \
	} \
} while (0)

/* An exact-size heap copy, so an address sanitizer build catches any
 * read past the end of what a parser was given. */
static inline char *unit_dup(const char *s, size_t len)
{
	char *p = malloc(len ? len : 1);

	if (!p) {
		perror("malloc");
		exit(99);
	}
	memcpy(p, s, len);
	return p;
}

static inline int unit_done(const char *prog)
{
	if (unit_failures)
		fprintf(stderr, "%s: %d check(s) failed\n", prog, unit_failures);
	else
		printf("%s: all checks passed\n", prog);
	return unit_failures ? 1 : 0;
}

#endif
