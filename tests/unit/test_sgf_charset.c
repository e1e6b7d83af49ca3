/*
 * test_sgf_charset.c - records in other charsets come out as the right
 * UTF-8.  The expected strings were checked by eye against the sources'
 * descriptions (libsgfcplusplus, Sabaki and SGFC test files).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sgf/internal.h" /* sgf_utf8_valid */
#include "sgf/sgf.h"
#include "unit.h"

static struct sgf_game **
load(const char *name, int *n)
{
	char path[256];
	size_t len;
	char *buf;
	struct sgf_game **v = NULL;

	snprintf(path, sizeof(path), "testdata/sgf/%s", name);
	buf = unit_slurp(path, &len);
	CHECK(buf != NULL);
	if (!buf) {
		*n = 0;
		return NULL;
	}
	*n = sgf_parse_all(buf, len, name, NULL, &v);
	free(buf);
	return v;
}

static void
release(struct sgf_game **v, int n)
{
	while (n > 0)
		sgf_game_free(v[--n]);
	free(v);
}

/* Does any node of g have property id with value want? */
static int
has_value(const struct sgf_game *g, const char *id, const char *want)
{
	const struct sgf_node *n = g->root;

	while (n) {
		const struct sgf_prop *p = sgf_node_prop_id(n, id);
		const struct sgf_value *v;
		for (v = p ? p->values : NULL; v; v = v->next)
			if (!strcmp(v->s, want))
				return 1;
		n = sgf_node_next(n);
	}
	fprintf(stderr, "%s: no %s[%s]\n", g->file, id, want);
	return 0;
}

static void
expect(const char *file, int game, const char *cs, const char *id,
       const char *want)
{
	int n;
	struct sgf_game **v = load(file, &n);

	CHECK(n >= game);
	if (n >= game) {
		CHECK(has_value(v[game - 1], id, want));
		if (cs)
			CHECK_STR(v[game - 1]->charset, cs);
		CHECK_INT(v[game - 1]->nerrors, 0);
	}
	release(v, n);
}

static const char zh_s[] =
    "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其"
    "他地区，然后传到整个世界。";
static const char ja[] =
    "Goは古代のゲームであり、中国での起源を忘れてから、最初"
    "に東アジアの他の地域に広がり、次に全世界に広がりました"
    "。";

static void
declared_east_asian_charsets(void)
{
	expect("encoding-chinese-gb18030.sgf", 1, "GB18030", "C", zh_s);
	expect("encoding-simplifiedchinese-gb2312.sgf", 1, "GB2312", "C", zh_s);
	expect("encoding-traditionalchinese-big5.sgf", 1, "Big5", "C",
	       "圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東"
	       "亞其他地區，然後傳播到整個世界。");
	expect("encoding-japanese-shiftjis.sgf", 1, "Shift_JIS", "C", ja);
	expect("encoding-japanese-iso2022jp.sgf", 1, "ISO-2022-JP", "C", ja);
	expect("encoding-korean-macos.sgf", 1, "EUC-KR", "C",
	       "바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 "
	       "지역으로 퍼진 후 전 세계로 퍼진 고대 게임입니다.");
	expect("korean.sgf", 1, "EUC-KR", "PB", "이세돌");
	expect("korean.sgf", 1, NULL, "C", "바둑 is fun");
	expect("chinese.sgf", 1, "GB2312", "PW", "柯洁");
	expect("japanese.sgf", 1, "Shift_JIS", "PB", "井山 裕太");
	expect("japanese.sgf", 1, NULL, "C", "囲碁 is fun");
}

static void
latin1_and_unicode_encodings(void)
{
	expect("encoding-western-isolatin1.sgf", 1, "ISO-8859-1", "C",
	       "Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû "
	       "ÿ ¿¡ «»");
	expect("encoding-utf16-withbom.sgf", 1, "UTF-16BE", "C",
	       "The comment in the following node is in Cyrillic.");
	expect("encoding-utf16-nobom.sgf", 1, "UTF-16BE", "C",
	       "The comment in the following node is in Cyrillic.");
	expect("utf16le.sgf", 1, "UTF-16LE", "PW", "Go Seigen");
	expect("encoding-utf8-withbom.sgf", 1, "UTF-8", "C",
	       "The comment in the following node is in English.");
}

