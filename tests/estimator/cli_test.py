#!/usr/bin/env python3
"""cli_test.py — end-to-end tests of `lpnest --counts`: program I/O and exit
status, every fault class (message, source location, exit code), bad input
files and bad usage. Each program in tests/data/cli is compiled with clang-19
for the targets a case names; expectations are written by hand."""
import argparse
import os
import re
import subprocess
import sys

TARGETS = {
    "rv32": ["--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32"],
    "ppc": ["--target=powerpc-unknown-eabi", "-mcpu=ppc", "-msoft-float"],
    "x86": ["--target=x86_64-pc-linux-gnu"],
    "avr": ["--target=avr", "-mmcu=atmega2560"],
}
ALL = list(TARGETS)

# (name, source, targets, lpnest options, program args, stdin, exit, stdout, stderr patterns)
CASES = [
    ("echo", "echo.c", ["x86", "rv32", "ppc"], [], ["a", "bc"], "hello\n", 3,
     "1:a\n2:bc\nin:hello\n", []),
    ("oob", "oob.c", ["rv32", "ppc", "x86"], [], [], "", 1, "",
     [r"oob\.c:5:12: error: read of 2?4? ?bytes at 0x3000000, outside the program's memory",
      r"note: in function 'main', block '[^']+'"]),
    ("null", "null.c", ALL, [], [], "", 1, "",
     [r"null\.c:5:8: error: write of \d bytes at 0x0, outside the program's writable memory \(null pointer\)"]),
    ("rodata", "rodata.c", ALL, [], [], "", 1, "",
     [r"rodata\.c:5:10: error: write of 1 bytes at 0x[0-9a-f]+, .*\(a constant\)"]),
    ("misaligned-riscv", "misaligned.c", ["rv32"], [], [], "", 1, "",
     [r"misaligned\.c:8:18: error: misaligned 4-byte access at 0x[0-9a-f]+: riscv32\S* traps on misaligned accesses"]),
    ("misaligned-x86-ok", "misaligned.c", ["x86"], [], [], "", 2, "", []),
    ("divzero", "divzero.c", ALL, [], [], "", 1, "",
     [r"divzero\.c:6:16: error: division by zero \(sdiv\)"]),
    ("unreachable", "unreachable.c", ALL, [], [], "", 1, "",
     [r"error: reached 'unreachable'"]),
    ("stack-overflow", "stackoverflow.c", ["rv32", "avr"], [], [], "", 1, "",
     [r"error: stack overflow", r"note: called from 'down'"]),
    ("unknown-external", "unknown_ext.c", ALL, [], [], "", 1, "",
     [r"unknown_ext\.c:3:25: error: call to unknown external function 'not_in_any_library'"]),
    ("max-steps", "forever.c", ["rv32"], ["--max-steps=1M"], [], "", 1, "",
     [r"error: the step limit of 1048576 IR instructions was reached \(--max-steps\)"]),  # M = 2^20
    ("inline-asm", "inline_asm.c", ["rv32", "x86"], [], [], "", 1, "",
     [r'inline_asm\.c:5:5: error: inline assembly with outputs cannot run in lpnest: "" \(constraints "=r,0"\)',
      r"write what it computes in C"]),
    ("pgm-read", "pgm_read.c", ["avr"], [], [], "", 1, "",
     [r'pgm_read\.c:7:5: error: inline assembly "lpm \$0, Z" reads program memory',
      r"declare the data `const __flash`"]),
    ("ppc-long-double", "ppc_long_double.c", ["ppc"], [], [], "", 1, "",
     [r"ppc_long_double\.c:5:\d+: error: long double on 32-bit PowerPC is IBM double-double \(ppc_fp128\)",
      r"-mlong-double-64"]),
    ("past-end-linked", "past_end.c", ALL, ["--memory=linked"], [], "", 0, "60\n",
     [r"past_end\.c:11:16: warning: read of (2|4) bytes at offset (8|16) of 'table' \((8|16) bytes\), (2|4) bytes "
      r"past its end: it reads the neighbouring object 'after'"]),
    # past the program's last constant: the board's runtime read-only data (rv32: libgcc's
    # __clz_tab; AVR: the runtime's strings); past a constant: the next one; past the last
    # global: zeros up to the stack (outputs: qemu-riscv32, qemu-ppc, simavr on the corpus link)
    ("past-rodata-linked", "past_rodata.c", ["rv32"], ["--memory=linked"], [], "", 0, "b5cfc483\n",
     [r"past_rodata\.c:22:26: warning: read of 1 bytes at offset 4 of 'table' \(4 bytes\), 1 bytes past its end: "
      r"it reads the runtime's read-only data"]),
    ("past-rodata-linked-avr", "past_rodata.c", ["avr"], ["--memory=linked"], [], "", 0, "09d28491\n",
     [r"it reads the runtime's read-only data"]),
    ("past-const-linked", "past_const.c", ["rv32", "ppc", "avr"], ["--memory=linked"], [], "", 0, "b0c15106\n",
     [r"past_const\.c:\d+:\d+: warning: read of 1 bytes at offset 8 of 'first' \(8 bytes\), 1 bytes past its end: "
      r"it reads the neighbouring object 'second'"]),
    ("past-last-linked", "past_last.c", ["rv32", "ppc"], ["--memory=linked"], [], "", 0, "01f708ef\n",
     [r"it reads the memory after the last global \(zeros up to the stack"]),
    # long double math (fmuladd, powi, sqrtl ...) and llvm.powi/llvm.ldexp run in the engine
    ("fp128-math", "fp128_math.c", ["rv32", "x86"], [], [], "", 0, "2875 17085 3425 1500 -3 2875 192 209085 288087\n",
     []),
    # far past the last global: zeros up to the stack on riscv32 and the PowerPC (the corpus
    # link puts the runtime before the program), even after a malloc; on the AVR the
    # runtime follows: its allocator's 3 pointers (zeros until a malloc), then its argv
    # array: reads there are errors. Past the PowerPC's last constant: .eh_frame, an error.
    # (Outputs: qemu-riscv32, qemu-ppc, simavr on the corpus link.)
    ("past-far-linked", "past_far.c", ["rv32", "ppc"], ["--memory=linked"], [], "", 0, "e67fb62f\n",
     [r"past_far\.c:16:25: warning: read of 1 bytes at offset 16 of 'last' \(16 bytes\), 1 bytes past its end: it "
      r"reads the memory after the last global"]),
    ("past-far-linked-avr", "past_far.c", ["avr"], ["--memory=linked"], [], "", 1, "",
     [r"past_far\.c:16:25: error: read of 1 bytes at offset 22 of 'last' \(16 bytes\), 7 bytes past its end, after "
      r"the last global: there the board's runtime keeps its argv array"]),
    ("past-heap-linked", "past_heap.c", ["rv32", "ppc"], ["--memory=linked"], [], "", 0, "c21cb8e1\n", []),
    ("past-heap-linked-avr", "past_heap.c", ["avr"], ["--memory=linked"], [], "", 1, "",
     [r"past_heap\.c:\d+:\d+: error: read of 1 bytes at offset 16 of 'last' \(16 bytes\), 1 bytes past its end, "
      r"after the last global: there the board's runtime keeps its allocator's pointers"]),
    ("past-rodata-linked-ppc", "past_rodata.c", ["ppc"], ["--memory=linked"], [], "", 1, "",
     [r"past_rodata\.c:22:26: error: read of 1 bytes at offset 4 of 'table' \(4 bytes\), 1 bytes past its end, "
      r"after the program's last constant: there the board's link puts the exception frames"]),
    ("past-last-write", "past_last_write.c", ["rv32", "ppc", "avr"], ["--memory=linked"], [], "", 1, "",
     [r"past_last_write\.c:7:17: error: write of 1 bytes at offset 16 of 'last' \(16 bytes\), 1 bytes past its "
      r"end: writes outside an object stay errors"]),
    ("past-end-write", "past_end_write.c", ALL, ["--memory=linked"], [], "", 1, "",
     [r"past_end_write\.c:8:18: error: write of (2|4) bytes at offset (8|16) of 'table' \((8|16) bytes\), "
      r"(2|4) bytes past its end: writes outside an object stay errors"]),
    # x86-64 turns a switch returning strings into a table of 32-bit offsets (llvm.load.relative)
    ("relative-table", "rel_table.c", ["x86"], [], [], "", 0, "zero\none\ntwo\nthree\nfour\nmany\n", []),
    ("avr-dynamic-alloca", "vla_avr.c", ["avr"], [], [], "", 0, "394\n",
     [r"vla_avr\.c:8:5: warning: a variable-length array or alloca\(\) on the AVR: LLVM 19 places it one byte low"]),
    ("computed-goto", "computed_goto.c", ["x86", "rv32"], [], [], "", 1, "",
     [r"error: .*the address of a label \(GNU C's labels as values, `&&label` for a computed goto\) is not "
      r"supported: write the dispatch as a switch"]),
    # (clang 19 writes AVR bitcode with llvm.frameaddress that its reader rejects)
    ("frame-address", "frame_address.c", ["x86", "rv32", "ppc"], [], [], "", 0, "8\n", []),
    ("abort", "aborts.c", ALL, [], [], "", 134, "",
     [r"aborts\.c:3:18: note: the program called abort\(\): the run ends here with exit status 134"]),
    ("assert", "assert_fails.c", ALL, [], [], "", 134, "before\n",
     [r'(assertion "v == 4" failed: file "assert_fails\.c", line 18, function: main'
      r"|Assertion failed: \(v == 4\), function main, file assert_fails\.c, line 18\."
      r"|assert_fails\.c:18: main: Assertion `v == 4' failed\.)",
      r"assert_fails\.c:18:5: note: assertion failed: v == 4 \(assert_fails\.c:18, in main\): the run ends here"]),
    ("bad-free", "badfree.c", ALL, [], [], "", 1, "",
     [r"badfree\.c:6:5: error: free\(\) of 0x[0-9a-f]+, which is not a live block from malloc"]),
    ("external-global", "ext_global.c", ["rv32"], [], [], "", 1, "",
     [r"error: the program uses the external variable 'provided_by_nobody'"]),
    ("no-main", "nomain.c", ["rv32"], [], [], "", 1, "", [r"error: no definition of 'main' to run"]),
]

