/*
 * unit.h - a minimal unit test harness.
 *
 * A test file defines functions named as sentences and lists them in
 * main() with RUN(name).  CHECK(cond) records a failure with file and
 * line and goes on; the binary prints "N passed, N failed" and exits 1
 * if anything failed.  Tests may #include a module's .c to reach its
 * static functions (as cJSON's tests do).
 */
#ifndef UNIT_H
#define UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int unit_failed_checks, unit_passed, unit_failed;
static const char *unit_current;

#define CHECK(cond)                                                            \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: %s: check failed: %s\n",       \
				__FILE__, __LINE__, unit_current, #cond);      \
			unit_failed_checks++;                                  \
		}                                                              \
	} while (0)

#define CHECK_STR(a, b)                                                        \
	do {                                                                   \
		const char *a_ = (a), *b_ = (b);                               \
		if (!a_ || !b_ || strcmp(a_, b_)) {                            \
			fprintf(stderr, "%s:%d: %s: \"%s\" != \"%s\"\n",       \
				__FILE__, __LINE__, unit_current,              \
				a_ ? a_ : "(null)", b_ ? b_ : "(null)");       \
			unit_failed_checks++;                                  \
		}                                                              \
	} while (0)

#define CHECK_INT(a, b)                                                        \
	do {                                                                   \
		long long a_ = (long long)(a), b_ = (long long)(b);            \
		if (a_ != b_) {                                                \
			fprintf(stderr, "%s:%d: %s: %s = %lld, want %lld\n",   \
				__FILE__, __LINE__, unit_current, #a, a_, b_); \
			unit_failed_checks++;                                  \
		}                                                              \
	} while (0)

#define RUN(fn)                                                                \
	do {                                                                   \
		int before_ = unit_failed_checks;                              \
		unit_current = #fn;                                            \
		fn();                                                          \
		if (unit_failed_checks == before_)                             \
			unit_passed++;                                         \
		else                                                           \
			unit_failed++;                                         \
	} while (0)

#define UNIT_DONE()                                                            \
	(printf("%d passed, %d failed\n", unit_passed, unit_failed),           \
	 unit_failed ? 1 : 0)

/* Read a whole file (tests only); NULL on failure. */
static inline char *
unit_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, r;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - n < 4096) {
			char *nb = realloc(buf, cap = cap ? cap * 2 : 65536);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		r = fread(buf + n, 1, cap - n - 1, f);
		if (r == 0)
			break;
		n += r;
	}
	fclose(f);
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

#endif
