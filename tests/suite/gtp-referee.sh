#!/bin/sh
# A referee loop (issue 25): GNU Go plays itself on 9x9 through sgfkit
# gtp, which scores each game; the record it prints, scored by sgfkit
# score, gives the same result (tests/corpus/gtp_referee.py; twenty
# games in make corpus-check).  "not run" without gnugo.
# valgrind: skip (two whole games of GNU Go; test_gtpserver and
# gtp-protocol take the same code through valgrind)
: "${SGFKIT:=./sgfkit}" "${TOP:=.}"
GNUGO=${GNUGO:-$(command -v gnugo || echo /usr/games/gnugo)}
if [ ! -x "$GNUGO" ]; then
	echo "not run (gnugo is not installed): the GTP referee loop"
	echo "0 passed, 0 failed"
	exit 0
fi
exec python3 "$TOP/tests/corpus/gtp_referee.py" --games 2 "$SGFKIT" "$GNUGO"