# Inputs that are not programs, and bad usage: (name, argv after lpnest, exit, stderr patterns)
RAW = [
    ("bad-syntax", ["{data}/bad_syntax.ll", "--counts"], 1,
     [r"bad_syntax\.ll:4:1: error: expected ','"]),
    ("bad-bitcode", ["{data}/bad.bc", "--counts"], 1, [r"bad\.bc: error: invalid bitcode"]),
    ("missing-file", ["{work}/does-not-exist.bc", "--counts"], 1,
     [r"does-not-exist\.bc: error: cannot open: No such file or directory"]),
    ("no-input", ["--counts"], 2, [r"lpnest: error: no input files"]),
    ("unknown-option", ["--frobnicate", "x.bc"], 2, [r"lpnest: error: unknown option '--frobnicate'"]),
    ("bad-max-steps", ["x.bc", "--counts", "--max-steps=lots"], 2, [r"invalid --max-steps value 'lots'"]),
    ("bad-memory", ["x.bc", "--counts", "--memory=flat"], 2,
     [r"invalid --memory value 'flat' \(expected linked or module\)"]),
    ("missing-value", ["x.bc", "--counts", "-o"], 2, [r"option '-o' needs a value"]),
    ("no-mode", ["x.bc"], 2, [r"nothing to do"]),
]


