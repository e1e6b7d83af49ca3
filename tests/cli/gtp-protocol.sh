# sgfkit gtp, command by command (issue 25): each command and its error
# forms, ids, GTP 2's preprocessing (control bytes, tabs, comments, empty
# lines), a line of a megabyte and a huge board, which get an error
# while the session goes on; genmove is refused and not listed
cd "$TOP/testdata/score" || exit 1
printf '%s\n' \
	protocol_version 1\ name '2 version' 'known_command play' \
	'known_command genmove' 'known_command' list_commands \
	'# a comment' '' '   ' '7' '3 # an id before a comment' \
	"$(printf 'na\001me\r')" "$(printf '\t4\tname\t')" \
	'00012 name' '1.5 name' '-1 name' 'NAME' 'foo bar' '5 foo' \
	'boardsize' 'boardsize x' 'boardsize 0' 'boardsize 1000000' \
	'boardsize 99999999999999999999' 'boardsize 26' 'boardsize 25' \
	'showboard' 'boardsize 5' 'komi' 'komi x' 'komi inf' 'komi nan' \
	'komi 1e9' 'komi 0.5' 'play' 'play b' 'play x c3' 'play b f1' \
	'play b c3' 'play w c3' 'play b pass' 'play white PASS' \
	'is_legal b c3' 'is_legal w d3' 'is_legal' 'is_legal b z9' \
	'undo' 'undo' 'undo' 'undo' \
	'fixed_handicap' 'fixed_handicap x' 'fixed_handicap 2' \
	'boardsize 9' 'fixed_handicap 1' 'fixed_handicap 10' \
	'fixed_handicap 5' 'fixed_handicap 2' 'set_free_handicap c3 d4' \
	'clear_board' 'set_free_handicap' 'set_free_handicap c3' \
	'set_free_handicap c3 c3' 'set_free_handicap c3 z1' \
	'set_free_handicap c3 pass' 'set_free_handicap c3 d4 e5' \
	'printsgf' 'printsgf out.sgf' 'showboard' 'undo' 'clear_board' \
	'final_status_list' 'final_status_list foo' \
	'kgs-rules' 'kgs-rules nonsense' 'kgs-rules chinese' \
	'genmove b' 'kgs-game_over' \
	'loadsgf' 'loadsgf no-such-file.sgf' 'loadsgf s3-dead-stone.sgf x' \
	'loadsgf s3-dead-stone.sgf 0' 'loadsgf .' 'loadsgf too-large.sgf' \
	'loadsgf s3-dead-stone.sgf' 'final_score' 'final_status_list dead' \
	'final_status_list seki' 'final_status_list alive' \
	'loadsgf s3-dead-stone.sgf 3' 'printsgf' 'undo' 'undo' 'undo' \
	'loadsgf s6-handicap.sgf' 'loadsgf ogs-9x9.sgf 1' \
	'quit' 'name' | "$SGFKIT" gtp
echo "exit $?"
# a line of a megabyte: an error with its id, and the session goes on
{
	printf '8 play b '
	head -c 1048576 /dev/zero | tr '\0' 'x'
	printf '\n9 name\n'
} | "$SGFKIT" gtp
echo "exit $?"
# a NUL byte is a control byte: dropped
printf '3 pro\000tocol_version\n' | "$SGFKIT" gtp
# the end of the input ends the session; a last line without its
# newline is read; too many arguments
printf 'play b d4 d5 d6 d7 d8 d9 d10 d11 d12 d13 d14 d15 d16 d17 d18 d19 e1 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11 e12 e13 e14 e15\nname' |
	"$SGFKIT" gtp
echo "exit $?"
# options
"$SGFKIT" gtp --rules nonsense </dev/null
echo "exit $?"
"$SGFKIT" gtp --komi x </dev/null
echo "exit $?"
"$SGFKIT" gtp file.sgf </dev/null
echo "exit $?"
printf 'komi\nfinal_score\nkomi 7\nfinal_score\n' | "$SGFKIT" gtp --komi 0.5 --rules chinese
echo "exit $?"
