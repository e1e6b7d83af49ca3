# Junk between games, after the last one, or a file that is all junk is
# reported where the junk begins, not where the next game or the end of
# the input is (found while writing tests/peers: junk at 1:10 was
# reported at 4:1)
# (in a directory of its own: the tests share one)
mkdir check-junk-position.d && cd check-junk-position.d || exit 2
printf '(;B[ah]) junk\n\n\n' >after.sgf
printf '(;B[ah]) junk\n(;B[aa])\n' >between.sgf
printf 'Mail header\n\n  (;B[aa])\n' >before.sgf
printf 'This is not\na record\n' >none.sgf
"$SGFKIT" check --no-summary after.sgf between.sgf before.sgf none.sgf 2>&1
# through a pipe, the same
cat between.sgf | "$SGFKIT" check --no-summary - 2>&1
echo "exit $?"
