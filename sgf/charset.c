/*
 * charset.c - which charset a game is in, and decoding it to UTF-8.
 *
 * Order of evidence: a BOM, then CA[] in the root node, then a guess.
 * A declared charset is trusted when the text decodes cleanly in it;
 * otherwise (or without CA) valid UTF-8 wins, then the East-Asian
 * charset whose decoding looks most like real text (by the share of
 * common characters of its language), then ISO-8859-1, SGF's default.
 * The other record formats (GIB, NGF, UGF, GTP) declare no charset:
 * sgf_decode_text() decodes them, from valid UTF-8 or their servers'
 * three East-Asian charsets.
 */
#include <errno.h>
#include <iconv.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "formats.h"
#include "internal.h"

/* ------------------------------------------------------------------
 * Names.
 */
struct csname {
	const char *alias; /* upper case, without '-', '_', ' ' */
	const char *name;  /* canonical, reported */
};

static const struct csname aliases[] = {
    {"UTF8", "UTF-8"},
    {"USASCII", "UTF-8"},
    {"ASCII", "UTF-8"},
    {"UTF16", "UTF-16"},
    {"UTF16LE", "UTF-16LE"},
    {"UTF16BE", "UTF-16BE"},
    {"UCS2", "UTF-16"},
    {"UNICODE", "UTF-16"},
    {"GB2312", "GB2312"},
    {"EUCCN", "GB2312"},
    {"GBK", "GBK"},
    {"CP936", "GBK"},
    {"GB18030", "GB18030"},
    {"BIG5", "Big5"},
    {"BIG5HKSCS", "Big5-HKSCS"},
    {"CP950", "Big5"},
    {"SHIFTJIS", "Shift_JIS"},
    {"SJIS", "Shift_JIS"},
    {"MSKANJI", "Shift_JIS"},
    {"CP932", "Shift_JIS"},
    {"WINDOWS31J", "Shift_JIS"},
    {"EUCJP", "EUC-JP"},
    {"ISO2022JP", "ISO-2022-JP"},
    {"EUCKR", "EUC-KR"},
    {"CP949", "EUC-KR"},
    {"UHC", "EUC-KR"},
    {"KSC5601", "EUC-KR"},
    {"KSC56011987", "EUC-KR"},
    {"LATIN1", "ISO-8859-1"},
    {"ISO88591", "ISO-8859-1"},
    {"ISO885915", "ISO-8859-15"},
    {"CP1252", "WINDOWS-1252"},
    {"WINDOWS1252", "WINDOWS-1252"},
};

/* The iconv name that decodes a canonical name best: supersets that
 * real files use under the narrower label. */
static const char *
iconv_name(const char *cs)
{
	if (!strcmp(cs, "GB2312") || !strcmp(cs, "GBK"))
		return "GB18030";
	if (!strcmp(cs, "Big5"))
		return "BIG5-HKSCS";
	if (!strcmp(cs, "Shift_JIS"))
		return "CP932";
	if (!strcmp(cs, "EUC-KR"))
		return "CP949";
	if (!strcmp(cs, "ISO-2022-JP"))
		return "ISO-2022-JP-2";
	return cs;
}

/* Names seen in input that are not in the table but known to iconv are
 * interned here (bounded), so they can be returned as static strings. */
static pthread_mutex_t intern_lock = PTHREAD_MUTEX_INITIALIZER;
static char interned[32][40];
static unsigned ninterned;

static const char *
intern(const char *s)
{
	const char *r = NULL;
	unsigned i;

	pthread_mutex_lock(&intern_lock);
	for (i = 0; i < ninterned; i++)
		if (!strcmp(interned[i], s)) {
			r = interned[i];
			break;
		}
	if (!r && ninterned < 32) {
		snprintf(interned[ninterned], sizeof(interned[0]), "%s", s);
		r = interned[ninterned++];
	}
	pthread_mutex_unlock(&intern_lock);
	return r;
}

