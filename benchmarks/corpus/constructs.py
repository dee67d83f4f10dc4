#!/usr/bin/env python3
"""constructs.py: which IR constructs each corpus program's bitcode contains.

usage: constructs.py CORPUS_BUILD_DIR [--target T]... [--markdown] [--check]

Reads CORPUS_BUILD_DIR/<target>/<program>.ll (llvm-dis of the very bitcode lpnest reads)
and greps for every construct issue 2 asks the engine to run. Prints, per construct, the
programs that contain it on each target (--markdown: as the README's table). --check
exits 1 when a construct required on a target appears in no program there (AVR is exempt
from vectors, i128 and double: clang 19 has no _BitInt for AVR, its AVR backend mishandles
vector IR, so the corpus keeps both out of AVR builds, and double is 32-bit on AVR)."""
import os
import re
import sys

TARGETS = ("x86-64", "riscv32", "ppc", "avr")
AVR_EXEMPT = {"vector arithmetic", "i128", "double arithmetic"}


def rx(pattern):
    r = re.compile(pattern, re.M)
    return lambda text: bool(r.search(text))


def odd_width(text):
    for m in re.finditer(r"\bi(\d+)\b", text):
        if m.group(1) not in ("1", "8", "16", "32", "64", "128"):
            return True
    return False


def switches(text):
    """(dense, sparse) flags over all switch instructions."""
    dense = sparse = False
    for m in re.finditer(r"switch i\d+ [^,]+, label %[\w.]+ \[(.*?)\]", text, re.S):
        vals = [int(v) for v in re.findall(r"i\d+ (-?\d+), label", m.group(1))]
        if len(vals) < 3:
            continue
        span = max(vals) - min(vals) + 1
        if span <= 2 * len(vals):
            dense = True
        else:
            sparse = True
    return dense, sparse


def recursion(text):
    for m in re.finditer(r"^define [^@]*@([\w.]+)\((.*?)^}", text, re.M | re.S):
        if re.search(r"call [^\n]*@" + re.escape(m.group(1)) + r"\(", m.group(2)):
            return True
    return False


def indirect_call(text):
    return bool(re.search(r"\bcall\b(?: addrspace\(\d+\))?[^(\n]*?\s%[\w.]+\(", text))


def nested_gep(text):
    # a GEP with three or more indices: struct field + array element, or array of arrays
    for m in re.finditer(r"getelementptr (?:inbounds )?(?:nuw )?([^,]+), ptr [^,]+((?:, i\d+ [^,\n]+){3,})", text):
        return True
    return False


def global_const_expr(text):
    return bool(re.search(r"^@[\w.]+ = [^\n]*(global|constant) [^\n]*(@[\w.]+|getelementptr)", text, re.M))


def global_gep_init(text):
    return bool(re.search(r"^@[\w.]+ = [^\n]*(global|constant) [^\n]*getelementptr", text, re.M))


