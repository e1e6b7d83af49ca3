# --normalize rewrites dialects and says so; without it values are kept.
# fox-km50.sgf and decimal-comma.sgf are handmade: Fox KM[50] in a
# handicap game (0.5), and KM[6,5] as q5Go wrote it under a Polish locale
cd "$TOP/testdata/fmt"
for f in fox_go_server_komi.sgf fox-km50.sgf decimal-comma.sgf 943.sgf nihon-kiin.sgf \
	analyze-sgf-t-oro-2.sgf; do
	"$SGFKIT" convert --compact "$f" | grep -o 'KM\[[^]]*\]\|RE\[[^]]*\]\|KO\[[^]]*\]' | tr '\n' ' '
	echo
	"$SGFKIT" convert --compact --normalize "$f" 2>&1 >/dev/null
	"$SGFKIT" convert --compact --normalize "$f" 2>/dev/null |
		grep -o 'KM\[[^]]*\]\|RE\[[^]]*\]\|EV\[[^]]*\]\|AP\[[^]]*\]' | tr '\n' ' '
	echo
done
