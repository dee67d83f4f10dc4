#!/usr/bin/env python3
"""run_libc.py — libc_prog built against picolibc's and newlib's headers runs in
lpnest exactly as under qemu-riscv32 linked with picolibc: the same stdout, line for
line, and the same exit status, for each bitcode given (tests/libc/CMakeLists.txt).
Library routines are not priced by picorv32's table: --allow-unpriced.
With --ci-example: the GitHub workflow of docs/ci-example.yml installs the C library's
headers (its Toolchain step), and its own compile command (the Estimate step's clang
line, with this program for src/app.c) builds a program that includes <stdio.h>,
whose bitcode runs as the others.

usage: run_libc.py --lpnest LPNEST --qemu QEMU --elf REF.elf --bc A.bc [B.bc ...] --work DIR
                   [--ci-example docs/ci-example.yml --source libc_prog.c]"""
import argparse
import json
import os
import re
import subprocess
import sys

import yaml


def ci_example(path, source, work):
    """The workflow's compile of SOURCE (bitcode path), after checking its packages."""
    wf = yaml.safe_load(open(path))
    steps = {s.get("name"): s for s in next(iter(wf["jobs"].values()))["steps"]}
    tool = steps.get("Toolchain", {}).get("run", "")
    if "picolibc-riscv64-unknown-elf" not in tool:
        raise SystemExit("FAIL: the workflow's Toolchain step does not install picolibc-riscv64-unknown-elf")
    run = steps["Estimate cycles and check the budgets"]["run"].replace("\\\n", " ")
    cmd = next(line for line in run.splitlines() if line.strip().startswith("clang-19"))
    out = os.path.join(work, "ci_app.bc")
    cmd = cmd.replace("src/app.c", source).replace("-o app.bc", "-o " + out)
    r = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"FAIL: the workflow's compile command fails on a program that includes <stdio.h>:\n"
                         f"{cmd}\n{r.stderr[-1500:]}")
    print("ok: the workflow installs picolibc's headers and compiles a program that includes <stdio.h>")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--bc", nargs="+", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--ci-example")
    ap.add_argument("--source")
    a = ap.parse_args()
    if a.ci_example:
        a.bc.append(ci_example(a.ci_example, os.path.abspath(a.source), a.work))
    ref = subprocess.run([a.qemu, a.elf], capture_output=True, text=True, timeout=60)
    lines = ref.stdout.splitlines()
    if len(lines) < 20 or not lines[-1] == "#":
        print(f"FAIL: the reference did not run to its end (status {ref.returncode}):\n{ref.stdout}{ref.stderr}")
        return 1
    bad = 0
    for bc in a.bc:
        out = os.path.join(a.work, os.path.basename(bc) + ".json")
        r = subprocess.run([a.lpnest, bc, "--target=picorv32", "--quiet", "--allow-unpriced", "--format=json",
                            "-o", out], capture_output=True, text=True, timeout=60)
        if r.returncode != 0 or not os.path.exists(out):
            print(f"FAIL: {bc}: lpnest failed ({r.returncode}):\n{r.stderr[-2000:]}")
            bad += 1
            continue
        status = json.load(open(out))["counts"]["exit_status"]
        got = r.stdout.splitlines()
        diff = [f"  line {i + 1}: qemu {x!r}\n          lpnest {y!r}" for i, (x, y) in enumerate(zip(lines, got))
                if x != y]
        if len(got) != len(lines):
            diff.append(f"  {len(lines)} lines under qemu, {len(got)} in lpnest")
        if status != ref.returncode:
            diff.append(f"  exit status: qemu {ref.returncode}, lpnest {status}")
        if diff:
            print(f"FAIL: {os.path.basename(bc)}:\n" + "\n".join(diff))
            bad += 1
        else:
            print(f"ok: {os.path.basename(bc)}: {len(lines)} lines and exit status {status} as under qemu-riscv32")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
