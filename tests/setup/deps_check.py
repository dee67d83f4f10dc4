#!/usr/bin/env python3
"""deps_check.py — proves that scripts/deps.sh installs everything the build and
the tests use. It gathers what they touch: the files cmake found (FILEPATH and
PATH entries of CMakeCache.txt: tools, libraries, clang's runtimes), every
system header the build included (ninja -t deps), the shared libraries the
tools link (ldd), each test's command, and the tools the test and benchmark
scripts start (argv literals in Python, command words in shell). Each file is
mapped to its Debian package with dpkg -S, and the package must be one that
deps.sh names, or one apt-get pulls in for them (Depends, recursively, without
Recommends, as deps.sh installs), or an essential/required package. Prints the
map; exit 1 naming every package deps.sh misses."""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

A = None
SHELL_WORDS = {"if", "then", "else", "fi", "for", "do", "done", "while", "case", "esac", "in", "set", "exit",
               "export", "cd", "echo", "printf", "test", "read", "local", "return", "shift", "trap", "exec",
               "command", "eval", "wait", "true", "false", "kill", "umask", "ulimit", "type"}


def deps_packages():
    text = open(os.path.join(A.source, "scripts", "deps.sh")).read()
    m = re.search(r'^PKGS="([^"]*)"', text, re.M)
    if not m:
        sys.exit("deps_check: no PKGS=\"...\" in scripts/deps.sh")
    return set(m.group(1).replace("\\\n", " ").split())


def closure(pkgs):
    """deps.sh's packages and everything apt-get installs with them (Depends only)."""
    out = subprocess.run(["apt-cache", "depends", "--recurse", "--installed", "--no-recommends", "--no-suggests",
                          "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances"] + sorted(pkgs),
                         capture_output=True, text=True).stdout
    names = set(pkgs)
    for line in out.splitlines():
        line = line.strip().lstrip("|")
        if ":" in line:
            line = line.split(":", 1)[1].strip()
        if line and not line.startswith("<"):
            names.add(line.split(":")[0])
    return names


def essential():
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Essential} ${Priority}\\n"], capture_output=True,
                         text=True).stdout
    return {f[0] for f in (l.split() for l in out.splitlines()) if len(f) >= 3 and (f[1] == "yes" or f[2] == "required")}


def outside_tree(p):
    p = os.path.abspath(p)
    return os.path.isabs(p) and os.path.exists(p) and not any(
        p.startswith(os.path.abspath(d) + os.sep) for d in (A.source, A.build))


def from_cache(found):
    for line in open(os.path.join(A.build, "CMakeCache.txt"), errors="replace"):
        m = re.match(r"^([A-Za-z0-9_]+):(FILEPATH|PATH)=(/.+)$", line.strip())
        # CMAKE_INSTALL_*: where `cmake --install` puts files, not something the build uses
        if m and not m.group(1).startswith("CMAKE_INSTALL_") and outside_tree(m.group(3)):
            found.setdefault(m.group(3), "CMakeCache " + m.group(1))


