# a board larger than the counter holds (SZ[52]: legal SGF, more than
# 25x25) is refused with the position of its SZ and exit 1; the other
# games of the file are still scored
cd "$TOP/testdata/score"
"$SGFKIT" score --no-board --no-summary too-large.sgf 2>&1
