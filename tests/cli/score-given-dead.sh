# S5 bent four (dead by rule): the dead stones given with --dead, as a
# compressed point list; S3 with --all-alive under Tromp-Taylor rules
cd "$TOP/testdata/score"
"$SGFKIT" score --no-summary --dead 'da,bb:db bc:dc,ad:dd' s5-bent-four.sgf
echo "exit $?"
"$SGFKIT" score --no-summary --no-board --all-alive --rules tromp-taylor \
	s3-dead-stone.sgf
echo "exit $?"
