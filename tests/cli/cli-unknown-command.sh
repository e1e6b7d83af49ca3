"$SGFKIT" frobnicate 2>&1
