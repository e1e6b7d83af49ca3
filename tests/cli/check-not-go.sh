# A game that is not Go (GM other than 1) is read, listed and converted
# to SGF; check says once that it does not check its moves (a warning:
# the game is valid), score and the Go-only formats refuse it (issue
# 22: GM[12] got occupied errors and exit 1)
# (in a directory of its own: the tests share one)
mkdir check-not-go.d && cd check-not-go.d || exit 2
printf '(;GM[12]FF[4]SZ[9];B[aa];W[aa];B[aa])\n' >jungle.sgf
printf '(;GM[game of go]SZ[9];B[aa];W[aa])\n' >bad-gm.sgf
"$SGFKIT" check jungle.sgf 2>&1
echo "exit $?"
"$SGFKIT" check --json jungle.sgf
"$SGFKIT" check bad-gm.sgf 2>&1
echo "exit $?"
"$SGFKIT" info --no-header jungle.sgf
"$SGFKIT" convert --compact jungle.sgf
echo "exit $?"
for t in gib ngf gtp txt svg; do
	"$SGFKIT" convert -t $t jungle.sgf 2>&1
	echo "exit $?"
done
"$SGFKIT" score --json jungle.sgf 2>&1
echo "exit $?"