def from_ninja_deps(found):
    out = subprocess.run(["ninja", "-C", A.build, "-t", "deps"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        p = line.strip()
        if p.startswith("/") and not p.endswith(":") and outside_tree(p):
            found.setdefault(p, "header")


def from_ldd(found):
    bins = [os.path.join(A.build, "estimator", "lpnest"), os.path.join(A.build, "lpn", "lpn")]
    bins += glob.glob(os.path.join(A.build, "plugin", "*.so"))
    for b in bins:
        if not os.path.exists(b):
            continue
        out = subprocess.run(["ldd", b], capture_output=True, text=True).stdout
        for m in re.finditer(r"=> (/\S+)", out):
            found.setdefault(m.group(1), "linked by " + os.path.basename(b))


def from_ctest(found):
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=A.build, capture_output=True, text=True).stdout
    for t in json.loads(out).get("tests", []):
        for arg in t.get("command", []) or []:
            for part in [arg] + arg.split("="):
                if part.startswith("/") and outside_tree(part) and not os.path.isdir(part):
                    found.setdefault(part, "test " + t["name"])


ARGV_PY = re.compile(r"""(?:(?:run|Popen|check_output|check_call|call|which)\(\s*\[?|=\s*\[|default=)\s*["']([A-Za-z][\w.+-]{1,40})["']""")
CMD_SH = re.compile(r"""(?:^|[|;&(`]|\$\(|\bthen\b|\bdo\b)\s*([a-z][\w.+-]{1,40})(?=\s|$)""", re.M)


def from_scripts(found):
    files = []
    for top in ("tests", "benchmarks", "scripts", ".ci"):
        for f in glob.glob(os.path.join(A.source, top, "**", "*"), recursive=True):
            if os.path.isfile(f):
                with open(f, "rb") as h:
                    head = h.read(64)
                if f.endswith((".py", ".sh")) or head.startswith(b"#!"):
                    files.append(f)
    for f in files:
        text = open(f, errors="replace").read()
        shell = f.endswith(".sh") or text.startswith("#!/bin/sh") or text.startswith("#!/bin/bash")
        words = CMD_SH.findall("\n".join(l for l in text.splitlines() if not l.lstrip().startswith("#"))) if shell \
            else ARGV_PY.findall(text)
        for w in words:
            if w in SHELL_WORDS:
                continue
            p = shutil.which(w)
            if p and outside_tree(p):
                found.setdefault(p, "run by " + os.path.relpath(f, A.source))


def owners(paths):
    """path -> its packages (a directory such as /usr/include has many), trying the path,
    its /usr-merged twin and its real path."""
    cands = {}
    for p in paths:
        c = [p, os.path.realpath(p)]
        for q in list(c):
            for a, b in (("/usr/bin/", "/bin/"), ("/usr/sbin/", "/sbin/"), ("/usr/lib/", "/lib/")):
                if q.startswith(a):
                    c.append(b + q[len(a):])
                elif q.startswith(b):
                    c.append(a + q[len(b):])
        cands[p] = c
    allc = sorted({q for c in cands.values() for q in c})
    owner = {}
    for i in range(0, len(allc), 500):
        out = subprocess.run(["dpkg", "-S"] + allc[i:i + 500], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if ": " in line and not line.startswith("diversion"):
                pkgs, path = line.split(": ", 1)
                owner.setdefault(path.strip(), [x.strip().split(":")[0] for x in pkgs.split(",")])
    return {p: next((owner[q] for q in c if q in owner), None) for p, c in cands.items()}


def main():
    global A
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--without", action="append", default=[],
                    help="check as if deps.sh lacked this package (the test that the check can fail)")
    A = ap.parse_args()
    if not shutil.which("dpkg") or not shutil.which("apt-cache"):
        sys.exit("deps_check: needs dpkg and apt-cache (Debian)")
    found = {}
    from_cache(found)
    from_ninja_deps(found)
    from_ldd(found)
    from_ctest(found)
    from_scripts(found)
    listed = deps_packages() - set(A.without)
    allowed = (closure(listed) - set(A.without)) | essential()
    own = owners(found)
    bad, unowned, by_pkg = {}, [], {}
    for p, why in sorted(found.items()):
        pkgs = own[p]
        if pkgs is None:
            unowned.append((p, why))
            continue
        # a path several packages share is covered when any of them is
        pkg = next((q for q in pkgs if q in allowed), pkgs[0])
        by_pkg.setdefault(pkg, []).append((p, why))
        if pkg not in allowed:
            bad.setdefault(pkg, []).append((p, why))
    for pkg in sorted(by_pkg):
        ex = by_pkg[pkg][0]
        how = "deps.sh" if pkg in listed else ("essential" if pkg not in allowed - essential() and pkg in essential()
                                                else "dependency")
        print("%-32s %-10s %4d files, e.g. %s (%s)" % (pkg, how if pkg in allowed else "MISSING", len(by_pkg[pkg]),
                                                        ex[0], ex[1]))
    for p, why in unowned:
        print("note: %s (%s) belongs to no Debian package" % (p, why))
    print("deps_check: %d files in %d packages" % (len(found), len(by_pkg)))
    if bad:
        for pkg, files in sorted(bad.items()):
            print("deps_check: error: package %s is used but scripts/deps.sh does not install it: %s (%s)"
                  % (pkg, files[0][0], files[0][1]), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
