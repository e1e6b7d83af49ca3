# bad option arguments are usage errors (exit 2) with a message
cd "$TOP/testdata/score"
for a in "--komi x" "--komi 1e9" "-m -1" "--rules bogus" "--dead zz:" "--playouts 0" "--svg="; do
	"$SGFKIT" score $a s4-dame.sgf 2>&1
	echo "exit $?"
done
exit 2
