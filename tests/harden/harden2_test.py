#!/usr/bin/env python3
"""harden2_test.py — issue 29 ("Hardening, round two"): the reproducers of
../shared/repro/fuzz2 (tests/data/harden2, the crash files in
tests/data/fuzz/ir/fuzz2_*.ll) and the limits lpnest and lpn put on what
they are given. Each bad input gets its message at its place and its exit
status, never a crash, a hang or a byte that acts on the terminal; annotate
reads no file outside the source directories; every limit is in --help and
works. Each check failed on main 0241fd2."""
import argparse
import json
import os
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time

ap = argparse.ArgumentParser()
for a in ("--lpnest", "--lpn", "--clang", "--data", "--fuzz-seeds", "--source", "--work"):
    ap.add_argument(a, required=True)
A = ap.parse_args()
for k in ("lpnest", "lpn", "data", "fuzz_seeds", "source", "work"):
    setattr(A, k, os.path.abspath(getattr(A, k)))
shutil.rmtree(A.work, ignore_errors=True)
os.makedirs(A.work)
D, W = A.data, A.work
L, P = [A.lpnest], [A.lpn]
failures = 0


class Result:
    def __init__(self, returncode, out, err):
        self.returncode, self.stdout, self.stderr = returncode, out, err


def run(cmd, cwd=None, timeout=60, limit_as=None):
    """The command's exit status (-9 after a timeout) and its output as bytes."""
    pre = (lambda: resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))) if limit_as else None
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=cwd, preexec_fn=pre)
        return Result(r.returncode, r.stdout, r.stderr)
    except subprocess.TimeoutExpired as e:
        return Result(-9, e.stdout or b"", (e.stderr or b"") + b"\n[timed out]")


T0 = time.monotonic()


def ok(name, cond, detail=""):
    global failures
    print(("ok   " if cond else "FAIL ") + name + (f"  [{time.monotonic() - T0:.1f} s]" if os.environ.get("H2_TIME") else ""))
    if not cond:
        failures += 1
        if detail:
            print("  " + str(detail)[-1500:].replace("\n", "\n  "))
    return cond


def check(name, r, status, patterns=(), absent=()):
    """R's exit status is STATUS, its output matches every PATTERN and no ABSENT one."""
    out = (r.stderr + r.stdout).decode("utf-8", "replace")
    bad = []
    if r.returncode != status:
        bad.append(f"exit {r.returncode}, expected {status}")
    bad += [f"missing /{p}/" for p in patterns if not re.search(p, out, re.M)]
    bad += [f"unexpected /{p}/" for p in absent if re.search(p, out, re.M)]
    return ok(name, not bad, "; ".join(bad) + "\n  output: " + out[-1200:])


def d(*f):
    return os.path.join(D, *f)


def w(*f):
    return os.path.join(W, *f)


# ---- 1. no input crashes lpnest: LLVM's .ll parser runs in a child, and what it
# cannot survive is refused at its place (fuzz2/crash) ----
LOC = r"^\S+:\d+:\d+: error: "
for f, where, what in [("fuzz2_min_id32.ll", "4:13", r"the number of '%4294967295' is out of range"),
                       ("fuzz2_min_bigid.ll", "4:13", r"the number of '%18446744073709551615' is out of range"),
                       ("fuzz2_ll-628bc7766a.ll", "16:20", r"the number of '%18446744073709551615' is out of range"),
                       ("fuzz2_ll-9b46e935e1.ll", "25:13", r"the number of '%18446744073709551615' is out of range"),
                       ("fuzz2_longdouble_literal.ll", "3:20", r"a numeric literal of 40002 characters")]:
    for mode in ("--target=picorv32", "--counts"):
        check(f"crash {f} {mode}: located error", run(L + [os.path.join(A.fuzz_seeds, f), mode, "-o", os.devnull]), 1,
              [rf"^\S*{re.escape(f)}:{where}: error: {what}"])
