#!/bin/sh
# score-gnugo.sh - issue 19's second opinion: our dead stones against
# GNU Go's (final_status_list) on the scored corpus, with the
# disagreement classes, and the winner/exact figures of GNU Go's dead
# list counted by sgfkit (tests/corpus/gnugo_compare.py).  GNU Go's
# answers come from gnugo_dead.py's cache (~/.cache/sgfkit-gnugo); with
# gnugo installed, at most $GNUGO_BENCH_FILL (default 50, about a
# minute) missing answers are asked per run and the rest are reported
# as "not cached": fill the cache once with
#   nice python3 tests/corpus/gnugo_dead.py -j 1 ../shared/corpus/scored/*/*.sgf >/dev/null
# (about an hour).  Without gnugo and without a cache: "not run".
# GNUGO_SELFPLAY="DIR..." adds directories of games, e.g. made by
# tests/corpus/gnugo_selfplay.py.
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
here=$(cd "$(dirname "$0")/../corpus" && pwd)
PATH=$PATH:/usr/games
fill=${GNUGO_BENCH_FILL:-50}
command -v gnugo >/dev/null 2>&1 || fill=0
# shellcheck disable=SC2086 # GNUGO_SELFPLAY is a list of directories
exec python3 "$here/gnugo_compare.py" "$SGFKIT" --corpus "$CORPUS" \
	--fill-max "$fill" "$CORPUS/scored/ogs" "$CORPUS/scored/tygem" \
	"$CORPUS/scored/gnugo" $GNUGO_SELFPLAY
