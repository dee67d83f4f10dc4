#!/bin/sh
# Installs what lpnest needs (Debian 12), builds it, and runs the main job on a
# bundled example: the JPEG image pipeline (benchmarks/offload/jpeg) estimated on
# a PicoRV32 soft-core, first all in software, then with the decode offloaded to
# the JPEG accelerator's LPN (benchmarks/offload/jpeg/system.yaml). Reports go to
# example-out/ (text, JSON, an HTML page and a Perfetto trace).
set -eu
cd "$(dirname "$0")/.."
./scripts/deps.sh
./scripts/build.sh -DCMAKE_BUILD_TYPE=Release
L=build/estimator/lpnest
BC=build/benchmarks/offload/jpeg/riscv32/offload_jpeg.bc
OUT=example-out
mkdir -p "$OUT"
echo "== the JPEG pipeline on picorv32, all in software"
$L "$BC" --target=picorv32 --quiet -o "$OUT/software.txt"
sed -n '1,25p' "$OUT/software.txt"
echo
echo "== the same with jpeg_decode on the JPEG accelerator (LPN)"
$L "$BC" --target=picorv32 --accel=benchmarks/offload/jpeg/system.yaml --quiet -o "$OUT/offloaded.txt" >/dev/null
grep -A3 '^total\|^accelerators\|^what-if' "$OUT/offloaded.txt"
$L "$BC" --target=picorv32 --accel=benchmarks/offload/jpeg/system.yaml --quiet --format=json -o "$OUT/offloaded.json" >/dev/null
$L report "$OUT/offloaded.json" --format=html -o "$OUT/offloaded.html"
$L report "$OUT/offloaded.json" --format=trace -o "$OUT/offloaded.trace.json"
echo
echo "reports: $OUT/software.txt $OUT/offloaded.txt $OUT/offloaded.json"
echo "         $OUT/offloaded.html (open in a browser), $OUT/offloaded.trace.json (ui.perfetto.dev)"