# nesting that overflowed the parser's stack (SIGSEGV on main)
for name, text in [("nest_struct.ll", "@x = global " + "{" * 5000 + "i32 0" + "}" * 5000),
                   ("nest_md.ll", "!0 = !{" + "!{" * 5000 + "}" * 5000 + "}"),
                   ("nest_expr.ll", "@x = global i32 " + "add (i32 " * 5000 + "1, i32 1" + ")" * 5000)]:
    with open(w(name), "w") as fh:
        fh.write('target triple = "riscv32-unknown-elf"\ndefine i32 @main() {\n  ret i32 0\n}\n' + text + "\n")
    check(f"crash {name}: deep nesting refused", run(L + [w(name), "--counts", "-o", os.devnull]), 1,
          [rf"^\S*{name}:5:\d+: error: brackets nested more than 1000 deep"])
# a raw NUL in a string attribute: LLVM's bitcode cannot carry it (fuzz2/garbage)
check("ll-11a9563a77.ll: a NUL in an attribute, located",
      run(L + [d("garbage", "ll-11a9563a77.ll"), "--target=picorv32", "-o", os.devnull]), 1,
      [r"ll-11a9563a77\.ll:43:1712: error: a string attribute holds a NUL byte"], [r"invalid bitcode"])
# what LLVM writes on stderr while it compiles: located, escaped, once each
r = run(L + [d("garbage", "ll-fbb17a70ae.ll"), "--target=picorv32", "-o", os.devnull])
check("ll-fbb17a70ae.ll: LLVM's feature warnings located", r, 0,
      [r"^\S*ll-fbb17a70ae\.ll:33:1059: warning: LLVM: '-zabhaU\]\\xcb\\x1f\\u0093\(\\xc3' is not a recognized feature"])
lines = [l for l in r.stderr.decode("utf-8", "replace").splitlines() if ": warning: LLVM: " in l]
ok("ll-fbb17a70ae.ll: each warning once", len(lines) == len(set(lines)) == 7, "\n".join(lines))

# ---- 4. located messages (fuzz2/unlocated) ----
check("ptr24.ll: the data layout's place", run(L + [d("ptr24.ll"), "--target=picorv32", "-o", os.devnull]), 1,
      [r"^\S*ptr24\.ll:1:28: error: the data layout gives pointers of 3 bytes"])
check("ptr24.ll --counts: the same", run(L + [d("ptr24.ll"), "--counts", "-o", os.devnull]), 1,
      [r"^\S*ptr24\.ll:1:28: error: the data layout gives pointers of 3 bytes"])
check("spb_attr.ll: the attribute group's line (the child's LLVM diagnostic)",
      run(L + [d("spb_attr.ll"), "--target=ppc405", "-o", os.devnull]), 1,
      [r"^\S*spb_attr\.ll:43:166: error: cannot parse integer attribute stack-protector-buffer-size$",
       r"^note: code generation failed for 'loop' on ppc405$"], [r"^error: cannot parse", r"status 1"])
check("calibrate: the runs file's line for a parameter the model lacks",
      run(P + ["calibrate", d("chain.yaml"), "--runs", d("runs_badparam.yaml")]), 1,
      [r"^\S*runs_badparam\.yaml:8:3: error: the model '\S*chain\.yaml' has no parameter 'x' to fit$"])

# ---- 4. input bytes escaped in every message (fuzz2/garbage) ----
BIDI = re.compile("[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean(b):
    """No control byte but newline and tab, valid UTF-8, no bidirectional override."""
    try:
        s = b.decode("utf-8")
    except UnicodeDecodeError as e:
        return f"invalid UTF-8: {e}"
    bad = [c for c in s if (ord(c) < 32 and c not in "\n\t") or ord(c) == 127]
    if bad:
        return f"control characters {bad[:5]!r}"
    if BIDI.search(s):
        return "a C1 control or bidirectional override"
    return ""


G = sorted(f for f in os.listdir(d("garbage")) if f != "README.md")
prodcons = os.path.join(A.source, "tests", "data", "lpn", "prodcons.yaml")
jpeg = os.path.join(A.source, "lpn", "models", "jpeg.yaml")
for f in G:
    path = d("garbage", f)
    if f.endswith(".csv"):
        cmds = [P + ["fit", path]]
    elif f.startswith("esc") and f.endswith(".jsonl"):
        cmds = [P + ["sim", jpeg, "--input", path]]
    elif f.endswith(".jsonl"):
        cmds = [P + ["sim", prodcons, "--input", path]]
    elif f.endswith(".yaml"):
        cmds = [L + [os.path.join(A.fuzz_seeds, "count.ll"), "--target=" + path, "-o", os.devnull]]
    else:
        cmds = [L + [path, "--target=picorv32", "-o", os.devnull]]
    for c in cmds:
        r = run(c)
        why = clean(r.stderr + r.stdout)
        ok(f"garbage {f}: messages escaped (exit {r.returncode})", not why and r.returncode in (0, 1), why)
check("esc.csv: the OSC sequence shown, not sent", run(P + ["fit", d("garbage", "esc.csv")]), 1,
      [r"esc\.csv:3:3: error: not a number in column 'cycles': '\\x1b\]0;PWNED\\x07'"])
check("isa formula: the whole UTF-8 character named",
      run(L + [os.path.join(A.fuzz_seeds, "count.ll"), "--target=" + d("garbage", "isa_utf8_formula.yaml"),
               "-o", os.devnull]), 1, [r"isa_utf8_formula\.yaml:139:37: error: formula .*: unexpected 'é'$"])

# ---- 3. limits on what lpnest and lpn read (fuzz2/unbounded-input) ----
sbc = w("sb.bc")
subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-O2", "-g", "-emit-llvm", "-c", d("sb.c"),
                "-o", sbc], check=True)
