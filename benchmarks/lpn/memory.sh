#!/bin/sh
# memory.sh — peak memory of `lpn sim` on 1e8-token runs of the bundled models
# (issue: memory proportional to the tokens in flight, not to the tokens
# processed). Runs bench_lpn once per model and prints its max RSS, CPU and
# wall time. Minutes of CPU: a benchmark, not a test (tests/lpn/test_stream.c
# checks the growth from 1e5 to 1e6 tokens in ctest).
#   memory.sh BENCH_LPN SOURCE_DIR [TOKENS]     (TOKENS default 100000000)
set -eu
BENCH=$1
MODELS=$2/lpn/models
N=${3:-100000000}
printf '%-14s %12s %12s %8s %8s %11s\n' model tokens commits "CPU s" "wall s" "max RSS MB"
one() {   # model, label, -p NAME=VALUE
    out=$("$BENCH" "$MODELS/$1" -p "$3" --repeat 1) || { echo "$out"; exit 1; }
    commits=$(echo "$out" | awk '$1 == "1" {print $7}')
    cpu=$(echo "$out" | awk '$1 == "1" {printf "%.1f", $5 / 1000}')
    wall=$(echo "$out" | awk '$1 == "1" {printf "%.1f", $6 / 1000}')
    rss=$(echo "$out" | awk '/^max RSS/ {print $3}')
    printf '%-14s %12s %12s %8s %8s %11s\n' "$1" "$2" "$commits" "$cpu" "$wall" "$rss"
}
one jpeg.yaml $((N / 6 * 6)) "mcus=$((N / 6))"         # 6 blocks per MCU
one pipeline.yaml "$N" "N=$N"
one vta.yaml $(((N - 1) / 4 * 4 + 1)) "tiles=$(((N - 1) / 4))"   # 4 instructions per tile, and FINISH
