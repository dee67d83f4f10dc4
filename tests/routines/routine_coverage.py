#!/usr/bin/env python3
"""routine_coverage.py -- the routines.coverage test: every routine a program can make lpnest
meet on a core is priced there or deliberately refused, with the reason.

usage: routine_coverage.py --query ISA_QUERY --names LIBRARY_NAMES --llc LLC --readobj READOBJ
                           [--cores C1,C2] [--write FILE | --check FILE] [--quiet]

Two sources of routines, per core:
  back end  the calls LLVM 19's code generation emits for the core's triple, cpu and features:
            every entry of its runtime-library list (RuntimeLibcalls.def) written as the IR
            operation that needs it, in every type C has on the core, plus the intrinsics
            that may expand to calls (backend_routines.py);
  library   the C library functions lpnest's engine runs for a program that calls them
            (library_names: <string.h>, <stdlib.h>, its <stdio.h> subset, <ctype.h>,
            <math.h>, exit, abort, assert's helpers).
Each gets its price source from the core's description (isa_query runtime): code (the
routine's machine code is in the description's runtime_code file: each call runs it),
formula or constant (its runtime: row), or refused (its runtime_refused: entry, with the
reason). A model-ir core (MicroBlaze) has no code generation: its IR operations are priced
by its ir: rows, so only the library is listed. Prints every routine of every core with its
source (and the IR operations that make the back end call it); exits 1 when a routine has
neither a price nor a refusal, or (--check) when FILE (isa/ROUTINES.md) is not what
--write would write. Exit 2 on bad usage."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import backend_routines  # noqa: E402

CORES = ["picorv32", "picorv32-ws1", "picorv32-min", "ppc405", "atmega2560", "microblaze", "x86-64"]
ARCH = {"riscv32": "rv32", "powerpc": "ppc", "avr": "avr", "x86_64": "x86"}


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr.strip()[-1000:]))
    return r.stdout


def core_info(query, core):
    info = {}
    for line in run([query, "info", core]).splitlines():
        k, _, v = line.partition(" ")
        info[k] = v.strip()
    prices, refused = {}, {}
    for line in run([query, "runtime", core]).splitlines():
        p = line.split(" ", 2)
        if p[0] == "refused":
            refused[p[1]] = p[2]
        else:
            prices[p[0]] = p[1]
    return info, prices, refused


def cover(args):
    names = [n for n in run([args["names"]]).split() if n]
    cache = {}
    out = []
    for core in args["cores"]:
        info, prices, refused = core_info(args["query"], core)
        backend, failures, reasons, nprobes = {}, {}, {}, 0
        if info.get("model") == "machine":
            arch = ARCH.get(info["triple"].split("-")[0])
            if not arch:
                raise RuntimeError("%s: no probes for triple %s" % (core, info["triple"]))
            key = (arch, info["triple"], info["cpu"], info["features"])
            if key not in cache:
                cache[key] = backend_routines.routines(args["llc"], args["readobj"], *key)
            backend, reasons, nprobes, failures = cache[key]
        rows = []
        for sym in sorted(set(backend) | set(names)):
            if sym in prices:
                status, why = prices[sym], ""
            elif sym in refused or "*" in refused:
                status, why = "refused", refused.get(sym, refused.get("*"))
            else:
                status, why = "UNPRICED", ""
            where = []
            if sym in backend:
                where.append("back end: " + ", ".join(backend[sym][:6]) + (" ..." if len(backend[sym]) > 6 else ""))
            if sym in names:
                where.append("library")
            rows.append((sym, status, why, "; ".join(where)))
        out.append({"core": core, "info": info, "rows": rows, "reasons": reasons, "nprobes": nprobes,
                    "failures": failures, "nbackend": len(backend)})
    return out


def counts(c):
    n = {}
    for _, st, _, _ in c["rows"]:
        n[st] = n.get(st, 0) + 1
    return n


def text(cov):
    lines = []
    for c in cov:
        n = counts(c)
        priced = sum(v for k, v in n.items() if k in ("code", "formula", "constant"))
        lines.append("== %s (%s): %d routines (%d from code generation, %d probes; the rest the library): "
                     "%d priced (%d code, %d formula, %d constant), %d refused, %d UNPRICED" % (
                         c["core"], c["info"].get("triple") or "model ir", len(c["rows"]), c["nbackend"], c["nprobes"],
                         priced, n.get("code", 0), n.get("formula", 0), n.get("constant", 0), n.get("refused", 0),
                         n.get("UNPRICED", 0)))
        for sym, st, why, where in c["rows"]:
            lines.append("  %-24s %-9s %s%s" % (sym, st, where, "  -- " + why if why else ""))
        for k, v in sorted(c["failures"].items()):
            lines.append("  (code generation fails: %s: %s)" % (k, v))
    return "\n".join(lines) + "\n"


def markdown(cov):
    """isa/ROUTINES.md: per core, the priced routines by source and the refused ones by reason."""
    out = ["# Runtime routines per core", "",
           "<!-- generated by tests/routines/routine_coverage.py --write isa/ROUTINES.md; do not edit by hand -->", "",
           "Every routine a program can make lpnest meet on a core, and how lpnest prices a call of it:",
           "the routines LLVM 19's code generation calls for the core (each entry of its runtime-library",
           "list, `RuntimeLibcalls.def`, compiled as the IR operation that needs it in every type C has",
           "on the core: `tests/routines/backend_routines.py`) and the C library functions lpnest's",
           "engine runs. *code*: the routine's machine code is in the description's `runtime_code:`",
           "file and every call runs it on its operands (`isa/SCHEMA.md`, \"Runtime code\"); *formula*",
           "and *constant*: its `runtime:` row; *refused*: its `runtime_refused:` entry, whose reason",
           "lpnest's error gives (an estimate with such a call needs `--allow-unpriced`). The ctest",
           "`routines.coverage` fails when a routine has neither, or this file is out of date.", ""]
    for c in cov:
        n = counts(c)
        priced = sum(v for k, v in n.items() if k in ("code", "formula", "constant"))
        out.append("## %s" % c["core"])
        out.append("")
        trip = c["info"].get("triple")
        out.append("%s: %d routines (%d called by code generation), %d priced (%d code, %d formula, %d constant), "
                   "%d refused." % ("`%s`" % trip if trip else "model ir (no code generation: its IR operations are "
                                    "priced by its `ir:` rows; the C library only)", len(c["rows"]), c["nbackend"],
                                    priced, n.get("code", 0), n.get("formula", 0), n.get("constant", 0),
                                    n.get("refused", 0)))
        out.append("")
        for st in ("code", "formula", "constant", "UNPRICED"):
            syms = [r[0] for r in c["rows"] if r[1] == st]
            if syms:
                out.append("- **%s** (%d): %s" % (st, len(syms), ", ".join("`%s`" % s for s in syms)))
        by_reason = {}
        for sym, st, why, _ in c["rows"]:
            if st == "refused":
                by_reason.setdefault(why, []).append(sym)
        for why, syms in sorted(by_reason.items(), key=lambda kv: -len(kv[1])):
            out.append("- **refused** (%d): %s — %s" % (len(syms), ", ".join("`%s`" % s for s in syms), why))
        out.append("")
    reasons = cov[0]["reasons"] if cov else {}
    if reasons:
        out.append("## Entries of LLVM's list no C program makes")
        out.append("")
        for enum, why in sorted(reasons.items()):
            out.append("- `%s`: %s" % (enum, why))
        out.append("")
    return "\n".join(out)


def main(argv):
    args = {"query": None, "names": None, "llc": "llc-19", "readobj": "llvm-readobj-19", "cores": CORES,
            "write": None, "check": None, "quiet": False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            sys.stdout.write(__doc__)
            return 0
        if a == "--quiet":
            args["quiet"], i = True, i + 1
            continue
        if a not in ("--query", "--names", "--llc", "--readobj", "--cores", "--write", "--check") or i + 1 >= len(argv):
            sys.stderr.write("routine_coverage.py: error: bad usage near '%s'\n%s" % (a, __doc__))
            return 2
        args[a[2:]] = argv[i + 1].split(",") if a == "--cores" else argv[i + 1]
        i += 2
    if not args["query"] or not args["names"]:
        sys.stderr.write("routine_coverage.py: error: --query and --names are required\n")
        return 2
    try:
        cov = cover(args)
    except RuntimeError as e:
        sys.stderr.write("routine_coverage.py: error: %s\n" % e)
        return 1
    if not args["quiet"]:
        sys.stdout.write(text(cov))
    status = 0
    for c in cov:
        bad = [r[0] for r in c["rows"] if r[1] == "UNPRICED"]
        if bad:
            sys.stderr.write("routine_coverage.py: %s: %d routines neither priced nor refused (give a runtime: row or "
                             "a runtime_refused: entry with the reason): %s\n" % (c["core"], len(bad), " ".join(bad)))
            status = 1
    md = markdown(cov)
    if args["write"]:
        with open(args["write"], "w") as f:
            f.write(md)
    if args["check"]:
        try:
            with open(args["check"]) as f:
                old = f.read()
        except OSError as e:
            old = None
            sys.stderr.write("routine_coverage.py: error: %s: %s\n" % (args["check"], e.strerror))
        if old != md:
            sys.stderr.write("routine_coverage.py: %s is out of date: regenerate it with tests/routines/"
                             "routine_coverage.py --query BUILD/tests/isa/isa_query --names "
                             "BUILD/tests/routines/library_names --write %s\n" % (args["check"], args["check"]))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
