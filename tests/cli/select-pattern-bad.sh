# select refuses a bad pattern file before reading any game, at
# FILE:LINE:COL with exit 2: a move, a second node, a second game tree,
# a point off its board, a point in two colours, no point, a bad size,
# a game that is not Go, not SGF, an empty file, a truncated one, one
# over 1 MB, a file that is not there; --all-symmetries without
# --pattern is a usage error.
cd "$TOP/testdata/select" || exit 2
n=0
for t in '(;GM[1]AB[pd]B[qq])' '(;GM[1]AB[pd];W[qq])' \
	'(;GM[1]AB[pd])(;AB[dd])' '(;GM[1]SZ[9]AB[ee][jj])' \
	'(;GM[1]AB[pd]
AW[pd])' '(;GM[1]C[no point])' '(;GM[1]SZ[99]AB[aa])' \
	'(;GM[2]AB[pd])' 'not sgf' '' '(;GM[1]AB[pd'; do
	n=$((n + 1))
	printf '%s' "$t" >"$OLDPWD/bad$n.sgf"
	(cd "$OLDPWD" && "$SGFKIT" select --pattern "bad$n.sgf" \
		"$TOP/testdata/select/games.sgf" 2>&1)
	echo "exit $?"
done
head -c 1048577 /dev/zero | tr '\0' ' ' >"$OLDPWD/big.sgf"
(cd "$OLDPWD" && "$SGFKIT" select --pattern big.sgf games.sgf 2>&1)
echo "exit $?"
"$SGFKIT" select --pattern missing.sgf games.sgf 2>&1
echo "exit $?"
"$SGFKIT" select --all-symmetries games.sgf 2>&1
echo "exit $?"
