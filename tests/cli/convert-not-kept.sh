# GIB and NGF hold less than SGF: what they cannot hold is written as
# near as they allow, or left out, and convert says so at the value
# (issue 22: all of this was silent; RE[B+F] came back from GIB as B+)
# (in a directory of its own: the tests share one)
mkdir convert-not-kept.d && cd convert-not-kept.d || exit 2
printf '(;SZ[19]KM[7]RE[B+F];B[pd];W[dp])\n' >forfeit.sgf
printf '(;SZ[19]KM[6.25]RE[Void];B[pd];W[dp])\n' >void.sgf
printf '(;SZ[19]KM[6.5]RE[W+3.25];B[pd];W[dp])\n' >quarter.sgf
for f in forfeit void quarter; do
	for t in gib ngf; do
		"$SGFKIT" convert -t $t -o $f.$t $f.sgf 2>&1
		echo "$f.sgf -> $t -> $("$SGFKIT" convert --compact $f.$t |
			grep -o 'KM\[[^]]*\]\|RE\[[^]]*\]' | tr '\n' ' ')"
	done
done
# they hold the main line's moves: its variations and comments are
# left out, and said once a game, at the first of them
printf '(;SZ[19]KM[6.5]C[a game];B[pd]C[good](;W[dp];B[dd])(;W[dd]))\n' >branches.sgf
for t in gib ngf; do
	"$SGFKIT" convert -t $t -o branches.$t branches.sgf 2>&1
	echo "branches.sgf -> $t -> $("$SGFKIT" convert --compact branches.$t |
		grep -o ';[BW]\[[a-z]*\]\|C\[' | tr -d '\n')"
done
# --no-warnings leaves them out, as it does the reader's warnings
"$SGFKIT" convert -t ngf --no-warnings forfeit.sgf >/dev/null
echo "exit $?"
