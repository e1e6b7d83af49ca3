# Handicap stones set up after a root of comments: info counts them, and
# GIB and NGF write them as the handicap (issue 22: handicap 0, and
# "setup stones after the first node cannot be written")
# (in a directory of its own: the tests share one)
mkdir convert-handicap-comment.d && cd convert-handicap-comment.d || exit 2
printf '(;SZ[19]C[hello];AB[pd][dp];W[qq])\n' >hc.sgf
printf '(;SZ[19];B[pd];B[dp];W[qq])\n' >free.sgf
"$SGFKIT" info --no-header hc.sgf free.sgf | cut -f 1,11
for t in gib ngf; do
	"$SGFKIT" convert -t $t -o hc.$t hc.sgf 2>&1
	"$SGFKIT" convert --compact hc.$t
done
