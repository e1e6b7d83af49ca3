# a file in which no game is found (empty, NUL bytes) counts as one
# invalid game: valid + invalid = games, and the codes count invalid
# games (it was '1 game in 3 files: 1 valid, 0 invalid (not-sgf 2)');
# alone, it still gets a JSON summary, since it has no game object
printf '(;SZ[9];B[ee];W[dd])\n' >ok.sgf
: >empty.sgf
printf '\0\0\0\0' >nul.sgf
"$SGFKIT" check ok.sgf empty.sgf nul.sgf 2>&1
echo "exit $?"
"$SGFKIT" info --json empty.sgf 2>/dev/null |
	sed 's/"seconds":[0-9.]*,"games_per_second":[0-9]*/T/'
