cd "$TOP/testdata/cli"
"$SGFKIT" convert -t json ok.sgf tygem3.sgf
