# An SZ that is no board size is not silently 19x19: check and score
# say what they read it as.  Moves that fit 19x19 are then legal (exit
# 0); a move past it is off the board (exit 1).
printf '(;GM[1]FF[4]SZ[999];B[aa];W[bb])' >big.sgf
"$SGFKIT" check --no-summary big.sgf; echo "exit $?"
printf '(;GM[1]FF[4]SZ[abc];B[aa];W[zz])' >word.sgf
"$SGFKIT" check --no-summary word.sgf; echo "exit $?"
"$SGFKIT" score --json --no-summary big.sgf | grep -o '"size":\[[0-9,]*\]\|"warnings":.*'
"$SGFKIT" score --no-board --no-summary big.sgf 2>&1 >/dev/null
printf '(;GM[1]FF[4]SZ[52];B[zz])' >ok.sgf
"$SGFKIT" check --no-summary ok.sgf; echo "exit $?"
