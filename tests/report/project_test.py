#!/usr/bin/env python3
"""project_test.py — a project's view (lpnest report DIR, lpnest diff TREE TREE)
on a real multi-file build: the tree's own support library (support/*.c),
compiled for the host by clang with the plugin writing each object's
%o.lpnest.json, as a build system does.

Checked:
- the directory's reports merge into one report: every unit's functions,
  totals that add up, a view per format (HTML, folded weights summing to the
  total, SARIF of budgets);
- a call into another unit whose report is there is priced: each merged
  function's inclusive cycles are what this test solves itself from the unit
  reports (own cycles, calls within the unit, calls into other units at the
  callee's cycles per call), and a function whose only calls outside its
  unit go to the project's functions no longer says it leaves them out;
- a budget on a function checks it with the calls into other units, and a
  budget on a function no unit defines fails (which one unit cannot tell);
- lpnest diff of two build trees: the same build gives no regression; the
  tree with one unit built at -O0 regresses in that unit's functions."""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

A = None
FAILS = []
UNITS = ["diag", "escape", "files", "json_read", "json_write", "ptrmap", "suggest"]


def check(ok, what):
    print(("ok:   " if ok else "FAIL: ") + what)
    if not ok:
        FAILS.append(what)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def build(tree, units, opt="-O2"):
    """Compiles UNITS of support/ into TREE/obj/support/UNIT.o with the plugin."""
    obj = os.path.join(tree, "obj", "support")
    os.makedirs(obj, exist_ok=True)
    for u in units:
        r = run([A.clang, opt, "-g", "-c", os.path.join(A.source, "support", u + ".c"), "-I",
                 os.path.join(A.source, "support"), "-o", os.path.join(obj, u + ".o"),
                 "-fpass-plugin=" + A.plugin, "-fplugin=" + A.plugin, "-Xclang", "-mllvm", "-Xclang",
                 "-lpnest-target=x86-64", "-Xclang", "-mllvm", "-Xclang", "-lpnest-report=%o.lpnest.json"])
        check(r.returncode == 0, "compile %s %s with the plugin (%s)" % (u, opt, r.stderr[-300:]))


def solve(units):
    """Inclusive cycles per call of every function of the unit reports,
    solved over the whole project: own cycles, calls within a unit
    (calls_to) and calls into other units to a function some unit defines,
    each at the callee's inclusive cycles per call; a cycle back into a
    function on the path counts its own cycles (as lpnest does)."""
    funcs, edges = {}, {}
    defined = {}
    for rep in units:
        for f in rep["functions"]:
            defined.setdefault(f["name"], []).append(f["location"])
    for rep in units:
        for f in rep["functions"]:
            name = f["name"]
            if len(set(defined[name])) > 1:
                continue  # a name several units define (static functions): qualified, not resolved
            g = funcs.setdefault(name, {"self": 0.0, "calls": 0})
            g["self"] += f["self_cycles"]
            g["calls"] += f["calls"]
            e = edges.setdefault(name, [])
            e += [(c["function"], c["calls"]) for c in f.get("calls_to", [])]
            for c in (f.get("excluded_calls") or {}).get("callees", []):
                if c["kind"] == "other_unit" and c["name"] in defined and len(set(defined[c["name"]])) == 1:
                    e.append((c["name"], c["calls"]))
    memo, state = {}, {}

    def incl(f):
        if state.get(f) == 2:
            return memo[f]
        if state.get(f) == 1:
            return funcs[f]["self"]
        state[f] = 1
        v = funcs[f]["self"]
        for g, k in edges.get(f, []):
            if g == f or g not in funcs:
                continue
            ig = funcs[g]["self"] if state.get(g) == 1 else incl(g)
            if funcs[g]["calls"]:
                v += k * ig / funcs[g]["calls"]
        memo[f], state[f] = v, 2
        return v
    return {f: incl(f) for f in funcs}


