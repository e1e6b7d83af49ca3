# -r reads the .sgf files (any case, .gz too) under a directory in name order
cd "$TOP/testdata/cli"
"$SGFKIT" info --no-header -r archive | cut -f 1,2,13
