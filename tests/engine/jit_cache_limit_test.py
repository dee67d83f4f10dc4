#!/usr/bin/env python3
"""jit_cache_limit_test.py — the code cache's size limit (LPNEST_JIT_CACHE_MAX,
exec_jit_store.c): when a stored file takes the folder over the limit, the least
recently used files go until it fits, a file served counting as used when it is read.

Three programs A, B, C (--counts --engine=jit: one compiler round, one file each) are
first stored in folders of their own to learn their files' sizes; then, in one folder
whose limit is their sum less one byte: A, B, A again (served from the cache), C. Storing
C must remove B, the least recently used, and nothing else: A is linked from the cache
afterwards, B compiled again. Every run's count records and output are the
interpreter's byte for byte. A limit of 0 keeps everything; a value that is not a size
is warned about."""
import argparse
import os
import shutil
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--corpus", required=True, help="the corpus's bitcode folder of one target")
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    bad = []

    def check(cond, what):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            bad.append(what)

    progs = {"A": ("crc32", "2000"), "B": ("adpcm", "2000"), "C": ("fir", "20")}
    ref = {}
    for k, (name, arg) in progs.items():
        out = os.path.join(a.work, "ref.%s.json" % k)
        r = subprocess.run([a.lpnest, os.path.join(a.corpus, name + ".bc"), "--counts", "--engine=interp", "-o", out,
                            "--", arg], capture_output=True, timeout=120)
        with open(out, "rb") as f:
            ref[k] = (r.returncode, r.stdout, f.read())

    def run(k, folder, limit):
        name, arg = progs[k]
        out = os.path.join(a.work, "out.json")
        env = dict(os.environ, LPNEST_JIT_STATS="1", LPNEST_JIT_CACHE_MAX=limit)
        r = subprocess.run([a.lpnest, os.path.join(a.corpus, name + ".bc"), "--counts", "--engine=jit",
                            "--jit-cache=" + folder, "-o", out, "--", arg], capture_output=True, env=env, timeout=120)
        with open(out, "rb") as f:
            got = (r.returncode, r.stdout, f.read())
        check(got == ref[k], "%s (%s): exit, output and count records the interpreter's" % (k, name))
        linked = stored = 0
        for line in r.stderr.decode().splitlines():
            if line.startswith("lpnest: jit: code cache: "):
                w = line.split()
                linked += int(w[4])
                stored += int(w[9])
        return linked, stored, r.stderr.decode()

    def files(folder):
        return {f: os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder) if f.endswith(".o")}

    own = {}
    for k in progs:
        folder = os.path.join(a.work, "alone." + k)
        got = run(k, folder, "0")
        own[k] = files(folder)
        check(got[:2] == (0, 1) and len(own[k]) == 1, "%s alone: one round compiled and stored (%r, files %r)" % (
            k, got[:2], own[k]))
    size = {k: sum(v.values()) for k, v in own.items()}
    limit = str(sum(size.values()) - 1)
    folder = os.path.join(a.work, "limited")
    check(run("A", folder, limit)[:2] == (0, 1), "A stored")
    check(run("B", folder, limit)[:2] == (0, 1), "B stored")
    check(run("A", folder, limit)[:2] == (1, 0), "A linked from the cache (used: now the newest)")
    check(run("C", folder, limit)[:2] == (0, 1), "C stored")
    left = set(files(folder))
    want = set(own["A"]) | set(own["C"])
    check(left == want, "storing C went over %s bytes: B, the least recently used, removed, A and C kept (%r, "
          "expected %r)" % (limit, sorted(left), sorted(want)))
    check(sum(files(folder).values()) <= int(limit), "the folder within the limit")
    check(run("A", folder, limit)[:2] == (1, 0), "A still linked from the cache")
    check(run("B", folder, limit)[:2] == (0, 1), "B compiled and stored again")

    folder = os.path.join(a.work, "unlimited")
    for k in ("A", "B", "C"):
        run(k, folder, "0")
    check(len(files(folder)) == 3, "limit 0: nothing removed (%r)" % sorted(files(folder)))
    got = run("A", os.path.join(a.work, "bad"), "12X")
    check("LPNEST_JIT_CACHE_MAX=12X is not a size" in got[2] and got[:2] == (0, 1),
          "a limit that is not a size: warned, the default kept (%r)" % got[2][-300:])
    if bad:
        print("%d check(s) failed" % len(bad))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
