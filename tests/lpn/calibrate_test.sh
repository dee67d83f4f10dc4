#!/bin/sh
# calibrate_test.sh — `lpn calibrate` (lpn/CALIBRATE.md) end to end.
# usage: calibrate_test.sh CASE LPN SOURCE_DIR WORKDIR [JPEG_TOOL]
#   recover  constants recovered from runs whose end cycles come from a closed form
#   nofit    a model that cannot fit says why (exit 5), a flat parameter is named
#   errors   bad runs files give file:line:col errors (exit 1), bad usage exit 2
#   jpeg     lpn/models/jpeg.yaml against the core_jpeg RTL cycle counts (<= 1 %)
set -u
CASE=$1 LPN=$2 DATA=$3/tests/data/lpn MODELS=$3/lpn/models WORK=$4 TOOL=${5:-}
C=$DATA/calibrate
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
fail() { echo "FAIL [$CASE]: $*"; exit 1; }
expect() { want=$1; shift; "$@" >out.txt 2>err.txt; got=$?; [ "$got" = "$want" ] || { cat out.txt err.txt; fail "exit $got, expected $want: $*"; }; }
has() { grep -q -- "$2" "$1" || { cat "$1"; fail "$1 lacks '$2'"; }; }
case $CASE in
recover)
    expect 0 "$LPN" calibrate "$C/chain.yaml" --runs "$C/runs.yaml" --write-model fitted.yaml --format=json -o rep.json
    grep -q '^params: {a: 7, b: 13, c: 20, unused: 3}$' fitted.yaml || { cat fitted.yaml; fail "a, b, c not recovered"; }
    has rep.json '"max_error": 0,'
    expect 0 "$LPN" calibrate "$C/chain.yaml" --runs "$C/runs.yaml" --fit a=1:20,b=0:50,c=0:50,unused=0:9
    has out.txt "unused .* not determined: no run's end time moves with it"
    has out.txt "leave-one-out .*mean 0.000% max 0.000%"
    has out.txt "the runs fix at most 3 combinations of the 4 parameters (rank"
    ;;
nofit)
    sed 's/cycles: 103/cycles: 206/' "$C/runs.yaml" > runs.yaml
    sed "s|input: r|input: $C/r|" runs.yaml > runs2.yaml
    expect 5 "$LPN" calibrate "$C/chain.yaml" --runs runs2.yaml --fit c=0:50
    has out.txt "cannot fit within 1.000%: the runs pull the parameters in opposite directions"
    cp "$C/chain.yaml" keep.yaml
    expect 5 "$LPN" calibrate keep.yaml --runs runs2.yaml --fit c=0:5 --write-model keep.yaml
    has out.txt "c sits on its bound 5"
    grep -q '^params: {a: 1, b: 1, c: 5, unused: 3}$' keep.yaml || fail "--write-model writes the best values found, also when they miss"
    ;;
errors)
    printf 'lpn_runs: 1\nruns:\n  - {name: a, input: %s/r1.jsonl}\n' "$C" > r.yaml
    expect 1 "$LPN" calibrate "$C/chain.yaml" --runs r.yaml --fit a=1:2
    has err.txt "^r.yaml:3:5: error: missing key 'cycles' in a run"
    printf 'lpn_runs: 1\nruns:\n  - {input: nope.jsonl, cycles: -4, speed: 3}\n' > r.yaml
    expect 1 "$LPN" calibrate "$C/chain.yaml" --runs r.yaml --fit a=1:2
    has err.txt "^r.yaml:3:37: error: unknown key 'speed' in a run"
    has err.txt "^r.yaml:3:13: error: cannot read token file 'nope.jsonl'"
    has err.txt "^r.yaml:3:33: error: integer -4 is out of range"
    printf 'lpn_runs: 2\nfit: {a: [5, 1]}\nruns: []\n' > r.yaml
    expect 1 "$LPN" calibrate "$C/chain.yaml" --runs r.yaml
    has err.txt "^r.yaml:1:11: error: unsupported runs file version 2"
    has err.txt "^r.yaml:2:10: error: empty range: LO 5 > HI 1"
    has err.txt "^r.yaml:3:7: error: no runs"
    expect 1 "$LPN" calibrate "$C/chain.yaml" --runs "$C/runs.yaml" --fit nosuch=1:2
    has err.txt "has no parameter 'nosuch' to fit"
    expect 2 "$LPN" calibrate "$C/chain.yaml"
    expect 2 "$LPN" calibrate "$C/chain.yaml" --runs "$C/runs.yaml" --objective median
    expect 0 "$LPN" calibrate --help
    ;;
jpeg)
    J=$DATA/core_jpeg
    for img in img02_128x96_q90 img04_256x256_q95 img06_96x80_q100 img08_800x450_q90; do
        "$TOOL" tokens "$J/$img.jpg" "$img.jsonl" >/dev/null || fail "jpeg_tool on $img"
    done
    cp "$J/runs.yaml" .
    # the calibrated model's prediction of each run, no fitting: within 1 %
    expect 0 "$LPN" calibrate "$MODELS/jpeg.yaml" --runs runs.yaml --fit huff_base=5:5 --no-loo
    cat out.txt
    has out.txt "fitted mean 0.000% max 0.000%"
    # the fit from three runs predicts the fourth (the 3,3-minute image held out)
    head -n -1 runs.yaml > three.yaml
    expect 0 "$LPN" calibrate "$MODELS/jpeg.yaml" --runs three.yaml --fit colour_cycles=0:600,output_cycles=40:100
    has out.txt "colour_cycles .*88 -> 88"
    ;;
*) fail "unknown case" ;;
esac
echo "PASS [$CASE]"
