# .gz is read transparently, by name and on stdin
cd "$TOP/testdata/cli"
"$SGFKIT" info --no-header archive/2006/c.sgf.gz | cut -f 1,2,13
"$SGFKIT" info --no-header - < archive/2006/c.sgf.gz | cut -f 1,2,13
cat archive/2006/c.sgf.gz | "$SGFKIT" info --no-header | cut -f 1,2,13
