#!/bin/sh
# run_fuzz.sh — runs one libFuzzer target for a bounded time on its seed
# corpus (read-only) plus a fresh working corpus; a finding is saved in
# WORK_DIR (crash-*, leak-*, timeout-*) and fails the run:
#   run_fuzz.sh FUZZER SEED_DIR DICT WORK_DIR SECONDS [MAX_LEN]
# DICT may be "" (no dictionary). A sanitizer report in a child process
# (code generation runs in a forked child, estimator/lower_isolate.c, whose
# failure lpnest turns into a message) does not stop libFuzzer: it is found
# in the fuzzer's output (WORK_DIR/fuzz.log) and fails the run as well.
set -eu
FUZZER=$1 SEEDS=$2 DICT=$3 WORK=$4 SECONDS=$5 MAXLEN=${6:-4096}
rm -rf "$WORK"
mkdir -p "$WORK/corpus"
set -- -max_total_time="$SECONDS" -timeout=30 -rss_limit_mb=2048 -max_len="$MAXLEN" \
    -artifact_prefix="$WORK/" -print_final_stats=1
[ -n "$DICT" ] && set -- "$@" -dict="$DICT"
cd "$WORK"
rc=0
"$FUZZER" "$@" "$WORK/corpus" "$SEEDS" 2>"$WORK/fuzz.log" || rc=$?
cat "$WORK/fuzz.log" >&2
if grep -a -q -E '^(==[0-9]+==ERROR: (Address|Leak)Sanitizer|.*: runtime error: )' "$WORK/fuzz.log"; then
    echo "run_fuzz.sh: a sanitizer report in a child process (above)" >&2
    [ "$rc" -ne 0 ] || rc=1
fi
exit "$rc"
