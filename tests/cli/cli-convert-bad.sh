# an unreadable game is reported with file:line:col and left out whole
cd "$TOP/testdata/cli"
"$SGFKIT" convert ok.sgf truncated.sgf 2>&1