/* Canonical name of a CA value, or NULL if neither we nor iconv know it. */
static const char *
canon_charset(const char *v, size_t len)
{
	char key[40], up[40];
	size_t i, k = 0, u = 0;
	iconv_t cd;

	if (len >= sizeof(key))
		return NULL;
	for (i = 0; i < len; i++) {
		char c = v[i];
		if (c >= 'a' && c <= 'z')
			c = (char)(c - 'a' + 'A');
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			continue;
		if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f)
			return NULL;
		up[u++] = c;
		if (c != '-' && c != '_')
			key[k++] = c;
	}
	key[k] = up[u] = 0;
	if (!k)
		return NULL;
	for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (!strcmp(aliases[i].alias, key))
			return aliases[i].name;
	cd = iconv_open("UTF-8", up);
	if (cd == (iconv_t)-1)
		return NULL;
	iconv_close(cd);
	return intern(up);
}

int
sgf_charset_is_utf8(const char *cs)
{
	return cs && !strcmp(cs, "UTF-8");
}

enum cs_kind
sgf_charset_kind(const char *cs)
{
	/* UTF-8, by far the most common, in one comparison */
	if (!cs || (cs[0] == 'U' && !strcmp(cs, "UTF-8")))
		return CS_ASCII_SAFE;
	if (!strcmp(cs, "Shift_JIS") || !strcmp(cs, "Big5") ||
	    !strcmp(cs, "Big5-HKSCS") || !strcmp(cs, "GBK") ||
	    !strcmp(cs, "GB2312") || !strcmp(cs, "GB18030"))
		return CS_DBCS_LOW_TRAIL;
	if (!strncmp(cs, "ISO-2022", 8))
		return CS_ISO2022;
	if (!strncmp(cs, "UTF-16", 6))
		return CS_UTF16;
	return CS_ASCII_SAFE;
}

int
sgf_charset_is_lead(const char *cs, unsigned char c)
{
	if (cs[0] == 'S') /* Shift_JIS */
		return (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC);
	return c >= 0x81 && c <= 0xFE;
}

/* ------------------------------------------------------------------
 * UTF-8 validation and decoding.
 */
size_t
sgf_utf8_valid(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned char c = s[i];
		if (c < 0x80) {
			/* records are mostly ASCII (moves) around a few
			 * names: skip it a word at a time */
			uint64_t w;
			i++;
			while (i + 8 <= len) {
				memcpy(&w, s + i, 8);
				if (w & 0x8080808080808080u)
					break;
				i += 8;
			}
			continue;
		}
		if (c >= 0xC2 && c <= 0xDF) {
			if (i + 1 >= len || (s[i + 1] & 0xC0) != 0x80)
				return i;
			i += 2;
		} else if (c >= 0xE0 && c <= 0xEF) {
			if (i + 2 >= len || (s[i + 1] & 0xC0) != 0x80 ||
			    (s[i + 2] & 0xC0) != 0x80)
				return i;
			if (c == 0xE0 && s[i + 1] < 0xA0)
				return i;
			if (c == 0xED && s[i + 1] >= 0xA0)
				return i;
			i += 3;
		} else if (c >= 0xF0 && c <= 0xF4) {
			if (i + 3 >= len || (s[i + 1] & 0xC0) != 0x80 ||
			    (s[i + 2] & 0xC0) != 0x80 ||
			    (s[i + 3] & 0xC0) != 0x80)
				return i;
			if (c == 0xF0 && s[i + 1] < 0x90)
				return i;
			if (c == 0xF4 && s[i + 1] >= 0x90)
				return i;
			i += 4;
		} else {
			return i;
		}
	}
	return len;
}

size_t
sgf_utf8_char_len(const char *s, size_t n)
{
	unsigned char c = (unsigned char)s[0];
	size_t k = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;

	return n && k <= n && sgf_utf8_valid((const unsigned char *)s, k) == k
		   ? k
		   : 0;
}

/* Length of the maximal subpart of an ill-formed sequence at s[0]: a
 * truncated but otherwise valid prefix counts as one bad character, as
 * Unicode recommends (and as most decoders do). */
