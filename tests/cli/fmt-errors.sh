# unreadable records: file, line and what was expected; nothing on stdout
printf '\\HS\n\\[GAMENAME=x\\]\n\\HE\n\\GS\nINI 0 1 0 &4\nSTO 0 2 1 3 3\nSTO 0 3 2 3 x\n\\GE\n' > bad.gib
printf 'Rated game\n19\nA 1D\nB 1D\nsite\n0\n0\n6\n20170316\n5\nBlack wins!\n2\nPMABBREER\nPMACWEZE\n' > bad.ngf
printf '[Header]\nSize=19\nHdcp=0,6.5\n[Data]\nQP,B1,1,0\nQ,W1,2,0\n' > bad.ugf
printf '\\HS\n\\HE\n\\GS\nSTO 0 2 1 3 3\n' > cut.gib
for f in bad.gib bad.ngf bad.ugf cut.gib; do
	"$SGFKIT" convert $f 2>&1
	echo "exit $?"
done
# an empty record (or blank lines, or comments only) is an error of its
# one game, as an empty SGF file is; with -o nothing is written, exit 1
for f in empty.gib empty.ngf empty.ugf empty.gtp; do
	: >$f
	"$SGFKIT" convert $f 2>&1
	echo "exit $?"
done
printf '\n\n' >blank.ngf
printf '# a comment\n\n' >comment.gtp
for f in blank.ngf comment.gtp; do
	"$SGFKIT" convert -o out.sgf $f 2>&1
	echo "exit $?"
	[ -e out.sgf ] && echo "out.sgf written"
done
: >empty.jsonl
"$SGFKIT" convert -f json -o out.sgf empty.jsonl 2>&1
echo "exit $?"
# set_free_handicap fails, as GTP says, on a repeated vertex or on a
# board that has stones (before: AB[dd][dd], or stones added to stones)
printf 'boardsize 9\nclear_board\nset_free_handicap D4 d4\n' >dup.gtp
printf 'boardsize 9\nfixed_handicap 2\nset_free_handicap C3 G7\n' >twice.gtp
printf 'boardsize 9\nset_free_handicap C3 G7\nclear_board\nset_free_handicap C3 G7\n' >again.gtp
printf 'boardsize 9\nset_free_handicap D4 d04\n' >dup2.gtp
for f in dup.gtp dup2.gtp twice.gtp again.gtp; do
	"$SGFKIT" convert --compact $f 2>&1
	echo "exit $?"
done
# one game per GTP script: a new board after moves drops the game before
# it, and an undo with nothing to take back is ignored, each with a
# warning (both were silent)
printf 'boardsize 9\nplay b e5\nboardsize 13\nplay b d4\nundo\nundo\nplay w c3\n' >two.gtp
"$SGFKIT" convert --compact two.gtp 2>&1
echo "exit $?"
