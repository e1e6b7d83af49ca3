# sgfkit --help lists the commands; exit 0
"$SGFKIT" --help
