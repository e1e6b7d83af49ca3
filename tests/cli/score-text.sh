# text output: both counts, result, agreement, board
cd "$TOP/testdata/score"
"$SGFKIT" score --no-summary ogs-9x9.sgf ogs-19x19.sgf
