# input without a game tree: empty, or only white space (SGF white space
# includes every control character, such as a lone 0x1f) is not-sgf,
# exit 1, and says which
printf '' | "$SGFKIT" check --no-summary - 2>&1
echo "exit $?"
printf '\037' | "$SGFKIT" check --no-summary - 2>&1
echo "exit $?"
printf ' \n\t\n ' | "$SGFKIT" check --no-summary - 2>&1
echo "exit $?"
