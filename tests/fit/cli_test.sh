#!/bin/sh
# cli_test.sh — end-to-end tests of `lpn fit` and `lpn tune`, one case per ctest:
#   cli_test.sh LPN FIT_GEN SOURCE_DIR WORK_DIR CASE
# FIT_GEN writes the sweeps of a synthetic accelerator (synth.c, fixed seed).
set -u
LPN=$1
GEN=$2
SRC=$3
WORK=$4
CASE=$5
DATA=$SRC/tests/data/fit
MODELS=$SRC/lpn/models
mkdir -p "$WORK"
cd "$WORK" || exit 1

fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }
expect() {
    want=$1; shift
    "$@" >out.txt 2>err.txt
    got=$?
    [ "$got" = "$want" ] || { cat out.txt err.txt >&2; fail "'$*' exited $got, expected $want"; }
}
has() { grep -q -- "$2" "$1" || { cat "$1" >&2; fail "$1 lacks '$2'"; }; }
json() { python3 -c "import json,sys; r=json.load(open('$1')); sys.exit(0 if ($2) else 1)" || { cat "$1" >&2; fail "$1: $2"; }; }

case $CASE in
fit_text)
    "$GEN" conv 1 40 > conv.csv || fail "fit_gen"
    expect 0 "$LPN" fit conv.csv
    has out.txt "^  C  *step  *width 16  *phase 0"
    has out.txt "^  K  *step  *width 16  *phase 0"
    has out.txt "^  H  *linear"
    has out.txt "C = 16\*x (x = 1..8), K = 16\*x (x = 1..8), H = 1..16; 1024 configurations"
    has out.txt "^chosen: closed form"
    has out.txt "^delay: .*cdiv(C, 16) \* cdiv(K, 16) \* H"
    "$GEN" phase 2 > phase.csv
    expect 0 "$LPN" fit phase.csv --holdout 0
    has out.txt "width 6  *phase 2"
    has out.txt "p = 2 + 6\*x"
    has out.txt "errors on the training (no rows held out) rows"
    has out.txt "^delay: 20 + 9 \* cdiv(p - 2, 6)$"
    ;;
fit_json)
    "$GEN" fc 4 > fc.csv
    expect 0 "$LPN" fit fc.csv --format=json -o r.json --budget 3 --prefix layer.
    [ -s out.txt ] && fail "stdout should be empty with -o"
    json r.json "r['params'][0]['width']==16 and r['params'][1]['influence']=='step' and r['chosen']=='closed_form' and r['delay']=='64 + 5 * cdiv(layer.in, 16) * cdiv(layer.out, 16)' and len(r['next'])==3 and r['closed_form']['mape']==0 and r['test_rows']>0"
    ;;
fit_yaml)
    "$GEN" steps 1 > s.csv
    expect 0 "$LPN" fit s.csv --format yaml
    has out.txt "^  - {name: p, influence: step, width: 8, phase: 0,"
    has out.txt "^chosen: closed_form"
    has out.txt '^delay: "100 + 50 \* cdiv(p, 8)"'
    expect 0 "$LPN" fit s.csv --model table --format=yaml
    has out.txt "^chosen: table"
    ;;
fit_emit)
    "$GEN" conv 2 > c.csv
    expect 0 "$LPN" fit c.csv --emit-lpn fitted.yaml --format=json -o r.json
    expect 0 "$LPN" check fitted.yaml
    expect 0 "$LPN" sim fitted.yaml --format=json -o sim.json
    # one token per held-out row, served one at a time
    json sim.json "r['status']=='completed' and r['done']['count']==json.load(open('r.json'))['test_rows']"
    ;;
fit_next)
    "$GEN" fc 1 > fc.csv
    expect 0 "$LPN" fit fc.csv --budget 4 --next next.csv
    has out.txt "^next to measure (4):"
    [ "$(head -1 next.csv)" = "in,out,cycles" ] || fail "next.csv header"
    [ "$(wc -l < next.csv)" = 5 ] || fail "next.csv rows"
    # every proposed point is a Performance Representative (a multiple of 16)
    awk -F, 'NR > 1 && ($1 % 16 || $2 % 16) { exit 1 }' next.csv || fail "next.csv has a non-representative"
    ;;
fit_compose)
    printf 't_a,t_b,ops,cycles\n' > b.csv
    awk 'BEGIN { srand(3); for (i = 0; i < 60; i++) { a = 100 + int(rand() * 900); b = 100 + int(rand() * 900);
         printf "%d,%d,%d,%d\n", a, b, 1000 + 10 * i, (a > b ? a : b) }}' >> b.csv
    expect 0 "$LPN" fit b.csv --compose t_a,t_b --ops ops --emit-lpn block.yaml
    has out.txt "^chosen: max"
    has out.txt "^delay: max(blk.t_a, blk.t_b)"
    expect 0 "$LPN" sim block.yaml
    has out.txt "done tokens: 60,"
    expect 0 "$LPN" fit b.csv --compose t_a,t_b --format=json -o c.json
    json c.json "r['chosen']=='max' and r['models']['max']['mape']==0"
    ;;
