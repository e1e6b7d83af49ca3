cd "$TOP/testdata/cli"
"$SGFKIT" info --no-header ok.sgf
