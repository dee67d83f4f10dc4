#!/usr/bin/env python3
"""catches.py SRC -- scripts/check-layers must report every kind of layering
violation: each is planted, one at a time, in a copy of SRC's estimator/ (and
a tests/ file), and the check must exit 1 naming the file and line of the
planted include; the unchanged copy must pass (exit 0)."""
import os
import shutil
import subprocess
import sys
import tempfile

# (file to plant in, include line, what the message must say)
PLANTS = [
    ("estimator/engine/exec_run.c", '#include "report.h"', "above engine/ (an upward include)"),
    ("estimator/counts/freq.c", '#include "estimator.h"', "above counts/ (an upward include)"),
    ("estimator/cost/estimate.c", '#include "lower_solver.h"', "private header of layer lower/"),
    ("estimator/lower/lower_cfg.c", '#include "exec.h"', "includes exec.h"),
    ("estimator/report/include/report.h", '#include "cost.h"', "private header of layer cost/"),
    ("tests/estimator/test_exec.c", '#include "exec.h"', "includes exec.h"),
]


def check(root):
    r = subprocess.run([sys.executable, os.path.join(root, "scripts", "check-layers"), "--root", root],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    src = os.path.abspath(sys.argv[1])
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "src")
        for d in ("estimator", "scripts"):
            shutil.copytree(os.path.join(src, d), os.path.join(root, d))
        os.makedirs(os.path.join(root, "tests", "estimator"))
        shutil.copy(os.path.join(src, "tests", "estimator", "test_exec.c"), os.path.join(root, "tests", "estimator"))
        rc, out = check(root)
        if rc != 0:
            print(f"FAIL: the unchanged copy is reported (exit {rc}):\n{out}")
            failures += 1
        for rel, line, want in PLANTS:
            path = os.path.join(root, rel)
            with open(path) as f:
                text = f.read()
            lines = text.split("\n")
            # after the file's first include, so the planted line's number is known
            at = next(i for i, l in enumerate(lines) if l.startswith("#include")) + 1
            with open(path, "w") as f:
                f.write("\n".join(lines[:at] + [line] + lines[at:]))
            rc, out = check(root)
            where = f"{rel}:{at + 1}: error:"
            hit = [l for l in out.splitlines() if l.startswith(where) and want in l]
            if rc != 1 or not hit:
                print(f"FAIL: {line} in {rel} (line {at + 1}): exit {rc}, expected 1 and '{where} ... {want}':\n{out}")
                failures += 1
            else:
                print(f"ok: {hit[0]}")
            with open(path, "w") as f:
                f.write(text)
    print(f"all {len(PLANTS)} planted violations caught" if not failures else f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
