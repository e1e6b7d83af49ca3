# game-info dialect notes: text warns on stderr, JSON carries "warnings"
cd "$TOP/testdata/score"
"$SGFKIT" score --no-summary --no-board zi-komi-943.sgf fox-komi.sgf 2>&1 >/dev/null
"$SGFKIT" score --json --no-summary zi-komi-943.sgf fox-komi.sgf 2>/dev/null |
	sed 's/.*"warnings"/"warnings"/'
"$SGFKIT" score --json --no-summary ogs-9x9.sgf 2>&1 | sed 's/.*"warnings"/"warnings"/'
