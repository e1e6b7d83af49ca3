#!/bin/sh
# gtp-referee.sh - the referee loop of tests/suite/gtp-referee.sh over
# twenty games (seeds 1-20): GNU Go plays itself on 9x9 through sgfkit
# gtp, whose final_score must equal sgfkit score on the record it
# prints.  "not run" without gnugo (.ci/run installs it).
: "${SGFKIT:=./sgfkit}"
here=$(cd "$(dirname "$0")" && pwd)
exec nice python3 "$here/gtp_referee.py" --games 20 "$SGFKIT"
