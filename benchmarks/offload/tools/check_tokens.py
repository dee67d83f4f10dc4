#!/usr/bin/env python3
"""check_tokens.py — runs an offload application's native token build (compiled
with -DLPNEST_NATIVE_TOKENS and linked with estimator/app/lpnest_native.c)
with LPNEST_TOKENS set, so every offloaded call first emits its LPN input
tokens as JSONL, then feeds the tokens to `lpn sim MODEL --input FILE` and
passes when the simulation completes (no deadlock, no error) and every token
was accepted. --props keeps only the named properties of each token (for a
model, such as an interconnect in front, whose token type is a subset);
--expect-tokens checks the number of tokens.

usage: check_tokens.py --app BIN --lpn LPN --model MODEL --workdir DIR
                       [--props a,b] [--expect-tokens N] [-p NAME=VALUE]..."""
import argparse
import json
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--app", required=True)
    ap.add_argument("--lpn", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--props")
    ap.add_argument("--expect-tokens", type=int)
    ap.add_argument("-p", dest="params", action="append", default=[])
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    tokens = os.path.join(a.workdir, "tokens.jsonl")
    if os.path.exists(tokens):
        os.remove(tokens)
    env = dict(os.environ, LPNEST_TOKENS=tokens)
    p = subprocess.run([a.app], env=env, stdout=subprocess.DEVNULL)
    if p.returncode != 0:
        sys.exit("check_tokens.py: FAIL: %s exited %d" % (a.app, p.returncode))
    with open(tokens) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    if a.props:
        keep = a.props.split(",")
        lines = [{"props": {k: t["props"][k] for k in keep}} for t in lines]
        tokens = os.path.join(a.workdir, "tokens.%s.jsonl" % "_".join(keep))
        with open(tokens, "w") as f:
            for t in lines:
                f.write(json.dumps(t) + "\n")
    report = os.path.join(a.workdir, "sim.json")
    cmd = [a.lpn, "sim", a.model, "--input", tokens, "--format=json", "-o", report]
    for prm in a.params:
        cmd += ["-p", prm]
    p = subprocess.run(cmd, stderr=subprocess.PIPE)
    sys.stderr.write(p.stderr.decode("utf-8", "replace"))
    try:
        with open(report) as f:
            r = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("check_tokens.py: FAIL: lpn sim exited %d, no report (%s)" % (p.returncode, e))
    print("%d tokens -> %s: status %s, %s cycles, %s commits, %s done tokens"
          % (len(lines), os.path.basename(a.model), r.get("status"), r.get("cycles"),
             r.get("commits"), r.get("done", {}).get("count")))
    if p.returncode != 0 or r.get("status") != "completed":
        sys.exit("check_tokens.py: FAIL: lpn sim exited %d with status %s" % (p.returncode, r.get("status")))
    if a.expect_tokens is not None and len(lines) != a.expect_tokens:
        sys.exit("check_tokens.py: FAIL: %d tokens, expected %d" % (len(lines), a.expect_tokens))
    if not r.get("done", {}).get("count"):
        sys.exit("check_tokens.py: FAIL: no token reached the done place")
    return 0


if __name__ == "__main__":
    sys.exit(main())
