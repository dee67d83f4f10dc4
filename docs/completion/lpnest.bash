# lpnest.bash — bash completion of lpnest and lpn (installed by cmake --install as
# share/bash-completion/completions/lpnest and .../lpn; or `source` it). Completes
# the subcommands, the options of each, the values of --target (the cores
# `lpnest --target=help` lists), --format and --memory, and files where an option
# or argument takes one (.bc/.ll inputs, .json reports and directories, .yaml files).
# Needs nothing beyond bash itself.

_lpnest_words() {
    # COMPREPLY from the words $1 that start with $2
    local IFS=$' \t\n'
    COMPREPLY+=($(compgen -W "$1" -- "$2"))
}

_lpnest_files() {
    # COMPREPLY from the files matching the extended glob $1 and every directory
    local IFS=$'\n'
    COMPREPLY+=($(compgen -d -- "$2"))
    if [[ -n $1 ]]; then
        COMPREPLY+=($(compgen -f -X "!$1" -- "$2"))
    else
        COMPREPLY+=($(compgen -f -- "$2"))
    fi
}

_lpnest_cores() {
    local cmd=$1
    "$cmd" --target=help 2>/dev/null | sed -n 's/^  \([^ ]*\) .*/\1/p'
    echo host help
}

_lpnest_complete() {
    local cmd=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev= opt=
    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
    COMPREPLY=()
    # bash splits --opt=value at '=': find the option a value belongs to
    if [[ $cur == = ]]; then
        opt=$prev cur=
    elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then
        opt=${COMP_WORDS[COMP_CWORD-2]}
    elif [[ $cur == --*=* ]]; then
        opt=${cur%%=*} cur=${cur#*=}
    elif [[ $prev == -o || $prev == -p || $prev == --input || $prev == --space || $prev == --trace || $prev == --runs ]]; then
        opt=$prev
    fi
    local sub= i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
        -* | =) ;;
        *) if [[ -z $sub ]]; then sub=${COMP_WORDS[i]}; fi ;;
        esac
    done
    if [[ ${cmd##*/} == lpn ]]; then
        _lpn_complete_args "$sub" "$opt" "$cur"
        return 0
    fi
    local report_opts="--format= -o --top= --source-dir= --context= --threshold= --input-limit= --budget= --budget-allow-incomplete --junit= --help"
    local run_opts="--target= --counts --accel= --profile= --max-steps= --time-limit= --engine= --jit-cache= --stack-size= --memory= --fs-root=
                    --allow-writes --write-limit= --allow-unpriced --quiet --dump-machine --version"
    local diff_opts="--threshold= --min-cycles= --top= --format= -o --junit= --input-limit= --help"
    if [[ -n $opt ]]; then
        case $opt in
        --target) _lpnest_words "$(_lpnest_cores "$cmd")" "$cur"; _lpnest_files '*.yaml' "$cur" ;;
        --format)
            if [[ $sub == diff ]]; then _lpnest_words "text json sarif" "$cur"
            else _lpnest_words "text json folded trace annotate html sarif" "$cur"; fi ;;
        --memory) _lpnest_words "linked module" "$cur" ;;
        --engine) _lpnest_words "interp jit auto" "$cur" ;;
        --budget | --accel) _lpnest_files '*.yaml' "$cur" ;;
        --junit) _lpnest_files '*.xml' "$cur" ;;
        --source-dir | --fs-root | --jit-cache) local IFS=$'\n'; COMPREPLY=($(compgen -d -- "$cur")) ;;
        --profile | -o) _lpnest_files '' "$cur" ;;
        esac
        return 0
    fi
    case $sub in
    report)
        if [[ $cur == -* ]]; then _lpnest_words "$report_opts" "$cur"
        else _lpnest_files '*.json' "$cur"; fi ;;
    diff)
        if [[ $cur == -* ]]; then _lpnest_words "$diff_opts" "$cur"
        else _lpnest_files '*.json' "$cur"; fi ;;
    *)
        if [[ $cur == -* ]]; then _lpnest_words "$run_opts $report_opts" "$cur"
        else
            [[ -z $sub ]] && _lpnest_words "report diff" "$cur"
            _lpnest_files '*.@(bc|ll)' "$cur"
        fi ;;
    esac
    # an option ending in '=' takes its value right after it
    [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
    return 0
}

_lpn_complete_args() {
    local sub=$1 opt=$2 cur=$3
    if [[ -n $opt ]]; then
        case $opt in
        --format) _lpnest_words "text json" "$cur" ;;
        --query) _lpnest_words "max min bounds" "$cur" ;;
        *) _lpnest_files '' "$cur" ;;
        esac
        return
    fi
    if [[ -z $sub ]]; then
        if [[ $cur == -* ]]; then _lpnest_words "--help --version" "$cur"
        else _lpnest_words "sim dot check classes pi smt fit tune calibrate" "$cur"; fi
        return
    fi
    if [[ $cur == -* ]]; then
        _lpnest_words "-p --param -o --format= --input --generate --trace --until --max-commits --max-tokens
                       --space --query --timeout --max-paths --max-firings --max-time --samples --seed
                       --iterations --emit-c --c-name --witness --print-latency --params --bound --runs --input-limit --help" "$cur"
    else
        _lpnest_files '*.@(yaml|csv)' "$cur"
    fi
}

shopt -s extglob 2>/dev/null
complete -F _lpnest_complete lpnest lpn
