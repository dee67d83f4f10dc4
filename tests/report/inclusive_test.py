#!/usr/bin/env python3
"""inclusive_test.py — inclusive cycles from calling contexts (REPORT.md
"Inclusive cycles"). tests/data/report/inclusive.c calls work() once from
setup() on a long input and 500 times from a loop in main on short ones; run
with an argument, setup() is skipped and every call of work() comes from the
loop, so there the loop's inclusive cycles are, by hand, its own cycles plus
work()'s inclusive cycles. The full run must give the loop the same figure
(up to the per-execution averaging inside work's blocks, REPORT.md) and not
the average-cost figure (500/501 of work's cycles), and setup() the long
call. walk() recurses from inside its own loop: the loop's inclusive cycles
are the function's less the outermost call's code outside the loop.
tests/data/report/callcost.c has one memcpy site called on 4000 bytes from
big() and 100 times on one byte from small(): each caller's inclusive cycles
in the full run must be those of a run where it alone calls (each runtime
call charged its own cost in the timed run, not the site's mean). On
every report, no loop's inclusive cycles exceed its function's. A plugin
report (no contexts) says that its inclusive cycles are average-based."""
import argparse
import glob
import json
import os
import subprocess
import sys

FAILS = []
NOTE = "inclusive cycles are estimates"


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        FAILS.append(what)


