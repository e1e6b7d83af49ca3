# bash completion for sgfkit                               -*- shell-script -*-
# Installed as share/bash-completion/completions/sgfkit.

_sgfkit()
{
	local cur prev words cword
	_init_completion 2>/dev/null || {
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD-1]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
	}
	local commands="check convert dupes gtp info score select"
	local common="-r --recursive --ext --files-from -0 --null -j --jobs
		--no-summary --progress --no-progress --max-game-bytes -f --from
		-h --help"

	if [[ $cword -eq 1 ]]; then
		COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
		return
	fi
	case $prev in
	-f | --from)
		COMPREPLY=($(compgen -W "auto sgf json gib ngf ugf ogs gtp" -- "$cur"))
		return ;;
	-t | --to)
		COMPREPLY=($(compgen -W "sgf json gib ngf gtp txt svg" -- "$cur"))
		return ;;
	--ko)
		COMPREPLY=($(compgen -W "simple positional situational" -- "$cur"))
		return ;;
	--suicide)
		COMPREPLY=($(compgen -W "allow forbid" -- "$cur"))
		return ;;
	--rules)
		COMPREPLY=($(compgen -W "japanese korean chinese aga bga nz ing
			tromp-taylor" -- "$cur"))
		return ;;
	--ext)
		COMPREPLY=($(compgen -W "sgf json gib ngf ugf sgf,gib,ngf,ugf" -- "$cur"))
		return ;;
	--rotate)
		COMPREPLY=($(compgen -W "90 180 270" -- "$cur"))
		return ;;
	--symmetry)
		COMPREPLY=($(compgen -W "0 1 2 3 4 5 6 7" -- "$cur"))
		return ;;
	-d | --dir)
		COMPREPLY=($(compgen -d -- "$cur"))
		return ;;
	-j | --jobs | --max-moves | --max-game-bytes | -m | --move | --komi | \
		--dead | --playouts | --seed | --engine-timeout)
		return ;;
	--engine)
		COMPREPLY=($(compgen -c -- "$cur"))
		return ;;
	-o | --output | --files-from | --svg)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	esac
	if [[ ${words[1]} == gtp ]]; then
		# commands on standard input: no operands, no shared options
		[[ $cur == -* ]] &&
			COMPREPLY=($(compgen -W "--rules --komi -h --help" -- "$cur"))
		return
	fi
	if [[ $cur == -* ]]; then
		local opts
		case ${words[1]} in
		check) opts="--json -l --files-with-errors -L
			--files-without-errors -q --quiet --no-warnings --rules --ko
			--suicide --max-moves --main-line" ;;
		info) opts="--json --no-header --no-warnings -s --signatures" ;;
		dupes) opts="--json --min-moves --no-truncated --keep -o --output" ;;
		select) opts="--player --black --white -x --exact --date --size
			--handicap --komi --winner --result --margin --rules --moves
			--rank --black-rank --white-rank --played --played-moves
			--pattern --all-symmetries --swap-colours --valid --invalid
			-v --invert-match -l --list --json -o --output" ;;
		convert) opts="-t --to -o --output -d --dir --compact -m --move
			--numbers --normalize --no-warnings --rotate --flip --symmetry" ;;
		score) opts="--json --mismatch -m --move --rules --komi --dead
			--all-alive --engine --engine-timeout --strict --svg
			--no-board --playouts --seed -q --quiet" ;;
		esac
		COMPREPLY=($(compgen -W "$opts $common" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
} &&
	complete -o filenames -F _sgfkit sgfkit
