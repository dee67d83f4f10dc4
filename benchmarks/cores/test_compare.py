#!/usr/bin/env python3
"""test_compare -- compare's findings on real and synthetic inputs, without a model of the
pipelined cores: (1) lpnest's blocks of a program with committed data, lowered for a test
core that runs rv32imc code (isa/picorv32.yaml's table with compressed code and without
relaxation, made here), laid on the reference ELF: the instructions must line up, every
block count lpnest does not mark as an estimate must equal the RTL's executions of the
block's first instruction (lpnest's counts are exact: this checks compare's address
mapping), and the RTL's block cycles must add up to main's; (2) a report that prices every
block, function and main at the RTL's figures passes --check, and one block 5 cycles off,
main 1 % off or a function 2 % off each fail it with that finding.

usage: test_compare.py --build DIR --lpnest PATH [--data-dir DIR]
Exit 0 passed; 1 failed; 2 bad usage; 77 skipped (no data with bitcode in the build)."""
import copy
import glob
import importlib.machinery
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import lpcores  # noqa: E402

_loader = importlib.machinery.SourceFileLoader("compare", os.path.join(HERE, "compare"))
_spec = importlib.util.spec_from_loader("compare", _loader)
cmp = importlib.util.module_from_spec(_spec)
_loader.exec_module(cmp)


def test_core(work):
    """isa/picorv32.yaml for rv32imc code without relaxation (the test's own core)"""
    with open(os.path.join(SRC, "isa", "picorv32.yaml")) as f:
        s = f.read()
    s = s.replace("name: picorv32\n", "name: rv32imc-test\n", 1)
    s, n1 = re.subn(r'features: "[^"]*"', 'features: "+m,+c,-relax,-a,-d,-f"', s, count=1)
    s, n2 = re.subn(r"forbidden_features: \[[^\]]*\]", "forbidden_features: [a, d, f, e, v]", s, count=1)
    s = s.replace("relax: true", "relax: false")
    s = s.replace("runtime_code: code/", "runtime_code: " + os.path.join(SRC, "isa", "code") + "/")
    if not (n1 and n2):
        raise RuntimeError("isa/picorv32.yaml changed shape: the test core cannot be made from it")
    path = os.path.join(work, "rv32imc-test.yaml")
    with open(path, "w") as f:
        f.write(s)
    return path


def pick_data(data_dir, build):
    """data files of programs the build has bitcode for, the corpus's first, small ones first"""
    out = []
    for f in sorted(glob.glob(os.path.join(data_dir, "*", "*.json.gz"))):
        d = lpcores.read_data(f)
        if d["folder"] != "micro" and os.path.exists(cmp.bitcode_of(build, d)):
            out.append((d["main"]["cycles"], f, d))
    out.sort(key=lambda x: x[0])
    return [(f, d) for _, f, d in out]


def synthetic(data, report, res):
    """REPORT with every figure the RTL's"""
    r = copy.deepcopy(report)
    ref = {(b["function"], b["block"]): b["cycles"][1] for b in res["blocks"]}
    for b in r["blocks"]:
        b["cycles"] = ref.get((b["function"], b["machine_block"]), b["cycles"])
    funcs = {f["name"]: f for f in res["functions"]}
    start = sum(x["cycles"] for x in r["runtime"] if x["symbol"] == "_start")
    for f in r["functions"]:
        if f["name"] in funcs:
            # lpnest charges its `_start` row to main
            extra = start if f["name"] == "main" else 0
            f["inclusive_cycles"] = funcs[f["name"]]["inclusive"][1] + extra
            f["self_cycles"] = funcs[f["name"]]["self"][1] + extra
    r["total"]["cycles"] = data["main"]["cycles"] + start
    return r


