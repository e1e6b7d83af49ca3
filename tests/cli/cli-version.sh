# --version prints "sgfkit VERSION"
"$SGFKIT" --version | sed 's/^sgfkit [0-9][0-9.]*$/sgfkit VERSION/'
