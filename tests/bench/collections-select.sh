#!/bin/sh
# Issue 24's bars on the 99,501 Tygem games, one core (-j1): info, info
# -s (signatures), dupes, select on game information (every game read,
# one in three written as read) and select on a position pattern in CPU seconds (user + system,
# best of 3), games per CPU-second and peak RSS; dupes and select
# against info (the bar: at info's speed).  The dupes figure includes
# its second pass.
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
set -- "$CORPUS"/games/tygem/*.sgf
[ -f "$1" ] || { echo "not run (no $CORPUS/games/tygem)"; exit 0; }
games=$("$SGFKIT" info --no-header -j 2 "$@" 2>/dev/null | wc -l)
echo "tygem: $games games, -j1"
run() { # label, then the command
	label=$1
	shift
	best=
	for i in 1 2 3; do
		/usr/bin/time -f "%U %S %M" -o "$tmp/t" "$@" >/dev/null 2>&1
		cpu=$(tail -n 1 "$tmp/t" | awk '{ print $1 + $2 }')
		rss=$(tail -n 1 "$tmp/t" | awk '{ print $3 }')
		if [ -z "$best" ] || awk "BEGIN { exit !($cpu < $best) }"; then
			best=$cpu
			bestrss=$rss
		fi
	done
	awk -v l="$label" -v c="$best" -v g="$games" -v r="$bestrss" 'BEGIN {
		if (c <= 0) c = 0.01
		printf "%-10s %6.2f s cpu %8.0f games/s %6.1f MB RSS\n",
			l, c, g / c, r / 1024 }'
	printf '%s\t%s\n' "$label" "$best" >>"$tmp/times"
}
run info "$SGFKIT" info -j 1 --no-summary "$@"
run "info -s" "$SGFKIT" info -s -j 1 --no-summary "$@"
run dupes "$SGFKIT" dupes -j 1 "$@"
run select "$SGFKIT" select -j 1 --winner B --result resign --moves 150.. "$@"
# a position pattern (a black star point, White's small knight approach,
# the 3-3 point empty) under its 8 symmetries and both colourings: the
# issue's bar is 5 s at -j1
printf '(;GM[1]SZ[19]AB[pd]AW[qf]AE[qc])' >"$tmp/pattern.sgf"
run pattern "$SGFKIT" select -j 1 --all-symmetries --swap-colours \
	--pattern "$tmp/pattern.sgf" "$@"
awk -F '\t' '{ t[$1] = $2 }
	END { if (t["dupes"] > 0 && t["info -s"] > 0 && t["select"] > 0)
		printf "speed against info: dupes %.0f%%, info -s %.0f%%, " \
			"select %.0f%%\n", 100 * t["info"] / t["dupes"],
			100 * t["info"] / t["info -s"],
			100 * t["info"] / t["select"] }' \
	"$tmp/times"
