#!/bin/sh
# Rules replay speed:
#   1. check_game() alone (CPU time, C driver tests/bench/rules_replay.c)
#      over the Tygem games, under japanese (simple ko, cycle history)
#      and chinese (positional superko), and the raw boards alone
#      (board.h's, and replay_board.h's that check_game() uses);
#   2. `sgfkit check -j1` over all of games/ (parsing included, all
#      variations, superko on with --rules chinese): games/s and peak
#      RSS, once and on the stream read ten times (memory must not
#      grow with the number of games).
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}" "${BUILD:=build}" \
	"${CC:=cc}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
drv=$BUILD/rules_replay
$CC -O2 -D_GNU_SOURCE -I. $(pkg-config --cflags libcjson 2>/dev/null) \
	-o "$drv" tests/bench/rules_replay.c "$BUILD/libsgfkit.a" \
	$(pkg-config --libs libcjson zlib 2>/dev/null || echo -lcjson -lz) \
	-lpthread -lm || exit 1
set -- $(ls "$CORPUS"/games/tygem/*.sgf | head -n 6)
"$drv" -n 3 -p "$@"
"$drv" -n 3 -P "$@"
"$drv" -n 3 -r japanese "$@"
"$drv" -n 3 -r chinese "$@"
"$drv" -n 3 -r aga "$@"

find "$CORPUS/games" -type f \( -name '*.sgf' -o -name '*.SGF' \) | sort |
	xargs cat >"$tmp/all.sgf"
games=$("$SGFKIT" info --no-header -j 2 "$tmp/all.sgf" 2>/dev/null | wc -l)
best=
for i in 1 2 3; do
	/usr/bin/time -f "%e %U %M" -o "$tmp/t" "$SGFKIT" check -j1 -q \
		--rules chinese "$tmp/all.sgf"
	# time(1) adds a line when the exit status is not 0: keep the last
	u=$(tail -n 1 "$tmp/t" | cut -d' ' -f2)
	if [ -z "$best" ] || awk "BEGIN{exit !($u < $best)}"; then
		best=$u
		line=$(tail -n 1 "$tmp/t")
	fi
done
echo "$line" | awk -v g="$games" '{ u = $2 > 0 ? $2 : 0.001;
	printf "sgfkit check -j1 --rules chinese games/: %d games, %.2f s wall, %.2f s CPU, %.0f games/s (CPU), %.1f MB peak RSS\n",
	g, $1, $2, g / u, $3 / 1024 }'
i=0
while [ $i -lt 10 ]; do cat "$tmp/all.sgf"; i=$((i + 1)); done |
	/usr/bin/time -f "%e %U %M" -o "$tmp/t10" "$SGFKIT" check -j1 -q \
		--rules chinese -
awk -v g="$games" '{ u = $2 > 0 ? $2 : 0.001;
	printf "same stream x10 on stdin: %d games, %.0f games/s (CPU), %.1f MB peak RSS\n",
	g * 10, g * 10 / u, $3 / 1024 }' <<EOT
$(tail -n 1 "$tmp/t10")
EOT
