# POSITIONS.md S1-S4 and S6 and the seed counting example, dead stones
# estimated, JSON output.  S1 (seki) is counted under strict rules, as
# POSITIONS.md does, and in the server convention (seki eyes counted).
cd "$TOP/testdata/score"
"$SGFKIT" score --json --no-summary --strict s1-seki.sgf
"$SGFKIT" score --json --no-summary s1-seki.sgf s1-seki-chinese.sgf \
	s2-seed.sgf s2-seed-chinese.sgf s3-dead-stone.sgf s4-dame.sgf \
	s6-handicap.sgf s6-handicap-aga.sgf s6-handicap-nz.sgf