LIM = r"/dev/zero: error: the input is larger than the input limit of 1048576 bytes \(1M\); --input-limit=BYTES raises it"
M1 = "--input-limit=1M"
for name, cmd in [("bitcode", L + ["/dev/zero", "--target=picorv32", M1]),
                  ("bitcode --counts", L + ["/dev/zero", "--counts", M1]),
                  ("lpnest report", L + ["report", "/dev/zero", M1]),
                  ("lpnest diff", L + ["diff", "/dev/zero", "/dev/zero", M1]),
                  ("--profile", L + [sbc, "--target=picorv32", "--profile=/dev/zero", M1]),
                  ("--accel", L + [sbc, "--target=picorv32", "--accel=/dev/zero", M1]),
                  ("--budget", L + [sbc, "--target=picorv32", "--budget=/dev/zero", M1]),
                  ("lpn fit", P + ["fit", "/dev/zero", M1]),
                  ("lpn sim model", P + ["sim", "/dev/zero", M1])]:
    check(f"input limit: {name} on /dev/zero", run(cmd, timeout=30), 1, [LIM], [r"fatal|Aborted"])
check("input limit: lpn sim --input /dev/zero (one line)",
      run(P + ["sim", jpeg, "--input", "/dev/zero", M1], timeout=30), 1,
      [r"/dev/zero:1: error: a line is larger than the input limit of 1048576 bytes \(1M\); --input-limit=BYTES raises it"])
with open(w("big.ll"), "w") as fh:  # a regular file: refused before it is read, with its size
    fh.write(";" * (2 << 20) + "\n")
check("input limit: a regular file's size named", run(L + [w("big.ll"), "--counts", M1]), 1,
      [r"big\.ll: error: the file has 2097153 bytes, more than the input limit of 1048576 bytes \(1M\); "
       r"--input-limit=BYTES raises it"])
check("input limit: the default (256M) stops /dev/zero", run(L + ["/dev/zero", "--counts"], timeout=60), 1,
      [r"/dev/zero: error: the input is larger than the input limit of 268435456 bytes \(256M\)"])
# out of memory: a message with the right program's name, status 1, no abort (not under ASan,
# which cannot run in a small address space)
asan = b"__asan_init" in open(A.lpn, "rb").read()
if not asan:
    check("out of memory: 'lpn: error', exit 1",
          run(P + ["fit", "/dev/zero", "--input-limit=0"], timeout=60, limit_as=600 << 20), 1,
          [r"^lpn: error: out of memory \(allocating \d+ bytes\) while reading '/dev/zero'$"], [r"lpnest", r"fatal"])

# ---- 3. the program's sandbox: blocking files, writes, time, --fs-root (fuzz2/sandbox) ----
root = w("root")
os.makedirs(root)
with open(os.path.join(root, "in.txt"), "w") as fh:
    fh.write("inside\n")
os.mkfifo(os.path.join(root, "fifo"))
os.symlink("../newfile_out.txt", os.path.join(root, "dangle_out"))
SB = L + [sbc, "--target=picorv32", "--allow-unpriced", "-o", os.devnull, "--"]
SBW = L + [sbc, "--target=picorv32", "--allow-unpriced", "--allow-writes", "-o", os.devnull]
check("sandbox: a FIFO is refused, not waited on", run(SB + ["open", "fifo", "r"], cwd=root, timeout=20), 1,
      [r"^\S*sb\.c:24:15: error: fopen\(\"fifo\", \"r\"\): 'fifo' is a FIFO: the program may open only regular files"])
