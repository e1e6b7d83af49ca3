#!/bin/sh
# A referee loop (issue 25): GNU Go plays itself on 9x9 through sgfkit
# gtp, which scores each game; the record it prints, scored by sgfkit
# score, gives the same result (tests/corpus/gtp_referee.py; twenty
# games in make corpus-check).  "not run" without gnugo.
# valgrind: skip (two whole games of GNU Go)
# (test_gtpserver and gtp-protocol take the same code through valgrind)
: "${SGFKIT:=./sgfkit}" "${TOP:=.}"
exec python3 "$TOP/tests/corpus/gtp_referee.py" --games 2 "$SGFKIT"
