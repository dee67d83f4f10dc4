#!/usr/bin/env python3
"""harden_test.py — the reproducers of issue 17 ("Hardening", tests/data/harden,
copied from ../shared/repro/fuzz) and the program's file sandbox. Every bad
input gets its message at its place and exit status; the others a correct
result, derived by hand in each case's comment."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ap = argparse.ArgumentParser()
for a in ("--lpnest", "--lpn", "--clang", "--data", "--app-include", "--source", "--work"):
    ap.add_argument(a, required=True)
A = ap.parse_args()
for k in ("lpnest", "lpn", "data", "source", "work", "app_include"):
    setattr(A, k, os.path.abspath(getattr(A, k)))
shutil.rmtree(A.work, ignore_errors=True)
os.makedirs(A.work)
D = A.data
failures = 0


def run(cmd, cwd=None):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=cwd)


def check(name, r, status, patterns=(), absent=()):
    """R's exit status is STATUS (a set allowed), stderr+stdout match every PATTERN and no ABSENT one."""
    global failures
    out = r.stderr + r.stdout
    bad = []
    if r.returncode not in (status if isinstance(status, set) else {status}):
        bad.append(f"exit {r.returncode}, expected {status}")
    bad += [f"missing /{p}/" for p in patterns if not re.search(p, out, re.M)]
    bad += [f"unexpected /{p}/" for p in absent if re.search(p, out, re.M)]
    print(("FAIL " if bad else "ok   ") + name)
    if bad:
        failures += 1
        print("  " + "; ".join(bad) + "\n  output: " + out[-1500:].replace("\n", "\n  "))


def d(f):
    return os.path.join(D, f)


L = [A.lpnest]
NO_ABORT = [r"LLVM ERROR", r"Aborted", r"Stack dump"]

# ---- LLVM's fatal errors in code generation: a message, exit 1 (item 1) ----
check("bigalloca: huge alloca on rv32", run(L + [d("bigalloca.ll"), "--target=picorv32"]), 1,
      [r"^\S*bigalloca\.ll: error: code generation failed for 'main' on picorv32: "
       r"Should only materialize 32-bit constants for RV32$"], NO_ABORT)
for f in ("fp80.ll", "bfloat.ll"):
    check(f"{f}: no library call for the type on rv32", run(L + [d(f), "--target=picorv32"]), 1,
          [rf"^\S*{re.escape(f)}: error: code generation failed for 'main' on picorv32: "
           r"Unsupported library call operation!$"], NO_ABORT)
# the function named is the one that fails alone: a second, good function comes first
with open(d("bigalloca.ll")) as f:
    two = f.read().replace("define i32 @main()", "define i32 @good(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n"
                           "define i32 @main()")
two = two.replace("store volatile i64 1, ptr %q", "store volatile i64 1, ptr %q\n  %g = call i32 @good(i32 1)")
two_path = os.path.join(A.work, "two.ll")
with open(two_path, "w") as f:
    f.write(two)
check("bigalloca with another function: names 'main'", run(L + [two_path, "--target=picorv32"]), 1,
      [r"code generation failed for 'main' on picorv32"], NO_ABORT + [r"for 'good'"])

# ---- ISA descriptions checked against the backend when loaded (item 1) ----
rv = d("empty_rv32.ll")
check("rv64feat.yaml: +64bit on rv32", run(L + [rv, "--target=" + d("rv64feat.yaml")]), 1,
      [r"rv64feat\.yaml:10:17: error: feature '\+64bit' is rejected by the riscv32-unknown-elf backend "
       r"\(cpu 'generic-rv32', features '\+m,\+64bit'\): RV32 and RV64 can't be combined$"], NO_ABORT)
check("unknownfeat.yaml: a feature LLVM does not know", run(L + [rv, "--target=" + d("unknownfeat.yaml")]), 1,
      [r"unknownfeat\.yaml:10:17: error: feature '\+nosuchfeature' is rejected by the riscv32-unknown-elf backend "
       r".*'\+nosuchfeature' is not a recognized feature for this target$"], [r"ignoring"])
