# Bytes invalid in the charset of a format that is decoded whole (GIB,
# NGF, UGF, GTP) are reported at the record's start, 1:1, as SGF reports
# them in a charset other than UTF-8 (they were reported at 0:0, no
# position at all).  (in a directory of its own: the tests share one)
mkdir fmt-bad-chars-position.d && cd fmt-bad-chars-position.d || exit 2
# a byte that is no character of CP949 or of UTF-8, in a header item
{
	printf '\\[GAMEBLACKNAME=\377\376\\]\n'
	cat "$TOP/testdata/fmt/euc-kr.gib"
} >bad.gib
"$SGFKIT" convert -f gib bad.gib 2>&1 >/dev/null | grep bad-characters
