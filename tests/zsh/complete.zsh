# Print the matches zsh's completion system offers for a command line,
# one per line, using the completion functions in COMPDIR.
# usage: zsh complete.zsh COMPDIR 'sgfkit check --ko '
# A zsh in a pseudo-terminal (zsh/zpty) loads compinit with COMPDIR in
# fpath, wraps compadd to log every match to a file, and gets the line
# followed by a TAB; no terminal output has to be parsed.
zmodload zsh/zpty || exit 3
local dir=$1 line=$2 log=$(mktemp) setup=$(mktemp)

cat >$setup <<SETUP
PS1='' PROMPT='' RPROMPT=''
fpath=($dir \$fpath)
autoload -Uz compinit && compinit -u -D
compadd() {
	local -a __m
	local x
	builtin compadd -O __m "\$@"
	for x in \$__m; do print -r -- "\$x" >>$log; done
	builtin compadd "\$@"
}
bindkey '^I' complete-word
print -r -- "<ready>" >>$log
SETUP
zpty -b z "zsh -f -i"
zpty -w z "source $setup"
# wait for the setup, then complete; matches arrive within a moment
integer i
for (( i = 0; i < 200; i++ )); do
	grep -q '<ready>' $log && break
	sleep 0.05
done
zpty -w -n z "$line"$'\t'
for (( i = 0; i < 200; i++ )); do
	(( $(wc -l <$log) > 1 )) && break
	sleep 0.05
done
sleep 0.5
zpty -d z
grep -v "<ready>" $log | sort -u
rm -f $log $setup
