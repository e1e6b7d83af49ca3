#!/bin/sh
# Scoring through GTP (issue 25): a thousand finished games (the first
# 1,000 files of the scored corpus) through one `sgfkit gtp` process,
# loadsgf + final_score each, against `sgfkit score -q -j1` on the same
# games (bar: at least as fast), and GNU Go's final_score (gnugo --mode
# gtp, the same commands) on the first twenty.  Best of 3 wall-clock
# times (GNU Go: one run); the machine should be otherwise idle.
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ls "$CORPUS"/scored/*/*.sgf 2>/dev/null | LC_ALL=C sort | head -n 1000 \
	>"$tmp/files"
n=$(wc -l <"$tmp/files")
if [ "$n" -lt 1000 ]; then
	echo "not run (fewer than 1,000 games in $CORPUS/scored)"
	exit 0
fi
sed 's/^/loadsgf /; s/$/\nfinal_score/' "$tmp/files" >"$tmp/script"
head -n 40 "$tmp/script" >"$tmp/script20"
best() { # best of 3 wall-clock seconds of the command, stdin $1
	in=$1
	shift
	b=
	for i in 1 2 3; do
		/usr/bin/time -f "%e" -o "$tmp/t" "$@" <"$in" >/dev/null 2>&1
		t=$(tail -n 1 "$tmp/t")
		if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then
			b=$t
		fi
	done
	echo "$b"
}
g=$(best "$tmp/script" "$SGFKIT" gtp)
s=$(best /dev/null "$SGFKIT" score -q --no-summary -j 1 \
	--files-from "$tmp/files")
awk -v g="$g" -v s="$s" -v n="$n" 'BEGIN {
	printf "sgfkit gtp   %d games: %.2f s, %.1f ms a game\n", n, g, 1000 * g / n
	printf "sgfkit score %d games: %.2f s, %.1f ms a game (-j1)\n", n, s, 1000 * s / n
	printf "gtp / score: %.2f (bar: at most 1.00)\n", g / s
}'
GNUGO=${GNUGO:-$(command -v gnugo || echo /usr/games/gnugo)}
if [ -x "$GNUGO" ]; then
	/usr/bin/time -f "%e" -o "$tmp/t" "$GNUGO" --mode gtp \
		<"$tmp/script20" >/dev/null 2>&1
	awk -v t="$(tail -n 1 "$tmp/t")" -v g="$g" -v n="$n" 'BEGIN {
		printf "GNU Go final_score, first 20 games: %.2f s, %.0f ms a game (%.0fx sgfkit gtp)\n",
			t, 1000 * t / 20, (t / 20) / (g / n)
	}'
else
	echo "GNU Go: not run (gnugo is not installed)"
fi
