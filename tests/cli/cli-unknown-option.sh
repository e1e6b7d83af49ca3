# an unknown option of a subcommand: usage message and exit 2
"$SGFKIT" info --bogus "$TOP/testdata/cli/ok.sgf" 2>&1
exit "$(set +e; "$SGFKIT" info --bogus "$TOP/testdata/cli/ok.sgf" >/dev/null 2>&1; echo $?)"
