# X -> SGF -> X -> SGF keeps moves, players, ranks, result, komi,
# handicap and date: both SGF texts are the same
cd "$TOP/testdata/fmt"
for f in euc-kr.gib gb2312.gib utf8.gib:gib even.ngf:ngf handicap2.ngf:ngf; do
	file=${f%%:*}
	to=${file##*.}
	"$SGFKIT" convert "$file" > "$OLDPWD/a.sgf" &&
	"$SGFKIT" convert -t "$to" "$OLDPWD/a.sgf" > "$OLDPWD/b.$to" &&
	"$SGFKIT" convert "$OLDPWD/b.$to" > "$OLDPWD/c.sgf" &&
	cmp -s "$OLDPWD/a.sgf" "$OLDPWD/c.sgf" && echo "$file: same" ||
		echo "$file: DIFFERENT"
done
# UGF is read only: UGF -> SGF -> GIB -> SGF
"$SGFKIT" convert amateur.ugf > "$OLDPWD/u.sgf"
"$SGFKIT" convert -t gib "$OLDPWD/u.sgf" | "$SGFKIT" convert - |
	grep -o 'PB\[[^]]*\]\|KM\[[^]]*\]\|RE\[[^]]*\]\|DT\[[^]]*\]' | tr '\n' ' '
echo
