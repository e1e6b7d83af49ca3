# GIB (EUC-KR, Korean header) to SGF: players, ranks, komi, result, date
cd "$TOP/testdata/fmt"
"$SGFKIT" convert euc-kr.gib 2>&1