static size_t
bad_len(const unsigned char *s, size_t len)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xBF;
	size_t need, k;

	if (c >= 0xC2 && c <= 0xDF)
		need = 1;
	else if (c >= 0xE0 && c <= 0xEF)
		need = 2;
	else if (c >= 0xF0 && c <= 0xF4)
		need = 3;
	else
		return 1;
	if (c == 0xE0)
		lo = 0xA0;
	else if (c == 0xED)
		hi = 0x9F;
	else if (c == 0xF0)
		lo = 0x90;
	else if (c == 0xF4)
		hi = 0x8F;
	for (k = 1; k <= need && k < len; k++) {
		if (s[k] < lo || s[k] > hi)
			break;
		lo = 0x80;
		hi = 0xBF;
	}
	return k;
}

/* Copy valid UTF-8, replacing each ill-formed sequence by U+FFFD. */
static char *
utf8_repair(const char *in, size_t len, size_t *outlen, size_t *nbad)
{
	const unsigned char *s = (const unsigned char *)in;
	char *out = malloc(len * 3 + 1), *w = out;
	size_t i = 0;

	*nbad = 0;
	if (!out)
		return NULL;
	while (i < len) {
		size_t ok = sgf_utf8_valid(s + i, len - i);
		memcpy(w, s + i, ok);
		w += ok;
		i += ok;
		if (i < len) {
			memcpy(w, "\xEF\xBF\xBD", 3);
			w += 3;
			i += bad_len(s + i, len - i);
			(*nbad)++;
		}
	}
	*w = 0;
	*outlen = (size_t)(w - out);
	return out;
}

/* Mostly UTF-8: valid multi-byte characters outnumber the bad spots
 * (a record truncated inside a character, a stray Latin-1 byte). */
static int
mostly_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0, good = 0, bad = 0;

	while (i < len) {
		size_t ok = sgf_utf8_valid(s + i, len - i), j;
		for (j = i; j < i + ok; j++)
			good += s[j] >= 0xC0;
		i += ok;
		if (i < len) {
			bad++;
			i += bad_len(s + i, len - i);
		}
	}
	return good >= 4 * bad && good > 0;
}

/* iconv_open() is slow (it loads a module): keep a few converters per
 * thread, closed by a key destructor when the thread ends. */
#define ICONV_CACHE 8
struct icache {
	const char *name[ICONV_CACHE]; /* static or interned strings */
	iconv_t cd[ICONV_CACHE];
	unsigned n, next;
};
static _Thread_local struct icache icache;
static pthread_key_t icache_key;
static pthread_once_t icache_once = PTHREAD_ONCE_INIT;

static void
icache_destroy(void *arg)
{
	struct icache *c = arg;
	unsigned i;

	for (i = 0; i < c->n; i++)
		iconv_close(c->cd[i]);
	c->n = 0;
}

static void
icache_init(void)
{
	(void)pthread_key_create(&icache_key, icache_destroy);
}

static iconv_t
icache_get(const char *from)
{
	struct icache *c = &icache;
	unsigned i;
	iconv_t cd;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->name[i], from)) {
			iconv(c->cd[i], NULL, NULL, NULL, NULL);
			return c->cd[i];
		}
	cd = iconv_open("UTF-8", from);
	if (cd == (iconv_t)-1)
		return cd;
	if (c->n == 0) {
		pthread_once(&icache_once, icache_init);
		pthread_setspecific(icache_key, c);
	}
	if (c->n < ICONV_CACHE) {
		i = c->n++;
	} else {
		i = c->next++ % ICONV_CACHE;
		iconv_close(c->cd[i]);
	}
	c->name[i] = from;
	c->cd[i] = cd;
	return cd;
}

