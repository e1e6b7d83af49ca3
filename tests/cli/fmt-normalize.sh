# --normalize rewrites dialects and says so; without it values are kept
cd "$TOP/testdata/fmt"
for f in fox_go_server_komi.sgf 943.sgf nihon-kiin.sgf analyze-sgf-t-oro-2.sgf; do
	"$SGFKIT" convert --compact "$f" | grep -o 'KM\[[^]]*\]\|RE\[[^]]*\]\|KO\[[^]]*\]' | tr '\n' ' '
	echo
	"$SGFKIT" convert --compact --normalize "$f" 2>&1 >/dev/null
	"$SGFKIT" convert --compact --normalize "$f" 2>/dev/null |
		grep -o 'KM\[[^]]*\]\|RE\[[^]]*\]\|EV\[[^]]*\]\|AP\[[^]]*\]' | tr '\n' ' '
	echo
done
