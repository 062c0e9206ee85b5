/* join_plain and join_escape against the two steps they stand for
 * (join_vector, then escape_lib): the same text whenever join_plain
 * answers, an answer for every vector of printable ASCII, NULs and
 * newlines, and join_escape's text always the same.  Random vectors
 * weighted towards the edges (separators, controls, DEL, high bytes,
 * the 8-byte words the fast path reads), in the C and a UTF-8 locale
 * (each in its own process: the library keeps the locale's answer). */
#include <locale.h>
#include <sys/wait.h>
#include <unistd.h>
#include "library/escape.h"
#include "testsuite/unit/unit.h"

enum { MAXLEN = 64 };

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static unsigned next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)rng;
}

static char random_byte(int plain_only)
{
	static const char odd[] = { 0x01, 0x09, 0x1f, 0x7f, (char)0x80,
		(char)0xc3, (char)0xa9, (char)0xff, (char)0xe2 };
	unsigned r = next_rand() % 100;

	if (r < 8)
		return '\0';
	if (r < 11)
		return '\n';
	if (r < 14)
		return r == 11 ? ' ' : r == 12 ? '~' : '!';
	if (!plain_only && r < 20)
		return odd[next_rand() % sizeof(odd)];
	return (char)(0x20 + next_rand() % 0x5f);
}

static int is_plain_vector(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c && c != '\n' && (c < 0x20 || c > 0x7e))
			return 0;
	}
	return 1;
}

static void compare_one(const char *src, size_t len, size_t size)
{
	char joined[MAXLEN + 8], want[MAXLEN + 8], got[MAXLEN + 8];
	char *copy = unit_dup(src, len);
	size_t n, cut = len < size - 1 ? len : size - 1;
	bool plain;

	join_vector(joined, size, copy, len);
	escape_lib(want, joined, size);
	n = join_plain(got, size, copy, len);
	if (n == (size_t)-1) {
		CASE("gives up only on a byte that needs escaping");
		CHECK(!is_plain_vector(copy, cut));
	} else {
		CASE("same text as join_vector + escape_lib");
		CHECK_STR(got, want);
		CHECK_UINT(n, strlen(want));
	}
	CASE("join_escape: join_vector + escape_lib in one buffer");
	memset(got, 'x', sizeof(got));
	n = join_escape(got, size, copy, len, &plain);
	CHECK_STR(got, want);
	CHECK_UINT(n, strlen(want));
	CHECK(plain == is_plain_vector(copy, cut));
	free(copy);
}

static int run_locale(const char *name)
{
	char buf[MAXLEN];

	if (!setlocale(LC_ALL, name)) {
		fprintf(stderr, "locale %s missing\n", name);
		return 1;
	}
	for (int i = 0; i < 200000; i++) {
		size_t len = next_rand() % MAXLEN;
		size_t size = 1 + next_rand() % (MAXLEN + 4);
		int plain_only = next_rand() % 2;

		for (size_t j = 0; j < len; j++)
			buf[j] = random_byte(plain_only);
		compare_one(buf, len, size);
	}
	CASE("known values");
	{
		char out[32];

		CHECK_UINT(join_plain(out, sizeof(out), "ls\0-l\0\0", 7), 5);
		CHECK_STR(out, "ls -l");
		CHECK_UINT(join_plain(out, sizeof(out), "a\nbcdefghijk", 12), 12);
		CHECK_STR(out, "a bcdefghijk");
		CHECK_UINT(join_plain(out, sizeof(out), "abcdefgh\x7f", 9),
			   (size_t)-1);
		CHECK_UINT(join_plain(out, sizeof(out), "abcdefg\x80", 8),
			   (size_t)-1);
		CHECK_UINT(join_plain(out, 4, "abcdefgh", 8), 3);
		CHECK_STR(out, "abc");
		CHECK_UINT(join_plain(out, sizeof(out), "\0\0", 2), 0);
		CHECK_STR(out, "");
	}
	return unit_failures ? 1 : 0;
}

int main(void)
{
	pid_t pid = fork();
	int status = 0, rc;

	if (pid == 0)
		_exit(run_locale("C.UTF-8"));
	rc = run_locale("C");
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "the C.UTF-8 half failed\n");
		unit_failures++;
	}
	(void)rc;
	return unit_done("test_escape");
}
