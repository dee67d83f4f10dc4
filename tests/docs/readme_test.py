#!/usr/bin/env python3
"""readme_test.py — every ```sh block of README.md runs as written (bash -e,
line by line as one script) in a scratch directory that sees the tree's
folders and the build as build/. Left out: ./scripts/test.sh (the suite that
runs this test) and ./scripts/example.sh (it installs and builds first; CI's
test.sh has just done both). Fails naming the block that broke."""
import argparse
import os
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--work", required=True)
    A = ap.parse_args()
    src, build = os.path.abspath(A.source), os.path.abspath(A.build)
    os.makedirs(A.work, exist_ok=True)
    for name in sorted(os.listdir(src)):
        if name.startswith(".") or name == "build":
            continue
        link = os.path.join(A.work, name)
        if not os.path.lexists(link):
            os.symlink(os.path.join(src, name), link)
    if not os.path.lexists(os.path.join(A.work, "build")):
        os.symlink(build, os.path.join(A.work, "build"))
    text = open(os.path.join(src, "README.md")).read()
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    failed = 0
    for k, b in enumerate(blocks, 1):
        lines = [l for l in b.splitlines() if not re.match(r"\s*\./scripts/(test|example)\.sh\b", l)]
        script = "set -e\n" + "\n".join(lines) + "\n"
        r = subprocess.run(["bash", "-c", script], cwd=A.work, capture_output=True, text=True)
        first = next((l for l in lines if l.strip() and not l.startswith("#")), "")
        print("block %d (%s...): exit %d" % (k, first[:60], r.returncode))
        if r.returncode != 0:
            failed += 1
            print(r.stdout[-2000:])
            print(r.stderr[-3000:])
    print("readme_test: %d of %d blocks failed" % (failed, len(blocks)))
    return 1 if failed or not blocks else 0


if __name__ == "__main__":
    sys.exit(main())
