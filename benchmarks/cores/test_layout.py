#!/usr/bin/env python3
"""test_layout -- the object a pipelined core's layout reads (estimator/cost/estimate.c,
lay_out): the assembly lpnest prices, assembled by LLVM's integrated assembler in the child
that generated it (lower_codegen_asm_obj, lower_assemble), instead of a second code
generation to an object file. The layout takes every instruction's address and bytes from
that object (instruction cache, fetch alignment), so it must be the object the code
generator emits for the same code, byte for byte.

usage: test_layout.py --lpnest LPNEST --build DIR      (ctest cores.layout-assembled)

For each program and core below: the JSON report with the assembled object is byte for byte
the report with the object compiled by the code generator (LPNEST_LAYOUT_CODEGEN=1, the
reference: lpnest before the change), and LPNEST_LAYOUT_STATS names the object it laid:
- rv32imc bitcode (the cores' own, built for -march=rv32imc): assembled;
- rv32im bitcode (benchmarks' riscv32 flavour: its functions' features lack C, printed in
  `.option arch, -c`, which the code generator does not follow when it emits an object: it
  compresses with the core's features): compiled. The text assembled there is another
  object (4-byte instructions where the code generator emits 2-byte ones): without the
  fallback the reports differ;
- rv32imc bitcode whose child the assembler ends (LPNEST_TEST_ASSEMBLER_CRASH): the text is
  made again alone and the object compiled (the estimate does not fail).

Exit 0 passed; 1 failed; 2 bad usage; 77 skipped (no bitcode)."""
import argparse
import os
import subprocess
import sys
import tempfile

SKIP = 77
# (folder, flavour, program, core, the object expected)
CASES = [("corpus", "rv32imc", "crc32", "ibex-small", "assembled"),
         # the child ended by the assembler (LPNEST_TEST_ASSEMBLER_CRASH: it aborts): the
         # text made again alone, the object compiled
         ("corpus", "rv32imc", "sad", "ibex-maxperf", "compiled", {"LPNEST_TEST_ASSEMBLER_CRASH": "1"}),
         ("embedded", "rv32imc", "strcopy", "ibex-icache", "assembled"),
         ("corpus", "rv32imc", "quicksort", "cv32e40p", "assembled"),
         ("corpus", "riscv32", "crc32", "ibex-small", "compiled"),
         ("corpus", "riscv32", "fir", "ibex-icache", "compiled")]


def run(lpnest, bc, core, out, env):
    e = dict(os.environ)
    e.pop("LPNEST_LAYOUT_CODEGEN", None)
    e.update(env)
    p = subprocess.run([lpnest, bc, "--target=" + core, "--format=json", "-o", out],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=e)
    return p.returncode, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--build", required=True)
    a = ap.parse_args()
    fails = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            folder, flavour, prog, core, want = case[:5]
            env = case[5] if len(case) > 5 else {}
            bc = os.path.join(a.build, "benchmarks", folder, flavour, prog + ".bc")
            if not os.path.exists(bc):
                print("skipped: no %s bitcode (%s)" % (flavour, bc))
                return SKIP
            new, ref = os.path.join(tmp, "new.json"), os.path.join(tmp, "ref.json")
            rc1, err1 = run(a.lpnest, bc, core, new, dict(env, LPNEST_LAYOUT_STATS="1"))
            rc2, err2 = run(a.lpnest, bc, core, ref, {"LPNEST_LAYOUT_CODEGEN": "1", "LPNEST_LAYOUT_STATS": "1"})
            what = "%s/%s/%s on %s" % (folder, flavour, prog, core)
            if rc1 or rc2:
                print("FAIL %s: exit %d (assembled), %d (compiled)\n%s" % (what, rc1, rc2, err1[-2000:]))
                fails += 1
                continue
            with open(new, "rb") as f1, open(ref, "rb") as f2:
                same = f1.read() == f2.read()
            laid = "assembled" if "layout: the object assembled" in err1 else \
                   "compiled" if "layout: the object compiled" in err1 else "none"
            ref_ok = "layout: the object compiled" in err2
            ok = same and laid == want and ref_ok
            print("%s %s: the object %s (expected: %s), report %s the one with the object compiled%s"
                  % ("ok" if ok else "FAIL", what, laid, want, "is" if same else "differs from",
                     "" if ref_ok else " (the reference did not compile it)"))
            fails += not ok
    print("%d of %d failed" % (fails, len(CASES)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
