# check says what it took dialect values to mean (Fox hundredths,
# quarter-stone komi and results); warnings only, so exit 0
cd "$TOP/testdata/fmt"
"$SGFKIT" check --no-summary fox_go_server_komi.sgf 943.sgf
"$SGFKIT" check --json --no-summary 943.sgf
