# A game given up after a few moves (issue 19: records that stop early
# must still get dead groups called dead): a board with stones on fewer
# than one point in eight is estimated when the main line ends with a
# pass (the players declared it finished), so White's two stones inside
# Black's four handicap stones are dead.  Without the pass it is an open
# position, not estimated (nothing dead, no territory), as before, even
# with a result that is a count (test positions carry one).
printf '(;GM[1]FF[4]SZ[9]HA[4]KM[0.5]RE[B+76.5]AB[cc][gc][cg][gg]\n;W[ee];B[ed];W[fe];B[ef];W[])\n' >passed.sgf
printf '(;GM[1]FF[4]SZ[9]HA[4]KM[0.5]RE[B+76.5]AB[cc][gc][cg][gg]\n;W[ee];B[ed];W[fe];B[ef])\n' >re-only.sgf
printf '(;GM[1]FF[4]SZ[9]HA[4]KM[0.5]AB[cc][gc][cg][gg]\n;W[ee];B[ed];W[fe];B[ef])\n' >open.sgf
"$SGFKIT" score --no-board --no-summary passed.sgf re-only.sgf open.sgf 2>&1
"$SGFKIT" score --json --no-summary passed.sgf open.sgf |
	grep -o '"position":"[^"]*"\|"dead":\[[^]]*\]'
