# Columns on a line that holds more than one game, or where a game does
# not start at column 1, count from the start of the line (they counted
# from the start of the game: 1:16 for the first case, not 1:30)
printf '(;SZ[9];B[aa])(;SZ[9];B[aa];W[zzz])' | "$SGFKIT" check --no-summary - 2>&1
printf '   (;SZ[19];B[aa];W[zzz])' | "$SGFKIT" check --no-summary - 2>&1
printf '(;SZ[19];B[aa])(;SZ[19];B[aa' | "$SGFKIT" check --no-summary - 2>&1
printf '(;SZ[9];B[aa])\n  (;SZ[9];B[aa])(;SZ[9];KM[1]KM[2]W[zzz])' |
	"$SGFKIT" convert --compact - 2>&1 >/dev/null
# characters, not bytes: 中 is one column
printf '(;C[中];B[aa])(;SZ[9];W[zzz])' | "$SGFKIT" check --no-summary - 2>&1
# 30,000 games on one line, read through a pipe in many buffers (the
# column is 420,016), and from a file; in linear time
awk 'BEGIN { for (i = 0; i < 30000; i++) printf "(;SZ[9];B[aa])";
	printf "(;SZ[9];B[aa];W[zzz])\n" }' >long.sgf
"$SGFKIT" check --no-summary - <long.sgf 2>&1
echo "exit $?"
"$SGFKIT" check --no-summary long.sgf 2>&1
echo "exit $?"
# bytes replaced by U+FFFD: the warning is at the first of them (SGF in
# UTF-8, a JSON string), not at the start of the game or document
printf '(;SZ[9])(;FF[4]CA[UTF-8]SZ[9]\n;C[ok \344\270\255 a\377b\376])' |
	"$SGFKIT" check --no-summary - 2>&1
printf '{"nodes":[\n {"props":{"SZ":["9"]}},\n {"parent":0,"props":{"C":["ok","a\\u0000b"],"GN":["\\ud800","\377"]}}]}\n' |
	"$SGFKIT" check --no-summary -f json - 2>&1
# a BOM has no width, at the start of a file or between two files
printf '\357\273\277(;SZ[9];B[ee];W[ee])' | "$SGFKIT" check --no-summary - 2>&1
printf '(;SZ[9])\357\273\277(;SZ[9];B[ee];W[ee])' | "$SGFKIT" check --no-summary - 2>&1
echo "exit $?"
