# In GB18030, GBK, Big5 and Shift_JIS a character's second byte may be
# '\' or ']': a writer that escapes bytes puts '\' before it, and the
# character is read whole, as SGFC reads it (issue 22: 指揬 and a stray
# ']' with an unescaped-bracket warning)
# (in a directory of its own: the tests share one)
mkdir convert-dbcs-escape.d && cd convert-dbcs-escape.d || exit 2
printf '(;CA[GB18030]C[\326\270\223\\]\231\340])\n' >gb.sgf
"$SGFKIT" convert --compact gb.sgf 2>&1
# a writer that knows the charset: 表 (95 5C) then the value's end
printf '(;CA[Shift_JIS]C[\225\\]PB[\225\\\\])\n' >sjis.sgf
"$SGFKIT" convert --compact sjis.sgf 2>&1
