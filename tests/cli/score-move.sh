# -m N counts the position after move N; a resigned game is scored as
# it stands and says so
cd "$TOP/testdata/score"
# (every stone counted alive: the count of the position, not an estimate
# that changes whenever the estimator does)
"$SGFKIT" score --no-summary --no-board --all-alive -m 20 ogs-9x9.sgf
# -m 0: before the first move (an empty board here), as convert -m 0
"$SGFKIT" score --no-summary --no-board --all-alive -m 0 ogs-9x9.sgf | sed -n '1,2p'
sed 's/RE\[W+3.5\]/RE[W+R]/' ogs-9x9.sgf >"$OLDPWD/r.sgf"
# (grep, not a JSON parser: make check needs nothing beyond the build
# tools; the fields are printed in this order)
cd "$OLDPWD" && "$SGFKIT" score --json --no-summary r.sgf |
	grep -o '"ended":"[a-z]*"\|"recorded":"[^"]*"\|"agrees":[a-z]*'
