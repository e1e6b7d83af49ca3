#!/bin/sh
# The batch recipes of README.md on the real corpus:
#   1. GNU parallel --pipe --recstart '(;' over the Tygem stream gives
#      the same set of results as one run (sorted; the game index and
#      line numbers are relative to each job's piece, so they are left
#      out of the comparison);
#   2. the JSON Lines recipe (convert -t json, then split by lines) over
#      every game, variations included;
#   3. -j 1 and -j 2 give byte-identical output on the whole corpus.
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
norm() { sed -E 's/"(game|line)":[0-9]+,?//g' | sort; }

cat "$CORPUS"/games/tygem/*.sgf >"$tmp/tygem.sgf"
"$SGFKIT" check --json --no-summary - <"$tmp/tygem.sgf" | norm >"$tmp/one"
if command -v parallel >/dev/null 2>&1; then
	parallel --pipe --block 4M --recstart '(;' "$SGFKIT" check --json \
		--no-summary -j 1 - <"$tmp/tygem.sgf" | norm >"$tmp/many"
	n1=$(wc -l <"$tmp/one")
	n2=$(wc -l <"$tmp/many")
	if [ "$n1" -gt 90000 ] && cmp -s "$tmp/one" "$tmp/many"; then
		ok "parallel --pipe --recstart '(;' check: same $n1 results"
	else
		ko "parallel check: $n1 results in one run, $n2 split"
	fi
	"$SGFKIT" info --json --no-summary - <"$tmp/tygem.sgf" | norm >"$tmp/one"
	parallel --pipe --block 4M --recstart '(;' "$SGFKIT" info --json \
		--no-summary -j 1 - <"$tmp/tygem.sgf" | norm >"$tmp/many"
	cmp -s "$tmp/one" "$tmp/many" && ok "parallel info: same set" ||
		ko "parallel info: different sets"

	"$SGFKIT" convert -t json -r --ext sgf "$CORPUS/games" >"$tmp/all.jsonl" 2>/dev/null
	"$SGFKIT" check --json --no-summary - <"$tmp/all.jsonl" | norm >"$tmp/one"
	parallel --pipe --block 4M "$SGFKIT" check --json --no-summary -j 1 - \
		<"$tmp/all.jsonl" | norm >"$tmp/many"
	n1=$(wc -l <"$tmp/one")
	if [ "$n1" -gt 100000 ] && cmp -s "$tmp/one" "$tmp/many"; then
		ok "JSON Lines recipe over all games: same $n1 results"
	else
		ko "JSON Lines recipe: $n1 vs $(wc -l <"$tmp/many") results"
	fi
else
	ko "GNU parallel is not installed"
fi

for c in "info" "check --json --no-summary" "convert -t sgf"; do
	"$SGFKIT" $c -j 1 -r --ext sgf "$CORPUS/games" 2>&1 | cksum >"$tmp/a"
	"$SGFKIT" $c -j 2 -r --ext sgf "$CORPUS/games" 2>&1 | cksum >"$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" && ok "$c: -j1 and -j2 identical over the corpus" ||
		ko "$c: -j1 and -j2 differ"
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