def run_cli(args):
    p = subprocess.run([sys.executable, os.path.join(HERE, "compare")] + args, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def main(argv):
    build, lpnest, data_dir = None, None, os.path.join(HERE, "data")
    i = 0
    while i < len(argv):
        if argv[i] in ("-h", "--help"):
            sys.stdout.write(__doc__)
            return 0
        if argv[i] in ("--build", "--lpnest", "--data-dir") and i + 1 < len(argv):
            if argv[i] == "--build":
                build = argv[i + 1]
            elif argv[i] == "--lpnest":
                lpnest = argv[i + 1]
            else:
                data_dir = argv[i + 1]
            i += 2
            continue
        sys.stderr.write("test_compare: error: bad usage near '%s'\n" % argv[i])
        return 2
    if not build or not lpnest:
        sys.stderr.write("test_compare: error: --build and --lpnest are required\n")
        return 2
    picks = pick_data(data_dir, build)
    if not picks:
        print("skipped: no reference data whose bitcode the build has (%s)" % data_dir)
        return 77
    fails = []
    with tempfile.TemporaryDirectory(prefix="lpcores-compare-test.") as work:
        core = test_core(work)
        checked = 0
        for f, d in picks[:3]:
            name = os.path.relpath(f, data_dir)
            report, dump, _ = cmp.run_lpnest(lpnest, cmp.bitcode_of(build, d), core, d["args"], 300, work)
            res = cmp.compare_one(d, report, dump, 0.5)
            if res["align"]:
                fails.append("%s: instructions do not line up: %s" % (name, res["align"][:3]))
                continue
            counted = [b for b in res["blocks"] if not b["estimated"] and b["count"][0] > 0]
            bad = [b for b in res["blocks"] if not b["estimated"] and abs(b["count"][0] - b["count"][1]) > 0.01]
            if bad:
                fails.append("%s: block counts lpnest claims exact differ from the RTL's: %s" % (
                    name, [(b["function"], b["block"], b["count"]) for b in bad[:5]]))
            if not counted:
                fails.append("%s: no block with an exact count to check" % name)
            if sum(b["cycles"][1] for b in res["blocks"]) != d["main"]["cycles"]:
                fails.append("%s: the RTL's block cycles add up to %d, main's are %d" % (
                    name, sum(b["cycles"][1] for b in res["blocks"]), d["main"]["cycles"]))
            checked += 1
            if checked > 1:
                continue
            # the CLI on synthetic reports
            dpath = os.path.join(work, "dump.txt")
            with open(dpath, "w") as fh:
                for fn, blocks in dump.items():
                    fh.write("function %s: 0 instructions\n" % fn)
                    for b in blocks:
                        fh.write("  [%d] bb.%d %s count %g %s insns %d machine %d succ\n" % (
                            b["index"], b["number"], b["ir"], b["count"], b["source"], len(b["insns"]),
                            b["machine"]))
                        for mn, ops in b["insns"]:
                            fh.write("      %s %s\n" % (mn, ops))
            good = synthetic(d, report, res)

            def check(rep, want, text, what, extra=()):
                p = os.path.join(work, "r.json")
                with open(p, "w") as fh:
                    json.dump(rep, fh)
                rc, out = run_cli(["--data", f, "--report", p, "--dump", dpath, "--check"] + list(extra))
                if rc != want or (text and text not in out):
                    fails.append("%s: %s: exit %d (want %d), output lacks %r:\n%s" % (name, what, rc, want, text,
                                                                                    out[-1500:]))
            check(good, 0, "within the bars", "the RTL's own figures")
            base = sum(1 for b in cmp.compare_one(d, good, dump, 0.5)["blocks"] if b["off"] and b["estimated"])
            victim = next((b for b in good["blocks"] if not b["estimated"] and b["count"] > 0), None)
            bad = copy.deepcopy(good)
            for b in bad["blocks"]:
                if (b["function"], b["machine_block"]) == (victim["function"], victim["machine_block"]):
                    b["cycles"] += 5
            check(bad, 3, "1 blocks not marked as estimates priced off the RTL", "a block 5 cycles off")
            for b in bad["blocks"]:
                if (b["function"], b["machine_block"]) == (victim["function"], victim["machine_block"]):
                    b["estimated"] = True
            check(bad, 0, "blocks off the RTL that lpnest marks as estimates: %d" % (base + 1),
                  "the same block, an estimate")
            cnt = copy.deepcopy(good)
            for b in cnt["blocks"]:
                if (b["function"], b["machine_block"]) == (victim["function"], victim["machine_block"]):
                    b["count"] += 1
                    b["estimated"] = True  # an estimated price does not excuse a count
            check(cnt, 3, "whose counts lpnest gives as exact run another number of times",
                  "a block's count one off")
            off = copy.deepcopy(good)
            off["total"]["cycles"] += d["main"]["cycles"] * 0.01
            check(off, 3, "main-only error +1.000 %", "main 1 % off")
            fn = copy.deepcopy(good)
            ref_inc = {f["name"]: f["inclusive"][1] for f in res["functions"]}
            fn["functions"][0]["inclusive_cycles"] += 0.02 * ref_inc[fn["functions"][0]["name"]]
            check(fn, 3, "function %s inclusive +2.000 %%" % fn["functions"][0]["name"], "a function 2 % off")
            # --function-bar: that function's own bar, the others keep the default
            fname = fn["functions"][0]["name"]
            check(fn, 0, "within the bars", "a function 2 % off under its own bar of 2.5 %",
                  ["--function-bar", "%s:%s:2.5" % (d["program"], fname)])
            check(fn, 3, "function %s inclusive +2.000 %% beyond 1.500 %%" % fname,
                  "a function 2 % off under its own bar of 1.5 %", ["--function-bar", "%s:%s:1.5" % (d["program"], fname)])
            check(fn, 3, "function %s inclusive +2.000 %% beyond 1.000 %%" % fname,
                  "another program's function bar", ["--function-bar", "other:%s:2.5" % fname])
        print("%d programs checked" % checked)
    # bad values of --function-bar: the message names the option and the value, exit 2
    for bad in ("sha256", "sha256:f", "sha256:f:x", "sha256:f:-1", ":f:2", "sha256::2", "a:b:1:2"):
        rc, out = run_cli(["--function-bar", bad, "--core", "ibex-small"])
        if rc != 2 or "compare: error: --function-bar: bad value '%s'" % bad not in out:
            fails.append("--function-bar %s: exit %d, %s" % (bad, rc, out.strip()[-200:]))
    for f in fails:
        print("FAIL: " + f)
    if not fails:
        print("passed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
