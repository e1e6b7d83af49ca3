# --files-from: lines, or NUL separated with -0; "-" is stdin
cd "$TOP/testdata/cli"
printf 'ok.sgf\nko.sgf\n' | "$SGFKIT" info --no-header --files-from - | cut -f 1,2
printf 'archive/2005/a.sgf\0occupied.sgf\0' | "$SGFKIT" info --no-header --files-from - -0 | cut -f 1,2
find archive -name '*.sgf' -print0 | sort -z | "$SGFKIT" info --no-header --files-from - -0 | cut -f 1,2
