#!/bin/sh
# Scoring whole archives (issue 21): `score -q --no-summary` over
#   resigned  the first 1,000 games of games/tygem/tygem_2009-03_resign.sgf
#             (open positions: the cheap estimate), at -j1 and -j2:
#             games per second and the -j2 speed-up (bars: 200 games/s on
#             one core, 1.8x)
#   hostile   500,000 records of one move, (;GM[1]SZ[19];B[aa]), on
#             standard input at -j2 (bar: under 20 s), and its peak memory
#             (flat in the number of games)
# Best of 3 wall-clock times; the machine should be otherwise idle.
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
src="$CORPUS/games/tygem/tygem_2009-03_resign.sgf"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
if [ ! -f "$src" ]; then
	echo "not run ($src is missing)"
	exit 0
fi
# two lines per game in these collections: root properties, then moves
head -n 2000 "$src" >"$tmp/resigned.sgf"
awk 'BEGIN { for (i = 0; i < 500000; i++) print "(;GM[1]SZ[19];B[aa])" }' \
	>"$tmp/hostile.sgf"
best() { # prints "seconds peak-KB": best of 3 of the command, stdin $1
	in=$1
	shift
	b= m=
	for i in 1 2 3; do
		/usr/bin/time -f "%e %M" -o "$tmp/t" "$@" <"$in" >/dev/null 2>&1
		r=$(tail -n 1 "$tmp/t")
		t=${r% *}
		if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then
			b=$t m=${r#* }
		fi
	done
	echo "$b $m"
}
games=$("$SGFKIT" score --json --no-summary -j 2 "$tmp/resigned.sgf" | wc -l)
set -- $(best "$tmp/resigned.sgf" "$SGFKIT" score -q --no-summary -j 1 -)
t1=$1
set -- $(best "$tmp/resigned.sgf" "$SGFKIT" score -q --no-summary -j 2 -)
t2=$1
awk -v g="$games" -v a="$t1" -v b="$t2" 'BEGIN {
	if (a <= 0) a = 0.001; if (b <= 0) b = 0.001;
	printf "resigned: %d games, -j1 %.2f s (%.0f games/s), -j2 %.2f s (%.0f games/s), speed-up %.2fx\n",
	    g, a, g / a, b, g / b, a / b }'
set -- $(best "$tmp/hostile.sgf" "$SGFKIT" score -q --no-summary -j 2 -)
awk -v t="$1" -v m="$2" 'BEGIN {
	printf "hostile: 500000 one-move records on stdin, -j2 %.2f s, %.1f MB peak\n",
	    t, m / 1024 }'
