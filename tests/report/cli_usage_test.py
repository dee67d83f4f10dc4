#!/usr/bin/env python3
"""cli_usage_test.py — lpnest's command line as a user meets it: an unknown
--target or option is bad usage (exit 2, "lpnest: error:", a "did you mean"
for a typo); the report on stdout is never mixed with the program's output
(which goes to stderr); --top limits the functions table; a core's clock is
named once in the header; a C source or an executable given instead of
bitcode is refused saying so, and bitcode without -g is warned about."""
import argparse
import json
import re
import subprocess
import sys

FAILS = []


def check(ok, what):
    print(("ok:   " if ok else "FAIL: ") + what)
    if not ok:
        FAILS.append(what)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--report", required=True, help="a saved JSON report with over 3 functions")
    A = ap.parse_args()
    L = A.lpnest
    rv = A.corpus + "/riscv32/crc32.bc"
    run = lambda *a: subprocess.run([L] + list(a), capture_output=True, text=True)

    r = run(rv, "--target=ppc404")
    check(r.returncode == 2 and r.stderr.startswith("lpnest: error: unknown target 'ppc404'; did you mean 'ppc405'?"),
          "unknown target: exit 2 with a suggestion (%d: %s)" % (r.returncode, r.stderr.strip()[:120]))
    r = run(rv, "--target=nosuchcore")
    check(r.returncode == 2 and "unknown target 'nosuchcore'" in r.stderr and "did you mean" not in r.stderr,
          "unknown target without a near name: exit 2, no suggestion")
    r = run(rv, "--targt=picorv32")
    check(r.returncode == 2 and "unknown option '--targt=picorv32'; did you mean '--target'?" in r.stderr,
          "unknown option: exit 2 with a suggestion (%d)" % r.returncode)

    # what is not bitcode says what to do; bitcode without debug information is warned about
    import os
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "app.c")
        with open(src, "w") as f:
            f.write("#include <stdio.h>\nint main(void) { return 0; }\n")
        r = run(src, "--target=picorv32")
        check(r.returncode == 1 and "app.c: error: C source, not LLVM bitcode" in r.stderr and "-emit-llvm" in r.stderr
              and "expected top-level entity" not in r.stderr, "a C source instead of bitcode: says so (%s)" % r.stderr.strip())
        r = run("/bin/true", "--target=picorv32")
        check(r.returncode == 1 and "an object file or executable (ELF), not LLVM bitcode" in r.stderr,
              "an executable instead of bitcode: says so")
        ll = os.path.join(tmp, "nog.ll")
        with open(ll, "w") as f:
            f.write('target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"\n'
                    'target triple = "riscv32-unknown-unknown-elf"\n'
                    'define i32 @main() {\n  ret i32 0\n}\n')
        r = run(ll, "--target=picorv32", "-o", os.devnull)
        check(r.returncode == 0 and "warning: no debug information (compile with -g)" in r.stderr,
              "a module without -g: a warning that says what is lost (%s)" % r.stderr.strip()[:200])
        r = run(rv, "--target=picorv32", "-o", os.devnull)
        check("no debug information" not in r.stderr, "no such warning with -g")

    # the option table (sup_cli_parse): --version and -- end the options where they stand
    r = run("--version", "--bogus")
    check(r.returncode == 0 and r.stdout.startswith("lpnest ") and not r.stderr, "--version answers before a later bad option")
    r = run(rv, "--counts", "-o", "/dev/null", "--", "--version")
    check(r.returncode == 0 and "lpnest " not in r.stdout, "-- passes --version on to the program")
    r = run(rv, "--counts", "--max-steps=lots")
    check(r.returncode == 2 and r.stderr == "lpnest: error: invalid --max-steps value 'lots' (expected a count, e.g. 500M, "
          "or 0 for no limit)\nlpnest: see 'lpnest --help'\n", "a bad value: the option's own message, exit 2")
    # the limits and the engine (issues 29 and 30): each bad value its own message, exit 2
    for opt, want in (("--engine=foo", "invalid --engine value 'foo' (expected interp, jit or auto)"),
                      ("--time-limit=abc", "invalid --time-limit value 'abc'"),
                      ("--write-limit=-1", "invalid --write-limit value '-1'"),
                      ("--input-limit=1x", "invalid --input-limit value '1x'")):
        r = run(rv, "--counts", opt, "-o", "/dev/null")
        check(r.returncode == 2 and r.stderr.startswith("lpnest: error: " + want), "bad %s: exit 2 (%s)"
              % (opt.split("=")[0], r.stderr.strip()[:120]))
    r = run(rv, "--counts", "-o")
    check(r.returncode == 2 and r.stderr == "lpnest: error: option '-o' needs a value\n", "a missing value: exit 2")
    r = run(rv, "--alow-writes")
    check(r.returncode == 2 and "did you mean '--allow-writes'?" in r.stderr, "every option is a suggestion")
    r = run("report", A.report, A.report)
    check(r.returncode == 2 and "is given twice" in r.stderr, "lpnest report: one report given twice is bad usage")
    r = run("report", A.report, "--bogus")
    check(r.returncode == 2 and r.stderr.startswith("lpnest report: error: unknown option '--bogus'"),
          "lpnest report: an unknown option is bad usage")

    r = run(rv, "--target=picorv32", "--quiet", "--format=json")
    try:
        json.loads(r.stdout)
        ok = True
    except ValueError:
        ok = False
    check(r.returncode == 0 and ok, "--format=json on stdout is JSON alone")
    check("crc32=" in r.stderr and "crc32=" not in r.stdout, "the program's output went to stderr")

    r = run("report", A.report, "--top=2")
    table = r.stdout.split("\nfunction ", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    rows = [l for l in table if re.search(r"%( +\*)?$", l.rstrip())]
    check(len(rows) == 2 and re.search(r"\(\d+ more functions; --top=N shows more\)", r.stdout) is not None,
          "--top=2 shows two functions (%d)" % len(rows))

    r = run(A.corpus + "/avr/crc32.bc", "--target=atmega2560", "--quiet")
    head = r.stdout.splitlines()[0] if r.stdout else ""
    check(head.count("MHz") == 1, "atmega2560's clock named once: %s" % head)
    print("cli_usage_test: %d failed" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
