# info notes dialect readings on stderr; --no-warnings silences them,
# and --json carries them in "notes" instead
cd "$TOP/testdata/fmt"
"$SGFKIT" info --no-header fox_go_server_komi.sgf 2>&1 >/dev/null
echo "--"
"$SGFKIT" info --no-header --no-warnings fox_go_server_komi.sgf 2>&1 | cut -f 1,8,9
echo "--"
"$SGFKIT" info --json --no-summary fox_go_server_komi.sgf 2>&1 | grep -o '"notes":\[[^]]*\]'
