#!/usr/bin/env python3
"""engine_diff.py -- the compiled tier against the interpreter (issue 30): every program
runs under `lpnest --engine=interp` (the reference), `--engine=jit` (compiled before main
runs) and `--engine=auto` with LPNEST_JIT_FIRST set low (interpreted first, compiled in a
child while the run goes on, entered at calls and loop edges: the switch lands at a
different instant on every run), optionally `mixed` (--engine=jit with every other
function left to the interpreter, LPNEST_JIT_EVERY=2: calls between the tiers both ways),
optionally `unkept` (--engine=interp with LPNEST_NO_KEPT_RUNS=1: every call of a runtime
routine run, none served by a kept run of the same operands, estimator/cost/routine_runs.c),
optionally `tworuns` (--engine=interp with LPNEST_TWO_RUNS=1: an estimate's calling contexts
from its timed run, not from its counting run, estimator/offload/timing_one.c),
optionally `cached` (--engine=jit with --jit-cache=DIR three times: the first run compiles and
stores its code, the second links it from DIR and compiles nothing, the third finds every
stored file damaged (one byte flipped), compiles and stores again; all three compared),
optionally `cached-auto` (the same with --engine=auto and LPNEST_JIT_FIRST set low: the second
run links its first round's code before main runs, from the cache's index of the module),
and each must give byte-identical results: the exit
status, the program's stdout and lpnest's stderr (the program's messages and a fault's
`file:line:col: error: ...`), and the output file: the count records (`--counts`) and the
full estimate's report (`--target=CORE --format=json`, counting run and timed run).

Programs: the corpus, foreign and embedded bitcode of a build (default sizes), the fault
programs of tests/data/cli (null pointer, out of bounds, read-only memory, division by
zero, misalignment, unreachable, abort, bad free, stack overflow, the step limit) and
tests/data/harden/sandbox.c (an fopen the sandbox refuses), deep recursion
(benchmarks/engine/deep_recursion.c: compiled activations nest on the host's stack), and
csmith programs made at run time (the same options as benchmarks/accuracy/csmith-sweep;
--max-steps caps the ones that run long, so the step-limit fault is compared as well).

usage: engine_diff.py --lpnest LPNEST --build DIR [--targets riscv32,ppc,avr,host]
                      [--sets corpus,foreign,embedded,faults,csmith] [--programs a,b,...]
                      [--seeds A-B|A,B,...] [--modes counts,estimate] [--estimate-programs a,b,...]
                      [--engines jit,auto,mixed,unkept,tworuns,cached,cached-auto] [--auto-programs a,b,...]
                      [--jobs N] [--max-steps N] [--small] [--expect-shared] [--jit-first N] [--keep DIR] [--quiet]
                      [--expect-one-run a,b,...] [--expect-two-runs a,b,...] [--timeout S]

--estimate-programs: the full estimate only for these (default: every program that ran).
--auto-programs: the engines other than jit (auto, mixed, unkept, cached) only for these (default:
every program).
--expect-shared: also a difference when an estimate with jit, mixed or auto compiles in its timed run,
or does not run there every function its counting run compiled (one compilation per estimate); every
engine then runs the timed run (LPNEST_TWO_RUNS=1).
--expect-one-run, --expect-two-runs: also a difference when the interpreter's estimate of one of
these programs did not take its calling contexts from its counting run (or did not run the timed
run: a call may be a slice).
--timeout S: a run taking longer is a crash (default 600).
--jit-first N: auto's first compilation after N IR instructions (LPNEST_JIT_FIRST; default 20000).
--small: csmith programs of the AVR's size on every target (few functions, small arrays:
cheap to compile, for ctest).
Prints one line per difference and a summary per target (programs, runs compared, how many
the tier compiled at all, differences, crashes); exit 1 on a difference or a crash of any
engine, 2 on bad usage. A program that fails to build (csmith's code the target's clang
rejects) is counted and skipped."""
import argparse
import collections
import concurrent.futures
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.normpath(os.path.join(HERE, "..", ".."))
ACC = os.path.join(SRC, "benchmarks", "accuracy")
sys.path.insert(0, ACC)
import blockcmp  # noqa: E402  (the corpus's clang flags per target)


