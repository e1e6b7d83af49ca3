# ASCII diagram after move N: coordinates, last move, captures
cd "$TOP/testdata/fmt"
"$SGFKIT" convert -t txt -m 25 handicap2.ngf
"$SGFKIT" convert -t txt gb2312.gib | tail -n 4
