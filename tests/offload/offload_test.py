#!/usr/bin/env python3
"""offload_test.py — lpnest --accel on hand-computable timelines.

tests/data/offload/prog.c offloads work(n) (or start(n)/finish() asynchronously)
to tests/data/offload/serve.yaml, a single server taking `cost` cycles per
token; the token function makes n tokens of cost 10 + i, so a call of 4 tokens
to an idle server is done 10+11+12+13 = 46 accelerator cycles after it is issued.
Every expectation is derived by hand from that and from the same program's
estimate without accelerators (whose per-function inclusive cycles are what the
offloaded bodies cost in software).

usage: offload_test.py --lpnest PATH --clang PATH --src DIR --app-include DIR --work DIR"""
import argparse
import json
import os
import subprocess
import sys

P = argparse.ArgumentParser()
for a in ("--lpnest", "--clang", "--src", "--app-include", "--work"):
    P.add_argument(a, required=True)
A = P.parse_args()
os.makedirs(A.work, exist_ok=True)
FAILS = []


def ok(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name + ("" if cond else "   " + str(detail)))
    if not cond:
        FAILS.append(name)


def work(name):
    return os.path.join(A.work, name)


SERVE = os.path.join(A.src, "serve.yaml")
LINK = os.path.join(A.src, "link.yaml")
BC = work("prog.bc")
subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32", "-O2", "-g",
                "-I", A.app_include, "-emit-llvm", "-c", os.path.join(A.src, "prog.c"), "-o", BC], check=True)


def run(system, *args, expect=0):
    cmd = [A.lpnest, BC, "--target=picorv32", "--format=json", "--quiet"]
    if system is not None:
        path = work("system.yaml")
        with open(path, "w") as f:
            f.write(system)
        cmd.append("--accel=" + path)
    cmd += ["--"] + list(args)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != expect:
        return None, r
    return (json.loads(r.stdout[r.stdout.index("{"):]) if expect == 0 else None), r


def incl(report, name):
    return sum(f["inclusive_cycles"] for f in report["functions"] if f["name"] == name)


def close(a, b, tol=1e-6):
    return abs(a - b) <= tol * max(1.0, abs(b))


def system(offload, accel_extra="", model=SERVE):
    return f"""lpnest_system: 1
accelerators:
  srv:
    model: {model}
{accel_extra}offloads:
{offload}"""


SYNC = """  - function: work
    accel: srv
    tokens: work_tokens
    invoke_cycles: 100
"""

# ---- synchronous ----
base, _ = run(None, "0")
with_, r = run(system(SYNC), "0")
ok("sync: runs", with_ is not None, r.stderr)
if with_:
    sw = incl(base, "work")
    ok("sync: host = software without work + invoke 100 + latency 46",
       close(with_["total"]["cycles"], base["total"]["cycles"] - sw + 146),
       (with_["total"]["cycles"], base["total"]["cycles"], sw))
    acc = with_["accelerators"][0]
    ok("sync: one call, latency 46, busy 46, all of it waited for",
       acc["calls"] == 1 and acc["latencies"] == [46] and close(acc["busy_cycles"], 46) and close(acc["wait_cycles"], 46)
       and close(acc["overlap_cycles"], 0), acc)
    w = with_["whatifs"][0]
    ok("sync: what-if software = work's inclusive cycles without accelerators, offloaded = 146",
       close(w["software_cycles"], sw) and close(w["offloaded_cycles"], 146), w)
    ctx = [c for c in with_["contexts"] if c["function"] == "work"]
    ok("sync: work's context costs the host 146", len(ctx) == 1 and close(ctx[0]["inclusive_cycles"], 146), ctx)

# token expressions instead of a token function
EXPR = """  - function: work
    accel: srv
    tokens:
      - place: start
        count: a0
        props: {cost: "10 + i", bytes: 5}
    invoke_cycles: "25 * a0"
"""
expr, r = run(system(EXPR), "0")
ok("expressions: same tokens, invoke 25*a0 = 100: same total as the token function",
   expr is not None and with_ is not None and close(expr["total"]["cycles"], with_["total"]["cycles"]),
   r.stderr if expr is None else (expr["total"]["cycles"], with_ and with_["total"]["cycles"]))

# a clock of half the host's: 46 accelerator cycles are 92 host cycles
half, r = run(system(SYNC, "    clock_mhz: 50\n"), "0")
ok("clock ratio: latency 46 at 50 MHz = 92 host cycles at 100 MHz",
   half is not None and close(half["total"]["cycles"], base["total"]["cycles"] - incl(base, "work") + 192)
   and half["accelerators"][0]["latencies"] == [92], r.stderr if half is None else half["accelerators"])

