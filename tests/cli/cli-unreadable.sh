# a missing file is reported with its name and the reason; the rest goes on
cd "$TOP/testdata/cli"
"$SGFKIT" info --no-header missing.sgf ok.sgf 2>&1
