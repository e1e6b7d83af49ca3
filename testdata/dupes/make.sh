#!/bin/sh
# testdata/dupes/make.sh SGFKIT - how the planted set was made from the
# three games of testdata/cli/tygem3.sgf (A: 220 moves, B: 198, C: 163):
#   games.sgf     A, B, C as they are
#   rotated.sgf   A turned a quarter (convert --symmetry 1)
#   cut.sgf       B cut after 60 moves, and an exact copy of C
#   relabel.sgf   C with other players and date
#   mirrorcut.sgf A mirrored (--symmetry 4) and cut after 45 moves
#   short.sgf     B cut after 10 moves: under --min-moves, never found
#   other.sgf     a game of its own (the GNU Go game of testdata/cli/ok.sgf)
set -e
sgfkit=${1:-sgfkit}
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../cli/tygem3.sgf
cut() { # cut FILE N: the first N moves of each game (one line of moves)
	awk -v n="$2" 'NR % 2 == 1 { print; next }
		{ k = 0; s = ""; m = split($0, a, ";")
		  for (i = 2; i <= m && k < n; i++) { s = s ";" a[i]; k++ }
		  print s ")" }' "$1"
}
game() { # game N: game N of tygem3.sgf (two lines each)
	sed -n "$((2 * $1 - 1)),$((2 * $1))p" "$src"
}
cp "$src" "$here/games.sgf"
game 1 | "$sgfkit" convert --symmetry 1 -t sgf - >"$here/rotated.sgf"
{ game 2 >"$here/b.tmp"; cut "$here/b.tmp" 60; game 3; } >"$here/cut.sgf"
game 3 | sed 's/PB\[didwlTkfhd\]/PB[someone]/; s/DT\[[^]]*\]/DT[2011-01-01]/' \
	>"$here/relabel.sgf"
game 1 | "$sgfkit" convert --symmetry 4 --compact -t sgf - |
	awk '{ n = split($0, a, ";"); s = a[1]
	       for (i = 2; i <= n && i <= 47; i++) s = s ";" a[i]
	       print s ")" }' >"$here/mirrorcut.sgf"
cut "$here/b.tmp" 10 >"$here/short.sgf"
rm -f "$here/b.tmp"
cp "$here/../cli/ok.sgf" "$here/other.sgf"
