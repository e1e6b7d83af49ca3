# a board larger than the counter holds (SZ[52]: legal SGF, more than
# 25x25) is refused with the position of its SZ and exit 1; the other
# games of the file are still scored
cd "$TOP/testdata/score"
# with --json the game still has its line, saying why; --dead names
# points of the largest board, and one off a game's board is ignored
# like an empty point (tt on 19x19, pp on 9x9)
"$SGFKIT" score --json --no-summary --dead tt,pp too-large.sgf 2>/dev/null |
	sed 's/\("method":"[a-z]*","dead":[^]]*\]\).*/\1/'
"$SGFKIT" score --no-board --no-summary too-large.sgf 2>&1