def run(cmd, stdin=""):
    return subprocess.run(cmd, input=stdin.encode(), capture_output=True, timeout=120)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    failures = 0
    passed = 0

    def check(name, r, exit_code, stdout, patterns):
        nonlocal failures, passed
        err = r.stderr.decode(errors="replace")
        out = r.stdout.decode(errors="replace")
        problems = []
        if r.returncode != exit_code:
            problems.append(f"exit {r.returncode}, expected {exit_code}")
        if stdout is not None and out != stdout:
            problems.append(f"stdout {out!r}, expected {stdout!r}")
        for p in patterns:
            if not re.search(p, err):
                problems.append(f"stderr lacks /{p}/")
        if "Segmentation" in err or r.returncode < 0:
            problems.append("lpnest crashed")
        if problems:
            failures += 1
            print(f"FAIL {name}: " + "; ".join(problems) + f"\n  stderr: {err.strip()[:600]}")
        else:
            passed += 1
            print(f"ok   {name}")

    for name, src, targets, opts, args, stdin, code, stdout, pats in CASES:
        for t in targets:
            bc = os.path.join(a.work, f"{os.path.splitext(src)[0]}.{t}.bc")
            # unreachable survives only unoptimised: -O1 deletes the guarded path
            opt = "-O0" if name == "unreachable" else "-O1"
            c = run([a.clang] + TARGETS[t] + [opt, "-g", "-emit-llvm", "-c",
                                              os.path.join(a.data, src), "-o", bc])
            if c.returncode != 0:
                failures += 1
                print(f"FAIL {name}.{t}: clang failed: {c.stderr.decode()[:400]}")
                continue
            counts = os.path.join(a.work, f"{name}.{t}.json")
            r = run([a.lpnest, bc, "--counts", "-o", counts] + opts + ["--"] + args, stdin)
            check(f"{name}.{t}", r, code, stdout, pats)
            # a faulting run still writes complete counts that say so
            if code == 1 and os.path.exists(counts):
                with open(counts) as f:
                    text = f.read()
                if '"faulted": true' not in text and "no-main" not in name and "external-global" not in name:
                    failures += 1
                    print(f"FAIL {name}.{t}: counts do not say the run faulted")

    for name, argv, code, pats in RAW:
        argv = [x.format(data=a.data, work=a.work) for x in argv]
        check(name, run([a.lpnest] + argv), code, None, pats)

    # an existing output file is never clobbered by a run that cannot start
    out = os.path.join(a.work, "keep.json")
    with open(out, "w") as f:
        f.write("old")
    r = run([a.lpnest, os.path.join(a.data, "bad.bc"), "--counts", "-o", out])
    with open(out) as f:
        kept = f.read() == "old"
    check("no-clobber", r, 1, None, [])
    if not kept:
        failures += 1
        print("FAIL no-clobber: the old output file was overwritten")

    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
