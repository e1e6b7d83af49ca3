# --max-game-bytes: a larger game is an error for that game only
cd "$TOP/testdata/cli"
"$SGFKIT" info --no-header --max-game-bytes 200 tygem3.sgf ok.sgf 2>&1
echo "exit $?"
"$SGFKIT" info --no-header --max-game-bytes 1K ok.sgf 2>&1
echo "exit $?"
"$SGFKIT" info --max-game-bytes 1x ok.sgf 2>&1
