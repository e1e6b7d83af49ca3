/*
 * rules.c - rule set presets and the RU[] spellings found in real files
 * (../shared/docs/RULESETS.md sections 1, 4 and 5).
 *
 * Judgement calls, recorded here and in the man page:
 *   - "chinese" uses positional superko, as the Chinese rule text, KGS
 *     and OGS do (KataGo's "chinese" uses simple ko; --ko simple gives
 *     that reading).
 *   - "aga" uses situational superko (AGA), "bga"/"french" natural
 *     situational superko plus a basic ko rule (BGA 2009).
 *   - No rule set allows the suicide of a lone stone (KataGo, Ing);
 *     "nz", "ing" and "tromp-taylor" allow multi-stone suicide.
 *   - "ing" is approximated by positional superko, as KataGo and OGS do.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules.h"

static const struct rules presets[] = {
    {RULES_JAPANESE, "japanese", RULES_KO_SIMPLE, false, RULES_TERRITORY, false,
     RULES_HB_NONE, true, 6.5},
    {RULES_KOREAN, "korean", RULES_KO_SIMPLE, false, RULES_TERRITORY, false,
     RULES_HB_NONE, true, 6.5},
    {RULES_CHINESE, "chinese", RULES_KO_POSITIONAL, false, RULES_AREA, true,
     RULES_HB_N, false, 7.5},
    {RULES_AGA, "aga", RULES_KO_SITUATIONAL, false, RULES_AREA, true,
     RULES_HB_N_MINUS_1, false, 7.5},
    {RULES_BGA, "bga", RULES_KO_NATURAL, false, RULES_AREA, true,
     RULES_HB_N_MINUS_1, false, 7.5},
    {RULES_NZ, "nz", RULES_KO_SITUATIONAL, true, RULES_AREA, true,
     RULES_HB_NONE, false, 7.0},
    {RULES_ING, "ing", RULES_KO_POSITIONAL, true, RULES_AREA, true,
     RULES_HB_NONE, false, 8.0},
    {RULES_TROMP_TAYLOR, "tromp-taylor", RULES_KO_POSITIONAL, true, RULES_AREA,
     true, RULES_HB_NONE, false, 7.5},
};

/* Exact spellings, compared after lower-casing and dropping spaces,
 * '-', '_' and '.' ("New Zealand" -> "newzealand"). */
static const struct {
	const char *spelling;
	enum rules_id id;
} aliases[] = {
    {"japanese", RULES_JAPANESE},
    {"jp", RULES_JAPANESE},
    {"jpn", RULES_JAPANESE},
    {"japan", RULES_JAPANESE},
    {"korean", RULES_KOREAN},
    {"ko", RULES_KOREAN},
    {"kr", RULES_KOREAN},
    {"kor", RULES_KOREAN},
    {"korea", RULES_KOREAN},
    {"chinese", RULES_CHINESE},
    {"cn", RULES_CHINESE},
    {"zh", RULES_CHINESE},
    {"chn", RULES_CHINESE},
    {"china", RULES_CHINESE},
    {"chineseogs", RULES_CHINESE},
    {"chinesekgs", RULES_CHINESE},
    {"aga", RULES_AGA},
    {"us", RULES_AGA},
    {"american", RULES_AGA},
    {"bga", RULES_BGA},
    {"french", RULES_BGA},
    {"british", RULES_BGA},
    {"nz", RULES_NZ},
    {"newzealand", RULES_NZ},
    {"goe", RULES_ING},
    {"ing", RULES_ING},
    {"sst", RULES_ING},
    {"ingsst", RULES_ING},
    {"ingsrules", RULES_ING},
    {"trompt", RULES_TROMP_TAYLOR},
    {"tromptaylor", RULES_TROMP_TAYLOR},
    {"tt", RULES_TROMP_TAYLOR},
};

void
rules_default(struct rules *r)
{
	*r = presets[0];
}

const char *
rules_ko_name(enum rules_ko ko)
{
	switch (ko) {
	case RULES_KO_SIMPLE:
		return "simple ko";
	case RULES_KO_POSITIONAL:
		return "positional superko";
	case RULES_KO_SITUATIONAL:
		return "situational superko";
	case RULES_KO_NATURAL:
		return "natural situational superko";
	}
	return "?";
}