def main():
    global A
    ap = argparse.ArgumentParser(description=__doc__)
    for k in ("lpnest", "clang", "plugin", "source", "work"):
        ap.add_argument("--" + k, required=True)
    A = ap.parse_args()
    shutil.rmtree(A.work, ignore_errors=True)
    t1, t2 = os.path.join(A.work, "tree1"), os.path.join(A.work, "tree2")
    build(t1, UNITS)
    reports = sorted(glob.glob(os.path.join(t1, "obj", "support", "*.lpnest.json")))
    check(len(reports) == len(UNITS), "one report per object beside it (%d)" % len(reports))
    units = [json.load(open(p)) for p in reports]

    merged = os.path.join(A.work, "project.json")
    r = run([A.lpnest, "report", t1, "--format=json", "-o", merged])
    check(r.returncode == 0, "lpnest report DIR merges the build's reports (%s)" % r.stderr[-300:])
    if r.returncode:
        return 1
    m = json.load(open(merged))
    names = {f["name"] for u in units for f in u["functions"]}
    mnames = {re.sub(r" \[.*\]$", "", f["name"]) for f in m["functions"]}
    check(names == mnames, "every unit's functions are in the project (%d)" % len(names))
    total = sum(u["total"]["cycles"] for u in units)
    check(abs(m["total"]["cycles"] - total) <= 1e-9 * total + 1e-6 and m["counts"]["per_call"],
          "the project's total is the units' (one call of every function: %.0f)" % total)
    want = solve(units)
    bad = [(f["name"], f["inclusive_cycles"], want[f["name"]]) for f in m["functions"] if f["name"] in want
           and abs(f["inclusive_cycles"] - want[f["name"]]) > 1e-6 * want[f["name"]] + 1e-6]
    check(not bad, "inclusive cycles are solved over the project's calls (%d functions; differ: %s)"
          % (len(want), bad[:3]))
    unit_of = {f["name"]: f for u in units for f in u["functions"]}
    resolved = [f for f in m["functions"] if f["name"] in unit_of and
                any(c["kind"] == "other_unit" and c["name"] in names
                    for c in (unit_of[f["name"]].get("excluded_calls") or {}).get("callees", []))]
    check(len(resolved) >= 3 and all(f["inclusive_cycles"] > unit_of[f["name"]]["inclusive_cycles"] for f in resolved),
          "functions calling another unit's functions cost more in the project (%s)"
          % [f["name"] for f in resolved][:6])
    hex4 = next((f for f in m["functions"] if f["name"] == "read_hex4"), None)
    check(hex4 is not None and "other_units" in unit_of["read_hex4"].get("incomplete", [])
          and "other_units" not in hex4.get("incomplete", []),
          "read_hex4 calls only the project's sup_diag outside its unit: no longer left out (%s)"
          % (hex4 or {}).get("incomplete"))

    folded = run([A.lpnest, "report", t1, "--format=folded"]).stdout
    weights = sum(int(l.rsplit(" ", 1)[1]) for l in folded.splitlines() if l)
    check(weights == round(m["total"]["cycles"]), "folded stacks sum to the project's total (%d)" % weights)
    html = os.path.join(A.work, "project.html")
    r = run([A.lpnest, "report", t1, "--format=html", "-o", html])
    page = open(html).read() if r.returncode == 0 else ""
    check(all(n in page for n in ("sup_json_parse", "sup_vdiag", "ptrmap_put", "sup_closest")),
          "the HTML page has the functions of every unit")
    budgets = os.path.join(A.work, "budgets.yaml")
    with open(budgets, "w") as f:
        f.write("lpnest_budget: 1\nfunctions:\n  sup_json_parse: 1\n  no_such_function: 1G\n")
    sarif = os.path.join(A.work, "project.sarif")
    r = run([A.lpnest, "report", t1, "--budget=" + budgets, "--budget-allow-incomplete", "--format=sarif", "-o",
             sarif])
    res = json.load(open(sarif))["runs"][0]["results"] if os.path.exists(sarif) else []
    msgs = " | ".join(x["message"]["text"] for x in res)
    check(r.returncode == 3 and "function 'sup_json_parse'" in msgs and "exceeds" in msgs,
          "a budget checks a function with its calls into other units (%s)" % msgs[:300])
    check("'no_such_function' is not in the report" in msgs,
          "a budget on a function no unit defines fails in the project's view")

    # two build trees: the same, and one unit at -O0
    shutil.copytree(t1, t2)
    r = run([A.lpnest, "diff", t1, t2])
    check(r.returncode == 0, "diff of a build tree with the same build: no regression (exit %d)" % r.returncode)
    for p in glob.glob(os.path.join(t2, "obj", "support", "json_read.*")):
        os.remove(p)
    build(t2, ["json_read"], "-O0")
    r = run([A.lpnest, "diff", t1, t2, "--format=json"])
    d = json.loads(r.stdout) if r.stdout.startswith("{") else {}
    regressed = {x["name"] for x in d.get("functions", []) if x.get("regressed")}
    jr = {f["name"] for f in json.load(open(os.path.join(t1, "obj", "support", "json_read.lpnest.json")))["functions"]}
    check(r.returncode == 3 and regressed and regressed <= jr | {"total"},
          "diff of build trees: json_read at -O0 regresses in json_read's functions only (%s)" % sorted(regressed)[:6])
    print("project_test: %d failed" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
