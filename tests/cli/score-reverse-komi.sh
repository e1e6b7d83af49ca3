# a reverse komi (given to Black) is a term taken from White's total,
# written "- 5.5 komi" in the text (JSON keeps the signed number)
cd "$TOP/testdata/score"
"$SGFKIT" score --no-summary --no-board --all-alive --komi -5.5 s4-dame.sgf
"$SGFKIT" score --no-summary --all-alive --komi -5.5 --json s4-dame.sgf |
	jq -c '[.japanese.white.komi, .chinese.white.komi, .japanese.result]'
# and no "-0": --komi -0 is komi 0
"$SGFKIT" score --no-summary --no-board --all-alive --komi -0 s4-dame.sgf |
	sed -n '1,2p'
