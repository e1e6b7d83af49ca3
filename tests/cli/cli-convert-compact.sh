cd "$TOP/testdata/cli"
"$SGFKIT" convert --compact tygem3.sgf ok.sgf | wc -l | tr -d ' '
