# -m 0 is the position before the first move: the setup stones are on
# it, in the root or in a node before the first move, as score -m 0
# and gtp -m 0 have them (issue 22: txt and svg drew an empty board,
# gtp left out setup after the root)
# (in a directory of its own: the tests share one)
mkdir convert-diagram-setup.d && cd convert-diagram-setup.d || exit 2
printf '(;SZ[9]AB[cc][gg]AW[cg];B[ee];W[ec])\n' >root.sgf
printf '(;SZ[9]C[problem];AB[cc][gg]AW[cg];B[ee];AB[aa];W[ec])\n' >later.sgf
for f in root.sgf later.sgf; do
	"$SGFKIT" convert -t txt -m 0 $f
	"$SGFKIT" convert -t gtp -m 0 $f
	# black and white stones drawn in the picture
	"$SGFKIT" convert -t svg -m 0 $f | grep -c 'fill="#000"/>$'
	"$SGFKIT" convert -t svg -m 0 $f | grep -c 'fill="#fff"/>$'
done
# after move 1 the setup that comes after it is not on the board yet
"$SGFKIT" convert -t txt -m 1 later.sgf
"$SGFKIT" convert -t gtp -m 1 later.sgf
