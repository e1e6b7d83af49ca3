# A property whose value was left out: an error at its identifier, and
# the rest of the game read (issue 22).  The unescaped-']' repair took
# 'Lee]PW;B[cc' for PB and '6.5]PB(;B[cc' for KM, cutting the second
# record into two games and losing a variation.
# (in a directory of its own: the tests share one)
mkdir check-missing-value.d && cd check-missing-value.d || exit 2
printf '(;GM[1]SZ[9]PB[Lee]PW;B[cc];W[dd];B[ee])\n' >pw.sgf
printf '(;SZ[9]KM[6.5]PB(;B[cc];W[dd])(;B[ee];W[ff]))\n' >pb.sgf
"$SGFKIT" check pw.sgf pb.sgf 2>&1
echo "exit $?"
"$SGFKIT" info --no-header pw.sgf pb.sgf
# a ']' ends a move, a point or a number, whatever follows it
printf '(;SZ[9]KM[6.5] komi]AB[aa]x];B[cc] c];W[dd])\n' >typed.sgf
"$SGFKIT" info --json --no-summary typed.sgf
"$SGFKIT" check typed.sgf 2>&1
echo "exit $?"
