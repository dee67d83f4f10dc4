#!/usr/bin/env python3
"""one_description_test.py — an estimate reads the description of its core and no other.
lpnest checked --target's name by loading every bundled description (isa_list with their
one-line descriptions: 50 ms of CPU before every estimate, a quarter of a short one's
time), so a description it does not use could stall or slow it. Here the descriptions'
folder (LPNEST_ISA_DIR) holds picorv32's description beside a FIFO named like another
core's (nothing ever writes into it: opening it to read waits forever): the estimate must
finish with the report that the real folder gives, an unknown name must still be told
the closest known one, and --target=help must still list the descriptions (here without
the FIFO)."""
import argparse
import os
import shutil
import subprocess
import sys

FLAGS = ["--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--isa", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    bad = []

    def check(cond, what):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            bad.append(what)

    bc = os.path.join(a.work, "strcopy.bc")
    subprocess.run([a.clang] + FLAGS + ["-O1", "-g", "-emit-llvm", "-c", os.path.join(a.data, "strcopy.c"), "-o", bc],
                   check=True)
    isa = os.path.join(a.work, "isa")
    os.makedirs(isa)
    shutil.copy(os.path.join(a.isa, "picorv32.yaml"), isa)
    shutil.copytree(os.path.join(a.isa, "code"), os.path.join(isa, "code"))
    os.mkfifo(os.path.join(isa, "aaa-core.yaml"))

    ref = os.path.join(a.work, "ref.json")
    r = subprocess.run([a.lpnest, bc, "--target=picorv32", "--format=json", "-o", ref], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                       timeout=120, env=dict(os.environ, LPNEST_ISA_DIR=a.isa))
    check(r.returncode == 0, "the bundled folder: exit %d (%s)" % (r.returncode, r.stderr[-300:]))

    env = dict(os.environ, LPNEST_ISA_DIR=isa)
    out = os.path.join(a.work, "one.json")
    try:
        r = subprocess.run([a.lpnest, bc, "--target=picorv32", "--format=json", "-o", out], capture_output=True,
                           text=True, timeout=20, env=env)
        check(r.returncode == 0, "beside a FIFO: exit %d (%s)" % (r.returncode, r.stderr[-300:]))
        with open(ref, "rb") as f1, open(out, "rb") as f2:
            same = f1.read().replace(os.path.abspath(a.isa).encode(), isa.encode()) == f2.read()
        check(same, "beside a FIFO: the report is the bundled folder's byte for byte (the folder's name aside)")
    except subprocess.TimeoutExpired:
        check(False, "beside a FIFO: the estimate finishes (it waited on the FIFO for 20 s)")
    try:
        r = subprocess.run([a.lpnest, bc, "--target=picorv33", "--format=json", "-o", out], capture_output=True,
                           text=True, timeout=20, env=env)
        check(r.returncode == 2 and "unknown target 'picorv33'; did you mean 'picorv32'?" in r.stderr,
              "an unknown name: exit 2 and the closest name (exit %d, %r)" % (r.returncode, r.stderr[-300:]))
    except subprocess.TimeoutExpired:
        check(False, "an unknown name: told at once (it waited on the FIFO for 20 s)")

    os.unlink(os.path.join(isa, "aaa-core.yaml"))
    r = subprocess.run([a.lpnest, "--target=help"], capture_output=True, text=True, timeout=20, env=env, stdin=subprocess.DEVNULL)
    with open(os.path.join(a.isa, "picorv32.yaml")) as f:
        desc = [l.split(":", 1)[1].strip().strip('"') for l in f if l.startswith("description:")]
    check(r.returncode == 0 and "picorv32" in r.stdout and desc and desc[0][:30] in r.stdout,
          "--target=help lists picorv32 with its description (exit %d, %r)" % (r.returncode, r.stdout[-300:]))
    if bad:
        print("%d check(s) failed" % len(bad))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