check("sandbox: a FIFO opened to write is refused", run(SBW + ["--", "open", "fifo", "w"], cwd=root, timeout=20), 1,
      [r"'fifo' is a FIFO"])
check("sandbox: a dangling link out of the root is a fault", run(SBW + ["--", "open", "dangle_out", "w"], cwd=root), 1,
      [r"^\S*sb\.c:24:15: error: fopen\(\"dangle_out\", \"w\"\): a symbolic link to '\.\./newfile_out\.txt', which does "
       r"not exist"])
ok("sandbox: nothing created outside the root", not os.path.exists(w("newfile_out.txt")))
r = run(SBW + ["--write-limit=1M", "--", "bigwrite", "big.bin"], cwd=root, timeout=60)
check("sandbox: --write-limit stops the writes", r, 1,
      [r"^\S*sb\.c:61:31: error: the program would write more than the write limit of 1048576 bytes to its files "
       r"\(--write-limit; 987136 written so far\)"])
size = os.path.getsize(os.path.join(root, "big.bin")) if os.path.exists(os.path.join(root, "big.bin")) else -1
# 4 KiB for the file, then 15 blocks of 64 KiB: the 16th would pass 1M
ok("sandbox: the file holds what was written under the limit (983040 bytes)", size == 983040, str(size))

check("sandbox: a missing --fs-root is an error", run(L + [sbc, "--counts", "--fs-root=" + w("nosuch")]), 2,
      [r"^lpnest: error: --fs-root '\S+nosuch': No such file or directory$"])
check("sandbox: an --fs-root that is a file is an error", run(L + [sbc, "--counts", "--fs-root=" + d("sb.c")]), 2,
      [r"^lpnest: error: --fs-root '\S+sb\.c' is not a directory$"])
t0 = time.monotonic()
r = run(L + [sbc, "--counts", "-o", os.devnull, "--time-limit=1", "--", "loop"], cwd=root, timeout=60)
secs = time.monotonic() - t0
check("--time-limit: the run stops at its source line", r, 1,
      [r"^\S*sb\.c:65:45: error: the time limit of 1 seconds was reached \(--time-limit\) after \d+ IR instructions$"])
ok("--time-limit=1: stopped within 4 seconds", secs < 4, f"{secs:.1f} s")
# a program blocked in a read (stdin a pipe nobody writes): the alarm ends lpnest
with open(w("getc.c"), "w") as fh:
    fh.write("int getchar(void);\nint main(void) { return getchar(); }\n")
subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-O2", "-emit-llvm", "-c", w("getc.c"),
                "-o", w("getc.bc")], check=True)
t0 = time.monotonic()
rd, wr = os.pipe()  # the write end stays open: the read never ends
p = subprocess.Popen(L + [w("getc.bc"), "--counts", "-o", os.devnull, "--time-limit=1"], stdin=rd,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.close(rd)
try:
    out, err = p.communicate(timeout=30)
except subprocess.TimeoutExpired:
    p.kill()
    out, err = p.communicate()
os.close(wr)
secs = time.monotonic() - t0
check("--time-limit: a run blocked in a read is ended too", Result(p.returncode, out, err), 1,
      [r"^lpnest: error: the time limit of 1 seconds was reached \(--time-limit\) while run$"])
ok("--time-limit=1 on a blocked read: ended within 5 seconds", secs < 5, f"{secs:.1f} s")
# advice that fits the module: it was built with -g; the step limit stops at an instruction without a line
r = run(L + [sbc, "--target=picorv32", "--allow-unpriced", "--allow-writes", "--write-limit=0", "--max-steps=1k",
             "-o", os.devnull, "--", "bigwrite", "big.bin"], cwd=root, timeout=60)
check("step limit in a module built with -g: the nearest line, no '-g' advice", r, 1,
      [r"^\S*sb\.c:61:31: error: the step limit of 1024 IR instructions was reached \(--max-steps\)$",
       r"it has no source line of its own: the nearest one is given"], [r"compile with -g"])

# ---- 3. the code-generation child dies with lpnest (fuzz2/orphan-child) ----
# one block of 6,000 values live at once: register allocation takes LLVM seconds
# (superlinear), so a child that outlives lpnest would still be running
N = 6000
with open(w("slow.ll"), "w") as fh:
    fh.write('target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"\ntarget triple = "riscv32-unknown-elf"\n'
             "@s = global i32 0\ndefine i32 @main() {\n")
    fh.write("".join(f"  %b{i} = load volatile i32, ptr @s\n" for i in range(N)))
    fh.write("  %a0 = add i32 %b0, 0\n" + "".join(f"  %a{i} = mul i32 %a{i - 1}, %b{N - i}\n" for i in range(1, N)))
    fh.write(f"  ret i32 %a{N - 1}\n}}\n")


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(x) for x in fh.read().split()]
    except OSError:
        return []


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


