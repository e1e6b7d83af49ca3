#!/bin/sh
# testdata/select/make.sh - how games.sgf, the collection the select
# tests choose from, was made: nine records, each followed by one
# newline, so that selecting them all gives the file back byte for byte.
#   1 ogs-9x9           gubbelface-taikobara, W+3.5, 9x9, 2013-10-19,
#                       japanese, komi 6.5, 58 moves
#   2 ogs-9x9-vital-point  hotspur-Dyonn, B+39.5, 9x9, 2008-01-10, 55
#   3 zi-komi-943       Xia Xianyu-Chang Hao, W+0.25, Chinese, 1990-11-01,
#                       komi 5.5, 225 moves
#   4 tygem3.sgf game 3 didwlTkfhd-yuzimin, B+Resign, Korean, 163 moves
#   5 s6-handicap       HA[4], Chinese, B+14.5, no moves
#   6 occupied          a move on an occupied point: invalid; no RE
#   7-9 written here    W+T on 13x13 (AGA, DT 2020-03), a draw
#                       (Japanese, komi 6), B+F by kaaka46 (Korean)
set -e
here=$(cd "$(dirname "$0")" && pwd)
t=$here/..
rec() { # a file from its first "(" to its last ")", then a newline
	python3 -c 'import sys; d = open(sys.argv[1], "rb").read()
sys.stdout.buffer.write(d[d.index(b"("):d.rindex(b")") + 1] + b"\n")' "$1"
}
{
	rec "$t/score/ogs-9x9.sgf"
	rec "$t/score/ogs-9x9-vital-point.sgf"
	rec "$t/score/zi-komi-943.sgf"
	sed -n 5,6p "$t/cli/tygem3.sgf"
	rec "$t/score/s6-handicap.sgf"
	rec "$t/cli/occupied.sgf"
	echo '(;GM[1]FF[4]SZ[13]PB[Black Time]PW[White Time]DT[2020-03]KM[6.5]RU[AGA]RE[W+T];B[dd];W[jj];B[dj])'
	echo '(;GM[1]FF[4]SZ[19]PB[Kato Masao]PW[Sato]DT[1995-05-05]KM[6]RU[Japanese]RE[0];B[pd];W[dp])'
	echo '(;GM[1]FF[4]SZ[19]PB[kaaka46]PW[Kato]DT[2005-11-03]KM[6.5]RU[Korean]RE[B+F];B[pd])'
} >"$here/games.sgf"
