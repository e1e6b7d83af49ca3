# A repetition of the start, or of a setup position, is named by the
# moves before it: 'the starting position', 'the position set up after
# move 2' (they said 'set up after move 1' and 'after move 3': the move
# being played was counted; found while writing tests/peers)
# (in a directory of its own: the tests share one)
mkdir check-cycle-start.d && cd check-cycle-start.d || exit 2
ko='AB[da][ea][bb][cb][db][cc][ad][bd][cd]AW[ba][fa][ab][eb][ac][ec][fc][dd][ed][ae][be][ce][de][fe]'
printf '(;SZ[6:5]RU[Japanese]%s;B[fb];W[];B[];W[fa])\n' "$ko" >start.sgf
printf '(;SZ[6:5]RU[Japanese];B[fd];W[ee];%s;B[fb];W[];B[];W[fa])\n' "$ko" >setup.sgf
"$SGFKIT" check --no-summary start.sgf setup.sgf 2>&1
