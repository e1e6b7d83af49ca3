# a game that cannot be read is an error with file:line:col, exit 1
cd "$TOP/testdata/cli"
"$SGFKIT" check ok.sgf truncated.sgf notsgf.sgf 2>&1
