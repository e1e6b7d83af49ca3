# A move on an occupied point, or a move or setup value that is no
# point, does not block the diagram: it is not played (as check and
# score skip it), marked ([X] in text, a red cross in SVG) and warned
# about at its value (issue 22: "cannot write txt: a move on an
# occupied point", exit 1)
# (in a directory of its own: the tests share one)
mkdir convert-diagram-illegal.d && cd convert-diagram-illegal.d || exit 2
printf '(;SZ[9]AB[cc][zz];B[ee];W[ee];B[dd];W[zz];B[ff])\n' >bad.sgf
"$SGFKIT" convert -t txt bad.sgf 2>&1
echo "exit $?"
"$SGFKIT" convert -t txt -m 2 --no-warnings bad.sgf 2>&1
echo "exit $?"
"$SGFKIT" convert -t svg bad.sgf 2>&1 | grep -E 'warning|not played'
"$SGFKIT" convert -t gtp bad.sgf 2>&1
echo "exit $?"
