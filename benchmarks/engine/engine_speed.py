#!/usr/bin/env python3
"""engine_speed.py — speed of lpnest's IR execution engine on the corpus
(riscv32 bitcode, counting included), next to qemu-riscv32 running the same
program built from the same bitcode. Each program's size argument is scaled
until lpnest executes about --target IR instructions; times are medians of
--runs whole-process runs. Prints a Markdown table and the totals.

With --scaling F: each program at its small start size and at F times it
(the same program, the same binary for qemu), lpnest's time over
qemu-riscv32's at both sizes: where start-up dominates and where execution
does (README "How good it is"); these times are CPU seconds (user and system,
lpnest's compiler process included; wall time on a machine shared with other
work varies by 2x). --engines interp,jit,auto times each engine
(--engine=); --estimate also times the full estimate (--target=picorv32: the
counting run, lowering and pricing, the timed run). For each engine it also
reports the compiled tier's own cost (LPNEST_JIT_STATS: the compiler
process's CPU seconds, summed over the estimate's two runs) and the peak
resident memory (the largest of lpnest and its compiler process), next to
the interpreter's. An engine named jit-cached or auto-cached is that engine
with --jit-cache=DIR: one untimed run stores the compiled code in a fresh
DIR, and the timed runs link it from there (a warm cache: a program run
again, or on another input of the same memory layout).

usage: engine_speed.py --lpnest BUILD/estimator/lpnest --corpus BUILD/benchmarks/corpus
                       [--target 2e8] [--runs 3] [--programs a,b,...] [--scaling 100]
                       [--engines interp,jit,auto,jit-cached,auto-cached] [--estimate]"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# a starting size argument per program (argv[1]); scaled up from there
START = {"adpcm": 100000, "aes128": 2000, "bitint": 3000, "crc32": 200000, "dijkstra": 200,
         "feistel": 20000, "fir": 200, "interp": 40, "lpc": 20, "matmul": 20, "quicksort": 50000,
         "sad": 30, "sha256": 100000, "softdouble": 2000}


def runs_ok(cmd):
    return subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def timed(cmd, runs):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - t0)
        if r.returncode != 0:
            sys.exit("engine_speed: %s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr.decode()[-300:]))
    return statistics.median(times)


def measured(cmd, env=None):
    """(CPU seconds, peak RSS in MiB, the compiler's CPU seconds, wall seconds) of one run of CMD; CPU: user and
    system time of CMD and the processes it waited for (lpnest's compiler), which machines shared with other
    work measure far more steadily than wall time"""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    t = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit("engine_speed: %s failed (%d): %s" % (" ".join(cmd), p.returncode, err.decode()[-300:]))
    jit = sum(float(x) for x in re.findall(rb"([0-9.]+) s CPU in the compiler", err))
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0, jit, t


def timed_engine(cmd, runs):
    """medians of measured() over RUNS runs"""
    env = dict(os.environ, LPNEST_JIT_STATS="1")
    rs = [measured(cmd, env) for _ in range(runs)]
    return tuple(statistics.median(r[i] for r in rs) for i in range(4))


def lpnest_counts(lpnest, bc, arg, out):
    r = subprocess.run([lpnest, bc, "--counts", "--quiet", "-o", out, "--", str(arg)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if r.returncode != 0:
        sys.exit("engine_speed: lpnest failed on %s: %s" % (bc, r.stderr.decode()[-300:]))
    with open(out) as f:
        return json.load(f)["instructions"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--target", type=float, default=2e8)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--programs", default=",".join(START))
    ap.add_argument("--scaling", type=int, default=0)
    ap.add_argument("--engines", default="interp")
    ap.add_argument("--estimate", action="store_true")
    a = ap.parse_args()
    qemu = shutil.which("qemu-riscv32")
    tmp = tempfile.mkdtemp(prefix="engine_speed.")
    out = os.path.join(tmp, "counts.json")
    if a.scaling:
        if not qemu:
            sys.exit("engine_speed: --scaling needs qemu-riscv32")
        scaling(a, qemu, out)
        shutil.rmtree(tmp)
        return
    rows = []
    tot_insn = tot_l = tot_q = 0.0
    for name in a.programs.split(","):
        bc = os.path.join(a.corpus, "riscv32", name + ".bc")
        elf = os.path.join(a.corpus, "riscv32", name + ".elf")
        arg = START[name]
        n = lpnest_counts(a.lpnest, bc, arg, out)
        scale = max(1, round(a.target / max(n, 1)))
        arg = min(arg * scale, 100000000)
        # some programs bound their size (buffers, the bare runtime's heap)
        while arg > START[name] and qemu and not runs_ok([qemu, elf, str(arg)]):
            arg //= 2
        n = lpnest_counts(a.lpnest, bc, arg, out)
        tl = timed([a.lpnest, bc, "--counts", "--quiet", "-o", out, "--", str(arg)], a.runs)
        tq = timed([qemu, elf, str(arg)], a.runs) if qemu else float("nan")
        rows.append((name, arg, n, tl, n / tl / 1e6, tq, tl / tq))
        tot_insn += n
        tot_l += tl
        tot_q += tq
        print("%-10s done" % name, file=sys.stderr)
    print("| program | size arg | IR instructions | lpnest s | M IR instr/s | qemu-riscv32 s | lpnest/qemu |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print("| %s | %d | %s | %.3f | %.0f | %.3f | %.1f× |" % (r[0], r[1], format(r[2], ","), r[3], r[4], r[5], r[6]))
    print("| **all** | | %s | %.2f | **%.0f** | %.2f | **%.1f×** |"
          % (format(int(tot_insn), ","), tot_l, tot_insn / tot_l / 1e6, tot_q, tot_l / tot_q))
    shutil.rmtree(tmp)


def scaling(a, qemu, out):
    """lpnest/qemu at the start size and at a.scaling times it, per program, engine and kind of run"""
    engines = a.engines.split(",")
    kinds = ["counts"] + (["estimate"] if a.estimate else [])
    cols = [(k, e) for k in kinds for e in engines]
    print("CPU seconds (user + system, the compiler process included) of one run each\n")
    print("| program | size | IR instructions | qemu-riscv32 s | " +
          " | ".join("%s %s s (×qemu)" % (k, e) for k, e in cols) + " | compiler CPU s (jit) | peak MiB " +
          "/".join(engines) + " (%s) |" % kinds[-1])
    print("|---|---:|---:|---:|" + "---:|" * len(cols) + "---:|---:|")
    ratios = {c: ([], []) for c in cols}
    for name in a.programs.split(","):
        bc = os.path.join(a.corpus, "riscv32", name + ".bc")
        elf = os.path.join(a.corpus, "riscv32", name + ".elf")
        big = START[name] * a.scaling
        # programs bound their size (buffers, the bare runtime's heap): the largest that runs
        while big > START[name] and not runs_ok([qemu, elf, str(big)]):
            big //= 2
        if big <= START[name]:
            print("%-10s skipped: the program runs at no size above %d" % (name, START[name]), file=sys.stderr)
            continue
        for which, arg in enumerate((START[name], big)):
            n = lpnest_counts(a.lpnest, bc, arg, out)
            tq = timed_engine([qemu, elf, str(arg)], a.runs)[0]
            cells, mem, jit = [], {}, 0.0
            for kind, engine in cols:
                cmd = [a.lpnest, bc, "--quiet", "-o", out, "--engine=" + engine.replace("-cached", "")]
                cmd += ["--counts"] if kind == "counts" else ["--target=picorv32", "--format=json"]
                if engine.endswith("-cached"):  # a warm cache: filled by one untimed run
                    cache = os.path.join(os.path.dirname(out), "cache.%s.%s.%s.%d" % (engine, kind, name, arg))
                    cmd.append("--jit-cache=" + cache)
                    measured(cmd + ["--", str(arg)])
                t, rss, jcpu, _ = timed_engine(cmd + ["--", str(arg)], a.runs)
                cells.append("%.3f (%.2f×)" % (t, t / tq))
                ratios[(kind, engine)][which].append(t / tq)
                if kind == kinds[-1]:
                    mem[engine] = rss
                if engine == "jit" and kind == kinds[-1]:
                    jit = jcpu
            print("| %s | %d | %s | %.3f | %s | %.2f | %s |" % (
                name, arg, format(n, ","), tq, " | ".join(cells), jit, "/".join("%.0f" % mem[e] for e in engines)))
            sys.stdout.flush()
    gm = lambda v: statistics.geometric_mean(v) if v else float("nan")
    print()
    for (kind, engine), (small, large) in ratios.items():
        print("%s --engine=%s / qemu-riscv32, geometric mean over %d programs: %.2f× at the start sizes (%.2f–%.2f×), "
              "%.2f× at up to %d× (%.2f–%.2f×)" % (kind, engine, len(large), gm(small), min(small or [0]),
                                                   max(small or [0]), gm(large), a.scaling, min(large or [0]),
                                                   max(large or [0])))


if __name__ == "__main__":
    main()
