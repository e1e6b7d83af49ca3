cd "$TOP/testdata/cli"
"$SGFKIT" convert ok.sgf tygem3.sgf
