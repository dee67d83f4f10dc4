#!/bin/sh
# cli_test.sh — end-to-end tests of the `lpn` command, one case per ctest:
#   cli_test.sh LPN SOURCE_DIR WORK_DIR CASE
# Each case checks exit status, output and messages; any mismatch fails.
set -u
LPN=$1
SRC=$2
WORK=$3
CASE=$4
DATA=$SRC/tests/data/lpn
MODELS=$SRC/lpn/models
mkdir -p "$WORK"
cd "$WORK" || exit 1

fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }
# expect STATUS CMD...: runs CMD, stdout to out.txt, stderr to err.txt
expect() {
    want=$1; shift
    "$@" >out.txt 2>err.txt
    got=$?
    [ "$got" = "$want" ] || { cat err.txt >&2; fail "'$*' exited $got, expected $want"; }
}
has() { grep -q -- "$2" "$1" || { cat "$1" >&2; fail "$1 lacks '$2'"; }; }

case $CASE in
sim_text)
    expect 0 "$LPN" sim "$MODELS/darwin.yaml"
    has out.txt "status: completed"
    # Fig. 6: (512 + 4 + 2) * 512 / 4 + 4 + 2 + 3 * 300
    has out.txt "done tokens: 1, last at cycle 67210"
    has out.txt "^fill  *128 "
    # an override changes the answer: steps=0 removes 900 cycles
    expect 0 "$LPN" sim "$MODELS/darwin.yaml" -p steps=0
    has out.txt "last at cycle 66310"
    expect 0 "$LPN" sim "$MODELS/darwin.yaml" --param=steps=0 --param num_pe=8
    has out.txt "last at cycle $(( (512 + 8 + 2) * 512 / 8 + 8 + 2 ))"
    ;;
sim_json)
    expect 0 "$LPN" sim --format=json "$DATA/prodcons.yaml" -o report.json
    [ -s out.txt ] && fail "stdout should be empty with -o"
    python3 -c 'import json,sys; r=json.load(open("report.json")); sys.exit(0 if r["status"]=="completed" and r["done"]["last_cycle"]==102 and r["transitions"][0]["blocked_cycles"]==49 else 1)' \
        || fail "JSON report content"
    ;;
input)
    expect 0 "$LPN" sim "$DATA/zerochain.yaml" --input "$DATA/tokens.jsonl"
    has out.txt "done tokens: 3, last at cycle 14"
    printf '{"props": {"x": 1}}\n{"place": "nope", "props": {"x": 1}}\n' > bad.jsonl
    expect 1 "$LPN" sim "$DATA/zerochain.yaml" --input bad.jsonl
    has err.txt "^bad.jsonl:2:11: error: unknown place 'nope'"
    # the same tokens in forms the fast reader takes and forms it leaves to the
    # JSON parser (escapes, keys in another order, spaces, a fraction-free
    # exponent is not an integer): the same result
    printf '%s\n' '{"props":{"x":40},"time":0,"place":"start"}' '  {"time" : 10 , "props" : { "x" : 10 } }  ' \
        '{"place": "st\u0061rt", "time": 5, "props": {"x": 20}}' > forms.jsonl
    expect 0 "$LPN" sim "$DATA/zerochain.yaml" --input forms.jsonl
    has out.txt "done tokens: 3, last at cycle 14"
    # errors the fast reader must not hide: a duplicate property, a leading
    # zero, a missing property, an exponent, a time before 0, unknown keys
    for bad in '{"props": {"x": 1, "x": 2}}|1:23: error: duplicate key in object' \
               '{"props": {"x": 01}}|1:18: error: invalid number (leading zero)' \
               '{"props": {}}|1:11: error: property '"'x'"' of place '"'start'"' is missing' \
               '{"props": {"x": 1e3}}|1:17: error: property '"'x'"' must be an integer' \
               '{"time": -1, "props": {"x": 1}}|1:10: error: "time" must be a non-negative integer' \
               '{"props": {"x": 1}, "when": 3}|1:29: error: unknown key '"'when'"''; do
        printf '%s\n' "${bad%%|*}" > bad1.jsonl
        expect 1 "$LPN" sim "$DATA/zerochain.yaml" --input bad1.jsonl
        has err.txt "^bad1.jsonl:${bad#*|}"
    done
    # --input drops the model's generator unless --generate keeps it
    # (one block of an MCU waits for the five others: parked, not a deadlock)
    printf '{"props": {"symbols": 10}}\n' > one.jsonl
    expect 0 "$LPN" sim "$MODELS/jpeg_fig4.yaml" -p mcus=1 --input one.jsonl
    has out.txt "done tokens: 0"
    has out.txt "^  pix: 1 token; consumers: colour (starved"
    expect 0 "$LPN" sim "$MODELS/jpeg_fig4.yaml" -p mcus=1 --input one.jsonl --generate
    has out.txt "done tokens: 4,"
    has out.txt "status: completed"
    has out.txt "^parked tokens (the net ran out of work"
    ;;
