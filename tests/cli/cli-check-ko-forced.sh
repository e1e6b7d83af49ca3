# KO[] on a move node: its illegal move (here two ko recaptures and a
# play on a stone) is a warning, and the game stays valid; the same
# moves without KO[] are errors.  KO[6.5] in a root is komi, not this.
cd "$TOP/testdata/cli"
"$SGFKIT" check --no-summary ko-forced.sgf; echo "exit $?"
"$SGFKIT" check --json --no-summary ko-forced.sgf |
	grep -o '"valid":[a-z]*\|"severity":"[a-z]*","code":"[a-z]*"'
sed 's/KO\[\]//g' ko-forced.sgf >"$OLDPWD/no-ko.sgf"
cd "$OLDPWD" && "$SGFKIT" check --no-summary no-ko.sgf; echo "exit $?"
echo '(;GM[1]FF[4]SZ[5]KO[6.5]AB[aa]B[aa])' >root-ko.sgf
"$SGFKIT" check --no-summary root-ko.sgf 2>&1 | grep -o 'error: .*\[occupied\]'
echo '(;GM[1]FF[4]SZ[5]AB[aa];B[aa]KO[6.5])' >node-ko.sgf
"$SGFKIT" check -q node-ko.sgf; echo "exit $?"
# past the cap of 1000 problems a game, forced plays stay warnings
awk 'BEGIN { printf "(;GM[1]SZ[19];B[pd]"; for (i = 0; i < 1100; i++) printf ";B[aa]KO[]"; print ")" }' >many.sgf
"$SGFKIT" check -q many.sgf; echo "exit $?"