def run(args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("inclusive_test: %s failed (%d): %s" % (" ".join(args), r.returncode, r.stderr[-2000:]))
    return r.stdout


def rel(a, b):
    return abs(a - b) / max(abs(b), 1.0)


def loops_within_functions(name, rep):
    funcs = {f["name"]: f for f in rep["functions"]}
    bad = [(l["function"], l["location"], l["inclusive_cycles"], funcs[l["function"]]["inclusive_cycles"])
           for l in rep["loops"] if l["inclusive_cycles"] > funcs[l["function"]]["inclusive_cycles"] * (1 + 1e-12)]
    check(not bad, "%s: every loop's inclusive cycles <= its function's (%d loops)%s"
          % (name, len(rep["loops"]), "" if not bad else ": %s" % bad[:3]))


def callcost(a, w, run):
    src = os.path.join(a.source, "tests", "data", "report", "callcost.c")
    cores = {"picorv32": ["--target=riscv32-unknown-elf", "-march=rv32im"],
             "ibex-small": ["--target=riscv32-unknown-elf", "-march=rv32imc", "-mabi=ilp32", "-mno-relax"]}
    for core, flags in cores.items():
        bc = w("callcost-%s.bc" % core)
        run([a.clang] + flags + ["-O2", "-g", "-emit-llvm", "-c", src, "-o", bc])
        fn = {}
        for tag, args in (("full", []), ("small", ["--", "x"]), ("big", ["--", "x", "y"])):
            out = w("callcost-%s-%s.json" % (core, tag))
            run([a.lpnest, bc, "--target=" + core, "--quiet", "--format=json", "-o", out] + args)
            fn[tag] = {f["name"]: f for f in json.load(open(out))["functions"]}
        for caller in ("big", "small"):
            got, alone = fn["full"][caller]["inclusive_cycles"], fn[caller][caller]["inclusive_cycles"]
            check(abs(got - alone) < 0.5, "%s: %s() %.1f in the full run = %.1f when it alone calls copy()"
                  % (core, caller, got, alone))
        m = fn["full"]["main"]
        parts = m["self_cycles"] + fn["full"]["big"]["inclusive_cycles"] + fn["full"]["small"]["inclusive_cycles"]
        check(abs(m["inclusive_cycles"] - parts) < 0.5, "%s: main %.1f = its self + big's + small's %.1f"
              % (core, m["inclusive_cycles"], parts))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    w = lambda n: os.path.join(a.work, n)
    src = os.path.join(a.source, "tests", "data", "report", "inclusive.c")
    cores = {"picorv32": ["--target=riscv32-unknown-elf", "-march=rv32im"],
             "ppc405": ["--target=powerpc-unknown-eabi", "-mcpu=405", "-msoft-float"]}
    for core, flags in cores.items():
        bc = w("inclusive-%s.bc" % core)
        run([a.clang] + flags + ["-O2", "-g", "-emit-llvm", "-c", src, "-o", bc])
        reps = {}
        for tag, args in (("full", []), ("loop-only", ["--", "x"])):
            out = w("%s-%s.json" % (core, tag))
            run([a.lpnest, bc, "--target=" + core, "--quiet", "--format=json", "-o", out] + args)
            reps[tag] = json.load(open(out))
            loops_within_functions("%s %s" % (core, tag), reps[tag])
            check(not any(NOTE in x for x in reps[tag]["warnings"]), "%s %s: no average-based note" % (core, tag))
        fn = {t: {f["name"]: f for f in r["functions"]} for t, r in reps.items()}
        mloop = {t: [l for l in r["loops"] if l["function"] == "main"] for t, r in reps.items()}
        check(len(mloop["full"]) == 1 and len(mloop["loop-only"]) == 1, "%s: one loop in main" % core)
        full, ref = mloop["full"][0], mloop["loop-only"][0]
        # by hand: with setup() skipped, the loop makes every call of work()
        by_hand = ref["cycles"] + fn["loop-only"]["work"]["inclusive_cycles"]
        check(rel(ref["inclusive_cycles"], by_hand) < 1e-6, "%s loop-only: main's loop %.0f = its cycles + work's "
              "inclusive %.0f" % (core, ref["inclusive_cycles"], by_hand))
        check(rel(full["cycles"], ref["cycles"]) < 1e-9, "%s: main's loop's own cycles do not depend on setup()" % core)
        # the full run: the same figure (work's blocks' per-execution costs are
        # averages over both callers, REPORT.md: within 2 %)
        check(rel(full["inclusive_cycles"], by_hand) < 0.02, "%s full: main's loop %.0f within 2 %% of %.0f"
              % (core, full["inclusive_cycles"], by_hand))
        work = fn["full"]["work"]
        average = full["cycles"] + 500 * work["inclusive_cycles"] / work["calls"]
        check(rel(average, by_hand) > 1.0, "%s: the average-cost figure %.0f would be far off (the test tells them "
              "apart)" % (core, average))
        setup = fn["full"]["setup"]
        long_call = work["inclusive_cycles"] - fn["loop-only"]["work"]["inclusive_cycles"]
        check(rel(setup["inclusive_cycles"], setup["self_cycles"] + long_call) < 0.02,
              "%s full: setup() %.0f = its self + the long call of work() %.0f"
              % (core, setup["inclusive_cycles"], setup["self_cycles"] + long_call))
        check(setup["inclusive_cycles"] > 0.5 * reps["full"]["total"]["cycles"],
              "%s full: setup() holds most of the run (%.1f %%)"
              % (core, 100 * setup["inclusive_cycles"] / reps["full"]["total"]["cycles"]))
        # recursion through a loop: the function less its outermost call's code outside the loop
        walk = fn["full"]["walk"]
        wl = [l for l in reps["full"]["loops"] if l["function"] == "walk"]
        check(len(wl) == 1, "%s: one loop in walk" % core)
        if wl:
            outside = (walk["self_cycles"] - wl[0]["cycles"]) / walk["calls"]
            expect = walk["inclusive_cycles"] - outside
            check(rel(wl[0]["inclusive_cycles"], expect) < 0.01, "%s: walk's loop %.0f within 1 %% of %.0f"
                  % (core, wl[0]["inclusive_cycles"], expect))
    callcost(a, w, run)
    for bc in sorted(glob.glob(os.path.join(a.corpus, "riscv32", "*.bc")))[:4]:
        out = w("corpus.json")
        run([a.lpnest, bc, "--target=picorv32", "--quiet", "--format=json", "-o", out])
        loops_within_functions(os.path.basename(bc), json.load(open(out)))
    # no contexts: the plugin's static estimate says its inclusive cycles are averages
    rep = w("plugin.json")
    run([a.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-O2", "-g", "-c", src, "-o", w("inclusive.o"),
         "-fpass-plugin=" + a.plugin, "-fplugin=" + a.plugin, "-mllvm", "-lpnest-target=picorv32", "-mllvm",
         "-lpnest-report=" + rep])
    pr = json.load(open(rep))
    check(any(NOTE in x for x in pr["warnings"]), "plugin report: says inclusive cycles are average-based")
    check(NOTE in run([a.lpnest, "report", rep]), "plugin report's text view: says it too")
    loops_within_functions("plugin report", pr)
    print("inclusive_test: %d failed" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