static int
preset(struct rules *r, enum rules_id id)
{
	size_t i;

	for (i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		if (presets[i].id == id) {
			*r = presets[i];
			return 0;
		}
	rules_default(r);
	return -1;
}

/* Does `s` start with `p` (ASCII, case-insensitive)?  Returns the length
 * of p, or 0. */
static size_t
starts(const char *s, const char *p)
{
	size_t n = strlen(p);

	return strncasecmp(s, p, n) == 0 ? n : 0;
}

/* A komi at s: an optional sign, digits, a point and digits (what
 * KataGo writes; strtod alone would also take "nan", "inf" and "0x10").
 * Returns the end, with *k set, or NULL. */
static const char *
komi_at(const char *s, double *k)
{
	const char *q = s + (*s == '-' || *s == '+');
	char *end;

	if (!isdigit((unsigned char)*q))
		return NULL;
	q += strspn(q, "0123456789");
	if (*q == '.')
		q += 1 + strspn(q + 1, "0123456789");
	*k = strtod(s, &end);
	return end == q && *k >= -1000 && *k <= 1000 ? q : NULL;
}

/* KataGo's compact form, e.g. "koPOSITIONALscoreAREAtaxNONEsui1whbN",
 * with optional "button1", "fpok1", "komi7.5".  Returns 0 or -1. */
static int
parse_compact(struct rules *r, const char *s)
{
	size_t n;
	bool have_ko = false, have_score = false;

	rules_default(r);
	r->id = RULES_CUSTOM;
	r->name = "custom";
	r->long_cycle_void = false;
	while (*s) {
		if ((n = starts(s, "komi"))) {
			double k;
			const char *end = komi_at(s + n, &k);
			if (!end)
				return -1;
			r->komi = k;
			s = end;
		} else if ((n = starts(s, "ko"))) {
			const char *v = s + n;
			if ((n = starts(v, "SIMPLE")))
				r->ko = RULES_KO_SIMPLE;
			else if ((n = starts(v, "POSITIONAL")))
				r->ko = RULES_KO_POSITIONAL;
			else if ((n = starts(v, "SITUATIONAL")))
				r->ko = RULES_KO_SITUATIONAL;
			else
				return -1;
			s = v + n;
			have_ko = true;
		} else if ((n = starts(s, "score"))) {
			const char *v = s + n;
			if ((n = starts(v, "AREA")))
				r->scoring = RULES_AREA;
			else if ((n = starts(v, "TERRITORY")))
				r->scoring = RULES_TERRITORY;
			else
				return -1;
			s = v + n;
			have_score = true;
		} else if ((n = starts(s, "tax"))) {
			const char *v = s + n;
			if ((n = starts(v, "NONE")) || (n = starts(v, "ALL")))
				r->seki_eyes_count = true;
			else if ((n = starts(v, "SEKI")))
				r->seki_eyes_count = false;
			else
				return -1;
			s = v + n;
		} else if ((n = starts(s, "sui"))) {
			if (s[n] != '0' && s[n] != '1')
				return -1;
			r->suicide = s[n] == '1';
			s += n + 1;
		} else if ((n = starts(s, "button")) ||
			   (n = starts(s, "fpok"))) {
			if (s[n] != '0' && s[n] != '1')
				return -1;
			s += n + 1;
		} else if ((n = starts(s, "whb"))) {
			const char *v = s + n;
			if ((n = starts(v, "N-1")))
				r->hbonus = RULES_HB_N_MINUS_1;
			else if ((n = starts(v, "N")))
				r->hbonus = RULES_HB_N;
			else if ((n = starts(v, "0")))
				r->hbonus = RULES_HB_NONE;
			else
				return -1;
			s = v + n;
		} else {
			return -1;
		}
	}
	if (!have_ko || !have_score)
		return -1;
	r->long_cycle_void = r->ko == RULES_KO_SIMPLE;
	return 0;
}

/* KataGo's JSON form: {"ko":"SIMPLE","scoring":"AREA","tax":"NONE",
 * "suicide":true,"whiteHandicapBonus":"N","komi":7.5,...}.  A small
 * key scanner: values are short and the keys known.  Returns 0 or -1. */
static const char *
json_value(const char *s, const char *key)
{
	char pat[40];
	const char *p;

	snprintf(pat, sizeof(pat), "\"%s\"", key);
	p = strstr(s, pat);
	if (!p)
		return NULL;
	p += strlen(pat);
	while (*p == ' ' || *p == '\t' || *p == ':')
		p++;
	if (*p == '"')
		p++;
	return p;
}

static int
parse_json(struct rules *r, const char *s)
{
	const char *v;

	rules_default(r);
	r->id = RULES_CUSTOM;
	r->name = "custom";
	if (!(v = json_value(s, "ko")))
		return -1;
	if (starts(v, "SIMPLE"))
		r->ko = RULES_KO_SIMPLE;
	else if (starts(v, "POSITIONAL"))
		r->ko = RULES_KO_POSITIONAL;
	else if (starts(v, "SITUATIONAL"))
		r->ko = RULES_KO_SITUATIONAL;
	else
		return -1;
	if ((v = json_value(s, "scoring"))) {
		if (starts(v, "AREA"))
			r->scoring = RULES_AREA;
		else if (starts(v, "TERRITORY"))
			r->scoring = RULES_TERRITORY;
		else
			return -1;
	}
	if ((v = json_value(s, "tax")))
		r->seki_eyes_count = !starts(v, "SEKI");
	if ((v = json_value(s, "suicide")))
		r->suicide = starts(v, "true") > 0;
	if ((v = json_value(s, "whiteHandicapBonus")))
		r->hbonus = starts(v, "N-1") ? RULES_HB_N_MINUS_1
			    : starts(v, "N") ? RULES_HB_N
					     : RULES_HB_NONE;
	if ((v = json_value(s, "komi"))) {
		double k;
		if (komi_at(v, &k))
			r->komi = k;
	}
	r->long_cycle_void = r->ko == RULES_KO_SIMPLE;
	return 0;
}

/* Is the ASCII word w present in s as a whole word (letters around it
 * do not count)? */
static bool
has_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = s; (p = strcasestr(p, w)); p++) {
		bool left = p == s || !isalpha((unsigned char)p[-1]);
		bool right = !isalpha((unsigned char)p[n]);
		if (left && right)
			return true;
	}
	return false;
}

