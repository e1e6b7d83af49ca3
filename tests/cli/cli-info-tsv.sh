# the table: header line, one row per game, files in order given
cd "$TOP/testdata/cli"
"$SGFKIT" info ok.sgf tygem3.sgf
