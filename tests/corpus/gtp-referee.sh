#!/bin/sh
# gtp-referee.sh - the referee loop of tests/suite/gtp-referee.sh over
# twenty games (seeds 1-20): GNU Go plays itself on 9x9 through sgfkit
# gtp, whose final_score must equal sgfkit score on the record it
# prints.  "not run" without gnugo (.ci/run installs it).
: "${SGFKIT:=./sgfkit}"
here=$(cd "$(dirname "$0")" && pwd)
GNUGO=${GNUGO:-$(command -v gnugo || echo /usr/games/gnugo)}
if [ ! -x "$GNUGO" ]; then
	echo "not run (gnugo is not installed)"
	echo "0 passed, 0 failed"
	exit 0
fi
exec nice python3 "$here/gtp_referee.py" --games 20 "$SGFKIT" "$GNUGO"
