#!/usr/bin/env python3
"""timed_test.py — the timed run's calling contexts add up exactly.

For corpus programs (function pointers, recursion, exit from deep frames), the
second run's host clock must reproduce the first run's pricing: the root
context's inclusive cycles equal the total, the contexts' self cycles of every
function add up to that function's self cycles, and a function's inclusive
cycles are its outermost contexts'.

usage: timed_test.py --lpnest PATH --corpus DIR"""
import argparse
import collections
import json
import subprocess
import sys

P = argparse.ArgumentParser()
P.add_argument("--lpnest", required=True)
P.add_argument("--corpus", required=True)
A = P.parse_args()
fails = []


def ok(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name + ("" if cond else "   " + str(detail)))
    if not cond:
        fails.append(name)


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(b))


for target, core, prog in (("riscv32", "picorv32", "quicksort"), ("riscv32", "picorv32", "interp"),
                           ("ppc", "ppc405", "dijkstra"), ("avr", "atmega2560", "sha256"),
                           ("riscv32", "microblaze", "softdouble")):
    r = subprocess.run([A.lpnest, f"{A.corpus}/{target}/{prog}.bc", f"--target={core}", "--format=json", "--quiet"],
                       capture_output=True, text=True)
    name = f"{prog} on {core}"
    if r.returncode != 0:
        ok(name + ": runs", False, r.stderr[-400:])
        continue
    d = json.loads(r.stdout[r.stdout.index("{"):])
    total = d["total"]["cycles"]
    ctx = d["contexts"]
    roots = [c for c in ctx if c["parent"] is None]
    ok(f"{name}: one root context (main) holding the total",
       len(roots) == 1 and roots[0]["function"] == "main" and close(roots[0]["inclusive_cycles"], total),
       (len(roots), roots[:1], total))
    ok(f"{name}: contexts' self cycles add up to the total", close(sum(c["self_cycles"] for c in ctx), total))
    per = collections.Counter()
    for c in ctx:
        per[c["function"]] += c["self_cycles"]
    bad = [(f["name"], f["self_cycles"], per[f["name"]]) for f in d["functions"]
           if f["calls"] and not close(per[f["name"]], f["self_cycles"])]
    ok(f"{name}: every function's contexts add up to its self cycles", not bad, bad[:5])
    outer = collections.Counter()
    for i, c in enumerate(ctx):
        a, nested = c["parent"], False
        while a is not None and not nested:
            nested = ctx[a]["function"] == c["function"]
            a = ctx[a]["parent"]
        if not nested:
            outer[c["function"]] += c["inclusive_cycles"]
    bad = [(f["name"], f["inclusive_cycles"], outer[f["name"]]) for f in d["functions"]
           if f["calls"] and not close(outer[f["name"]], f["inclusive_cycles"])]
    ok(f"{name}: inclusive cycles = the outermost contexts'", not bad, bad[:5])
    if prog == "quicksort":
        # comparators are called through a table of function pointers
        cmp = [c for c in ctx if c["function"].startswith("cmp_") and ctx[c["parent"]]["function"] == "quicksort"]
        ok(f"{name}: comparators called through pointers have quicksort contexts", len(cmp) >= 2, len(cmp))
print("ALL PASSED" if not fails else f"{len(fails)} FAILED")
sys.exit(1 if fails else 0)