def csmith_options():
    """csmith's options per target, as the accuracy sweep uses them"""
    loader = importlib.machinery.SourceFileLoader("csmith_sweep", os.path.join(ACC, "csmith-sweep"))
    spec = importlib.util.spec_from_loader("csmith_sweep", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod.CSMITH


CORE = {"riscv32": "picorv32", "ppc": "ppc405", "avr": "atmega2560", "host": "host"}
BUILD_DIR = {"riscv32": "riscv32", "ppc": "ppc", "avr": "avr", "host": "x86-64"}
CLI = os.path.join(SRC, "tests", "data", "cli")
# fault programs: (name, source, targets or None for all, lpnest options, program args, -O level)
FAULTS = [
    ("null", os.path.join(CLI, "null.c"), None, [], [], "-O1"),
    ("oob", os.path.join(CLI, "oob.c"), ["riscv32", "ppc", "host"], [], [], "-O1"),
    ("rodata", os.path.join(CLI, "rodata.c"), None, [], [], "-O1"),
    ("divzero", os.path.join(CLI, "divzero.c"), None, [], [], "-O1"),
    ("misaligned", os.path.join(CLI, "misaligned.c"), ["riscv32", "host"], [], [], "-O1"),
    ("unreachable", os.path.join(CLI, "unreachable.c"), None, [], [], "-O0"),
    ("abort", os.path.join(CLI, "aborts.c"), None, [], [], "-O1"),
    ("badfree", os.path.join(CLI, "badfree.c"), None, [], [], "-O1"),
    ("stackoverflow", os.path.join(CLI, "stackoverflow.c"), ["riscv32", "avr"], [], [], "-O1"),
    ("maxsteps", os.path.join(CLI, "forever.c"), None, ["--max-steps=1M"], [], "-O1"),
    ("sandbox", os.path.join(SRC, "tests", "data", "harden", "sandbox.c"), ["host"], [], ["/etc/hostname"], "-O1"),
    ("deep", os.path.join(HERE, "deep_recursion.c"), ["riscv32", "ppc", "host"], [], [], "-O2"),
    # (not a fault) calling contexts from the counting run: short calls, recursion, strcmp priced
    # per call, exit() two calls deep; one_run_slice: a call entered once that is a slice;
    # one_run_long: one of many calls of a context is a slice (the timed run runs)
    ("one_run", os.path.join(HERE, "one_run.c"), None, [], [], "-O1"),
    ("one_run_slice", os.path.join(HERE, "one_run.c"), None, [], ["20000"], "-O1"),
    ("one_run_long", os.path.join(HERE, "one_run.c"), None, [], ["20000", "x"], "-O1"),
]


def run(cmd, cwd=None, env=None, timeout=600):
    try:
        r = subprocess.run(cmd, capture_output=True, cwd=cwd, env=env, timeout=timeout)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""


def engine_env(engine, jit_first=20000):
    env = dict(os.environ)
    env.pop("LPNEST_JIT_STATS", None)
    if engine in ("jit", "mixed", "auto") or engine.startswith("cached"):
        env["LPNEST_JIT_STATS"] = "1"  # (its lines are taken out of stderr before comparing)
    if engine == "auto" or engine.startswith("cached-auto"):
        env["LPNEST_JIT_FIRST"] = str(jit_first)
    if engine == "mixed":  # every other function compiled: calls between the tiers both ways
        env["LPNEST_JIT_EVERY"] = "2"
    if engine == "unkept":  # every routine call run: no run kept by its operands
        env["LPNEST_NO_KEPT_RUNS"] = "1"
    if engine == "tworuns":  # the timed run always, not the counting run's contexts
        env["LPNEST_TWO_RUNS"] = "1"
    return env


def shared_problem(err):
    """with --expect-shared: what is wrong with a jit estimate's compilations (None: the timed run
    compiled nothing and ran every function the counting run compiled)"""
    runs = [line for line in err.splitlines() if line.startswith(b"lpnest: jit: ") and b" rounds, " in line]
    if len(runs) != 2:
        return "%d runs reported by LPNEST_JIT_STATS, not 2" % len(runs)
    first, timed = runs
    try:
        compiled = int(first.split(b" rounds, ")[1].split(b" functions")[0])
        again = int(timed.split(b" rounds, ")[1].split(b" functions")[0])
        reused = int(timed.split(b"compiled, ")[1].split(b" run compiled code")[0])
    except (IndexError, ValueError):
        return "no reuse reported: %r" % timed
    if compiled == 0 or again != 0 or reused != compiled:
        return "counting run compiled %d functions; the timed run compiled %d and ran %d of the first's" % (
            compiled, again, reused)
    return None


def cache_counts(err):
    """(rounds linked from the code cache, rounds compiled and stored) over a process's runs"""
    linked = stored = 0
    for line in err.splitlines():
        if line.startswith(b"lpnest: jit: code cache: "):
            words = line.split()
            linked += int(words[4])
            stored += int(words[9])
    return linked, stored


def damage(folder):
    """flips one byte in the middle of every file in FOLDER; how many"""
    n = 0
    for f in os.listdir(folder):
        p = os.path.join(folder, f)
        with open(p, "r+b") as fh:
            data = fh.read()
            fh.seek(len(data) // 2)
            fh.write(bytes([data[len(data) // 2] ^ 0x40]))
        n += 1
    return n


def cache_folder_problems(lpnest, bc, work, exit_code):
    """the code cache refuses a folder others may write into, and a file: [(kind, detail)]"""
    problems = []
    bad = os.path.join(work, "open-cache")
    os.makedirs(bad, exist_ok=True)
    os.chmod(bad, 0o777)
    plain = os.path.join(work, "plain-file")
    open(plain, "w").close()
    for folder, why in ((bad, b"others may write into it"), (plain, b"not a folder")):
        code, _, se = run([lpnest, bc, "--engine=auto", "--jit-cache=" + folder, "--quiet", "--counts", "-o",
                           os.path.join(work, "out.cache")])
        if code != exit_code or why not in se or b"the code is compiled, not cached" not in se or \
                (os.path.isdir(folder) and os.listdir(folder)):
            problems.append(("diff", "code cache %s: exit %s (expected %s), stderr %r, files %r" % (
                folder, code, exit_code, se[-300:], os.listdir(folder) if os.path.isdir(folder) else None)))
    return problems


def split_stats(err):
    """stderr without the tier's statistics, and whether they say a function was compiled"""
    keep, compiled = [], False
    for line in err.splitlines(keepends=True):
        if line.startswith(b"lpnest: jit: "):
            compiled |= b"functions (" in line and b"rounds, 0 functions" not in line
        else:
            keep.append(line)
    return b"".join(keep), compiled


def compare(a, lpnest, case, mode, work):
    """[(kind, detail)]: differences between the engines on one program and mode"""
    target, name, bc, opts, args = case[:5]
    res = {}
    problems = []
    compiled = False
    engines = [e for e in a.engines if e == "jit" or not a.auto_programs or name in a.auto_programs.split(",")]
    for kind in ("cached", "cached-auto"):  # its three runs in turn: stores, links, finds the files damaged
        if kind in engines:
            i = engines.index(kind)
            engines[i:i + 1] = [kind, kind + "-linked", kind + "-damaged"]
    cache = os.path.join(work, "jitcache")
    stored = 0
    for engine in ["interp"] + engines:
        out = os.path.join(work, "out.%s" % engine)
        cmd = [lpnest, bc, "--engine=" + {"mixed": "jit", "unkept": "interp", "tworuns": "interp"}.get(engine, engine),
               "--quiet", "-o",
               out] + opts
        if engine.startswith("cached"):
            cmd[1:3] = [bc, "--engine=" + ("auto" if engine.startswith("cached-auto") else "jit"), "--jit-cache=" + cache]
            if engine in ("cached", "cached-auto"):
                shutil.rmtree(cache, ignore_errors=True)
            if engine.endswith("-damaged") and stored and not damage(cache):
                problems.append(("diff", "%s %s %s: nothing in the code cache to damage" % (target, name, mode)))
        cmd += ["--counts"] if mode == "counts" else ["--target=" + CORE[target], "--format=json",
                                                       "--allow-unpriced"]
        cmd += ["--max-steps=%s" % a.max_steps] if not any(o.startswith("--max-steps") for o in opts) else []
        env = engine_env(engine, a.jit_first)
        if a.expect_shared:  # (the two runs whose code is shared: not one run, timing_one.c)
            env["LPNEST_TWO_RUNS"] = "1"
        if engine == "interp" and mode == "estimate" and (a.expect_one_run or a.expect_two_runs):
            env["LPNEST_JIT_STATS"] = "1"  # (whether one run served)
        code, so, se = run(cmd + ["--"] + args, cwd=work, env=env, timeout=a.timeout)
        if engine == "interp" and mode == "estimate" and code in (0, 1):
            for names, want in ((a.expect_one_run, b"lpnest: jit: timing: one run"),
                                (a.expect_two_runs, b"lpnest: jit: timing: the timed run")):
                if name in names.split(",") and want not in se:
                    problems.append(("diff", "%s %s %s: expected '%s': %s" % (target, name, mode, want.decode(), se[-300:])))
        if a.expect_shared and mode == "estimate" and engine in ("jit", "mixed", "auto") and code == 0:
            why = shared_problem(se)
            if why:
                problems.append(("diff", "%s %s %s %s: not one compilation: %s" % (target, name, mode, engine, why)))
        data = b""
        if os.path.exists(out):
            with open(out, "rb") as f:
                data = f.read()
            os.unlink(out)
        if code == "timeout" or code < 0 or b"Stack dump" in se or b"LLVM ERROR" in se:
            problems.append(("crash", "%s %s %s %s: %s" % (target, name, mode, engine, code)))
        if engine.startswith("cached") and code in (0, 1):
            got = cache_counts(se)
            step = engine.split("-")[-1]
            want = {"linked": (stored, 0), "damaged": (0, stored)}.get(step)
            if step in ("cached", "auto"):  # the first run
                stored = got[1]
                want = (0, got[1]) if got[1] or code else (0, "at least 1")
            elif engine.startswith("cached-auto") and got[0] >= 1:
                # (auto: the later rounds' functions depend on when its looks land, so they may
                # differ from the first run's: at least the first round linked)
                want = got
            if got != want:
                problems.append(("diff", "%s %s %s %s: code cache rounds linked/stored %r, expected %r" % (
                    target, name, mode, engine, got, want)))
            if mode == "estimate" and code == 0:  # the core's code (lower/) is kept there too
                low = (se.count(b"lpnest: jit: lowering: the core's code from the code cache"),
                       se.count(b"lpnest: jit: lowering: the core's code compiled and stored"))
                if (low[0] > 0) != (step == "linked") or (low[1] > 0) == (step == "linked"):
                    problems.append(("diff", "%s %s %s %s: the core's code from the cache/compiled %r" % (
                        target, name, mode, engine, low)))
        se, c = split_stats(se.replace(out.encode(), b"OUT"))
        compiled |= c
        res[engine] = (code, so, se, data)
    ref = res["interp"]
    if any(e.startswith("cached") for e in engines) and mode == "counts":
        problems += cache_folder_problems(lpnest, bc, work, ref[0])
    for engine in engines:
        got = res[engine]
        for i, what in enumerate(("exit status", "stdout", "stderr", "output file")):
            if got[i] != ref[i]:
                problems.append(("diff", "%s %s %s: %s: %s differs from interp: %s" % (
                    target, name, mode, engine, what, first_diff(ref[i], got[i]))))
    return problems, ref[0], compiled


def first_diff(x, y):
    if isinstance(x, int) or isinstance(x, str):
        return "%r, %r" % (x, y)
    n = next((i for i in range(min(len(x), len(y))) if x[i] != y[i]), min(len(x), len(y)))
    return "at byte %d: %r / %r" % (n, x[max(0, n - 30):n + 50], y[max(0, n - 30):n + 50])


def cases_for(a, target, work):
    """[(target, name, bitcode, lpnest options, program args)], build failures"""
    out, failed = [], 0
    flags = blockcmp.FLAGS[target]
    sets = a.sets
    wanted = set(a.programs.split(",")) if a.programs else None
    for s in ("corpus", "foreign", "embedded"):
        if s not in sets:
            continue
        d = os.path.join(a.build, "benchmarks", s, BUILD_DIR[target])
        for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            name = f[:-3]
            if f.endswith(".bc") and (wanted is None or name in wanted):
                out.append((target, name, os.path.join(d, f), [], []))
    if "faults" in sets:
        for name, src, targets, opts, args, olevel in FAULTS:
            if targets and target not in targets or (wanted is not None and name not in wanted):
                continue
            bc = os.path.join(work, "%s.%s.bc" % (name, target))
            code, _, _ = run(["clang-19"] + flags + [olevel, "-g", "-emit-llvm", "-c", src, "-o", bc])
            if code != 0:
                failed += 1
                continue
            out.append((target, name, bc, opts, args))
    if "csmith" in sets:
        opts = csmith_options()["avr" if a.small else target]
        for seed in a.seeds:  # (made by the worker that runs it: build_csmith)
            c = os.path.join(work, "csmith%d.%s.c" % (seed, target))
            out.append((target, "csmith%d" % seed, c[:-2] + ".bc", [], [], (seed, c, opts, flags)))
    return out, failed


def build_csmith(work, seed, c, opts, flags):
    """csmith's program SEED as bitcode next to C; whether it was made"""
    code, _, _ = run(["csmith", "--seed", str(seed), "-o", c] + opts, cwd=work)
    if code == 0:
        code, _, _ = run([blockcmp.CLANG] + flags + blockcmp.CFLAGS +
                         ["-I", os.path.join(ACC, "csmith"), "-w", "-g", "-emit-llvm", "-c", c, "-o", c[:-2] + ".bc"])
    return code == 0


def parse_seeds(text):
    seeds = []
    for part in filter(None, text.split(",")):
        if "-" in part:
            x, y = part.split("-", 1)
            seeds.extend(range(int(x), int(y) + 1))
        else:
            seeds.append(int(part))
    return seeds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], usage=__doc__.split("usage: ")[1].split("\n\n")[0])
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--targets", default="riscv32,ppc,avr,host")
    ap.add_argument("--sets", default="corpus,foreign,embedded,faults,csmith")
    ap.add_argument("--programs", default="")
    ap.add_argument("--seeds", default="1-5")
    ap.add_argument("--modes", default="counts,estimate")
    ap.add_argument("--engines", default="jit,auto")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-steps", default="200M")
    ap.add_argument("--estimate-programs", default="")
    ap.add_argument("--auto-programs", default="")
    ap.add_argument("--small", action="store_true")
    ap.add_argument("--keep")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--expect-shared", action="store_true")
    ap.add_argument("--jit-first", type=int, default=20000)
    ap.add_argument("--expect-one-run", default="")
    ap.add_argument("--expect-two-runs", default="")
    ap.add_argument("--timeout", type=int, default=600)
    a = ap.parse_args()
    a.sets = a.sets.split(",")
    a.seeds = parse_seeds(a.seeds)
    a.engines = a.engines.split(",")
    modes = a.modes.split(",")
    if any(t not in CORE for t in a.targets.split(",")) or any(m not in ("counts", "estimate") for m in modes) or \
            any(e not in ("jit", "auto", "mixed", "unkept", "tworuns", "cached", "cached-auto") for e in a.engines) or \
            a.jobs < 1:
        ap.print_usage(sys.stderr)
        return 2
    for tool in ["clang-19"] + (["csmith"] if "csmith" in a.sets else []):
        if not shutil.which(tool):
            sys.stderr.write("engine_diff: %s is not installed (scripts/deps.sh)\n" % tool)
            return 2
    lpnest = os.path.abspath(a.lpnest)
    top = a.keep or tempfile.mkdtemp(prefix="engine_diff.")
    os.makedirs(top, exist_ok=True)
    bad = 0
    try:
        for target in a.targets.split(","):
            work = os.path.join(top, target)
            os.makedirs(work, exist_ok=True)
            cases, failed = cases_for(a, target, work)
            stats = collections.Counter()

            def one(i_case):
                i, case = i_case
                w = os.path.join(work, "run%d" % i)
                os.makedirs(w, exist_ok=True)
                if len(case) > 5 and not build_csmith(w, *case[5]):
                    return None
                found, codes, compiled = [], [], False
                for mode in modes:
                    # a fault stops both runs of an estimate alike: the counting run compares it
                    if mode == "estimate" and (codes and codes[0] != 0 or a.estimate_programs and
                                               case[1] not in a.estimate_programs.split(",")):
                        continue
                    p, code, c = compare(a, lpnest, case, mode, w)
                    found += p
                    codes.append(code)
                    compiled |= c
                return found, len(codes), compiled

            with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
                for res in pool.map(one, enumerate(cases)):
                    if res is None:
                        failed += 1
                        continue
                    found, nmodes, compiled = res
                    stats["programs"] += 1
                    stats["runs"] += nmodes
                    stats["compiled"] += compiled
                    for kind, detail in found:
                        stats[kind] += 1
                        print("%-6s %s" % (kind.upper(), detail), flush=True)
                    if not a.quiet and stats["programs"] % 50 == 0:
                        print("%s: %d programs so far, %d differences, %d crashes" % (
                            target, stats["programs"], stats["diff"], stats["crash"]), flush=True)
            bad += stats["diff"] + stats["crash"]
            print("%s: %d programs (%d the tier compiles, %d not built), %d program runs x %d engines compared with "
                  "interp; %d differences, %d crashes" % (target, stats["programs"], stats["compiled"], failed,
                                                          stats["runs"], len(a.engines), stats["diff"], stats["crash"]),
                  flush=True)
    finally:
        if not a.keep:
            shutil.rmtree(top, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
