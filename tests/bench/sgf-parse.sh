#!/bin/sh
# tests/bench/sgf-parse.sh - reader/parser/writer throughput over the
# real games in $CORPUS/games (about 133 MB, 106,000 games), one core.
# Prints MB/s, games/s and peak RSS for: cutting games only, parsing
# (what `info` needs), parsing + writing SGF (what `convert -t sgf`
# does), through the library driver; and `sgfkit info` / `sgfkit
# convert -t sgf` when those commands exist.  Best of 3 runs.
: "${CORPUS:=../shared/corpus}" "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
cd "$TOP" || exit 2
make -s build/tests/test_sgf_tool >/dev/null || exit 2
drv=build/tests/test_sgf_tool
files=$(ls "$CORPUS"/games/tygem/*.sgf "$CORPUS"/games/ai/* 2>/dev/null)
[ -n "$files" ] || { echo "no corpus at $CORPUS/games"; exit 2; }
bytes=$(cat $files | wc -c)
games=$($drv -t split $files 2>&1 >/dev/null | sed -n 's/.* bytes, \([0-9]*\) games.*/\1/p')
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT
cat $files >/dev/null # warm the page cache

run() { # label command...
	label=$1
	shift
	best=
	for i in 1 2 3; do
		/usr/bin/time -f "%e %U %S %M" -o "$tmp" "$@" >/dev/null 2>&1
		set -- "$@"
		read -r wall user sys rss <"$tmp"
		user=$(echo "$user + $sys" | bc)
		if [ -z "$best" ] || [ "$(echo "$wall < $best" | bc)" = 1 ]; then
			best=$wall
			bu=$user
			brss=$rss
		fi
	done
	awk -v l="$label" -v b="$bytes" -v g="$games" -v w="$best" -v u="$bu" \
		-v r="$brss" 'BEGIN {
		if (w <= 0) w = 0.001
		if (u <= 0) u = 0.001
		printf "%-28s %7.1f MB/s %8.0f games/s (wall %5.2f s) | by CPU time %7.1f MB/s (%5.2f s) | peak RSS %d KB\n",
			l, b / 1e6 / w, g / w, w, b / 1e6 / u, u, r }'
}

echo "corpus: $(echo $files | wc -w) files, $bytes bytes, $games games"
run "cut games (reader)" $drv -t split $files
run "parse (library)" $drv -t none $files
run "parse + write SGF (library)" $drv -t sgf $files
if [ -n "$SGFKIT" ] && [ -x "$SGFKIT" ] && "$SGFKIT" info --help >/dev/null 2>&1; then
	run "sgfkit info" "$SGFKIT" info $files
	run "sgfkit convert -t sgf" "$SGFKIT" convert -t sgf $files
fi