CONSTRUCTS = [
    ("odd-width integers (iN, N not a power of two)", odd_width),
    ("i128", rx(r"\bi128\b")),
    ("float arithmetic", rx(r"= f(add|sub|mul|div) (fast |contract |reassoc |nnan |ninf |nsz |arcp |afn )*float\b")),
    ("double arithmetic", rx(r"= f(add|sub|mul|div) (fast |contract |reassoc |nnan |ninf |nsz |arcp |afn )*double\b")),
    ("fp compare", rx(r"= fcmp ")),
    ("vector arithmetic", rx(r"= (add|sub|mul|and|or|xor|shl|lshr|ashr|fadd|fmul|icmp \w+) [^\n]*<\d+ x ")),
    ("vector shuffle/extract/insert", rx(r"= (shufflevector|extractelement|insertelement) ")),
    ("nested GEP (3+ indices)", nested_gep),
    ("int casts (zext/sext/trunc)", rx(r"= (zext|sext|trunc) ")),
    ("fp casts (sitofp/fptosi/...)", rx(r"= (sitofp|uitofp|fptosi|fptoui|fpext|fptrunc) ")),
    ("ptrtoint/inttoptr", rx(r"(ptrtoint|inttoptr)")),
    ("phi", rx(r"= phi ")),
    ("select", rx(r"= select ")),
    ("switch (dense)", lambda t: switches(t)[0]),
    ("switch (sparse)", lambda t: switches(t)[1]),
    ("indirect call", indirect_call),
    ("recursion", recursion),
    ("global initializer referring to globals", global_const_expr),
    ("global initializer with GEP constant expr", global_gep_init),
    ("llvm.memcpy", rx(r"@llvm\.memcpy\.")),
    ("llvm.memset", rx(r"@llvm\.memset\.")),
    ("llvm.memmove", rx(r"@llvm\.memmove\.")),
    ("llvm.ctlz / cttz", rx(r"@llvm\.ct[lt]z\.")),
    ("llvm.ctpop", rx(r"@llvm\.ctpop\.")),
    ("llvm.bswap", rx(r"@llvm\.bswap\.")),
    ("llvm.bitreverse", rx(r"@llvm\.bitreverse\.")),
    ("llvm.fshl / fshr (rotates)", rx(r"@llvm\.fsh[lr]\.")),
    ("llvm.smin/smax/umin/umax", rx(r"@llvm\.[su](min|max)\.")),
    ("llvm.abs", rx(r"@llvm\.abs\.")),
    ("llvm.*.with.overflow", rx(r"@llvm\.[su](add|sub|mul)\.with\.overflow\.")),
    ("llvm.*add.sat (saturating)", rx(r"@llvm\.[su]add\.sat\.")),
    ("llvm.fabs", rx(r"@llvm\.fabs\.")),
    ("llvm.sqrt", rx(r"@llvm\.sqrt\.")),
    ("llvm.floor", rx(r"@llvm\.floor\.")),
    ("llvm.fmuladd", rx(r"@llvm\.fmuladd\.")),
    ("freeze", rx(r"= freeze ")),
    ("variadic function defined (va_start)", rx(r"@llvm\.va_start")),
    ("va_copy", rx(r"@llvm\.va_copy")),
    ("udiv/sdiv/urem/srem", rx(r"= (udiv|sdiv|urem|srem) ")),
    ("malloc/calloc/realloc/free", rx(r"@(malloc|calloc|realloc|free)\(")),
    ("printf/puts/putchar", rx(r"@(printf|puts|putchar)\(")),
]
OPTIONAL = {"freeze", "va_copy", "llvm.fmuladd", "ptrtoint/inttoptr", "vector shuffle/extract/insert"}


def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    root, targets, markdown, check = argv[0], [], False, False
    i = 1
    while i < len(argv):
        if argv[i] == "--target" and i + 1 < len(argv):
            targets.append(argv[i + 1])
            i += 2
        elif argv[i] == "--markdown":
            markdown, i = True, i + 1
        elif argv[i] == "--check":
            check, i = True, i + 1
        else:
            sys.stderr.write(__doc__)
            return 2
    targets = targets or [t for t in TARGETS if os.path.isdir(os.path.join(root, t))]
    found = {}  # (construct, target) -> [programs]
    progs = set()
    for t in targets:
        d = os.path.join(root, t)
        lls = sorted(f for f in os.listdir(d) if f.endswith(".ll")) if os.path.isdir(d) else []
        if not lls:
            sys.stderr.write("constructs: error: no .ll files in %s (build the corpus first)\n" % d)
            return 1
        for f in lls:
            with open(os.path.join(d, f)) as fh:
                text = fh.read()
            prog = f[:-3]
            progs.add(prog)
            for name, test in CONSTRUCTS:
                if test(text):
                    found.setdefault((name, t), []).append(prog)
    missing = []
    if markdown:
        print("| construct | programs (riscv32 bitcode) | absent on |")
        print("|---|---|---|")
    for name, _ in CONSTRUCTS:
        ref = "riscv32" if "riscv32" in targets else targets[0]
        absent = [t for t in targets if not found.get((name, t))]
        for t in absent:
            if name in OPTIONAL or (t == "avr" and name in AVR_EXEMPT):
                continue
            missing.append((name, t))
        progs_ref = ", ".join(found.get((name, ref), [])) or "—"
        if markdown:
            print("| %s | %s | %s |" % (name, progs_ref, ", ".join(absent) or ""))
        else:
            print("%-45s %s%s" % (name, progs_ref, ("   [absent on: %s]" % ", ".join(absent)) if absent else ""))
    if check:
        for name, t in missing:
            sys.stderr.write("constructs: MISSING %s on %s\n" % (name, t))
        print("constructs: %d programs, %d targets, %d required constructs missing"
              % (len(progs), len(targets), len(missing)))
        return 1 if missing else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
