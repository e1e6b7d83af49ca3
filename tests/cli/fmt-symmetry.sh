# --rotate and --flip move every point: moves, setup stones, markup
printf '(;SZ[19]AB[aa:bb]LB[cd:x]AR[aa:cc];B[pd]TR[aa];W[])' > s.sgf
for o in "" "--rotate 90" "--rotate 180" "--rotate 270" "--flip" "--flip --rotate 90" "--symmetry 7"; do
	printf '%-20s' "${o:-none}"
	"$SGFKIT" convert --compact $o s.sgf
done
"$SGFKIT" convert --rotate 45 s.sgf 2>&1; echo "exit $?"
# a value past 2^32 was cut to an int and taken (2^32 + 90 as 90)
"$SGFKIT" convert --rotate 4294967386 s.sgf 2>&1; echo "exit $?"
"$SGFKIT" convert --symmetry 4294967299 s.sgf 2>&1; echo "exit $?"
# a point that cannot be mapped is an error at its value, the game not
# converted (the message had no position)
printf '(;SZ[9];B[ee]\n;W[zz])' | "$SGFKIT" convert --rotate 90 - 2>&1
echo "exit $?"
