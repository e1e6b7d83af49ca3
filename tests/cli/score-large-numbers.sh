# numbers are printed whole: %g wrote komi 123456.5 as 123456 and a
# margin of a million as W+1e+06; an HA that is no number of stones is
# ignored with a warning (atoi read HA[99999999999] as a negative number)
printf '(;GM[1]FF[4]SZ[9]KM[123456.5]RE[W+123450.5]\n;B[ee];W[])\n' >k.sgf
printf '(;GM[1]FF[4]SZ[9]RU[Chinese]KM[999999.5]HA[99999999999]\n;B[cc];W[ee])\n' >h.sgf
"$SGFKIT" score --no-board --no-summary k.sgf h.sgf 2>&1
"$SGFKIT" score --json --no-summary k.sgf h.sgf |
	grep -o '"komi":[^,]*\|"handicap":[^,]*\|"result":"[^"]*"\|"warnings":.*'
# a long RE is cut between characters in the text line (it was cut
# inside one: invalid UTF-8), and a newline in it does not break the line
printf '(;GM[1]FF[4]CA[UTF-8]SZ[9]RE[x%s]\n;B[ee])\n' \
	"黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑黑" >long.sgf
printf '(;GM[1]FF[4]SZ[9]RE[B+3\nand more]\n;B[ee])\n' >nl.sgf
"$SGFKIT" score --no-board --no-summary long.sgf nl.sgf 2>/dev/null | grep Result
