# GTP script: boardsize, komi, handicap, moves (passes included)
cd "$TOP/testdata/fmt"
"$SGFKIT" convert -t gtp -m 4 gb2312.gib
"$SGFKIT" convert -t gtp review.ugi | tail -n 4