# the bundled descriptions pass the check (lpnest skips it for them on every run):
# loaded by path, each gets past the load (an rv32 program is then estimated or refused
# for its architecture, never for the description)
isa_dir = os.path.join(A.source, "isa")
for y in sorted(os.listdir(isa_dir)):
    if y.endswith(".yaml"):
        check(f"bundled {y} accepted by the backend", run(L + [rv, "--target=" + os.path.join(isa_dir, y)]), {0, 1},
              [r"(total: \d|the bitcode is for 'riscv32-unknown-elf', but)"], [r"rejected by|backend rejects"])
# ---- no false follow-on errors in the ISA loader ----
r = run(L + [rv, "--target=" + d("cascade.yaml")])
check("cascade.yaml: the one real error only", r, 1,
      [r"cascade\.yaml:12:28: error: integer 9223372036854775807 is out of range \[0, 1000000\]"],
      [r"is not defined"])
check("cascade.yaml: exactly one error", r, 1, [r"\A[^\n]*\n\Z"])

# ---- names instead of LLVM-C enum numbers ----
# half: run by the engine (1.0 -> half 1.0 -> 1, exit 1 without a message) or refused by name
check("half.ll: fptrunc named", run(L + [d("half.ll"), "--counts", "-o", os.devnull]), {1},
      [r"(fptrunc from double to half is not supported|^$)"], [r"cast \d+", r"operation \d+"])
f16bc = os.path.join(A.work, "f16.bc")
subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-O1", "-emit-llvm", "-c", d("f16.c"),
                "-o", f16bc], check=True)
# (int)((_Float16)1.5 * 2) = 3 when the engine runs half; else the cast is named
check("f16.c: half named or run", run(L + [f16bc, "--counts", "-o", os.devnull]), {1, 3},
      [], [r"cast \d+", r"operation \d+"])
# uinc_wrap: @g = 5, old value 5 >= 1 -> @g = 0; main returns 0
check("atomicrmw uinc_wrap runs", run(L + [d("atomicrmw_uinc.ll"), "--counts", "-o", os.devnull]), 0,
      [], [r"operation \d+"])
# worked in the file's comment: old values 5 + 0 + 3, @g = 4 -> 84
check("atomicrmw uinc_wrap/udec_wrap values", run(L + [d("atomicrmw_wrap.ll"), "--counts", "-o", os.devnull]), 84)

# ---- srem INT64_MIN, -1 is reported like sdiv ----
check("srem of the minimum by -1", run(L + [d("srem_min.ll"), "--counts", "-o", os.devnull]), 1,
      [r"srem_min\.ll: error: signed division overflow \(srem of the minimum value by -1\)",
       r"note: in function 'main', block 'bb0', instruction 4"])

# ---- size suffixes are powers of 1024 (item 7): main's frame is 1,024 bytes ----
check("--stack-size=1k is 1024 bytes: main's frame fits", run(L + [d("stack1k.ll"), "--counts", "-o", os.devnull,
                                                               "--stack-size=1k"]), 7)
check("--stack-size=1000: main's frame does not fit", run(L + [d("stack1k.ll"), "--counts", "-o", os.devnull,
                                                            "--stack-size=1000"]), 1,
      [r"^\S*stack1k\.ll: error: stack overflow: main's frame of 1024 bytes does not fit the simulated stack of "
       r"1000 bytes \(--stack-size\)$"])
check("--max-steps=1k is 1024 steps", run(L + [d("loop1000.ll"), "--counts", "-o", os.devnull, "--max-steps=1k"]), 1,
      [r"^\S*loop1000\.ll: error: the step limit of 1024 IR instructions was reached \(--max-steps\)$"])
check("--max-steps=1M: the loop ends", run(L + [d("loop1000.ll"), "--counts", "-o", os.devnull, "--max-steps=1M"]), 232)