char *
sgf_charset_to_utf8(const char *cs, const char *in, size_t len, size_t *outlen,
		    size_t *nbad)
{
	iconv_t cd;
	size_t cap = len * 2 + 16, used = 0;
	char *out, *ip = (char *)in;
	size_t il = len;
	const char *from = iconv_name(cs);

	*nbad = 0;
	if (sgf_charset_is_utf8(cs))
		return utf8_repair(in, len, outlen, nbad);
	cd = icache_get(from);
	if (cd == (iconv_t)-1) {
		*nbad = (size_t)-1;
		return NULL;
	}
	out = malloc(cap + 1);
	if (!out)
		return NULL;
	while (il > 0) {
		char *op = out + used;
		size_t ol = cap - used;
		size_t r = iconv(cd, &ip, &il, &op, &ol);

		used = (size_t)(op - out);
		if (r != (size_t)-1)
			break;
		if (errno == E2BIG || cap - used < 8) {
			char *n;
			if (cap > ((size_t)1 << 40))
				break;
			n = realloc(out, cap * 2 + 1);
			if (!n) {
				free(out);
				return NULL;
			}
			out = n;
			cap *= 2;
			if (errno == E2BIG)
				continue;
		}
		/* EILSEQ, or EINVAL (truncated sequence at the end) */
		memcpy(out + used, "\xEF\xBF\xBD", 3);
		used += 3;
		ip++;
		il--;
		(*nbad)++;
		iconv(cd, NULL, NULL, NULL, NULL);
	}
	{
		/* flush a stateful decoder (ISO-2022) */
		char *op = out + used;
		size_t ol = cap - used;
		iconv(cd, NULL, NULL, &op, &ol);
		used = (size_t)(op - out);
	}
	out[used] = 0;
	/* glibc's UCS-4 decoder passes code points up to 0x7FFFFFFF, and
	 * its UTF-8 encoder writes those past U+10FFFF as 4- to 6-byte
	 * sequences that are not UTF-8: every value we hand on must be,
	 * so such a character is U+FFFD like any other bad input. */
	if (sgf_utf8_valid((const unsigned char *)out, used) != used) {
		size_t more;
		char *fixed = utf8_repair(out, used, outlen, &more);

		free(out);
		*nbad += more;
		return fixed;
	}
	*outlen = used;
	return out;
}

/* ------------------------------------------------------------------
 * Guessing.
 */

/* Common characters of each language (general text and Go records):
 * a decoding in the right charset is full of them, a decoding in the
 * wrong one almost never. */
static const char common_zh[] =
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就"
    "那要下以生会自着去之过家学对可里后小么心多天而能好都然没日于起还发"
    "成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两"
    "长黑白胜负局棋目段盘半先后手围赛杯届第冠军九八七六五四二王李张刘陈"
    "杨赵黄周吴徐孙马朱胡林郭何高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于"
    "蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦傅方白邹孟熊"
    "秦邱江尹薛闫段雷侯龙史黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常古聂"
    "勝負盤賽屆圍軍國說們這個來對時過學會後還發開見經長門問題點區劉陳楊"
    "趙黃吳孫鄭羅謝許韓馮鄧蕭葉蘇呂盧鍾譚陸賈韋鄒龔錢嚴聶讓棋聖名人天元"
    "碁戰段級冠亞季賽事選手局目子中押黑白勝";
static const char common_ja[] =
    "のにはをたがでてとしれさあるいうかなもこりまからすっくよだんおせき"
    "けそつどえひみわゆやらへねめむほじずぜぞばびぶべぼぱぴぷぺぽゃゅょ"
    "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミム"
    "メモヤユヨラリルレロワヲンガギグゲゴザジズゼゾダヂヅデドバビブベボ"
    "パピプペポャュョッー黒白勝負目中押半局碁戦名人本因坊棋聖王座天元十"
    "段期第回大会日本院社杯戦決勝準選手対年月日時分秒田中山川本村井藤原"
    "小林高橋佐木松井石加藤吉野清水";
static const char common_ko[] =
    "이다는의에가을하고지기한로서사어리수도나자대시으정일인여아전상주국"
    "보게부해요신문성구장제만원들면우것흑백승패집단계불반호김박최조강윤"
    "장임한오서신권황안송류홍전고문양손배백허유남심노하곽성차주우구민진"
    "나지엄채원천방공현함변염양여추도소석선설마길연위표명기반왕금옥육인"
    "맹제모탁국은을를와과에서으로부터까지도만";

struct cpset {
	uint32_t *v;
	size_t n;
};
static struct cpset set_zh, set_ja, set_ko;
static pthread_once_t sets_once = PTHREAD_ONCE_INIT;

