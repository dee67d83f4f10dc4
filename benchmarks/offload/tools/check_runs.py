#!/usr/bin/env python3
"""check_runs.py — one offload application, three ways of running it, one output:
the native (gcc) build's stdout and exit status are the reference; the same
program's bitcode run by `lpnest BC --counts` and/or its bare binary run on its
reference simulator (benchmarks/tools/reference: qemu-riscv32, qemu-ppc -cpu
405gpa, or natively for x86-64) must print exactly the same bytes and exit the
same way. With --max-instructions the lpnest run must also execute at most that
many IR instructions (the apps are meant to stay well under a second).

usage: check_runs.py --native BIN --workdir DIR
                     [--lpnest LPNEST --bc BC [--max-instructions N]]
                     [--reference SCRIPT --target T --elf ELF]"""
import argparse
import json
import os
import subprocess
import sys
import time


def run(cmd, **kw):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600, **kw)
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.exit("check_runs.py: FAIL: cannot run %s: %s" % (" ".join(cmd), e))
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace"), time.time() - t0


def first_diff(a, b, what):
    la, lb = a.split(b"\n"), b.split(b"\n")
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else b"<end>"
        y = lb[i] if i < len(lb) else b"<end>"
        if x != y:
            return "line %d:\n  native: %r\n  %s: %r" % (i + 1, x, what, y)
    return "no line differs (trailing bytes?)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--native", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--lpnest")
    ap.add_argument("--bc")
    ap.add_argument("--max-instructions", type=int)
    ap.add_argument("--reference")
    ap.add_argument("--target")
    ap.add_argument("--elf")
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    nst, nout, nerr, _ = run([a.native])
    sys.stderr.write(nerr)
    print("native: exit %d, %d bytes of output" % (nst, len(nout)))
    problems = []
    if a.lpnest and a.bc:
        counts = os.path.join(a.workdir, "counts.json")
        if os.path.exists(counts):
            os.remove(counts)
        lst, lout, lerr, secs = run([a.lpnest, a.bc, "--counts", "--quiet", "-o", counts])
        sys.stderr.write(lerr)
        if lout != nout:
            problems.append("lpnest stdout differs at " + first_diff(nout, lout, "lpnest"))
        if lst != nst:
            problems.append("exit status: native %d, lpnest %d" % (nst, lst))
        try:
            with open(counts) as f:
                n = json.load(f).get("instructions")
            print("lpnest: %s IR instructions in %.2f s" % (n, secs))
            if a.max_instructions and (not isinstance(n, int) or n > a.max_instructions):
                problems.append("lpnest executed %s IR instructions, more than %d" % (n, a.max_instructions))
        except (OSError, ValueError) as e:
            problems.append("cannot read %s: %s" % (counts, e))
    if a.reference and a.elf:
        rst, rout, rerr, secs = run([sys.executable, a.reference, "--target", a.target, a.elf])
        sys.stderr.write(rerr)
        if rout != nout:
            problems.append("%s stdout differs at %s" % (a.target, first_diff(nout, rout, a.target)))
        if rst != nst:
            problems.append("exit status: native %d, %s %d" % (nst, a.target, rst))
        print("%s: exit %d in %.2f s" % (a.target, rst, secs))
    if problems:
        sys.exit("check_runs.py: FAIL: " + "\n  ".join(problems))
    print("check_runs.py: same output and exit status")
    return 0


if __name__ == "__main__":
    sys.exit(main())
