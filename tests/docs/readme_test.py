#!/usr/bin/env python3
"""readme_test.py — every ```sh block of the given documents (default
README.md) runs as written (bash -e, line by line as one script) in a scratch
directory that sees the tree's folders and the build as build/, with
build/estimator and build/lpn on PATH (as the README's first command sets
it). A ```text block that follows an sh block directly holds lines its
output (stdout and stderr) must contain, so the figures a document shows are
the ones the commands print. Left out: ./scripts/test.sh (the suite that runs
this test) and ./scripts/example.sh (it installs and builds first; CI's
test.sh has just done both). In a sanitized build (scripts/test.sh --asan)
blocks that load the clang plugin are skipped and said so: an instrumented
plugin cannot load into Debian's clang. Fails naming the block that broke."""
import argparse
import glob
import os
import re
import subprocess
import sys


def blocks_of(text):
    """(script, expected lines or None) per sh block."""
    out = []
    for m in re.finditer(r"```sh\n(.*?)```\n", text, re.S):
        nxt = re.match(r"\s*```text\n(.*?)```", text[m.end():], re.S)
        want = [l for l in nxt.group(1).splitlines() if l.strip()] if nxt else None
        out.append((m.group(1), want))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--doc", action="append", help="a document (path in the tree; globs allowed)")
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
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([os.path.join(build, "estimator"), os.path.join(build, "lpn"), env.get("PATH", "")])
    docs = []
    for d in A.doc or ["README.md"]:
        found = sorted(os.path.relpath(p, src) for p in glob.glob(os.path.join(src, d)))
        docs += found or ([] if any(c in d for c in "*?[") else [d])
    cache = os.path.join(build, "CMakeCache.txt")
    sanitized = os.path.exists(cache) and "-fsanitize=" in open(cache, errors="replace").read()
    failed = total = 0
    for doc in docs:
        blocks = blocks_of(open(os.path.join(src, doc)).read())
        if not blocks:
            print("%s: no sh blocks" % doc)
        for k, (b, want) in enumerate(blocks, 1):
            total += 1
            lines = [l for l in b.splitlines() if not re.match(r"\s*\./scripts/(test|example)\.sh\b", l)]
            if sanitized and any("-fpass-plugin" in l for l in lines):
                print("%s block %d: skipped (it loads the clang plugin; this build is sanitized)" % (doc, k))
                continue
            script = "set -e\n" + "\n".join(lines) + "\n"
            r = subprocess.run(["bash", "-c", script], cwd=A.work, capture_output=True, text=True, env=env)
            first = next((l for l in lines if l.strip() and not l.startswith("#")), "")
            output = r.stdout + r.stderr
            missing = [l for l in want or [] if l not in output]
            print("%s block %d (%s...): exit %d%s" % (doc, k, first[:60], r.returncode,
                                                      ", output as shown" if want and not missing else ""))
            if r.returncode != 0 or missing:
                failed += 1
                for l in missing:
                    print("  not in the output: %s" % l)
                print(r.stdout[-2000:])
                print(r.stderr[-3000:])
    print("readme_test: %d of %d blocks failed" % (failed, total))
    return 1 if failed or not total else 0


if __name__ == "__main__":
    sys.exit(main())