int
rules_from_name(struct rules *r, const char *name)
{
	char key[64];
	size_t i, n = 0;
	const char *s;

	rules_default(r);
	if (!name)
		return -1;
	while (isspace((unsigned char)*name))
		name++;
	if (*name == '{')
		return parse_json(r, name) == 0 ? 0 : (rules_default(r), -1);
	/* normalised key */
	for (s = name; *s && n < sizeof(key) - 1; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == ' ' || c == '-' || c == '_' || c == '.' || c == '\t' ||
		    c == '\n' || c == '\r')
			continue;
		key[n++] = (char)tolower(c);
	}
	key[n] = 0;
	if (!*s) {
		for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
			if (strcmp(key, aliases[i].spelling) == 0) {
				preset(r, aliases[i].id);
				return 0;
			}
		if (strcmp(key, "agabutton") == 0) {
			preset(r, RULES_AGA);
			r->komi = 7.0;
			return 0;
		}
		if (strcmp(key, "stonescoring") == 0 ||
		    strcmp(key, "ancientarea") == 0) {
			preset(r, RULES_CHINESE);
			r->id = RULES_CUSTOM;
			r->name = "stone-scoring";
			r->ko = RULES_KO_SIMPLE;
			r->hbonus = RULES_HB_NONE;
			return 0;
		}
		if (strcmp(key, "ancientterritory") == 0) {
			r->id = RULES_CUSTOM;
			r->name = "ancient-territory";
			return 0;
		}
	}
	/* KataGo's compact form */
	if (starts(name, "ko") &&
	    (starts(name + 2, "SIMPLE") || starts(name + 2, "POSITIONAL") ||
	     starts(name + 2, "SITUATIONAL"))) {
		if (parse_compact(r, name) == 0)
			return 0;
		rules_default(r);
		return -1;
	}
	/* free text: keywords, most specific first */
	if (strcasestr(name, "tromp"))
		return preset(r, RULES_TROMP_TAYLOR);
	if (strcasestr(name, "zealand"))
		return preset(r, RULES_NZ);
	if (has_word(name, "ing") || has_word(name, "goe") ||
	    has_word(name, "sst") || strcasestr(name, "ing's") ||
	    strcasestr(name, "應氏") || strcasestr(name, "应氏"))
		return preset(r, RULES_ING);
	if (has_word(name, "bga") || strcasestr(name, "british") ||
	    strcasestr(name, "french"))
		return preset(r, RULES_BGA);
	if (has_word(name, "aga") || strcasestr(name, "american"))
		return preset(r, RULES_AGA);
	if (strcasestr(name, "japan") || strstr(name, "日本") ||
	    strstr(name, "日"))
		return preset(r, RULES_JAPANESE);
	if (strcasestr(name, "korea") || strstr(name, "韓") ||
	    strstr(name, "韩") || strstr(name, "한"))
		return preset(r, RULES_KOREAN);
	if (strcasestr(name, "chin") || strstr(name, "中") ||
	    has_word(name, "zh") || has_word(name, "cn"))
		return preset(r, RULES_CHINESE);
	rules_default(r);
	return -1;
}
