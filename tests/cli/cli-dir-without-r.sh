# a directory without -r is reported; the other inputs go on; exit 2
cd "$TOP/testdata/cli"
"$SGFKIT" info --no-header archive ok.sgf 2>&1
