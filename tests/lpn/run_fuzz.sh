#!/bin/sh
# run_fuzz.sh — runs the loader's libFuzzer target for a bounded time on the
# seed corpus (read-only) plus a fresh working corpus:
#   run_fuzz.sh FUZZER SEED_DIR DICT WORK_DIR SECONDS
set -eu
FUZZER=$1 SEEDS=$2 DICT=$3 WORK=$4 SECONDS=$5
rm -rf "$WORK"
mkdir -p "$WORK/corpus"
exec "$FUZZER" -max_total_time="$SECONDS" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -dict="$DICT" -artifact_prefix="$WORK/" -print_final_stats=1 "$WORK/corpus" "$SEEDS"
