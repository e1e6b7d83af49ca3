# info interprets dialects and warns with the raw value and its meaning
cd "$TOP/testdata/fmt"
"$SGFKIT" info --no-header fox_go_server_komi.sgf 943.sgf nihon-kiin.sgf analyze-sgf-t-oro-1.sgf 2>&1