deadlock)
    expect 3 "$LPN" sim "$DATA/deadlock.yaml"
    has err.txt "deadlock at cycle 2"
    has out.txt "status: deadlock"
    has out.txt "  q: 2 tokens; consumers: t0 (starved"
    # out of work with a token in a loop place: completed, the place listed
    expect 0 "$LPN" sim "$DATA/parked.yaml" --format=json
    python3 -c 'import json,sys; r=json.load(open("out.txt")); sys.exit(0 if r["status"]=="completed" and r["stuck_places"]==[] and r["parked_places"][0]["place"]=="ready" else 1)' \
        || fail "parked JSON report"
    ;;
limits)
    expect 0 "$LPN" sim "$DATA/loop.yaml" --max-commits 1k   # k = 1024
    has out.txt "status: commit_limit"
    has out.txt "commits: 1024"
    has err.txt "warning: stopped after 1024 commits"
    expect 0 "$LPN" sim "$DATA/loop.yaml" --until=80
    has out.txt "status: time_limit"
    has out.txt "^t1  *10 "
    # the token limit bounds the tokens held, and generated tokens are made
    # when Huffman takes them: at most 1 in Huffman + 2 in each of the two
    # FIFOs with properties (coef, dq) = 5, however many blocks are generated
    expect 0 "$LPN" sim "$MODELS/jpeg_fig4.yaml" -p mcus=1000 --max-tokens 5
    has out.txt "done tokens: 4000,"
    expect 1 "$LPN" sim "$MODELS/jpeg_fig4.yaml" -p mcus=10 --max-tokens 3
    has err.txt "jpeg_fig4.yaml: error: more than 3 tokens alive at cycle [1-9][0-9]* (raise the limit with --max-tokens)"
    # a delay of INT64_MAX commits at the last cycle; the next firing overflows the clock
    expect 1 "$LPN" sim "$DATA/delay_int64_max.yaml"
    has err.txt "delay_int64_max.yaml:11:57: error: the commit time overflows (delay 9223372036854775807 at cycle 9223372036854775807, transition 't')"
    has out.txt "^t  *1 .* 9223372036854775807$"
    ;;
bad_model)
    expect 1 "$LPN" sim "$DATA/bad/expr_unknown_name.yaml"
    has err.txt "expr_unknown_name.yaml:7:33: error: unknown name 'foo'"
    expect 1 "$LPN" check nonexistent.yaml
    has err.txt "nonexistent.yaml: error: cannot open"
    expect 1 "$LPN" sim "$DATA/loop.yaml" -p nope=3
    has err.txt "unknown parameter 'nope'"
    # a run-time error: exit 1 with the located message
    printf 'lpn: 1\nplaces: {q: {props: [x]}, o: ~}\nstart: q\ntransitions:\n  t: {in: q, out: o, delay: 5 / q.x}\ngenerate: [{props: {x: 0}}]\n' > div.yaml
    expect 1 "$LPN" sim div.yaml
    has err.txt "^div.yaml:5:31: error: division by zero (in the delay of transition 't', at cycle 0)"
    # a generated token that cannot be made: the same message whether the token
    # is made when taken (sim, after 3 firings) or up front (check)
    printf 'lpn: 1\nplaces: {q: {props: [x]}, o: ~}\nstart: q\ntransitions:\n  t: {in: q, out: o, delay: q.x}\ngenerate: [{count: 10, props: {x: 12 / (3 - i)}}]\n' > gdiv.yaml
    expect 1 "$LPN" sim gdiv.yaml
    has err.txt "^gdiv.yaml:6:38: error: division by zero (for token 3 of an initial/generate entry)"
    has out.txt "^commits: 3$"
    expect 1 "$LPN" check gdiv.yaml
    has err.txt "^gdiv.yaml:6:38: error: division by zero (for token 3 of an initial/generate entry)"
    ;;
