#!/usr/bin/env python3
"""fp128_test.py — long double a*b + c on riscv32 (llvm.fmuladd.f128) is estimated, its
routines run on the call's operands: __multf3 on a and b, __addtf3 on the rounded product
and c (the back end's expansion). Each routine's instructions must be the reference's:
qemu-riscv32's run of the corpus link of the same bitcode (benchmarks/accuracy/blocks
--calls; the numbers are in tests/data/cli/fp128_fmuladd.c). The binary that ran __addtf3
on a and b had 298 instructions there."""
import argparse
import json
import os
import subprocess
import sys

REF = {"__extenddftf2": (3, 153), "__multf3": (1, 680), "__addtf3": (1, 289), "__trunctfdf2": (1, 97)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    bc = os.path.join(a.work, "fp128_fmuladd.bc")
    subprocess.run([a.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32", "-O2", "-g", "-emit-llvm",
                    "-c", os.path.join(a.data, "fp128_fmuladd.c"), "-o", bc], check=True)
    bad = 0
    for core in ("picorv32", "picorv32-ws1"):
        out = os.path.join(a.work, "fp128_fmuladd.%s.json" % core)
        r = subprocess.run([a.lpnest, bc, "--target=" + core, "--format=json", "-o", out], capture_output=True,
                           text=True, timeout=120)
        if r.returncode != 0:
            print("FAIL %s: exit %d: %s" % (core, r.returncode, r.stderr[-400:]))
            bad += 1
            continue
        with open(out) as f:
            rows = {x["symbol"]: x for x in json.load(f)["runtime"]}
        for sym, (calls, instr) in REF.items():
            row = rows.get(sym)
            ok = row is not None and row["priced"] and row["calls"] == calls and row["instructions"] == instr
            print("%s %s %s: %s (reference %d calls, %d instructions)" % (
                "ok  " if ok else "FAIL", core, sym, row and (row["calls"], row["instructions"], row["priced"]), calls,
                instr))
            bad += not ok
    print("%d failures" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