static void
undeclared_charsets_are_guessed(void)
{
	int n;
	struct sgf_game **v;

	/* Nihon Ki-in: Shift_JIS, no CA, trail bytes 0x5C in names */
	expect("nihon-kiin.sgf", 1, "Shift_JIS", "PB", "申眞ソ");
	expect("nihon-kiin.sgf", 1, NULL, "TE",
	       "第1回ソパルコサノル世界最高棋士決定戦第9戦");
	expect("nihon-kiin.sgf", 1, NULL, "RE", "257手完, 黒中押し勝ち");
	v = load("nihon-kiin.sgf", &n);
	CHECK_INT(n, 1);
	if (n == 1) {
		const struct sgf_diag *d;
		int charset_warned = 0;
		for (d = v[0]->diags; d; d = d->next)
			charset_warned |= d->code == SGF_W_CHARSET;
		CHECK(charset_warned);
		CHECK_INT(v[0]->nnodes, 9);
	}
	release(v, n);
	/* MultiGo, GB2312 without CA */
	v = load("no-ca.sgf", &n);
	CHECK(n >= 1);
	if (n >= 1) {
		CHECK_STR(v[0]->charset, "GB18030");
		CHECK(!strncmp(sgf_root_value(v[0], SGF_P_C), "【第三型】 黑先",
			       strlen("【第三型】 黑先")));
	}
	release(v, n);
}

static void
one_charset_per_game_in_a_collection(void)
{
	int n;
	struct sgf_game **v = load("mixed-encoding.sgf", &n);

	CHECK_INT(n, 5);
	if (n == 5) {
		CHECK_STR(sgf_root_value(v[0], SGF_P_C),
			  "hallö! DÜ! ßüper dich zu s€h€n-");
		CHECK_STR(sgf_root_value(v[1], SGF_P_C),
			  "hallö! DÜ! ßüper dich zu s€h€n-");
		CHECK_STR(v[1]->charset, "ISO-8859-15");
		CHECK_STR(sgf_root_value(v[2], SGF_P_C), "s¤h¤n");
		CHECK(strstr(sgf_root_value(v[3], SGF_P_C),
			     "Japanese: 趙 治勲, Korean: 조치훈") != NULL);
		CHECK_STR(v[3]->charset, "GB18030");
		CHECK_STR(sgf_root_value(v[4], SGF_P_C), "Yen: \\");
		/* pure ASCII: read as UTF-8 whatever CA says */
		CHECK_STR(v[4]->charset, "UTF-8");
	}
	release(v, n);
}

static void
output_is_always_utf8_with_ca(void)
{
	int n;
	struct sgf_game **v = load("encoding-traditionalchinese-big5.sgf", &n);
	char *s = NULL;
	size_t len = 0;
	FILE *f;

	CHECK_INT(n, 1);
	if (n != 1)
		return;
	f = open_memstream(&s, &len);
	sgf_write_sgf(f, v[0], SGF_WRITE_COMPACT);
	fclose(f);
	CHECK(strstr(s, "CA[UTF-8]") != NULL);
	CHECK(strstr(s, "CA[Big5]") == NULL);
	CHECK(strstr(s, "圍棋是一種古老的遊戲") != NULL);
	free(s);
	release(v, n);
}

/* g written as compact SGF must be valid UTF-8 and read back as one
 * game without errors; returns that game (free with release()), or
 * NULL after a failed check. */
static struct sgf_game **
written_reads_back(const struct sgf_game *g)
{
	struct sgf_game **back = NULL;
	char *s = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&s, &len);
	int nb;

	sgf_write_sgf(f, g, SGF_WRITE_COMPACT);
	fclose(f);
	CHECK_INT(sgf_utf8_valid((const unsigned char *)s, len), len);
	nb = sgf_parse_all(s, len, "back", NULL, &back);
	free(s);
	CHECK_INT(nb, 1);
	if (nb != 1) {
		release(back, nb);
		return NULL;
	}
	CHECK_INT(back[0]->nerrors, 0);
	return back;
}

/* CA[UTF-16LE] on a file whose structure is 8-bit: each value is
 * decoded on its own (UTF-16 when it holds NUL bytes, else it must be
 * UTF-8).  Values the parser's fast paths would take (a lone C[...], a
 * move) must go through the same decoding, so that what is written is
 * valid UTF-8 and reads back without errors (a fuzzer find). */
