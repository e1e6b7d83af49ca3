# the server convention counts a false-eye point, --strict does not
cd "$TOP/testdata/score"
"$SGFKIT" score --no-summary --all-alive false-eye.sgf
"$SGFKIT" score --no-summary --all-alive --strict --json false-eye.sgf
