#!/usr/bin/env python3
"""step_rate.py — how long lpnest's default step limit (--max-steps, 100G IR
instructions) lets a program that never stops run: three such programs (a
counter loop on a volatile global, a loop of calls, a loop over an array),
compiled for riscv32, each stopped by --max-steps=N; the rate is N over the
wall time of the run minus the time of a run stopped at once (start-up and
code loading). Prints steps/s per program and the minutes 100G steps take at
that rate, the figure `lpnest --help` quotes for --max-steps.

usage: step_rate.py --lpnest BUILD/estimator/lpnest [--clang clang-19]
                    [--steps 2G] [--runs 3]

Measured (the figures in `lpnest --help`; 2 cores shared by several builds,
load average 16; an idle machine runs several times faster, README "How good
it is": 370-520 M IR instructions/s on the corpus), --steps 1G, one run:
  counter 103 M steps/s (100G: 17.4 min), calls 48 (37.1 min), array 158 (11.3 min).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

PROGRAMS = {
    "counter": "volatile unsigned sink;\nint main(void) { for (;;) sink++; }\n",
    "calls": ("__attribute__((noinline)) unsigned step(unsigned x) { return x * 2654435761u + 1; }\n"
              "volatile unsigned sink;\n"
              "int main(void) { unsigned x = 1; for (;;) { x = step(x); sink = x; } }\n"),
    "array": ("static unsigned a[4096];\nvolatile unsigned sink;\n"
              "int main(void) { for (unsigned i = 0;; i++) { a[i & 4095] += i; sink = a[(i * 7) & 4095]; } }\n"),
}
DEFAULT_LIMIT = 100 * 2**30


def size(s):
    mul = {"k": 2**10, "M": 2**20, "G": 2**30}.get(s[-1], 1)
    return int(s[:-1] if mul > 1 else s) * mul


def run_time(cmd, runs):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        times.append(time.perf_counter() - t0)
        if "step limit" not in r.stderr:
            sys.exit(f"step_rate: {' '.join(cmd)} did not stop at the step limit:\n{r.stderr[-500:]}")
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--steps", default="2G")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    steps = size(a.steps)
    print(f"{'program':<8} {'M steps/s':>10} {'100G steps':>12}")
    rates = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, src in PROGRAMS.items():
            c = os.path.join(tmp, name + ".c")
            bc = os.path.join(tmp, name + ".bc")
            with open(c, "w") as f:
                f.write(src)
            subprocess.run([a.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-O2", "-emit-llvm", "-c", c,
                            "-o", bc], check=True)
            base = [a.lpnest, bc, "--counts", "-o", os.devnull, "--quiet"]
            t0 = run_time(base + ["--max-steps=1"], a.runs)
            t = run_time(base + [f"--max-steps={steps}"], a.runs)
            rate = steps / max(t - t0, 1e-9)
            rates.append(rate)
            print(f"{name:<8} {rate / 1e6:>10.0f} {DEFAULT_LIMIT / rate / 60:>9.1f} min", flush=True)
    print(f"100G steps (the default --max-steps) take {DEFAULT_LIMIT / max(rates) / 60:.1f} to "
          f"{DEFAULT_LIMIT / min(rates) / 60:.1f} minutes at these rates")


if __name__ == "__main__":
    main()
