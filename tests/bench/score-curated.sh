#!/bin/sh
# score-curated.sh - issue 19's curated end-of-game positions: our count
# against the answers of GNU Go's scoring tests (regression/score.tst and
# score2.tst of GNU Go 3.8; tests/corpus/gnugo_curated.py).  Those files
# are GPL and not in this tree (Debian's gnugo_3.8.orig.tar.gz has them):
# GNUGO_REGRESSION names a directory that holds score.tst and score2.tst
# with the records under it as the tests name them (gnugo-3.8/regression),
# or beside them.  Without it: "not run".
: "${SGFKIT:=./sgfkit}"
here=$(cd "$(dirname "$0")/../corpus" && pwd)
dir=${GNUGO_REGRESSION:-}
if [ -z "$dir" ] || [ ! -f "$dir/score.tst" ]; then
	echo "not run (set GNUGO_REGRESSION to a GNU Go regression directory)"
	exit 0
fi
set -- "$dir/score.tst"
[ -f "$dir/score2.tst" ] && set -- "$@" "$dir/score2.tst"
# nine seeds: one seed's figure moves by a test or two
exec python3 "$here/gnugo_curated.py" "$SGFKIT" --seeds 9 --list "$@"
