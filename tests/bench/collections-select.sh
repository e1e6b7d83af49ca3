#!/bin/sh
# Issue 24's bars on the 99,501 Tygem games, one core (-j1): info, info
# -s (signatures), dupes, select on game information (every game read,
# one in three written as read) and select on a position pattern in CPU
# seconds (user + system), games per CPU-second and peak RSS; dupes and
# select against info (the bar: at info's speed).  The dupes figure
# includes its second pass.
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
set -- "$CORPUS"/games/tygem/*.sgf
[ -f "$1" ] || { echo "not run (no $CORPUS/games/tygem)"; exit 0; }
games=$("$SGFKIT" info --no-header -j 2 "$@" 2>/dev/null | wc -l)
echo "tygem: $games games, -j1"
# The commands take turns, round after round (ROUNDS, default 7), so
# that a machine whose speed drifts slows them alike: each figure is a
# median, and "speed against info" the median of each round's ratio.
printf '(;GM[1]SZ[19]AB[pd]AW[qf]AE[qc])' >"$tmp/pattern.sgf"
run() { # label, then the command
	label=$1
	shift
	/usr/bin/time -f "%U %S %M" -o "$tmp/t" "$@" >/dev/null 2>&1
	tail -n 1 "$tmp/t" | awk -v l="$label" -v r="$round" \
		'{ printf "%s\t%s\t%s\t%s\n", r, l, $1 + $2, $3 }' >>"$tmp/times"
}
one() { # one command of the bench: its label, then the inputs
	what=$1
	shift
	case $what in
	info) run info "$SGFKIT" info -j 1 --no-summary "$@" ;;
	info-s) run "info -s" "$SGFKIT" info -s -j 1 --no-summary "$@" ;;
	dupes) run dupes "$SGFKIT" dupes -j 1 "$@" ;;
	select) run select "$SGFKIT" select -j 1 --winner B --result resign \
		--moves 150.. "$@" ;;
	# a position pattern (a black star point, White's small knight
	# approach, the 3-3 point empty) under its 8 symmetries and both
	# colourings: the bar is 5 s at -j1
	pattern) run pattern "$SGFKIT" select -j 1 --all-symmetries \
		--swap-colours --pattern "$tmp/pattern.sgf" "$@" ;;
	esac
}
round=1
while [ "$round" -le "${ROUNDS:-7}" ]; do
	# every other round backwards: no command always runs first
	if [ $((round % 2)) = 1 ]; then
		order="info info-s dupes select pattern"
	else
		order="pattern select dupes info-s info"
	fi
	for l in $order; do
		one "$l" "$@"
	done
	round=$((round + 1))
done
awk -F '\t' -v g="$games" '
	function median(v, n,   i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
				t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
			}
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	}
	{ cpu[$1, $2] = $3; rss[$1, $2] = $4; if ($1 > rounds) rounds = $1
	  if (!($2 in seen)) { seen[$2] = 1; order[++nl] = $2 } }
	END {
		for (k = 1; k <= nl; k++) {
			l = order[k]
			for (r = 1; r <= rounds; r++) {
				c[r] = cpu[r, l] > 0 ? cpu[r, l] : 0.01
				m[r] = rss[r, l]
				q[r] = (cpu[r, "info"] > 0 ? cpu[r, "info"] : 0.01) / c[r]
			}
			mc = median(c, rounds)
			printf "%-10s %6.2f s cpu %8.0f games/s %6.1f MB RSS", \
				l, mc, g / mc, median(m, rounds) / 1024
			if (l != "info")
				printf "  speed against info %3.0f%%", \
					100 * median(q, rounds)
			printf "\n"
		}
		printf "(medians of %d rounds)\n", rounds
	}' "$tmp/times"
