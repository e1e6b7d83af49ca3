# online-go.com boards go up to 52: a handicap stone placed past the
# 26th line is written with SGF's capital letters (AB[Aa]), by the one
# point codec (issue 23); ogs.c and ugf.c wrote 'a' + x, which gave
# AB[{a] there
printf '%s' '{"game_id": 1, "width": 27, "height": 27, "handicap": 2,
 "free_handicap_placement": true, "komi": 0.5, "rules": "japanese",
 "players": {"black": {"username": "a"}, "white": {"username": "b"}},
 "moves": [[26, 0, 100], [0, 26, 100], [3, 3, 100]]}' |
	"$SGFKIT" convert -f ogs -
echo "exit $?"
