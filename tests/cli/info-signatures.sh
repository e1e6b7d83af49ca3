# info -s: the signatures of each game (sgfkit-info(1), SIGNATURES).
# The first game of tygem3.sgf in each of the 8 symmetries: one
# canonical hash and one canonical Dyer signature, 8 moves hashes and 8
# Dyer signatures; the same moves with other game information, comments
# and layout: the same hashes; a game that is not Go: empty cells, null
# in JSON; the empty 19x19 board and B[pd] W[dp] as the man page gives
# them.
# valgrind: skip (sixteen conversions and signings of a long game take 34 s)
# (test_signature and the dupes goldens take the signature code through
# valgrind; make sanitize runs this script)
mkdir info-signatures.d && cd info-signatures.d || exit 2
for s in 0 1 2 3 4 5 6 7; do
	"$SGFKIT" convert --symmetry $s -t sgf "$TOP/testdata/cli/tygem3.sgf" |
		"$SGFKIT" info -s --no-header - | sed -n 1p | cut -f 13-
done
echo "distinct: $(for s in 0 1 2 3 4 5 6 7; do
	"$SGFKIT" convert --symmetry $s -t sgf "$TOP/testdata/cli/tygem3.sgf" |
		"$SGFKIT" info -s --no-header - | sed -n 1p | cut -f 14,16
done | sort -u | wc -l) moves hashes and Dyer, $(for s in 0 1 2 3 4 5 6 7; do
	"$SGFKIT" convert --symmetry $s -t sgf "$TOP/testdata/cli/tygem3.sgf" |
		"$SGFKIT" info -s --no-header - | sed -n 1p | cut -f 15,17
done | sort -u | wc -l) canonical"
printf '(;GM[1]SZ[19];B[pd];W[dp])\n' >a.sgf
printf '(;FF[4]CA[UTF-8]PB[x]PW[y]DT[2001-01-01]SZ[19]\n;B[pd]C[a comment]\n (;W[dp]LB[dd:x])\n (;W[pp]))\n' >b.sgf
printf '(;SZ[19])(;GM[12]SZ[9];B[aa])\n' >c.sgf
"$SGFKIT" info -s a.sgf b.sgf c.sgf | cut -f 1,2,13-
"$SGFKIT" info -s --json --no-summary c.sgf |
	sed 's/.*"moves":[0-9]*,//; s/,"event".*//'
echo "without -s: $("$SGFKIT" info --json --no-summary c.sgf | grep -c hash) with a hash"
