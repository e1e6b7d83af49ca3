# one reader of results in words (issue 23): RE as servers write it and
# the result lines of GIB/NGF are read alike; before, RE[흑 3집반 승]
# read as B+3 (the half point in 반 was missed), RE[黑中盘负] as a win
# for Black (负 is a loss) and an English RE not at all, while the same
# words in an NGF header read as B+3.5, W+R and W+R; convert
# --normalize writes what was read
for re in '흑 3집반 승' '黑中盘负' 'White wins by resignation' \
	'黑胜1又3/4子' '白胜3子半'; do
	printf '(;GM[1]FF[4]SZ[19]RE[%s];B[pd];W[dp])' "$re" |
		"$SGFKIT" convert --normalize --compact - 2>&1
done