p = subprocess.Popen(L + [w("slow.ll"), "--target=picorv32", "--quiet", "-o", w("slow.json")],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
child = None
deadline = time.monotonic() + 60
while time.monotonic() < deadline and p.poll() is None:
    kids = children(p.pid)
    if kids:
        time.sleep(0.1)  # a child that works (the parse's or code generation's)
        if kids[0] in children(p.pid):
            child = kids[0]
            break
    time.sleep(0.02)
if ok("orphan: lpnest has a code-generation child", child is not None):
    p.send_signal(signal.SIGKILL)
    p.wait()
    gone_at = time.monotonic() + 0.5
    while alive(child) and time.monotonic() < gone_at:
        time.sleep(0.02)
    gone = not alive(child)
    if not gone:
        os.kill(child, signal.SIGKILL)
    ok("orphan: the child ends with lpnest (kill -9), within 0.5 s", gone)
else:
    p.kill()
    p.wait()

# ---- 4. -o keeps a read-only file (fuzz2/output) ----
ro = w("rofile.json")
with open(ro, "w") as fh:
    fh.write("old\n")
os.chmod(ro, 0o444)
check("-o: a read-only target is refused", run(L + ["report", d("r.json"), "--format=json", "-o", ro]), 1,
      [r"rofile\.json: error: the output file is read-only \(mode 0444\): not replaced"])
ok("-o: the read-only file unchanged", open(ro).read() == "old\n" and stat.S_IMODE(os.stat(ro).st_mode) == 0o444)
rw = w("rwfile.json")
with open(rw, "w") as fh:
    fh.write("old\n")
os.chmod(rw, 0o600)
check("-o: a writable target replaced", run(L + ["report", d("r.json"), "--format=json", "-o", rw]), 0)
ok("-o: the replaced file keeps its mode 0600", stat.S_IMODE(os.stat(rw).st_mode) == 0o600
   and json.load(open(rw))["lpnest_report"] == 1, oct(os.stat(rw).st_mode))

# ---- 2. annotate reads nothing outside the source directories ----
# debug information and a report that name an absolute path, a '..' path, a symbolic
# link leading out and a FIFO; and one source that is inside (read)
src = w("src")
os.makedirs(src)
SECRET = "SECRET-MARKER-29"
with open(w("secret.c"), "w") as fh:
    fh.write("".join(f"{SECRET} line {k}\n" for k in range(1, 40)))
os.symlink("../secret.c", os.path.join(src, "link.c"))
os.mkfifo(os.path.join(src, "fifo.c"))
with open(os.path.join(src, "ok.c"), "w") as fh:
    fh.write("".join(f"inside line {k}\n" for k in range(1, 40)))
prog = os.path.join(src, "app.c")
with open(prog, "w") as fh:
    fh.write("volatile int s;\nint main(void) {\n"
             f'#line 3 "{w("secret.c")}"\n  for (int i = 0; i < 10; i++) s += i;\n'
             '#line 5 "../secret.c"\n  for (int i = 0; i < 20; i++) s += i;\n'
             '#line 7 "link.c"\n  for (int i = 0; i < 30; i++) s += i;\n'
             '#line 9 "fifo.c"\n  for (int i = 0; i < 40; i++) s += i;\n'
             '#line 11 "ok.c"\n  for (int i = 0; i < 50; i++) s += i;\n  return 0;\n}\n')
subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-O1", "-g", "-emit-llvm", "-c", "app.c",
                "-o", "app.bc"], check=True, cwd=src)
