#!/usr/bin/env python3
"""test_kept_runs -- runs of runtime routines kept by their operands on the pipelined cores
(estimator/cost/routine_rv32.c, kept_run): a call whose key (operands, the pointer operands'
addresses mod 4) was met before is given the path the first call fed the core's model, with
its return made for the call's own return address, and the model runs it from the call's
state.

usage: test_kept_runs.py --lpnest LPNEST --build DIR      (ctest cores.kept-runs)
       test_kept_runs.py --path-memo --lpnest LPNEST --build DIR   (ctest cores.path-memo)

For each program and core below: the JSON report with kept runs is byte for byte the report
with every call run (LPNEST_NO_KEPT_RUNS=1, the reference), and kept runs served calls
(LPNEST_ROUTINE_STATS's "routine runs" line: more than a third of the calls looked up were
served; lpnest before kept runs on a pipeline looked up none there; longdouble on cv32e40p,
whose soft-float calls repeat their operands from other call sites, served 81 of 13209
while the return address was in the key, d746610).

With --path-memo, the path memo instead (estimator/cost/routine_memo.c: a path fed once per
pipeline state, and instruction cache answers, its key the path's ops in 2-3 bytes each or a
kept path's number and return pc): the report is byte for byte the one with every path run
on the model (LPNEST_NO_PATH_MEMO=1), and the memo served paths ("routine memo" line).

Exit 0 passed; 1 failed; 2 bad usage; 77 skipped (no rv32imc bitcode)."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SKIP = 77
# (folder, program, core): routine calls that repeat their operands (strcmp, memcpy,
# soft-float, printf's), one program per core, the instruction cache's among them
CASES = [("corpus", "quicksort", "ibex-small"), ("corpus", "sha256", "ibex-maxperf"),
         ("corpus", "dijkstra", "ibex-icache"), ("corpus", "quicksort", "cv32e40p"),
         ("embedded", "longdouble", "cv32e40p"),
         # rv32im code on a cache: a block the model cannot run prices its calls off the
         # pipeline, the others on it, with the same operands; a run kept off it served a call
         # on it (path number 0 of none: main at 2ed627d crashed) until the key held which
         ("corpus", "quicksort", "ibex-icache", "riscv32")]
# (folder, program, core) for --path-memo: paths by ops and by kept number, with and without
# an instruction cache
MEMO_CASES = [("corpus", "quicksort", "ibex-small"), ("corpus", "quicksort", "cv32e40p"),
              ("corpus", "sha256", "ibex-icache"), ("embedded", "strcopy", "ibex-icache")]
MEMO_STATS = re.compile(r"routine memo: (\d+) paths \(\d+ instructions\) priced, (\d+) served by a kept run")
STATS = re.compile(r"routine runs: (\d+) calls looked up, (\d+) served by a kept run")


def run(lpnest, bc, core, out, env):
    e = dict(os.environ)
    e.pop("LPNEST_NO_KEPT_RUNS", None)
    e.pop("LPNEST_NO_PATH_MEMO", None)
    e.update(env)
    p = subprocess.run([lpnest, bc, "--target=" + core, "--format=json", "-o", out],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=e)
    return p.returncode, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--path-memo", action="store_true")
    a = ap.parse_args()
    cases, off, stats = CASES, "LPNEST_NO_KEPT_RUNS", STATS
    if a.path_memo:
        cases, off, stats = MEMO_CASES, "LPNEST_NO_PATH_MEMO", MEMO_STATS
    fails = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            folder, prog, core = case[:3]
            flavour = case[3] if len(case) > 3 else "rv32imc"
            bc = os.path.join(a.build, "benchmarks", folder, flavour, prog + ".bc")
            if not os.path.exists(bc):
                print("skipped: no %s bitcode (%s)" % (flavour, bc))
                return SKIP
            kept, ref = os.path.join(tmp, "kept.json"), os.path.join(tmp, "ref.json")
            rc1, err1 = run(a.lpnest, bc, core, kept, {"LPNEST_ROUTINE_STATS": "1"})
            rc2, _ = run(a.lpnest, bc, core, ref, {off: "1"})
            what = "%s/%s%s on %s" % (folder, prog, "" if flavour == "rv32imc" else " (%s)" % flavour, core)
            if rc1 or rc2:
                print("FAIL %s: exit %d (kept runs), %d (every call run)" % (what, rc1, rc2))
                fails += 1
                continue
            with open(kept, "rb") as f1, open(ref, "rb") as f2:
                same = f1.read() == f2.read()
            m = stats.search(err1)
            looked, served = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
            ok = same and looked > 0 and (served * 3 > looked if not a.path_memo else served > 0)
            print("%s %s: report %s the one with every %s; %d %s, %d served by a kept run"
                  % ("ok" if ok else "FAIL", what, "is" if same else "differs from",
                     "path run on the model" if a.path_memo else "call run", looked,
                     "paths priced" if a.path_memo else "calls looked up", served))
            fails += not ok
    print("%d of %d failed" % (fails, len(cases)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