# an interconnect in front: tokens cross in 5 cycles each, one at a time, and
# reach the server at 5, 10, 15, 20; it finishes them at 15, 26, 38, 51
ic, r = run(system(SYNC, f"    interconnect:\n      model: {LINK}\n"), "0")
ok("interconnect: crossings of 5 cycles delay the server: done at 51",
   ic is not None and ic["accelerators"][0]["latencies"] == [51]
   and close(ic["total"]["cycles"], base["total"]["cycles"] - incl(base, "work") + 151),
   r.stderr if ic is None else ic["accelerators"])

# ---- asynchronous ----
ASYNC = """  - function: start
    accel: srv
    tokens: start_tokens
    invoke_cycles: 100
    mode: async
    wait: finish
"""
for mode, it, name in (("1", "5", "a wait that returns at once (5000 iterations of host work)"),
                       ("1", "0", "a wait that waits (no host work in between)"),
                       ("2", "0", "two calls in flight")):
    b, _ = run(None, mode, it)
    # two calls: an invoke cost shorter than the latency, so the second queues
    invoke = 10 if mode == "2" else 100
    a, r = run(system(ASYNC.replace("invoke_cycles: 100", f"invoke_cycles: {invoke}")), mode, it)
    ok(f"async, {name}: runs", a is not None, r.stderr)
    if not a:
        continue
    acc = a["accelerators"][0]
    calls = 2 if mode == "2" else 1
    sw = incl(b, "start") + incl(b, "finish")
    ok(f"async, {name}: host = software without start/finish + {calls} x invoke {invoke} + the wait",
       close(a["total"]["cycles"], b["total"]["cycles"] - sw + invoke * calls + acc["wait_cycles"]),
       (a["total"]["cycles"], b["total"]["cycles"], sw, acc))
    ok(f"async, {name}: busy = wait + overlap", close(acc["busy_cycles"], acc["wait_cycles"] + acc["overlap_cycles"]), acc)
    if mode == "1" and it == "5":
        ok(f"async, {name}: nothing waited, 46 cycles overlapped",
           close(acc["wait_cycles"], 0) and close(acc["overlap_cycles"], 46) and acc["latencies"] == [46], acc)
    elif mode == "1":
        ok(f"async, {name}: part of the 46 cycles waited", 0 < acc["wait_cycles"] < 46 and acc["latencies"] == [46], acc)
    else:
        # the second call, issued 10 + a few cycles after the first, queues
        # behind it: the server is busy 92 cycles without a break and the
        # second call is done 92 cycles after the first was issued
        ok(f"async, {name}: busy 92 cycles, latencies 46 and 92 - (gap >= 10)",
           close(acc["busy_cycles"], 92) and acc["latencies"][0] == 46 and 46 < acc["latencies"][1] <= 82, acc)
    w = a["whatifs"][0]
    ok(f"async, {name}: what-if software = start and finish in software", close(w["software_cycles"], sw), (w, sw))

# ---- errors, with their locations ----
def error_case(name, sys_text, needle, args=("0",)):
    _, r = run(sys_text, *args, expect=1)
    ok(name, r.returncode == 1 and needle in r.stderr, (r.returncode, r.stderr[-600:]))


error_case("error: an offloaded function the program lacks (system file line)",
           system(SYNC.replace("function: work", "function: nosuch")),
           "system.yaml:6:5: error: offloaded function 'nosuch' is not defined")
error_case("error: a model that does not exist",
           system(SYNC, model=work("missing.yaml")), "cannot use the model")
error_case("error: an unknown key", system(SYNC + "    colour: red\n"), "system.yaml:10:5: error: unknown key 'colour'")
error_case("error: an asynchronous offload without a wait",
           system(SYNC + "    mode: async\n"), "needs `wait:`")
error_case("error: a token function with other parameters",
           system(SYNC.replace("work_tokens", "finish")), "must take the same parameters as 'work'")
error_case("error: a token expression reading an argument the call lacks (call site)",
           system(EXPR.replace("count: a0", "count: a5")), "the call has no argument a5")
error_case("error: ... and the call site's source line is named",
           system(EXPR.replace("count: a0", "count: a5")), "prog.c:")
error_case("error: a bad expression (column of the mistake)",
           system(EXPR.replace('"25 * a0"', '"25 * * a0"')), "system.yaml:12:26: error: expected a number")
error_case("error: the LPN cannot make the done tokens asked for (deadlock during the call)",
           system(SYNC + "    done_tokens: 5\n"), "stopped before the call of 'work' was done (4 of 5 done tokens)")
error_case("error: a property the place does not have",
           system(EXPR.replace("bytes: 5", "bytes: 5, size: 1")), "place 'start' has no property 'size'")

print(f"{'ALL PASSED' if not FAILS else str(len(FAILS)) + ' FAILED'}")
sys.exit(1 if FAILS else 0)
