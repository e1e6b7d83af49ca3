# no command: usage on stderr, exit 2
"$SGFKIT" 2>&1
