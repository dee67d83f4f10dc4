#!/usr/bin/env python3
"""coverage.py -- the isa.coverage test: every mnemonic LLVM 19 writes for the
corpus must be known to the core that runs it.

usage: coverage.py --query ISA_QUERY --corpus BUILD/benchmarks/corpus --source SRC [--llc LLC] [--clang CLANG]
                   [--dis LLVM_DIS] [--objdump LLVM_OBJDUMP]

For each model-machine core, lowers the corpus bitcode of its target with llc
(the core's triple, cpu and features; picorv32-min compiles the C sources with
-march=rv32i instead, since the rv32im bitcode asks for M in its function
attributes), collects the first word of every instruction line of the
assembly and asks `isa_query check CORE` which are unknown. The linked corpus
binaries (.elf: program, bare runtime, libgcc) are disassembled too, since the
disassembler spells some instructions differently ("bt 2, L" for "beq 0, L").
Also checks that no corpus function enables a feature the core forbids. Prints every problem
and exits 1; exit 77 (skipped) when no corpus bitcode is there."""
import glob
import os
import re
import subprocess
import sys
import tempfile

# core -> (bitcode folder of the corpus build, or None to compile the C sources, clang flags)
CORES = {
    "picorv32": ("riscv32", None),
    "picorv32-ws1": ("riscv32", None),
    "picorv32-min": (None, ["--target=riscv32-unknown-elf", "-march=rv32i", "-mabi=ilp32"]),
    "ppc405": ("ppc", None),
    "atmega2560": ("avr", None),
}

INSN = re.compile(r"^\t([a-z][a-z0-9._]*[+-]?)(?:\s|$)")
DIS = re.compile(r"^\s*[0-9a-f]+:\s+(\S+)")
# a data object in the code (the AVR runtime's PROGMEM strings): llvm-objdump prints its
# bytes and their characters, never a mnemonic
DATA = re.compile(r"^\s*[0-9a-f]+:\s+(?:[0-9a-f]{2} )+\s")


def mnemonics(asm):
    """First words of the instruction lines of llc's assembly."""
    found = set()
    for line in asm.splitlines():
        m = INSN.match(line)
        if m:
            found.add(m.group(1))
    return found


def info(query, core):
    out = subprocess.run([query, "info", core], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit("coverage: %s does not load:\n%s" % (core, out.stderr))
    d = {}
    for line in out.stdout.splitlines():
        k, _, v = line.partition(" ")
        d[k] = v
    return d


def features_of(ll_text):
    """+features enabled by any function attribute group of a .ll file."""
    on = set()
    for m in re.finditer(r'"target-features"="([^"]*)"', ll_text):
        for item in m.group(1).split(","):
            if item.startswith("+"):
                on.add(item[1:])
    return on


def main(argv):
    args = {"--llc": "llc-19", "--clang": "clang-19", "--dis": "llvm-dis-19", "--objdump": "llvm-objdump-19"}
    i = 0
    while i < len(argv):
        if argv[i] not in ("--query", "--corpus", "--source", "--llc", "--clang", "--dis", "--objdump") or \
                i + 1 >= len(argv):
            sys.stderr.write(__doc__)
            return 2
        args[argv[i]] = argv[i + 1]
        i += 2
    if not all(k in args for k in ("--query", "--corpus", "--source")):
        sys.stderr.write(__doc__)
        return 2
    query, corpus, source = args["--query"], args["--corpus"], args["--source"]
    problems = []
    checked = 0
    with tempfile.TemporaryDirectory(prefix="isa-coverage.") as tmp:
        for core, (folder, cflags) in CORES.items():
            d = info(query, core)
            seen = {}
            if folder:
                bcs = sorted(glob.glob(os.path.join(corpus, folder, "*.bc")))
                if not bcs:
                    print("coverage: %s: no bitcode in %s (target not built), skipped" % (core, folder))
                    continue
                units = [(bc, ["-O2", "-mtriple=" + d["triple"], "-mcpu=" + d["cpu"]] +
                          (["-mattr=" + d["features"]] if d["features"] else []), bc) for bc in bcs]
            else:
                srcs = sorted(glob.glob(os.path.join(source, "benchmarks", "corpus", "*.c")))
                units = []
                for src in srcs:
                    bc = os.path.join(tmp, core + "-" + os.path.basename(src) + ".bc")
                    r = subprocess.run([args["--clang"]] + cflags + ["-O2", "-std=c11", "-nostdlibinc", "-I",
                                        os.path.dirname(src), "-emit-llvm", "-c", src, "-o", bc],
                                       capture_output=True, text=True)
                    if r.returncode != 0:
                        problems.append("%s: clang failed on %s:\n%s" % (core, src, r.stderr))
                        continue
                    units.append((bc, ["-O2"], src))
            forbidden = set(d.get("forbidden", "").split())
            for bc, flags, origin in units:
                r = subprocess.run([args["--llc"]] + flags + [bc, "-o", "-"], capture_output=True, text=True,
                                   errors="replace")
                if r.returncode != 0:
                    problems.append("%s: llc failed on %s:\n%s" % (core, bc, r.stderr))
                    continue
                for m in mnemonics(r.stdout):
                    seen.setdefault(m, os.path.basename(origin))
                ll = subprocess.run([args["--dis"], bc, "-o", "-"], capture_output=True, text=True,
                                    errors="replace").stdout
                for f in sorted(features_of(ll) & forbidden):
                    problems.append("%s: %s enables forbidden feature '%s'" % (core, os.path.basename(origin), f))
            if folder:
                for elf in sorted(glob.glob(os.path.join(corpus, folder, "*.elf"))):
                    dis = subprocess.run([args["--objdump"], "-d", "--no-show-raw-insn", elf], capture_output=True,
                                         text=True, errors="replace").stdout
                    for line in dis.splitlines():
                        m = DIS.match(line)
                        if m and m.group(1) != "<unknown>" and not DATA.match(line):
                            seen.setdefault(m.group(1), os.path.basename(elf))
            r = subprocess.run([query, "check", core], input="\n".join(sorted(seen)) + "\n", capture_output=True,
                               text=True)
            if r.returncode not in (0, 1):
                problems.append("%s: isa_query failed:\n%s" % (core, r.stderr))
            for m in r.stdout.split():
                problems.append("%s: unknown mnemonic '%s' (in the assembly of %s)" % (core, m, seen.get(m, "?")))
            checked += 1
            print("coverage: %s: %d mnemonics in %d units, %d unknown" % (core, len(seen), len(units),
                                                                            len(r.stdout.split())))
    for p in problems:
        print("coverage: error: " + p)
    if problems:
        return 1
    return 0 if checked else 77


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
