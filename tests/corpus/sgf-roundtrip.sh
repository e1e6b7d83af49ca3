#!/bin/sh
# tests/corpus/sgf-roundtrip.sh - every readable record of the corpus
# survives SGF -> sgfkit -> SGF: an independent reader (sgfread.py)
# dumps each game of the original and of the written file, and the
# dumps must be equal.  Also checks that writing is stable (writing the
# output again gives the same bytes) and that the JSON route
# (-t json, then -f json -t sgf) gives the same SGF.
#
# Uses `$SGFKIT convert` when the command exists, else the library
# driver build/tests/test_sgf_tool.  Prints per-file failures and
# "N passed, N failed".
: "${CORPUS:=../shared/corpus}" "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
cd "$TOP" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
py="python3 tests/corpus/sgfread.py"

# Parse errors (not rules problems) decide what is "readable": always
# through the library driver.
make -s build/tests/test_sgf_tool >/dev/null || exit 2
drv=$TOP/build/tests/test_sgf_tool
errors_of() { "$drv" -t none "$@" >/dev/null 2>&1; }

if [ -n "$SGFKIT" ] && "$SGFKIT" convert --help >/dev/null 2>&1 &&
	printf '(;B[aa])' | "$SGFKIT" convert -t sgf - 2>/dev/null |
	grep -q 'B\[aa\]'; then
	to_sgf() { "$SGFKIT" convert -t sgf "$@"; }
	to_json() { "$SGFKIT" convert -t json "$@"; }
	from_json() { "$SGFKIT" convert -f json -t sgf "$@"; }
	via="sgfkit convert"
else
	to_sgf() { "$drv" -t sgf "$@"; }
	to_json() { "$drv" -t json "$@"; }
	from_json() { "$drv" -f json -t sgf "$@"; }
	via="test_sgf_tool"
fi
echo "round trip through $via"

pass=0
fail=0
files=0
games=0
skipped=""

# check NAME FILE... : the files' games, in order, against one output
check() {
	name=$1
	shift
	to_sgf "$@" >"$tmp/out.sgf" 2>/dev/null
	# the two dumps in parallel (the python reader is the slow part)
	$py "$@" >"$tmp/a.full" &
	$py "$tmp/out.sgf" | cut -d' ' -f1 >"$tmp/b"
	wait
	cut -d' ' -f1 <"$tmp/a.full" >"$tmp/a"
	n=$(wc -l <"$tmp/a")
	ok=1
	if ! cmp -s "$tmp/a" "$tmp/b"; then
		first=$(cmp "$tmp/a" "$tmp/b" 2>/dev/null | sed -n \
			's/.* line \([0-9]*\).*/\1/p')
		where=$(sed -n "${first:-1}p" "$tmp/a.full" | cut -d' ' -f2-)
		echo "FAIL $name: the independent reader sees different games" \
			"($n before, $(wc -l <"$tmp/b") after; first: $where)"
		ok=0
	fi
	to_sgf "$tmp/out.sgf" >"$tmp/out2.sgf" 2>/dev/null
	if ! cmp -s "$tmp/out.sgf" "$tmp/out2.sgf"; then
		echo "FAIL $name: writing the output again changes it"
		ok=0
	fi
	to_json "$@" >"$tmp/out.json" 2>/dev/null
	from_json "$tmp/out.json" >"$tmp/out3.sgf" 2>/dev/null
	if ! cmp -s "$tmp/out.sgf" "$tmp/out3.sgf"; then
		echo "FAIL $name: the JSON route gives different SGF"
		ok=0
	fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
	fi
	games=$((games + n))
}

# edge/: one check per file; files with an unrecoverable error are
# listed, not compared (there is nothing "readable" to keep).
for f in $(find "$CORPUS/edge" -name '*.sgf' | sort); do
	files=$((files + 1))
	if ! errors_of "$f"; then
		skipped="$skipped ${f#"$CORPUS"/}(parse-errors)"
		continue
	fi
	case $f in
	*/mixed-encoding.sgf)
		# one charset per game; the independent reader decodes
		# whole files only
		skipped="$skipped ${f#"$CORPUS"/}(per-game-charsets)"
		continue
		;;
	esac
	check "${f#"$CORPUS"/}" "$f"
done

# SGF_RT_QUICK=1: the edge files only (a quick run while developing)
if [ -n "$SGF_RT_QUICK" ]; then
	echo "files read: $files, games compared: $games"
	[ -n "$skipped" ] && echo "not compared:$skipped"
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi

# games/: one check per collection file, the AI games in batches.
for f in "$CORPUS"/games/tygem/*.sgf; do
	[ -f "$f" ] || continue
	files=$((files + 1))
	check "${f#"$CORPUS"/}" "$f"
done
ls "$CORPUS"/games/ai/ 2>/dev/null | sed "s|^|$CORPUS/games/ai/|" \
	>"$tmp/ai.list"
split -l 700 "$tmp/ai.list" "$tmp/ai.part."
for part in "$tmp"/ai.part.*; do
	[ -f "$part" ] || continue
	files=$((files + $(wc -l <"$part")))
	# shellcheck disable=SC2046
	check "games/ai batch $(basename "$part")" $(cat "$part")
done

echo "files read: $files, games compared: $games"
[ -n "$skipped" ] && echo "not compared:$skipped"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