/* Next code point of valid UTF-8 at *p. */
static uint32_t
utf8_next(const unsigned char **p, const unsigned char *end)
{
	const unsigned char *s = *p;
	uint32_t c = *s;

	if (c < 0x80) {
		*p = s + 1;
		return c;
	}
	if (c < 0xE0 && s + 1 < end) {
		*p = s + 2;
		return ((c & 0x1F) << 6) | (s[1] & 0x3F);
	}
	if (c < 0xF0 && s + 2 < end) {
		*p = s + 3;
		return ((c & 0x0F) << 12) | ((s[1] & 0x3F) << 6) |
		       (s[2] & 0x3F);
	}
	if (s + 3 < end) {
		*p = s + 4;
		return ((c & 0x07) << 18) | ((s[1] & 0x3F) << 12) |
		       ((s[2] & 0x3F) << 6) | (s[3] & 0x3F);
	}
	*p = end;
	return 0xFFFD;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static void
set_build(struct cpset *s, const char *str)
{
	const unsigned char *p = (const unsigned char *)str,
			    *end = p + strlen(str);
	size_t n = 0;

	s->v = malloc(strlen(str) * sizeof(uint32_t));
	if (!s->v)
		return;
	while (p < end)
		s->v[n++] = utf8_next(&p, end);
	qsort(s->v, n, sizeof(uint32_t), cmp_u32);
	s->n = n;
}

static void
sets_build(void)
{
	set_build(&set_zh, common_zh);
	set_build(&set_ja, common_ja);
	set_build(&set_ko, common_ko);
}

static int
set_has(const struct cpset *s, uint32_t c)
{
	return s->v && bsearch(&c, s->v, s->n, sizeof(c), cmp_u32) != NULL;
}

/* Score a UTF-8 decoding for a language: per mille of non-ASCII
 * characters that are common in it; halfwidth katakana and replacement
 * characters count against. */
static long
score(const char *u, size_t len, const struct cpset *set)
{
	const unsigned char *p = (const unsigned char *)u, *end = p + len;
	long good = 0, total = 0;

	while (p < end) {
		uint32_t c = utf8_next(&p, end);
		if (c < 0x80)
			continue;
		total++;
		if (set_has(set, c))
			good += 2;
		else if (c >= 0xFF61 && c <= 0xFF9F)
			good -= 2; /* halfwidth katakana: EUC read as SJIS */
		else if (c == 0xFFFD || (c >= 0xE000 && c <= 0xF8FF))
			good -= 4;
	}
	if (!total)
		return 0;
	return good * 1000 / total;
}

struct cand {
	const char *name;
	const struct cpset *set;
};

/* The most plausible East-Asian decoding of data, or NULL when none
 * looks like text. */
static const char *
guess(const char *data, size_t len)
{
	static const struct cand cands[] = {
	    {"GB18030", &set_zh}, {"EUC-KR", &set_ko}, {"Shift_JIS", &set_ja},
	    {"Big5", &set_zh},	  {"EUC-JP", &set_ja},
	};
	const char *best = NULL;
	long best_score = 0;
	size_t i, outlen, nbad;

	pthread_once(&sets_once, sets_build);
	for (i = 0; i < sizeof(cands) / sizeof(cands[0]); i++) {
		char *u = sgf_charset_to_utf8(cands[i].name, data, len, &outlen,
					      &nbad);
		long s;
		if (!u)
			continue;
		s = nbad ? -1 : score(u, outlen, cands[i].set);
		free(u);
		if (s > best_score) {
			best_score = s;
			best = cands[i].name;
		}
	}
	return best;
}

/* The CA value in the root node: scan the first node for an identifier
 * "CA" followed by a value.  `esc` says whether '\\' escapes (it may be a
 * trail byte in a charset we do not know yet, so we try both). */
static const char *
find_ca(const char *data, size_t len, int esc, size_t *vlen)
{
	const unsigned char *s = (const unsigned char *)data;
	size_t i = 0, lim = len < ((size_t)1 << 20) ? len : ((size_t)1 << 20);
	int nodes = 0;

	while (i < lim) {
		unsigned char c = s[i];
		if (c == '[') {
			for (i++; i < lim && s[i] != ']'; i++)
				if (esc && s[i] == '\\')
					i++;
			i++;
		} else if (c == ';') {
			if (++nodes > 1)
				return NULL;
			i++;
		} else if (c == ')' || (c == '(' && nodes)) {
			return NULL;
		} else if (is_upper(c)) {
			size_t st = i;
			while (i < lim && is_letter(s[i]))
				i++;
			if (i - st == 2 && s[st] == 'C' && s[st + 1] == 'A') {
				size_t j = i, k;
				while (j < lim && is_ws(s[j]))
					j++;
				if (j < lim && s[j] == '[') {
					for (k = j + 1; k < lim && s[k] != ']';
					     k++)
						;
					*vlen = k - j - 1;
					return data + j + 1;
				}
			}
		} else {
			i++;
		}
	}
	return NULL;
}

static int
looks_utf16(const unsigned char *s, size_t len, int *be)
{
	size_t i, z_even = 0, z_odd = 0, n = len < 512 ? len : 512;

	if (n < 4)
		return 0;
	for (i = 0; i + 1 < n; i += 2) {
		z_even += s[i] == 0;
		z_odd += s[i + 1] == 0;
	}
	if (z_odd > n / 4 && z_even == 0) {
		*be = 0;
		return 1;
	}
	if (z_even > n / 4 && z_odd == 0) {
		*be = 1;
		return 1;
	}
	return 0;
}

static int
has_high(const unsigned char *s, size_t len)
{
	unsigned char o = 0;
	size_t i;

	for (i = 0; i < len; i++)
		o |= s[i];
	return (o & 0x80) != 0;
}

/* Does the text decode in cs without a bad sequence? */
static int
decodes_clean(const char *cs, const char *data, size_t len)
{
	size_t outlen, nbad;
	char *u = sgf_charset_to_utf8(cs, data, len, &outlen, &nbad);

	free(u);
	return u && nbad == 0;
}

const char *
sgf_charset_detect(const char *data, size_t len, struct cs_info *info)
{
	const unsigned char *s = (const unsigned char *)data;
	const char *ca, *cs = NULL, *g;
	size_t vlen = 0;
	int be;

	memset(info, 0, sizeof(*info));
	if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
		return "UTF-8";
	if (len >= 2 && s[0] == 0xFF && s[1] == 0xFE)
		return "UTF-16LE";
	if (len >= 2 && s[0] == 0xFE && s[1] == 0xFF)
		return "UTF-16BE";
	if (len >= 2 && (!s[0] || !s[1]) && looks_utf16(s, len, &be))
		return be ? "UTF-16BE" : "UTF-16LE";
	ca = find_ca(data, len, 1, &vlen);
	if (!ca)
		ca = find_ca(data, len, 0, &vlen);
	if (ca) {
		snprintf(info->declared, sizeof(info->declared), "%.*s",
			 (int)(vlen < 40 ? vlen : 40), ca);
		cs = canon_charset(ca, vlen);
		if (!cs)
			info->how = CS_UNKNOWN_DECLARED;
	}
	if (!has_high(s, len)) {
		/* 7-bit text: only ISO-2022 needs decoding */
		if (cs && sgf_charset_kind(cs) == CS_ISO2022)
			return cs;
		/* guessed only without CA: a declared charset (our own
		 * CA[UTF-8] output) keeps escape bytes as text */
		if (!cs && memchr(data, 0x1B, len) &&
		    decodes_clean("ISO-2022-JP", data, len)) {
			info->how = CS_GUESSED;
			return "ISO-2022-JP";
		}
		return cs && sgf_charset_kind(cs) == CS_UTF16 ? cs : "UTF-8";
	}
	if (cs && sgf_charset_kind(cs) == CS_UTF16)
		return cs;
	if (cs && !sgf_charset_is_utf8(cs)) {
		int single = !strncmp(cs, "ISO-8859", 8) ||
			     !strncmp(cs, "WINDOWS-125", 11);
		/* a single-byte label on valid UTF-8 is a wrong label */
		if (single && sgf_utf8_valid(s, len) == len) {
			info->how = CS_WRONG_DECLARED;
			return "UTF-8";
		}
		if (single || decodes_clean(cs, data, len))
			return cs;
	}
	if (sgf_utf8_valid(s, len) == len) {
		if (cs && !sgf_charset_is_utf8(cs))
			info->how = CS_WRONG_DECLARED;
		return "UTF-8";
	}
	if (mostly_utf8(s, len)) {
		if (cs && !sgf_charset_is_utf8(cs))
			info->how = CS_WRONG_DECLARED;
		return "UTF-8";
	}
	g = guess(data, len);
	if (cs && (!g || !strcmp(g, cs)))
		return cs; /* declared, decodes with errors, nothing better */
	info->how =
	    cs ? CS_WRONG_DECLARED : (info->how ? info->how : CS_GUESSED);
	return g ? g : "ISO-8859-1";
}

/* ------------------------------------------------------------------
 * Text of the other record formats (GIB, NGF, UGF, GTP), which declare
 * no charset: valid UTF-8, else the East-Asian charset the bytes look
 * like.  A cheaper guess than guess() above: these files are whole
 * games in one of three charsets, and each candidate is tried in turn
 * when the first does not decode cleanly.
 */

/* Convert with the sgf module's iconv wrapper; strict: fail when a byte
 * is invalid; lossy: keep the U+FFFD it puts there.  Returns malloc'd
 * text or NULL. */
static char *
convert(const char *buf, size_t len, const char *cs, bool lossy, size_t *outlen,
	bool *replaced)
{
	size_t nbad = 0;
	char *out = sgf_charset_to_utf8(cs, buf, len, outlen, &nbad);

	if (!out)
		return NULL;
	if (nbad && !lossy) {
		free(out);
		return NULL;
	}
	if (nbad && replaced)
		*replaced = true;
	return out;
}

/* Guess among the East Asian double-byte charsets from byte patterns.
 * Shift_JIS uses lead bytes 0x81-0x9f and trail bytes below 0xa1;
 * EUC-KR text is mostly Hangul (lead 0xb0-0xc8) while Chinese text in
 * GB2312 has many characters with lead bytes 0xc9-0xf7 (there Korean
 * would have rare Hanja). */
static const char *
guess_cjk(const unsigned char *s, size_t len)
{
	size_t sjis = 0, pairs = 0, high = 0;

	for (size_t i = 0; i + 1 < len; i++) {
		unsigned a = s[i], b = s[i + 1];

		if (a < 0x80)
			continue;
		if (((a >= 0x81 && a <= 0x9f) || (a >= 0xe0 && a <= 0xef)) &&
		    b >= 0x40 && b <= 0xa0 && b != 0x7f)
			sjis++;
		if (a >= 0xa1 && a <= 0xfe && b >= 0xa1 && b <= 0xfe) {
			pairs++;
			if (a >= 0xc9 && a <= 0xf7)
				high++;
		}
		i++;
	}
	if (sjis > pairs / 4 && sjis > 0)
		return "CP932";
	if (pairs > 0 && high * 10 > pairs)
		return "GB18030";
	return "CP949";
}

char *
sgf_decode_text(const char *buf, size_t len, const char *hint, size_t *outlen,
		const char **charset, bool *lossy)
{
	static const char *const all[] = {"CP949", "GB18030", "CP932"};
	const char *first;
	char *out;

	*lossy = false;
	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) {
		buf += 3;
		len -= 3;
	}
	if (sgf_utf8_valid((const unsigned char *)buf, len) == len) {
		out = malloc(len + 1);
		if (!out)
			return NULL;
		memcpy(out, buf, len);
		out[len] = 0;
		*outlen = len;
		*charset = "UTF-8";
		return out;
	}
	first = hint ? hint : guess_cjk((const unsigned char *)buf, len);
	out = convert(buf, len, first, false, outlen, NULL);
	if (out) {
		*charset = first; /* a static string: ours or the caller's */
		return out;
	}
	for (size_t i = 0; i < 3; i++) {
		if (!strcmp(all[i], first))
			continue;
		out = convert(buf, len, all[i], false, outlen, NULL);
		if (out) {
			*charset = all[i];
			return out;
		}
	}
	out = convert(buf, len, "CP949", true, outlen, lossy);
	*charset = "CP949";
	return out;
}
