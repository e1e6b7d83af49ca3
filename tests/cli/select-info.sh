# select on game information over testdata/select/games.sgf (see its
# make.sh for what each of its nine records holds): every condition
# as names (-l), names case ignored and exact with -x, ranges of every
# form, -v, JSON Lines, standard input; exit 1 when nothing matches.
# valgrind: skip (about thirty processes, 44 s; each condition is taken through ASan and UBSan by make sanitize, and select itself through valgrind by select-records)
cd "$TOP/testdata/select" || exit 2
t() {
	echo "== $*"
	"$SGFKIT" select -l "$@" games.sgf
	echo "exit $?"
}
t --player kato
t --player KATO -x
t --black AAKA
t --white sato
t --date 2005
t --date 2005-11-03..
t --date ..1995
t --date 1990-11-01..2005-11-02
t --size 9
t --size 10..
t --handicap 1..
t --komi 6..6.5
t --komi ..0.5
t --winner w
t --winner B --result resign
t --result score
t --result time
t --result forfeit
t --result draw
t --margin 10..
t --margin ..1
t --rules japanese
t --rules jp
t --rules chinese
t --rules korean
t --rules aga
t --moves 100..
t --moves 0
t --moves 55..58
t --valid
t --invalid
t --valid -v
t --size 19 --komi 6.5 --winner B
t --player nobody
echo "== --json"
"$SGFKIT" select --json --winner W games.sgf
echo "== stdin"
cat games.sgf | "$SGFKIT" select -l --result score -
echo "exit $?"
