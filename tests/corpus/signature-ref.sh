#!/bin/sh
# tests/corpus/signature-ref.sh - the signatures of `sgfkit info -s`
# (moves_hash, canonical_hash, dyer, dyer_canonical) are those that
# tests/corpus/signature_ref.py, an independent Python implementation of
# man/sgfkit-info.1's SIGNATURES on sgfread.py, computes: on every game
# of edge/ (setup stones, point rectangles, passes, odd sizes), of the
# SGF dialects (rectangular boards), of GNU Go's scored games (handicap
# stones, 9x9 and 13x13) and on every 40th file of games/ai.  Then the
# canonical hash and Dyer form of a few games are the same under each
# of the 8 symmetries (convert --symmetry).  Prints "N passed, N failed".
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}" "${TOP:=.}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

find "$CORPUS/edge" "$CORPUS/formats/sgf-dialects" "$CORPUS/scored/gnugo" \
	-type f -iname '*.sgf' | LC_ALL=C sort >"$tmp/files"
ls "$CORPUS"/games/ai/* | LC_ALL=C sort | awk 'NR % 40 == 1' >>"$tmp/files"
tr '\n' '\0' <"$tmp/files" | xargs -0 python3 "$TOP/tests/corpus/signature_ref.py" \
	>"$tmp/ref" || exit 2
"$SGFKIT" info -s --no-header --no-warnings --files-from "$tmp/files" 2>/dev/null |
	awk -F'\t' '$14 != "" { print $1 "\t" $2 "\t" $14 "\t" $15 "\t" $16 "\t" $17 }' \
		>"$tmp/ours"
games=$(wc -l <"$tmp/ref")
if [ "$games" -gt 500 ] && cmp -s "$tmp/ref" "$tmp/ours"; then
	echo "ok signatures of $games games agree with signature_ref.py"
	pass=$((pass + 1))
else
	echo "FAIL signatures differ from signature_ref.py ($games games):"
	diff "$tmp/ref" "$tmp/ours" | head -n 10
	fail=$((fail + 1))
fi

# the same game turned: canonical hash and canonical Dyer never change
for f in "$CORPUS/scored/gnugo/"*.sgf; do echo "$f"; done | awk 'NR % 60 == 1' |
	while IFS= read -r f; do
		for s in 0 1 2 3 4 5 6 7; do
			"$SGFKIT" convert --symmetry "$s" -t sgf "$f" 2>/dev/null |
				"$SGFKIT" info -s --no-header --no-warnings - 2>/dev/null |
				cut -f15,17
		done | sort -u | wc -l | tr -d ' ' >"$tmp/n"
		if [ "$(cat "$tmp/n")" = 1 ]; then
			echo "ok canonical under 8 symmetries: ${f##*/}"
		else
			echo "FAIL canonical under 8 symmetries: ${f##*/}"
		fi
	done >"$tmp/sym"
cat "$tmp/sym"
pass=$((pass + $(grep -c '^ok' "$tmp/sym")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/sym")))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