# ---- a parameter override that breaks the model points at the override ----
check("params override: the error is on line 5", run(L + [rv, "--target=picorv32", "--accel=" + d("params_override.yaml")]),
      1, [r"params_override\.yaml:5:20: error: parameter fifo = 0 makes the model '\S*jpeg_fig4\.yaml' invalid:",
          r"jpeg_fig4\.yaml:28:33: note: the capacity of place 'coef' is 0"], [r"jpeg\.yaml:\d+:\d+: error"])

# ---- an offloaded function never called (UBSan memcpy(NULL, 0) before); the
# offload tests' program, with an accelerator for a function it never calls ----
progbc = os.path.join(A.work, "prog.bc")
subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32", "-O2", "-I", A.app_include,
                "-emit-llvm", "-c", os.path.join(os.path.dirname(d("prog.c")), "..", "offload", "prog.c"), "-o", progbc], check=True)
rep = os.path.join(A.work, "unused.json")
r = run(L + [progbc, "--target=picorv32", "--accel=" + d("unused_accel.yaml"), "--format=json", "-o", rep, "--", "0"])
check("unused accelerator: estimate made", r, 0)
if r.returncode == 0:
    acc = json.load(open(rep))["accelerators"]
    ok = len(acc) == 1 and acc[0]["calls"] == 0 and acc[0]["latencies"] == []
    print(("ok   " if ok else "FAIL ") + "unused accelerator: 0 calls, no latencies")
    failures += not ok

# ---- lpn fit on degenerate tables (SIGFPE, overflow before) ----
LPN = [A.lpn]
# every row has 1 cycle: the parameter has no influence; the delay is the constant 1
check("fit_const.csv: constant delay", run(LPN + ["fit", d("fit_const.csv")]), 0, [r"^delay: 1$"])
# cycles 1, 2, 1, 1: no influence found (the mean 1.25 rounds to 1)
check("fit_divzero_min.csv: constant delay", run(LPN + ["fit", d("fit_divzero_min.csv")]), 0, [r"^delay: 1$"])
check("fit_huge.csv: latencies out of range", run(LPN + ["fit", d("fit_huge.csv")]), 1,
      [r"fit_huge\.csv:2:3: error: latency 9\.22337e\+18 in column 'cycles' is too large \(at most 1e15 cycles\)"])

# ---- write errors name the output and the reason ----
if os.path.exists("/dev/full"):
    check("-o /dev/full", run(L + [rv, "--target=picorv32", "-o", "/dev/full"]), 1,
          [r"^/dev/full: error: write failed: No space left on device$"], [r"<stdout>"])
    check("--counts -o /dev/full", run(L + [rv, "--counts", "-o", "/dev/full"]), 1,
          [r"^/dev/full: error: .*No space left on device$"])
    full_json = os.path.join(A.source, "tests", "data", "report", "full.json")
    check("report -o /dev/full", run(L + ["report", full_json, "--format=html", "-o", "/dev/full"]), 1,
          [r"^/dev/full: error: cannot write the report: No space left on device$"])
    check("lpn sim -o /dev/full", run(LPN + ["sim", os.path.join(A.source, "lpn", "models", "jpeg.yaml"), "-p", "mcus=2",
                                             "-o", "/dev/full"]), 1, [r"^/dev/full: error: .*No space left on device$"])

# ---- temporaries a killed run left are removed by the next run (item 5) ----
dead = subprocess.Popen(["true"])
dead.wait()
out = os.path.join(A.work, "out.txt")
stale = f"{out}.lpnest-tmp.{dead.pid}.Ab12Cd"
live = f"{out}.lpnest-tmp.{os.getpid()}.Ef34Gh"   # this script runs: not stale
other = os.path.join(A.work, "other.txt.lpnest-tmp." + str(dead.pid) + ".Ij56Kl")  # another output's
for t in (stale, live, other):
    with open(t, "w") as f:
        f.write("left by a killed run\n")
