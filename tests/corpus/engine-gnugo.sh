#!/bin/sh
# engine-gnugo.sh - `sgfkit score --engine 'gnugo --mode gtp'` on a
# sample of the OGS set: the same dead stones as GNU Go asked directly
# (gnugo_dead.py), and the agreement with RE of both judges printed.
# "not run" when GNU Go is not installed (.ci/run installs it).
: "${SGFKIT:=./sgfkit}" "${CORPUS:=../shared/corpus}"
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/engine_eval.py" "$SGFKIT" "$CORPUS"
