# SGF -> JSON -> SGF is the same as SGF -> SGF (files, stdin, forced -f)
cd "$TOP/testdata/cli"
for f in ok.sgf tygem3.sgf variation.sgf; do
	direct=$("$SGFKIT" convert "$f")
	via=$("$SGFKIT" convert -t json "$f" | "$SGFKIT" convert -t sgf -)
	forced=$("$SGFKIT" convert -t json "$f" | "$SGFKIT" convert -f json -)
	[ "$direct" = "$via" ] && [ "$direct" = "$forced" ] && echo "$f: same" || echo "$f: DIFFERENT"
done
