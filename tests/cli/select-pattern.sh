# select --pattern over testdata/select/pattern/games.sgf, 9x9 games
# but D: A captures a black stone at cc with its fourth white stone at
# move 8 (B is A mirrored top to bottom, C is A in the other colours, D
# is A on 19x19), E has the position of A's move 6 as root setup, F a
# white move on an occupied point (skipped, and counted), G a white
# suicide at aa, H a white stone on aa, I the setup of E in its third
# node.  The patterns: surrounded (cc black, three white neighbours,
# cb empty), captured (the four white neighbours, cc empty), pair (cc
# black, dc white), corner (aa white), empty (every point empty, a
# rectangle).  JSON gives the move, symmetry and colours of the first
# position found; -l, -v and a condition on game information go with it.
cd "$TOP/testdata/select" || exit 2
t() {
	echo "== $*"
	"$SGFKIT" select --json "$@" pattern/games.sgf
	echo "exit $?"
}
t --pattern pattern/surrounded.sgf
t --pattern pattern/surrounded.sgf --all-symmetries
t --pattern pattern/surrounded.sgf --swap-colours
t --pattern pattern/captured.sgf
t --pattern pattern/captured.sgf --all-symmetries --swap-colours
t --pattern pattern/pair.sgf --swap-colors
t --pattern pattern/corner.sgf --all-symmetries
t --pattern pattern/empty.sgf
t --pattern pattern/captured.sgf --moves ..7
echo "== -l, -v"
"$SGFKIT" select -l --pattern pattern/captured.sgf pattern/games.sgf
"$SGFKIT" select -l -v --pattern pattern/captured.sgf pattern/games.sgf
echo "== records, -j 2"
"$SGFKIT" select -j 2 --pattern pattern/corner.sgf pattern/games.sgf
echo "exit $?"
