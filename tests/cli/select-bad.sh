# select refuses a bad condition with a clear message and exit 2
# (every range goes through cli_opt_range: reversed, not a number, a
# fraction where a whole number is wanted, out of bounds, ".." alone,
# a month 13) before reading anything; an unreadable input is exit 2.
cd "$TOP/testdata/select" || exit 2
for a in "--moves 5..1" "--moves x" "--moves 1.5" "--handicap -1" \
	"--size 53" "--komi .." "--margin 3...." "--date 2005-13" \
	"--date 2005-01-02..2005-01-01" "--winner X" "--result foo" \
	"--rules nonsense"; do
	# shellcheck disable=SC2086
	"$SGFKIT" select $a games.sgf 2>&1
	echo "exit $?"
done
"$SGFKIT" select --size 9 missing.sgf 2>&1
echo "exit $?"
# a record the reader cannot read whole is said where it breaks
printf '(;GM[1]SZ[9];B[aa];W[b' | "$SGFKIT" select --moves 1.. -l - 2>&1
echo "exit $?"
