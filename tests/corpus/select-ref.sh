#!/bin/sh
# tests/corpus/select-ref.sh - `sgfkit select --pattern` finds the games
# and the first move (symmetry, colours) that tests/corpus/select_ref.py,
# a plain Python replay written from the man page, finds: on every
# 100th game of games/tygem (996 games) and GNU Go's 570 scored games
# (19x19, 13x13 and 9x9, handicap setup), for each of the patterns
# select_ref.py --make takes from those games (windows around moves and
# around captured stones, a corner shape, a 9x9 pattern), with no flag,
# --all-symmetries, --swap-colours and both.  Prints "N passed, N failed".
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}" "${TOP:=.}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
set -- "$CORPUS"/games/tygem/*.sgf
if [ ! -f "$1" ]; then
	echo "not run (no $CORPUS/games/tygem)"
	echo "0 passed, 0 failed"
	exit 0
fi
# every 100th game (a game is two lines, the first starting "(;")
awk '/^\(;/ { n++ } n % 100 == 1' "$@" >"$tmp/tygem.sgf"
find "$CORPUS/scored/gnugo" -type f -name '*.sgf' | LC_ALL=C sort >"$tmp/files"
echo "$tmp/tygem.sgf" >>"$tmp/files"
mkdir "$tmp/pat"
tr '\n' '\0' <"$tmp/files" |
	xargs -0 python3 "$TOP/tests/corpus/select_ref.py" --make "$tmp/pat" ||
	exit 2
games=$(tr '\n' '\0' <"$tmp/files" | xargs -0 "$SGFKIT" info --no-header \
	--no-warnings 2>/dev/null | wc -l)
for p in "$tmp"/pat/p*.sgf; do
	name=$(basename "$p" .sgf)
	tr '\n' '\0' <"$tmp/files" |
		xargs -0 python3 "$TOP/tests/corpus/select_ref.py" "$p" \
			>"$tmp/ref" || exit 2
	for flags in - all-symmetries swap-colours all-symmetries,swap-colours; do
		opts=
		[ "$flags" = - ] || opts=$(echo "--$flags" | sed 's/,/ --/')
		grep "^$flags	" "$tmp/ref" | cut -f2- >"$tmp/want"
		# shellcheck disable=SC2086
		tr '\n' '\0' <"$tmp/files" |
			xargs -0 "$SGFKIT" select --json $opts --pattern "$p" \
				2>/dev/null |
			python3 -c 'import json, sys
for l in sys.stdin:
    o = json.loads(l)
    print("%s\t%d\t%d\t%d\t%s" % (o["file"], o["game"], o["move"],
          o["symmetry"], "true" if o["swapped"] else "false"))' \
				>"$tmp/got"
		n=$(wc -l <"$tmp/want" | tr -d ' ')
		if cmp -s "$tmp/want" "$tmp/got"; then
			echo "ok $name ${opts:-(no flag)}: $n of $games games, same games and moves"
			pass=$((pass + 1))
		else
			echo "FAIL $name ${opts:-(no flag)}: select_ref.py $n games, sgfkit $(wc -l <"$tmp/got")"
			diff "$tmp/want" "$tmp/got" | head -n 10
			fail=$((fail + 1))
		fi
	done
done
# the patterns must find something, or the test proves little
if [ "$(cat "$tmp"/pat/p*.sgf | wc -l)" -lt 6 ]; then
	echo "FAIL select_ref.py --make wrote fewer than 6 patterns"
	fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