OUT = [r"^\S+secret\.c: warning: not read for the annotated source: the path leads out of the source directories",
       r"^\.\./secret\.c: warning: not read", r"^link\.c: warning: not read",
       r"^fifo\.c: warning: not read for the annotated source: not a regular file", r"inside line 11$"]
r = run(L + [os.path.join(src, "app.bc"), "--target=picorv32", "--format=annotate"], cwd=W, timeout=60)
check("annotate of a module: nothing outside the source directory read", r, 0, OUT, [SECRET])
r = run(L + [os.path.join(src, "app.bc"), "--target=picorv32", "--format=json", "-o", os.path.join(src, "r.json")],
        cwd=W)
r = run(L + ["report", os.path.join(src, "r.json"), "--format=annotate"], cwd=W, timeout=30)
check("annotate of a report: nothing outside the report's directory read", r, 0, OUT, [SECRET])
check("annotate: --source-dir confines too", run(L + ["report", os.path.join(src, "r.json"), "--format=annotate",
                                                      "--source-dir=" + src], timeout=30), 0, OUT, [SECRET])
# the reports of the reproducer: /etc/passwd and ../../../../../../etc/passwd
for f, name in (("r_passwd.json", "/etc/passwd"), ("r_dotdot.json", "../../../../../../etc/passwd")):
    there = os.path.exists(os.path.join(W, name))  # the '..' one reaches /etc from deep enough
    check(f"annotate {f}: the host file not read", run(L + ["report", d(f), "--format=annotate", "--source-dir=" + W],
                                                      timeout=30), 0,
          [re.escape(name) + r": warning: not read"] if there else [], [r"root:", r":/bin/"])

# ---- issue 28 point 7: annotate --context and --threshold, on the hand-made full.json ----
full = os.path.join(A.source, "tests", "data", "report", "full.json")
r = run(L + ["report", full, "--format=annotate", "--source-dir=" + os.path.dirname(full), "--threshold=10",
             "--context=1"])
want = ("== app.c: 9,900 cycles (99.00%) ==\n"
        "                                     ... |\n"
        "                                       2 | static int mac(int a, int b) {\n"
        "  20.00         2000          400      3 |     return a * b; }\n"
        "                                       4 | \n"
        "                                     ... |\n"
        "                                       8 | static int fir(const int *x, const int *h, int *y) {\n"
        "  10.00         1000            4      9 |     int s = 0;\n"
        "  20.00         2000           40     10 |     for (int n = 0; n < 10; n++)\n"
        "  30.00         3000          400     11 |         for (int k = 0; k < 10; k++)\n"
        "                                      12 |             y[n] += mac(x[n + k], h[k]);\n"
        "                                     ... |\n\n"
        "== not shown: 3 lines: 1900 cycles (19.00%) ==\n"
        "  19.00         1900            -      - | (lines below the threshold or outside the context)\n")
out = r.stdout.decode()
ok("annotate --threshold=10 --context=1: the hot lines with one line around, the rest in one row",
   r.returncode == 0 and want in out, out)
nums = [int(m.group(1)) for m in re.finditer(r"^\s*[\d.]+\s+(\d+)\s", out, re.M)]
ok("annotate --threshold --context: the cycles column still sums to 10,000", sum(nums) == 10000, str(nums))
r = run(L + ["report", full, "--format=annotate", "--source-dir=" + os.path.dirname(full), "--threshold=50"])
out = r.stdout.decode()
ok("annotate --threshold=50: no line that hot, every row in 'not shown'",
   "== app.c" not in out and "== not shown: 7 lines (1 file below the threshold): 9900 cycles (99.00%) ==" in out, out)

# ---- 3. every limit in --help ----
h = run(L + ["--help"]).stdout.decode()
for opt in ("--max-steps", "--time-limit", "--write-limit", "--input-limit", "--context", "--threshold"):
    ok(f"lpnest --help: {opt}", opt in h)
ok("lpnest --help: the step limit as steps, with the benchmark's rate",
   "default 100G" in h and "step_rate.py" in h and "about four minutes" not in h)
ok("lpnest --help: the defaults of the limits", "default 256M" in h and "64M" in h)
ok("lpn --help: --input-limit", "--input-limit" in run(P + ["--help"]).stdout.decode())

print(f"{failures} failure(s)")
sys.exit(1 if failures else 0)
