# --mismatch prints only games whose result disagrees with RE; exit 1
sed 's/RE\[W+7.5\]/RE[W+3.5]/' "$TOP/testdata/score/s2-seed.sgf" >wrong.sgf
cp "$TOP/testdata/score/s4-dame.sgf" right.sgf
"$SGFKIT" score --mismatch --no-board --no-summary right.sgf wrong.sgf
echo "exit $?"
"$SGFKIT" score --mismatch --no-board --no-summary right.sgf
echo "exit $?"
"$SGFKIT" score --mismatch --json right.sgf wrong.sgf | grep -c '"agrees":false'
