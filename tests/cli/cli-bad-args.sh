# bad option arguments are usage errors (exit 2) with a message
cd "$TOP/testdata/cli"
for a in "-j 0" "-j x" "--ko hyper" "--suicide maybe" "--max-moves -3" "-f gib2"; do
	"$SGFKIT" check $a ok.sgf 2>&1
	echo "exit $?"
done
"$SGFKIT" convert -t docx ok.sgf 2>&1; echo "exit $?"
"$SGFKIT" convert -o x.sgf -d dir ok.sgf 2>&1; echo "exit $?"
exit 2