fit_errors)
    printf 'C,K,cycles\n1,2,3\n4,x,6\n7,8\n' > bad.csv
    expect 1 "$LPN" fit bad.csv
    has err.txt "^bad.csv:3:3: error: not a number in column 'K': 'x'"
    has err.txt "^bad.csv:4:4: error: row has 2 fields, the header has 3"
    printf 'C,C,cycles\n1,2,3\n' > dup.csv
    expect 1 "$LPN" fit dup.csv
    has err.txt "^dup.csv:1:3: error: duplicate column 'C'"
    printf 'C,lat\n1,2\n2,3\n' > nocol.csv
    expect 1 "$LPN" fit nocol.csv
    has err.txt "^nocol.csv:1:1: error: no column 'cycles' in the header (columns: C, lat)"
    expect 0 "$LPN" fit nocol.csv --target lat
    printf 'C,cycles\n1,2\n' > one.csv
    expect 1 "$LPN" fit one.csv
    has err.txt "^one.csv:2:1: error: a single sample"
    printf 'C,cycles\n1,2\n"2.5",3\n' > frac.csv
    expect 1 "$LPN" fit frac.csv
    has err.txt "^frac.csv:3:1: error: parameter 'C' must be an integer"
    "$GEN" conv 1 40 > conv.csv || fail "fit_gen"
    expect 1 "$LPN" fit conv.csv -o r.txt --emit-lpn no/such/dir/m.yaml
    has err.txt "^no/such/dir/m.yaml: error: cannot create output file"
    [ ! -e r.txt ] || fail "the report was written although the model could not be"
    expect 1 "$LPN" fit missing.csv
    has err.txt "missing.csv"
    printf 'C,cycles\n1,2\n2,3\n' > ok.csv
    expect 1 "$LPN" fit ok.csv --compose C
    has err.txt "error: --compose needs at least two layer columns"
    ;;
fit_usage)
    expect 0 "$LPN" fit --help
    has out.txt "^usage: lpn fit SWEEPS.csv"
    expect 2 "$LPN" fit
    has err.txt "no CSV file given"
    expect 2 "$LPN" fit a.csv --holdout 2
    has err.txt "^lpn fit: error: --holdout needs a fraction in \[0, 0.9\], found '2'"
    has err.txt "^lpn fit: run 'lpn fit --help' for usage"
    expect 2 "$LPN" fit a.csv --format=xml
    has err.txt "^lpn fit: error: --format needs text, json or yaml, found 'xml'"
    expect 2 "$LPN" fit a.csv --frobnicate
    has err.txt "^lpn fit: error: unknown option '--frobnicate'"
    expect 2 "$LPN" fit a.csv b.csv
    has err.txt "^lpn fit: error: unexpected argument 'b.csv'"
    expect 2 "$LPN" fit a.csv --budget
    has err.txt "option '--budget' needs a value"
    expect 2 "$LPN" fit a.csv --budget 2M
    has err.txt "^lpn fit: error: --budget needs a count up to 1M, found '2M'"
    expect 2 "$LPN" fit a.csv --model linear
    has err.txt "^lpn fit: error: --model needs auto, closed or table, found 'linear'"
    expect 2 "$LPN" fit a.csv --linear-threshold 0
    has err.txt "^lpn fit: error: --linear-threshold needs a positive number, found '0'"
    expect 2 "$LPN" fit a.csv --next n.csv
    expect 2 "$LPN" fit a.csv --step C=0
    has err.txt "^lpn fit: error: --step needs NAME=WIDTH with WIDTH >= 1, found 'C=0'"
    expect 0 "$LPN" --help
    has out.txt "lpn fit  *SWEEPS.csv"
    has out.txt "lpn tune  *MODEL"
    ;;
tune_fifo)
    M=$DATA/burst_fifo.yaml
    # full throughput needs a FIFO of two batches (2B = 20)
    expect 0 "$LPN" tune "$M" --params depth=1:64 --bound 'throughput>=100%'
    has out.txt "^smallest configuration meeting the bound: depth=20 "
    has out.txt "^evaluated 64 configurations"
    expect 0 "$LPN" tune "$M" --params depth=1:1000 --bound 'throughput>=100%' --format=json -o t.json
    json t.json "r['method']=='monotone' and r['best']['params']['depth']==20 and r['evaluated']<=14 and r['monotonicity_violations']==0"
    # latency(depth) = 49 * (100 + (20 - depth) * 8) + 180: 18 gives 5864, 17 gives 6256
    expect 0 "$LPN" tune "$M" --params depth=1:64 --bound 'latency<=6000' --search=monotone --format=yaml
    has out.txt "^best: {params: {depth: 18}, ok: true, feasible: true, latency: 5864,"
    # unreachable bound: exit 5
    expect 5 "$LPN" tune "$M" --params depth=1:64 --bound 'latency<=4000'
    has out.txt "no configuration in the box meets the bound"
    # a depth below a batch deadlocks: reported as such, not as a result
    expect 0 "$LPN" tune "$M" --params depth=8:12 --bound 'latency<=100000'
    has out.txt "depth=8  deadlock at cycle"
    has out.txt "depth=10 "
    ;;
