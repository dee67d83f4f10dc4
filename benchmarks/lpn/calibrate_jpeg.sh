#!/bin/sh
# calibrate_jpeg.sh — calibrates lpn/models/jpeg.yaml from the guessed
# constants of the Fig. 4 model (Huffman 3*symbols+6, dequantisation 64,
# IDCT 80, colour 509, output 64, no header time) against the four core_jpeg
# RTL runs (tests/data/lpn/core_jpeg), with leave-one-out refits, and prints
# lpn calibrate's report and the time it took. With the RTL's per-block
# timestamps (validation/core_jpeg/*.blocks.csv of the shared folder, when
# found) each run also gets events: the Huffman stage's commits (end of
# block + 3) and the IDCT's starts. Not a test (a few minutes).
# usage: benchmarks/lpn/calibrate_jpeg.sh [BUILD_DIR [SHARED_CORE_JPEG_DIR]]
#        (defaults: build, ../shared/validation/core_jpeg beside the source)
set -eu
SRC=$(cd "$(dirname "$0")/../.." && pwd)
B=$(cd "${1:-$SRC/build}" && pwd)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
J=$SRC/tests/data/lpn/core_jpeg
for img in img02_128x96_q90 img04_256x256_q95 img06_96x80_q100 img08_800x450_q90; do
    "$B/benchmarks/offload/jpeg/jpeg_tool" tokens "$J/$img.jpg" "$W/$img.jsonl" >/dev/null
done
V=${2:-$SRC/../shared/validation/core_jpeg}
if [ -f "$V/img02_128x96_q90.blocks.csv" ]; then
    V=$(cd "$V" && pwd)
    echo "events: the per-block timestamps of $V"
    sed -E "s|^  - \{name: ([a-z0-9_]+), (.*)\}$|  - {name: \1, \2, events: [{transition: huffman, at: commit, csv: $V/\1.blocks.csv, column: huff_eob, offset: 3}, {transition: idct, at: start, csv: $V/\1.blocks.csv, column: idct_start}]}|" \
        "$J/runs.yaml" > "$W/runs.yaml"
else
    echo "no per-block timestamps found ($V): end cycles only"
    cp "$J/runs.yaml" "$W/"
fi
sed -e 's/^  header_extra: .*/  header_extra: 0/; s/^  huff_base: .*/  huff_base: 6/' \
    -e 's/^  dequant_cycles: .*/  dequant_cycles: 64/; s/^  idct_cycles: .*/  idct_cycles: 80/' \
    -e 's/^  idct_ii: .*/  idct_ii: 80/; s/^  colour_cycles: .*/  colour_cycles: 509/' \
    -e 's/^  output_first: .*/  output_first: 64/; s/^  output_cycles: .*/  output_cycles: 64/' \
    "$SRC/lpn/models/jpeg.yaml" > "$W/guess.yaml"
start=$(date +%s.%N)
rc=0
"$B/lpn/lpn" calibrate "$W/guess.yaml" --runs "$W/runs.yaml" || rc=$?
end=$(date +%s.%N)
echo "calibration took $(echo "$end - $start" | bc) s (exit $rc)"
