# Open positions (issue 21): a game that ended by resignation is
# estimated cheaply and its open areas are counted for the side the
# playouts give them to; the same moves with a counted result (RE B+3.5)
# are a final position, whose open areas are dame.  A board with stones
# on fewer than one point in eight is not estimated at all: nothing is
# dead.  Printed: ended, position, dame, the number of dead stones and
# the Japanese result.
cd "$TOP/testdata" || exit 2
show() {
	sed -n 's/.*"ended":"\([^"]*\)","position":"\([^"]*\)".*"dead":\[\([^]]*\)\].*"dame":\([0-9]*\),"japanese".*"result":"\([^"]*\)"},"chinese".*/\1 \2 dame \4 \5 dead \3/p' |
		awk '{ n = NF < 7 ? 0 : split($7, a, ","); $7 = n; print }'
}
# the first game: 220 moves, White resigned
head -n 2 cli/tygem3.sgf | "$SGFKIT" score --json --no-summary - | show
head -n 2 cli/tygem3.sgf | sed '1s/RE\[[^]]*\]/RE[B+3.5]/' |
	"$SGFKIT" score --json --no-summary - | show
# three moves and a resignation
"$SGFKIT" score --json --no-summary fmt/fox-km50.sgf | show
