# an output that is its own input (-d into the input's directory, -o
# naming an input) is replaced only if every game was converted: a game
# that could not be read would otherwise be lost from the file
printf '(;SZ[9];B[aa])\n(;SZ[9];B[bb]C[unterminated' >two.sgf
cp two.sgf orig.sgf
"$SGFKIT" convert -d . two.sgf 2>&1
echo "exit $?"
cmp -s two.sgf orig.sgf && echo "two.sgf unchanged"
"$SGFKIT" convert -o two.sgf two.sgf 2>&1
echo "exit $?"
cmp -s two.sgf orig.sgf && echo "two.sgf unchanged"
# the same name through a link is the same file
ln -s two.sgf link.sgf
"$SGFKIT" convert -o link.sgf two.sgf 2>&1
echo "exit $?"
cmp -s two.sgf orig.sgf && echo "two.sgf unchanged"
ls *.tmp* 2>/dev/null
# every game converted: normalized in place, as asked
printf '(;SZ[9]KM[6,5];B[aa])\n(;SZ[9];B[bb])' >ok.sgf
"$SGFKIT" convert --compact --normalize -o ok.sgf ok.sgf 2>&1
echo "exit $?"
cat ok.sgf
"$SGFKIT" convert --compact -d . ok.sgf 2>&1
echo "exit $?"
cat ok.sgf