usage)
    expect 2 "$LPN"
    expect 2 "$LPN" frobnicate x.yaml
    expect 2 "$LPN" sim
    expect 2 "$LPN" sim "$DATA/loop.yaml" --bogus
    has err.txt "unknown option '--bogus'"
    expect 2 "$LPN" sim "$DATA/loop.yaml" -p novalue
    expect 2 "$LPN" sim "$DATA/loop.yaml" -p n=abc
    expect 2 "$LPN" sim "$DATA/loop.yaml" --format=xml
    expect 2 "$LPN" sim "$DATA/loop.yaml" --until
    expect 2 "$LPN" dot "$DATA/loop.yaml" --trace t.json
    expect 0 "$LPN" --help
    has out.txt "usage: lpn sim"
    expect 0 "$LPN" --version
    has out.txt "lpn (lpnest)"
    ;;
dot)
    command -v dot >/dev/null || fail "graphviz 'dot' is not installed"
    for m in "$MODELS"/*.yaml "$DATA"/*.yaml; do
        expect 0 "$LPN" dot "$m" -o graph.dot
        dot -Tsvg graph.dot -o graph.svg 2>dot.err || { cat dot.err >&2; fail "dot rejects the graph of $m"; }
        grep -q "<svg" graph.svg || fail "no SVG for $m"
    done
    ;;
check)
    for m in "$MODELS"/*.yaml; do
        expect 0 "$LPN" check "$m"
        has out.txt ": ok: model"
    done
    expect 0 "$LPN" check --format=json "$MODELS/jpeg_fig4.yaml"
    python3 -c 'import json; r=json.load(open("out.txt")); assert r["ok"] and r["transitions"]==5 and r["capacity_places"]==4' \
        || fail "check JSON"
    ;;
trace)
    expect 0 "$LPN" sim "$MODELS/pipeline.yaml" -p N=200 --trace trace.json
    python3 - <<'EOF' || fail "trace content"
import json
t = json.load(open("trace.json"))
ev = t["traceEvents"]
x = [e for e in ev if e["ph"] == "X"]
names = {e["args"]["name"] for e in ev if e.get("name") == "thread_name"}
assert {"fetch", "to_mem", "to_comp", "mem", "compute"} <= names, names
assert len(x) == 50 + 100 + 100 + 100 + 100, len(x)
EOF
    ;;
atomic)
    echo "old content" > keep.txt
    # a model that fails to load leaves an existing output untouched
    expect 1 "$LPN" sim "$DATA/bad/no_input.yaml" -o keep.txt
    [ "$(cat keep.txt)" = "old content" ] || fail "output file was replaced"
    expect 1 "$LPN" sim "$DATA/loop.yaml" -o no/such/dir/out.txt
    ls keep.txt.lpnest-tmp* >/dev/null 2>&1 && fail "temporary file left behind"
    ;;
format_doc)
    # the example at the top of lpn/FORMAT.md is a working model
    awk '/^```yaml/{f=1;next} /^```/{if(f){exit}} f' "$SRC/lpn/FORMAT.md" > example.yaml
    [ -s example.yaml ] || fail "no yaml example in FORMAT.md"
    expect 0 "$LPN" sim example.yaml
    has out.txt "status: completed"
    has out.txt "done tokens: 100,"
    ;;
an_classes)
    AN=$DATA/analysis
    expect 0 "$LPN" classes "$MODELS/pipeline.yaml" --space "$AN/fig2_kinds.yaml"
    has out.txt "exploration: complete, 13 paths, 5 classes"
    has out.txt "class 5: 1 path, ends in a deadlock"
    has out.txt "exact latency = lpn sim on 5 sampled inputs"
    expect 0 "$LPN" classes "$MODELS/jpeg_fig4.yaml" --space="$AN/jpeg18.yaml" --print-latency --samples 3
    has out.txt "commits: huffman 18, dequant 18, idct 18, colour 3, output 12"
    has out.txt "  huffman#1 = 3\*symbols\[0\] + 6"
    has out.txt "  latency = output#12"
    expect 0 "$LPN" classes "$MODELS/pipeline.yaml" --space "$AN/fig2_kinds.yaml" --format=json -o classes.json
    python3 -c 'import json,sys; r=json.load(open("classes.json")); c=r["classes"]; sys.exit(0 if r["status"]=="complete" and r["paths"]==13 and len(c)==5 and all(k["exact"] for k in c) and sorted(k["commits"]["to_mem"] for k in c)==[0,1,2,3,4] else 1)' \
        || fail "classes JSON"
    # a model that never stops: the documented limit, exit 4
    printf 'lpn_space: 1\nplace: p0\ntokens: 1\n' > loop_space.yaml
    expect 4 "$LPN" classes "$DATA/loop.yaml" --space loop_space.yaml --max-firings 100
    has err.txt "warning: stopped: a path exceeded 100 firings"
    has out.txt "exploration: INCOMPLETE"
    ;;
an_pi)
    AN=$DATA/analysis
    expect 0 "$LPN" pi "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml" --emit-c jpeg_pi.c --samples 10
    has out.txt "latency ~ max(54\*avg_symbols + 108, 1527)"
    has out.txt "bottleneck: huffman | colour"
    has out.txt "vs lpn sim on 10 inputs: mean error"
    # the emitted C compiles and gives the formula's value: 54 * 64 + 108
    cat > main.c <<'EOC'
#include <stdio.h>
double jpeg_latency(long ntokens, const long long *tok);
int main(void)
{
    long long tok[18];
    for (int i = 0; i < 18; i++)
        tok[i] = 64;
    printf("%.1f %.1f\n", jpeg_latency(18, tok), jpeg_latency(17, tok));
    for (int i = 0; i < 18; i++)
        tok[i] = 10;
    printf("%.1f\n", jpeg_latency(18, tok));
    return 0;
}
EOC
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror main.c jpeg_pi.c -lm -o pi_main 2>cc.err || { cat cc.err >&2; fail "emitted C"; }
    ./pi_main > pi_out.txt
    has pi_out.txt "^3564.0 -1.0$"
    has pi_out.txt "^1527.0$"
    expect 0 "$LPN" pi "$AN/loop2.yaml" --space "$AN/loop2_space.yaml" --format=json
    python3 -c 'import json,sys; r=json.load(open("out.txt")); c=r["classes"][0]; sys.exit(0 if c["formula"]=="5*avg_d1 + 25" and c["samples"]==20 and c["max_error"]==0 and c["loops"]==1 else 1)' \
        || fail "pi JSON"
    expect 0 "$LPN" pi "$MODELS/pipeline.yaml" --space "$AN/fig2_mix.yaml" -o pi.txt --c-name fig2 --emit-c=fig2.c
    has pi.txt "latency ~ max(6\*d_mem, 6\*d_comp)"
    has fig2.c "^double fig2(long ntokens, const long long \*tok)"
    ;;
an_smt)
    AN=$DATA/analysis
    expect 0 "$LPN" smt "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml" --query bounds --witness w
    has out.txt "^max: 4473 (proved)"
    has out.txt "^min: 2333 (proved)"
    has out.txt "lpn sim on the witness: 4473 cycles"
    # the witnesses replay in the simulator
    expect 0 "$LPN" sim "$MODELS/jpeg_fig4.yaml" --input w-max.jsonl
    has out.txt "done tokens: 12, last at cycle 4473"
    expect 0 "$LPN" sim "$MODELS/jpeg_fig4.yaml" --input w-min.jsonl
    has out.txt "done tokens: 12, last at cycle 2333"
    # a property: proved (exit 0), disproved with a counterexample (exit 5)
    expect 0 "$LPN" smt "$AN/chain3.yaml" --space "$AN/chain3_shared.yaml" --query 'prove latency <= 47'
    has out.txt "^property: proved"
    expect 5 "$LPN" smt "$AN/chain3.yaml" --space "$AN/chain3_shared.yaml" --query '|pi - latency| / latency < 0.1' --witness c
    has out.txt "^property: disproved"
    expect 0 "$LPN" sim "$AN/chain3.yaml" --input c-cex.jsonl
    has out.txt "done tokens: 4,"
    # products of symbols (Darwin in one firing: (ref + 6) * cdiv(query, 4) + 6 + 3 steps),
    # with a long timeout: proved at once, the maximum at ref = query = 512, steps = 300
    expect 0 "$LPN" smt "$DATA/darwin_2t.yaml" --space "$AN/darwin_rq.yaml" --query bounds --timeout 120 --witness d
    has out.txt "^max: 67210 (proved)"
    has out.txt "^min: 2656 (proved)"
    expect 0 "$LPN" sim "$DATA/darwin_2t.yaml" --input d-max.jsonl
    has out.txt "last at cycle 67210"
    # the paper's JPEG model: three paths read one place, ordered by time
    expect 0 "$LPN" pi "$DATA/jpeg_paper.yaml" --space "$AN/jpeg_paper18.yaml" --samples 4
    has out.txt "latency ~ max(54\*avg_nonzero + 108, 1524)"
    # a timeout is unknown (exit 4), never a proof
    expect 4 "$LPN" smt "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18_ratio.yaml" --query max --timeout 0.2
    has out.txt "unknown"
    has out.txt "note: the solver timed out"
    expect 0 "$LPN" smt "$MODELS/pipeline.yaml" --space "$AN/fig2_mix.yaml" --query bounds --format=json
    python3 -c 'import json,sys; r=json.load(open("out.txt")); sys.exit(0 if r["max"]["value"]==253 and r["min"]["value"]==85 and r["max"]["simulated"]==253 and r["min"]["verdict"]=="proved" else 1)' \
        || fail "smt JSON"
    ;;
an_errors)
    AN=$DATA/analysis
    printf 'lpn_space: 1\ntokens: 2\nprops:\n  symbols: {min: 5, max: 1}\n' > bad_space.yaml
    expect 1 "$LPN" pi "$MODELS/jpeg_fig4.yaml" --space bad_space.yaml
    has err.txt "^bad_space.yaml:4:12: error: empty range: min 5 is larger than max 1"
    printf 'lpn_space: 1\ntokens: 2\nprops: {symbols: 1}\nconstraints:\n  - "avg(symbols) >> 2"\n' > bad_cons.yaml
    expect 1 "$LPN" classes "$MODELS/jpeg_fig4.yaml" --space bad_cons.yaml
    has err.txt "^bad_cons.yaml:5:20: error: unexpected '>'"
    expect 1 "$LPN" smt "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml" --query 'max latency + foo'
    has err.txt "^<query>:1:15: error: unknown name 'foo'"
    expect 1 "$LPN" smt "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml" --query 'latency <'
    has err.txt "^<query>:1:10: error: unexpected end of the expression"
    expect 1 "$LPN" classes "$MODELS/smartnic_ip.yaml" --space "$AN/chain3_shared.yaml"
    has err.txt "chain3_shared.yaml:7:3: error: place 'start' has no property 'x'"
    printf 'lpn_space: 1\ntokens: 2\nprops: {bytes: 64, flow: [0, 1]}\n' > nic.yaml
    expect 1 "$LPN" classes "$MODELS/smartnic_ip.yaml" --space nic.yaml
    has err.txt "smartnic_ip.yaml:26:3: error: tokens with properties are merged into place 'rr'"
    expect 1 "$LPN" classes "$MODELS/jpeg_fig4.yaml" --space missing.yaml
    has err.txt "missing.yaml: error: cannot open"
    ;;
an_usage)
    AN=$DATA/analysis
    expect 2 "$LPN" pi "$MODELS/jpeg_fig4.yaml"
    has err.txt "'lpn pi' needs an input space (--space FILE)"
    expect 2 "$LPN" smt "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml"
    has err.txt "'lpn smt' needs a query"
    expect 2 "$LPN" sim "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml"
    expect 2 "$LPN" classes "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml" --query max
    expect 2 "$LPN" smt "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml" --query max --timeout abc
    expect 2 "$LPN" smt "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml" --query max --emit-c x.c
    expect 2 "$LPN" classes "$MODELS/jpeg_fig4.yaml" --space "$AN/jpeg18.yaml" --max-paths 0
    expect 2 "$LPN" classes "$MODELS/jpeg_fig4.yaml" --space
    expect 0 "$LPN" --help
    has out.txt "lpn smt     MODEL --space SPACE --query Q"
    ;;
*)
    fail "unknown case"
    ;;
esac
echo "ok [$CASE]"
