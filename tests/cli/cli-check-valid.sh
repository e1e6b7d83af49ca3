# valid records: no output on stdout, exit 0, summary on stderr
cd "$TOP/testdata/cli"
"$SGFKIT" check tygem3.sgf ok.sgf 2>&1
