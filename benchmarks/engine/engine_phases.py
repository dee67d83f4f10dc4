#!/usr/bin/env python3
"""engine_phases.py — where a full estimate's CPU time goes, per phase, against qemu-riscv32.

For each corpus program at its 100x size: qemu-riscv32's CPU time (the least of 3), then for
each configuration one `--target=picorv32 --format=json` estimate and one `--counts` run,
CPU seconds (user + system, children included). The estimate runs with LPNEST_PHASE_TIMES=1
and LPNEST_JIT_STATS=1: lpnest's own CPU time at the start of each phase gives start-up
(everything before the counting run), the counting run, pricing and the timed run; the
compiler's CPU time is the compiled tier's statistics; the rest (after the report phase
starts, less the compiler) is the report and the children of the lowering. A configuration
is an engine (jit, auto, interp), with "-warm" for a run into a --jit-cache folder that one
untimed run of the same program and mode filled first.

    python3 benchmarks/engine/engine_phases.py --lpnest build/estimator/lpnest \\
        --corpus build/benchmarks/corpus/riscv32 [--programs fir,crc32] [--configs jit,auto-warm]
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

SIZES = {"fir": 20000, "sha256": 2500000, "crc32": 1250000, "quicksort": 156250, "aes128": 100000,
         "adpcm": 625000}


def run(cmd, env=None):
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = p.stderr.read().decode(errors="replace")
    _, _, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--corpus", required=True, help="the riscv32 corpus folder (NAME.bc and NAME.elf)")
    ap.add_argument("--programs", default=",".join(SIZES))
    ap.add_argument("--configs", default="jit,auto,jit-warm,auto-warm")
    a = ap.parse_args()
    env = dict(os.environ, LPNEST_PHASE_TIMES="1", LPNEST_JIT_STATS="1")
    work = tempfile.mkdtemp(prefix="engine_phases.")
    out = os.path.join(work, "out")
    cache = os.path.join(work, "cache")
    ratios = {}
    print("| program | size | config | qemu s | estimate s (×qemu) | counts s (×qemu) | start-up | counting run | "
          "pricing | timed run | lowering's children + report | compiler | peak MiB |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    try:
        for n in a.programs.split(","):
            arg = str(SIZES[n])
            tq = min(run(["qemu-riscv32", os.path.join(a.corpus, n + ".elf"), arg])[0] for _ in range(3))
            for cfg in a.configs.split(","):
                engine, warm = cfg.split("-")[0], cfg.endswith("-warm")
                base = [a.lpnest, os.path.join(a.corpus, n + ".bc"), "--quiet", "-o", out, "--engine=" + engine]
                if warm:
                    shutil.rmtree(cache, ignore_errors=True)
                    base.append("--jit-cache=" + cache)
                est = base + ["--target=picorv32", "--format=json", "--", arg]
                cnt = base + ["--counts", "--", arg]
                if warm:
                    run(est, env)
                    run(cnt, env)
                t, rss, err = run(est, env)
                tc = run(cnt, env)[0]
                at = {m[0].split()[0]: float(m[1]) for m in re.findall(r"phase (.+?) at ([0-9.]+) s CPU", err)}
                cs = sum(float(x) for x in re.findall(r"([0-9.]+) s CPU in the compiler", err))
                try:
                    parts = "%.2f | %.2f | %.2f | %.2f | %.2f | %.2f" % (
                        at["counting"], at["pricing"] - at["counting"], at["timed"] - at["pricing"],
                        at["report"] - at["timed"], t - at["report"] - cs, cs)
                except KeyError:
                    parts = "? | ? | ? | ? | ? | ?"
                ratios.setdefault(cfg, []).append((t / tq, tc / tq))
                print("| %s | %s | %s | %.3f | %.3f (%.2f×) | %.3f (%.2f×) | %s | %.0f |" % (
                    n, arg, cfg, tq, t, t / tq, tc, tc / tq, parts, rss))
                sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print()
    for cfg, v in ratios.items():
        g = [math.exp(sum(math.log(x[i]) for x in v) / len(v)) for i in (0, 1)]
        print("%s: estimate %.2f× qemu (max %.2f×), --counts %.2f× (max %.2f×); geometric means over %d programs" % (
            cfg, g[0], max(x[0] for x in v), g[1], max(x[1] for x in v), len(v)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
