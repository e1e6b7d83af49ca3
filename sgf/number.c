/*
 * number.c - numbers read from records and written back: SGF's Real
 * (KM, and the numbers of the other formats), the same with a decimal
 * comma, a number inside text (results and komi in words), komi written
 * as text, and a number written as the shortest SGF text.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_internal.h"
#include "formats.h"
#include "internal.h"

int
sgf_real(const char *s, double *v)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return -1;
	/* The usual "6.5", "-0.5" or "375", exactly as strtod reads it: an
	 * integer of at most 15 digits divided by a power of ten up to 1e8
	 * is one correctly rounded division of two exact doubles. */
	{
		const char *q = s + (*s == '-' || *s == '+');
		uint64_t m = 0;
		int nd = 0, nf = -1;
		static const double p10[] = {1,	  1e1, 1e2, 1e3, 1e4,
					     1e5, 1e6, 1e7, 1e8};
		for (; nd < 16; q++) {
			if (*q >= '0' && *q <= '9') {
				m = m * 10 + (uint64_t)(*q - '0');
				nd++;
				if (nf >= 0)
					nf++;
			} else if (*q == '.' && nf < 0) {
				nf = 0;
			} else {
				break;
			}
		}
		if (nd > 0 && nd <= 15 && nf != 0 && nf <= 8 && !*q) {
			double d = (double)m / p10[nf < 0 ? 0 : nf];
			*v = *s == '-' ? -d : d;
			return fabs(*v) > 1e6 ? -1 : 0;
		}
	}
	/* Longer spellings ("7.500000000000000") go to strtod, but only
	 * SGF's Real: strtod would also take "0x10", "1e1", "inf" or
	 * "nan", which no record means as a number. */
	for (const char *q = s + (*s == '-' || *s == '+'); *q; q++)
		if (!isdigit((unsigned char)*q) && *q != '.' &&
		    !isspace((unsigned char)*q))
			return -1;
	*v = strtod(s, &end);
	while (isspace((unsigned char)*end))
		end++;
	return *end || !isfinite(*v) || fabs(*v) > 1e6 ? -1 : 0;
}

int
sgf_real_comma(const char *s, double *v, bool *comma)
{
	const char *c = strchr(s, ',');
	char buf[64];
	size_t n = strlen(s);

	*comma = false;
	if (sgf_real(s, v) == 0)
		return 0;
	/* one comma between digits, and no point */
	if (!c || strchr(c + 1, ',') || strchr(s, '.') || n >= sizeof(buf) ||
	    c == s || !isdigit((unsigned char)c[-1]) ||
	    !isdigit((unsigned char)c[1]))
		return -1;
	memcpy(buf, s, n + 1);
	buf[c - s] = '.';
	if (sgf_real(buf, v) < 0)
		return -1;
	*comma = true;
	return 0;
}

const char *
sgf_decimal(const char *p, double *v)
{
	const char *q = p;
	char buf[32];

	if (!isdigit((unsigned char)*p))
		return NULL;
	q += strspn(q, "0123456789");
	if (*q == '.' && isdigit((unsigned char)q[1]))
		q += 1 + strspn(q + 1, "0123456789");
	/* "1e999", "0x10", "2.5.1": not a number anyone wrote in a result */
	if ((size_t)(q - p) >= sizeof(buf) || isalnum((unsigned char)*q) ||
	    (*q == '.' && isdigit((unsigned char)q[1])))
		return NULL;
	memcpy(buf, p, (size_t)(q - p));
	buf[q - p] = 0;
	*v = strtod(buf, NULL);
	return *v > 1e6 ? NULL : q;
}

int
sgf_komi_text(const char *s, double *komi)
{
	const char *p, *end;
	double v;

	for (p = s; *p && !isdigit((unsigned char)*p); p++)
		;
	if (!*p) {
		if (strstr(s, "半目") || strstr(s, "반집")) {
			*komi = 0.5;
			return 0;
		}
		return -1;
	}
	if (!(end = sgf_decimal(p, &v)))
		return -1;
	if (!strncmp(end, "目半", strlen("目半")) ||
	    !strncmp(end, "집반", strlen("집반")) ||
	    !strncmp(end, "집 반", strlen("집 반")) ||
	    !strncmp(end, "半", strlen("半")))
		v += 0.5;
	/* "-5.5" or "白..." (White gives) would be reverse komi */
	if (p > s && p[-1] == '-')
		v = -v;
	*komi = v;
	return 0;
}

void
fmt_number(double v, char *out, size_t n)
{
	char *p;

	snprintf(out, n, "%.2f", v);
	p = strchr(out, '.');
	if (p) {
		char *e = out + strlen(out) - 1;
		while (e > p && *e == '0')
			*e-- = 0;
		if (e == p)
			*e = 0;
	}
	if (!strcmp(out, "-0"))
		snprintf(out, n, "0");
}
