# a move the replay cannot play (on an occupied point, or not a point)
# is left off the board as a viewer leaves it, and score says so: the
# first such move with its position on stderr in text mode, in
# "warnings" with --json; the exit status is unchanged
printf '(;SZ[9]KM[6.5]\n;B[ee];W[ee];B[cc]\n;W[zz];B[dd])\n' |
	"$SGFKIT" score --no-summary --no-board - 2>&1 >/dev/null
echo "exit $?"
printf '(;SZ[9]KM[6.5];B[ee];W[dd])\n' |
	"$SGFKIT" score --no-summary --no-board - 2>&1 >/dev/null
echo "exit $?"
printf '(;SZ[9]KM[6.5]\n;B[ee];W[zz])\n' |
	"$SGFKIT" score --json --no-summary - 2>&1 |
	sed 's/.*"warnings"/"warnings"/'
# a long value is shown by its first 8 bytes, marked as cut
printf '(;SZ[9]KM[6.5];B[ee];W[eeeeeeeeeeee])\n' |
	"$SGFKIT" score --json --no-summary - 2>&1 |
	sed 's/.*"warnings"/"warnings"/'