static void
utf16_declared_8bit_values_come_out_as_utf8(void)
{
	static const char in[] = "(;FF[4]CA[UTF-16LE]C[a\xa3\xbc"
				 "b]"
				 "GN[h\0i\0]"
				 ";B[\xa3\xbc];W[dd])";
	struct sgf_game **v = NULL, **back;
	int n;

	n = sgf_parse_all(in, sizeof(in) - 1, "mem", NULL, &v);
	CHECK_INT(n, 1);
	if (n != 1)
		return;
	CHECK_INT(v[0]->nerrors, 0);
	CHECK_STR(sgf_root_value(v[0], SGF_P_C), "a\xef\xbf\xbd\xef\xbf\xbd"
						 "b");
	CHECK_STR(sgf_root_value(v[0], SGF_P_GN), "hi");
	back = written_reads_back(v[0]);
	if (back) {
		CHECK_INT(back[0]->nnodes, v[0]->nnodes);
		release(back, 1);
	}
	release(v, n);
}

/* A high byte right after '\\' is text like any other: the reader's
 * scan must see it when it decides whether a game needs decoding, or
 * the raw byte ends up in "UTF-8" output that a second read takes for
 * another charset (a fuzzer find). */
static void
escaped_high_bytes_are_decoded(void)
{
	static const struct {
		const char *in, *cs, *want;
	} cases[] = {
	    /* a half-width katakana after '\\' in Shift_JIS */
	    {"(;CA[SHIFT_JIS]C[Yen: \\\xae])", "Shift_JIS",
	     "Yen: \xef\xbd\xae"},
	    /* no CA: Latin-1, SGF's default */
	    {"(;C[caf\\\xe9])", "ISO-8859-1", "caf\xc3\xa9"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgf_game **v = NULL, **back;
		int n;

		n = sgf_parse_all(cases[i].in, strlen(cases[i].in), "mem", NULL,
				  &v);
		CHECK_INT(n, 1);
		if (n != 1) {
			release(v, n);
			continue;
		}
		CHECK_STR(v[0]->charset, cases[i].cs);
		CHECK_STR(sgf_root_value(v[0], SGF_P_C), cases[i].want);
		back = written_reads_back(v[0]);
		if (back) {
			CHECK_STR(sgf_root_value(back[0], SGF_P_C),
				  cases[i].want);
			release(back, 1);
		}
		release(v, n);
	}
}

/* iconv's UTF-8 is not always UTF-8: glibc decodes UCS-4 up to
 * 0x7FFFFFFF and encodes what is past U+10FFFF as 4- to 6-byte
 * sequences.  They are bad characters like any other (a fuzzer find:
 * the JSON writer made them U+FFFD, so SGF -> JSON -> SGF changed). */
#define R2 "\xef\xbf\xbd\xef\xbf\xbd"
#define R4 R2 R2
static void
decoded_text_is_always_utf8(void)
{
	static const struct {
		const char *in;
		size_t len;
		const char *want;
		size_t nbad;
	} cases[] = {
	    /* U+110000 as F4 90 80 80: four bad bytes, as a UTF-8
	     * decoder counts them (Unicode's maximal subparts) */
	    {"\0\x11\0\0\0\0\0A", 8, R4 "A", 4},
	    /* 0x7FFFFFFF as six bytes, then U+4E2D */
	    {"\x7f\xff\xff\xff\0\0\x4e\x2d", 8, R4 R2 "\xe4\xb8\xad", 6},
	    {"\0\x10\xff\xff", 4, "\xf4\x8f\xbf\xbf", 0}, /* U+10FFFF */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t outlen = 0, nbad = 0;
		char *u = sgf_charset_to_utf8("UCS-4", cases[i].in,
					      cases[i].len, &outlen, &nbad);

		CHECK(u != NULL);
		if (!u)
			continue;
		CHECK_INT(sgf_utf8_valid((const unsigned char *)u, outlen),
			  outlen);
		CHECK_STR(u, cases[i].want);
		CHECK_INT(nbad, cases[i].nbad);
		free(u);
	}
}

/* The validator skips ASCII a word at a time: a bad or multi-byte
 * sequence is found wherever it falls against the 8-byte steps, and a
 * read never goes past len. */
static void
utf8_validator_finds_bad_bytes_at_every_offset(void)
{
	unsigned char buf[40];
	size_t k, len;

	for (len = 0; len <= 32; len++) {
		for (k = 0; k < len; k++) {
			memset(buf, 'a', sizeof(buf));
			buf[k] = 0xFF; /* never valid */
			CHECK_INT(sgf_utf8_valid(buf, len), k);
			/* a high byte just past len is not looked at */
			memset(buf, 'a', sizeof(buf));
			buf[len] = 0xFF;
			CHECK_INT(sgf_utf8_valid(buf, len), len);
			if (k + 3 <= len) { /* U+4E2D, valid, anywhere */
				memset(buf, 'a', sizeof(buf));
				memcpy(buf + k, "\xE4\xB8\xAD", 3);
				CHECK_INT(sgf_utf8_valid(buf, len), len);
				/* and truncated by len: invalid at k */
				CHECK_INT(sgf_utf8_valid(buf, k + 2), k);
			}
		}
	}
}

/* In GB18030, GBK, Big5 and Shift_JIS a character's second byte may be
 * '\' (0x5C) or ']' (0x5D).  A writer that escapes bytes puts a '\'
 * before such a trail byte; one that knows the charset does not.  Both
 * are read as the characters they hold (issue 22: SGFC reads GB18030
 * "\xd6\xb8\x93\\]\x99\xe0" as 指揮權; sgfkit read 指揬 and a stray
 * ']'). */
static void
escapes_are_read_per_character_in_dbcs_charsets(void)
{
	static const struct {
		const char *in, *want;
	} t[] = {
	    /* byte-wise escape of a trail ']' (揮 = 93 5D) */
	    {"(;CA[GB18030]C[\xd6\xb8\x93\\]\x99\xe0])", "指揮權"},
	    /* of a trail '\' (揬 = 93 5C), and the value's end */
	    {"(;CA[GBK]C[\x93\\\\])", "揬"},
	    /* a charset-aware writer: the trail '\' as it is, then ']' */
	    {"(;CA[GBK]C[\x93\\])", "揬"},
	    {"(;CA[GBK]C[\x93\\]PB[x])", "揬"},
	    /* Shift_JIS 表 = 95 5C, both ways; then an escaped ']' */
	    {"(;CA[Shift_JIS]C[\x95\\\\\\]x])", "表]x"},
	    {"(;CA[Shift_JIS]C[\x95\\])", "表"},
	    /* Big5 許 = B3 5C; a '\' before a whole character */
	    {"(;CA[Big5]C[\xb3\\\\\\\xb3\\\\a])", "許許a"},
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct sgf_game **v = NULL;
		int n =
		    sgf_parse_all(t[i].in, strlen(t[i].in), "mem", NULL, &v);
		CHECK_INT(n, 1);
		if (n == 1) {
			CHECK_STR(sgf_root_value(v[0], SGF_P_C), t[i].want);
			CHECK_INT(v[0]->nwarnings, 0);
			CHECK_INT(v[0]->nerrors, 0);
		}
		release(v, n);
	}
}

/* The same across the reader's buffers (it may need the bytes after a
 * ']' to decide, and rewrites the escape in place). */
static void
dbcs_escapes_across_the_readers_buffers(void)
{
	char path[] = "/tmp/sgfXXXXXX";
	int fd = mkstemp(path), n = 0, bad = 0;
	FILE *f;
	struct sgf_reader *rd;
	struct sgf_chunk ch;

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	f = fdopen(fd, "w");
	for (int i = 0; i < 20000; i++)
		fprintf(f, "(;CA[GB18030]C[\xd6\xb8\x93\\]\x99\xe0]"
			   "GN[\x93\\\\];B[aa])\n");
	fclose(f);
	rd = sgf_reader_open(path, "x", NULL);
	CHECK(rd != NULL);
	while (rd && sgf_reader_next(rd, &ch, NULL) > 0) {
		struct sgf_game *g = sgf_parse_chunk(&ch, NULL);
		const char *c = sgf_root_value(g, SGF_P_C);
		const char *gn = sgf_root_value(g, SGF_P_GN);
		if (!c || strcmp(c, "指揮權") || !gn || strcmp(gn, "揬") ||
		    g->nnodes != 2 || g->nwarnings || g->nerrors)
			bad++;
		n++;
		sgf_game_free(g);
	}
	CHECK_INT(n, 20000);
	CHECK_INT(bad, 0);
	sgf_reader_close(rd);
	unlink(path);
}

int
main(void)
{
	RUN(declared_east_asian_charsets);
	RUN(latin1_and_unicode_encodings);
	RUN(undeclared_charsets_are_guessed);
	RUN(one_charset_per_game_in_a_collection);
	RUN(output_is_always_utf8_with_ca);
	RUN(utf16_declared_8bit_values_come_out_as_utf8);
	RUN(escaped_high_bytes_are_decoded);
	RUN(escapes_are_read_per_character_in_dbcs_charsets);
	RUN(dbcs_escapes_across_the_readers_buffers);
	RUN(utf8_validator_finds_bad_bytes_at_every_offset);
	RUN(decoded_text_is_always_utf8);
	return UNIT_DONE();
}
