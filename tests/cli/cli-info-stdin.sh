# several records back to back on stdin, no operand and "-"
cd "$TOP/testdata/cli"
cat tygem3.sgf ok.sgf | "$SGFKIT" info --no-header
cat ok.sgf | "$SGFKIT" info --no-header - ko.sgf