tune_smartnic)
    # LogNIC eq. 4: min(n / 200, 1/16) packets per cycle; 0.0375 needs n = ceil(7.5) = 8
    expect 0 "$LPN" tune "$MODELS/smartnic_ip.yaml" -p packets=3000 --params engines=1:32 --bound 'throughput>=0.0375'
    has out.txt "^smallest configuration meeting the bound: engines=8 "
    # two knobs, weighted: engines cost 10, queue entries 1
    expect 0 "$LPN" tune "$MODELS/smartnic_ip.yaml" -p packets=2000 --params engines=1:16,queue_entries=1:8 \
        --bound 'throughput>=0.0375' --objective 10,1 --format=json -o t.json
    json t.json "r['best']['params']['engines']==8 and r['objective']=='sum'"
    ;;
tune_errors)
    M=$DATA/burst_fifo.yaml
    expect 2 "$LPN" tune "$M" --bound 'latency<=5'
    has err.txt "no parameters to search"
    expect 2 "$LPN" tune "$M" --params depth=1:4
    has err.txt "no bound given"
    expect 2 "$LPN" tune "$M" --params depth=4:1 --bound 'latency<=5'
    has err.txt "expected NAME=LO:HI\[:STEP\]"
    expect 2 "$LPN" tune "$M" --params depth=1:4 --bound 'energy<=5'
    has err.txt "\-\-bound: expected 'latency<=CYCLES'"
    expect 2 "$LPN" tune "$M" --params depth=1:4 --bound 'latency<=5' --objective 1,2
    expect 1 "$LPN" tune "$M" --params size=1:4 --bound 'latency<=5'
    has err.txt "the model has no parameter 'size'"
    expect 1 "$LPN" tune "$M" --params depth=1:4 -p depth=3 --bound 'latency<=5'
    has err.txt "'depth' is both tuned"
    expect 1 "$LPN" tune "$M" --params depth=1:1000000 --bound 'latency<=5' --search exhaustive --max-points 1000
    has err.txt "an exhaustive search would simulate 1000000 configurations"
    expect 2 "$LPN" tune "$M" --params depth=1:4 --bound 'latency<=5' --search random
    has err.txt "^lpn tune: error: --search needs auto, monotone or exhaustive, found 'random'"
    expect 2 "$LPN" tune "$M" --params depth=1:4 --bound 'latency<=5' --max-points 0
    has err.txt "^lpn tune: error: --max-points needs a positive count, found '0'"
    expect 2 "$LPN" tune "$M" --params depth=1:4 --bound 'latency<=5' --timeout=-1
    has err.txt "^lpn tune: error: --timeout needs seconds, found '-1'"
    expect 2 "$LPN" tune "$M" --params depth=1:4 --bound 'latency<=5' -p depth
    has err.txt "^lpn tune: error: expected NAME=VALUE after -p, found 'depth'"
    expect 2 "$LPN" tune "$M" other.yaml
    has err.txt "^lpn tune: error: unexpected argument 'other.yaml'"
    expect 0 "$LPN" tune --help
    has out.txt "^usage: lpn tune MODEL"
    ;;
tune_z3)
    # worst latency over the space 7 + 3 * (100 - d): latency <= 200 needs d >= 36
    expect 0 "$LPN" tune "$DATA/chain_tune.yaml" --space "$DATA/chain_tune_space.yaml" --params d=1:50 --bound 'latency<=200'
    has out.txt "^smallest configuration meeting the bound (every verdict proved by Z3 over the space: minimal): d=36 "
    has out.txt "^  d=35  disproved: an input takes 201 cycles  misses"
    expect 0 "$LPN" tune "$DATA/chain_tune.yaml" --space "$DATA/chain_tune_space.yaml" --params d=1:50 --bound 'latency<=200' --search=monotone --format=json -o t.json
    json t.json "r['best']['params']['d']==36 and r['method']=='monotone, z3' and r['proved_minimal'] and r['evaluated']<=16"
    expect 1 "$LPN" tune "$DATA/chain_tune.yaml" --space "$DATA/chain_tune_space.yaml" --params q=1:5 --bound 'latency<=200'
    has err.txt "the space has no shared symbol 'q'"
    expect 1 "$LPN" tune "$DATA/chain_tune.yaml" --space "$DATA/chain_tune_space.yaml" --params d=1:60 --bound 'latency<=200'
    has err.txt "d = 60 is outside the input space"
    expect 1 "$LPN" tune "$DATA/chain_tune.yaml" --space "$DATA/chain_tune_space.yaml" --params d=1:5 --bound 'throughput>=0.1'
    has err.txt "with --space the bound must be 'latency<=CYCLES'"
    ;;
*)
    fail "unknown case"
    ;;
esac
exit 0
