# --dead and --all-alive both say which stones are dead: together they
# are a usage error (exit 2) in either order, where before the last one
# silently won; each alone, or repeated, is fine
cd "$TOP/testdata/score"
"$SGFKIT" score --no-summary --dead ee --all-alive s4-dame.sgf 2>&1
echo "exit $?"
"$SGFKIT" score --no-summary --all-alive --dead ee s4-dame.sgf 2>&1
echo "exit $?"
"$SGFKIT" score -q --no-summary --all-alive --all-alive s4-dame.sgf 2>&1
echo "exit $?"
"$SGFKIT" score -q --no-summary --dead aa --dead ee s4-dame.sgf 2>&1
echo "exit $?"
