# Tiny boards end: a lone stone on a 1x1 board is suicide (removed, one
# prisoner for White), and check and score both finish on 1x1 and 2x2.
printf '(;SZ[1];B[aa])' | "$SGFKIT" check --no-summary - 2>&1
echo "check exit $?"
printf '(;SZ[1];B[aa])' | "$SGFKIT" score --no-board --no-summary - 2>&1
echo "score exit $?"
printf '(;SZ[1]AB[aa])' | "$SGFKIT" score --no-board --no-summary - 2>&1
printf '(;SZ[2]AW[ab][ba];B[aa])' | "$SGFKIT" score --no-board --no-summary - 2>&1
