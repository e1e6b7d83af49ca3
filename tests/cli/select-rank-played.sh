# select on ranks and points played over testdata/select/games.sgf,
# whose ranks are 6k/7k (game 1), 2d/5k (2), 1p/4p (3), 9d/9d (4) and
# none (5 to 9): ranks in order 30k..1k, 1d..9d, 1p..9p, either player
# or one; points as GTP vertices (read on each board: C7 is cc on 9x9)
# or SGF letters, within move numbers; bad values refused (exit 2).
# valgrind: skip (about thirty processes, 31 s; ranks are read under valgrind by test_gameinfo, and all of it runs under ASan and UBSan in make sanitize)
cd "$TOP/testdata/select" || exit 2
t() {
	echo "== $*"
	"$SGFKIT" select -l "$@" games.sgf 2>/dev/null
	echo "exit $?"
}
bad() {
	echo "== $*"
	"$SGFKIT" select -l "$@" games.sgf 2>&1
	echo "exit $?"
}
t --rank 5k
t --rank 5k..1d
t --rank 1d..9d
t --rank 1p..
t --rank ..6k
t --rank 9d..1p
t --black-rank 1d..
t --white-rank ..5k
t --black-rank 1d.. --white-rank 1d..
t --rank 3k
t --played q16,d4
t --played pd,dp
t --played cc,C7 --size 9
t --played pd --played-moves 1
t --played pd --played-moves 2..
bad --played q16 --played-moves ..0
bad --rank 10d
bad --rank 0k
bad --rank 5d..1d
bad --rank x
bad --played i5
bad --played ,q16
bad --played q16,,d4
bad --played-moves 1..2
bad --played q16 --played-moves 0