check("temporaries: a run writing out.txt", run(L + [rv, "--target=picorv32", "-o", out]), 0)
ok = not os.path.exists(stale) and os.path.exists(live) and os.path.exists(other) and os.path.exists(out)
print(("ok   " if ok else "FAIL ") + "temporaries: the dead run's removed, a live run's and another output's kept")
failures += not ok
left = [n for n in os.listdir(A.work) if n.startswith("out.txt.lpnest-tmp.") and str(os.getpid()) not in n]
ok = not left
print(("ok   " if ok else "FAIL ") + "temporaries: the run left none of its own")
failures += not ok

# ---- the program's file sandbox (item 6) ----
root = os.path.join(A.work, "root")
os.makedirs(os.path.join(root, "sub"))
with open(os.path.join(A.work, "outside.txt"), "w") as f:
    f.write("secret\n")
with open(os.path.join(root, "in.txt"), "w") as f:
    f.write("hello\n")
os.symlink("../outside.txt", os.path.join(root, "link.txt"))
os.symlink(A.work, os.path.join(root, "up"))
sbc = os.path.join(A.work, "sandbox.bc")
subprocess.run([A.clang, "--target=x86_64-pc-linux-gnu", "-O1", "-g", "-emit-llvm", "-c", d("sandbox.c"), "-o", sbc],
               check=True)
SB = L + [sbc, "--counts", "-o", os.devnull]
FOPEN = r"sandbox\.c:8:15: error: fopen\(\"{}\", \"{}\"\): "
check("sandbox: a file under the root is read", run(SB + ["--", "in.txt"], cwd=root), 0, [r"^hello$"])
check("sandbox: --fs-root", run(SB + ["--fs-root=" + root, "--", "sub/../in.txt"]), 1,
      [FOPEN.format(r"sub/\.\./in\.txt", "r") + "'..' is refused"])
check("sandbox: absolute path refused", run(SB + ["--", os.path.join(A.work, "outside.txt")], cwd=root), 1,
      [FOPEN.format(r"/\S+/outside\.txt", "r") + "absolute paths are refused"], [r"secret"])
check("sandbox: .. refused", run(SB + ["--", "../outside.txt"], cwd=root), 1,
      [FOPEN.format(r"\.\./outside\.txt", "r") + "'\.\.' is refused"], [r"secret"])
check("sandbox: a symlink out of the root refused", run(SB + ["--", "link.txt"], cwd=root), 1,
      [FOPEN.format(r"link\.txt", "r") + "a symbolic link leads out of the file root"], [r"secret"])
check("sandbox: a directory symlink out of the root refused", run(SB + ["--", "up/outside.txt"], cwd=root), 1,
      [FOPEN.format(r"up/outside\.txt", "r") + "a symbolic link leads out of the file root"], [r"secret"])
check("sandbox: writing refused by default", run(SB + ["--", "new.txt", "w"], cwd=root), 1,
      [FOPEN.format(r"new\.txt", "w") + "the program may not write files"])
ok = not os.path.exists(os.path.join(root, "new.txt"))
print(("ok   " if ok else "FAIL ") + "sandbox: no file created without --allow-writes")
failures += not ok
check("sandbox: --allow-writes", run(SB + ["--allow-writes", "--", "new.txt", "w"], cwd=root), 0)
ok = open(os.path.join(root, "new.txt")).read() == "written\n"
print(("ok   " if ok else "FAIL ") + "sandbox: the file written under the root")
failures += not ok
check("sandbox: writing through a symlink out refused", run(SB + ["--allow-writes", "--", "link.txt", "w"], cwd=root), 1,
      [r"a symbolic link leads out of the file root"])
ok = open(os.path.join(A.work, "outside.txt")).read() == "secret\n"
print(("ok   " if ok else "FAIL ") + "sandbox: the file outside untouched")
failures += not ok
check("sandbox: a missing file is fopen's NULL", run(SB + ["--", "missing.txt"], cwd=root), 3, [r"cannot open missing\.txt"])

print(f"{failures} failure(s)")
sys.exit(1 if failures else 0)
