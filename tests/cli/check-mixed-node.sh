# FF[4] node rules: one move per node, and moves apart from setup.  A
# warning at the node, in the main line and in variations, from SGF and
# JSON alike (issue 22: both passed silently; SGFC and sgfmill say so)
# (in a directory of its own: the tests share one)
mkdir check-mixed-node.d && cd check-mixed-node.d || exit 2
printf '(;SZ[9];B[aa]W[bb];AB[cc]W[dd](;B[ee])(;AE[ee]B[ff]))\n' >mix.sgf
"$SGFKIT" check mix.sgf 2>&1
echo "exit $?"
"$SGFKIT" convert -t json mix.sgf | "$SGFKIT" check -f json --json -
