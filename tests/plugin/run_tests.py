#!/usr/bin/env python3
"""run_tests.py — end-to-end tests of the clang plugin lpnest.so (plugin/README.md),
one ctest per check. Small C files are built with clang-19 and the plugin; every
expected number is derived independently of the plugin (the core's cost table, the
loop's trip count, llvm-profdata's counters, lpnest's IR execution engine, valgrind).

  estimate   a straight-line function's cycles per call = the sum of its instructions'
             costs in isa/picorv32.yaml (instructions from the assembly lpnest priced)
  loop       a loop with a constant trip count runs exactly that often per call
             with static frequencies (and a data-dependent one does not)
  pgo        with -fprofile-instr-use the counts per call are the profile's
  pgo_once   ... also for a function entered once with a long loop and
             __builtin_expect: as counted by an instrumented run of the same code
  budget     a function over budget fails the compile at its file:line:col; a limit of
             severity warning only warns
  remarks    -Rpass-analysis=lpnest and -fsave-optimization-record carry the cycles
  options    LPNEST_OPTIONS; -mllvm without -fplugin is refused by clang 19; -O0
  opt        opt-19 -load-pass-plugin gives the same report
  instrument instrumented corpus programs count exactly what the IR engine counts
  callgrind  lpnest --profile --target=host instructions = valgrind's within 1 %
  readme     the commands of plugin/README.md run as written
  build      a CMake project with the plugin in CMAKE_C_FLAGS (the -Xclang recipe of
             plugin/README.md) builds under -Werror, link step included; one source
             compiled into two objects gets two reports (%o), CMake's compiler checks
             none; a source outside the working directory keeps its full path
  naming     %o names the report after the object file; a computed goto gets a remark

Usage: run_tests.py TEST --build DIR --source DIR [--work DIR]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

import yaml

A = None
RV = ["--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32"]


def run(cmd, env=None, ok=True, **kw):
    e = dict(os.environ)
    e.pop("LPNEST_OPTIONS", None)
    if env:
        e.update(env)
    r = subprocess.run(cmd, capture_output=True, text=True, env=e, cwd=A.work, **kw)
    if ok and r.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stdout}\n{r.stderr}")
    return r


def check(cond, msg):
    if not cond:
        raise AssertionError(msg)
    print(f"ok: {msg}")


def plugin_flags(*opts):
    so = os.path.join(A.build, "plugin", "lpnest.so")
    flags = [f"-fpass-plugin={so}", f"-fplugin={so}"]
    for o in opts:
        flags += ["-mllvm", o]
    return flags


def data(name):
    return os.path.join(A.source, "tests", "plugin", "data", name)


def report(path):
    return json.load(open(os.path.join(A.work, path)))


def func(r, name):
    return next(f for f in r["functions"] if f["name"] == name)


# ---- estimate: straight-line cycles = sum of the instruction costs ----

def isa_costs(core):
    """Mnemonic -> cycles, or (cycles of its class, count, expansion) for a pseudo-instruction."""
    d = yaml.safe_load(open(os.path.join(A.source, "isa", core + ".yaml")))
    cyc = {}
    for c in d["classes"].values():
        for m in c["mnemonics"]:
            cyc[m] = c.get("cycles")
    for m, p in (d.get("pseudo") or {}).items():
        if "sequence" in p:
            cyc[m] = sum(cyc[x] for x in p["sequence"])
        else:
            cyc[m] = (d["classes"][p["class"]]["cycles"], p.get("count", 1), p.get("expand"))
    return cyc


def li_count(ops):
    v = int(ops.split(",")[-1], 0)
    v = (v + 2**31) % 2**32 - 2**31
    return 1 if -2048 <= v <= 2047 or v & 0xFFF == 0 else 2


def function_asm(text, name):
    """Mnemonics and operands of function NAME in assembly TEXT."""
    out, inside = [], False
    for line in text.splitlines():
        if re.match(rf"^{re.escape(name)}:", line):
            inside = True
            continue
        if inside and line.startswith(".Lfunc_end"):
            break
        if inside and re.match(r"^\s+[a-z]", line) and not line.strip().startswith("."):
            code = line.split("#")[0].strip()
            mn, _, ops = code.partition("\t") if "\t" in code else code.partition(" ")
            out.append((mn.strip(), ops.strip()))
    return out


def t_estimate():
    asm = os.path.join(A.work, "straight.s")
    run(["clang-19", *RV, "-O2", "-g", "-c", data("straight.c"), "-o", "straight.o",
         *plugin_flags("-lpnest-target=picorv32", "-lpnest-report=straight.json")],
        env={"LPNEST_DUMP_ASM": asm})
    r = report("straight.json")
    check(r["counts"]["source"] == "static", "the report says the counts are static")
    costs = isa_costs("picorv32")
    for name in ["mix", "poly"]:
        total, n = 0, 0
        for mn, ops in function_asm(open(asm).read(), name):
            c = costs[mn]
            if isinstance(c, tuple):
                base, count, expand = c
                count = li_count(ops) if expand == "riscv-li" else count
                c = base * count
                n += count
            else:
                n += 1
            total += c
        f = func(r, name)
        check(f["calls"] == 1 and f["inclusive_cycles"] == total,
              f"{name}: {f['inclusive_cycles']} cycles per call = sum of its {n} instructions' costs ({total})")
        check(f["instructions"] == n, f"{name}: {n} instructions per call")


# ---- loop: a constant trip count is exact with static frequencies ----

def t_loop():
    run(["clang-19", *RV, "-O2", "-g", "-c", data("loops.c"), "-o", "loops.o",
         *plugin_flags("-lpnest-target=picorv32", "-lpnest-report=loops.json")])
    r = report("loops.json")
    for name, trips in [("sum100", 100), ("scale37", 37), ("nested", 12 * 25)]:
        hc = max(b["count"] for b in r["blocks"] if b["function"] == name)
        check(hc == trips, f"{name}: the hottest block runs {hc} times per call (expected exactly {trips})")
    unknown = max(b["count"] for b in r["blocks"] if b["function"] == "until_zero")
    check(unknown not in (100, 37), f"until_zero (data-dependent): static heuristics give {unknown:.3f} per call")
    check(all(not b["estimated"] for b in r["blocks"] if b["function"] in ("sum100", "scale37")),
          "no count of the constant loops rests on an estimate")


# ---- pgo ----

def t_pgo():
    src = data("pgo.c")
    run(["clang-19", "-O2", "-fprofile-instr-generate", src, "-o", "pgo.gen"])
    run([os.path.join(A.work, "pgo.gen"), "7"], env={"LLVM_PROFILE_FILE": "pgo.profraw"})
    run(["llvm-profdata-19", "merge", "-o", "pgo.profdata", "pgo.profraw"])
    show = run(["llvm-profdata-19", "show", "--function=scan", "--counts", "pgo.profdata"]).stdout
    calls = int(re.search(r"Function count: (\d+)", show).group(1))
    blocks = [int(x) for x in re.search(r"Block counts: \[([^\]]*)\]", show).group(1).split(",")]
    # scan's counters: the loop body, then the branch taken inside it
    body, taken = blocks[0] / calls, blocks[1] / calls
    run(["clang-19", *RV, "-O2", "-g", "-c", src, "-o", "pgo.o", "-fprofile-instr-use=pgo.profdata",
         *plugin_flags("-lpnest-target=picorv32", "-lpnest-report=pgo.json")])
    run(["clang-19", *RV, "-O2", "-g", "-c", src, "-o", "pgo-static.o",
         *plugin_flags("-lpnest-target=picorv32", "-lpnest-report=pgo-static.json")])
    r, s = report("pgo.json"), report("pgo-static.json")
    check(r["counts"]["source"] == "profile" and s["counts"]["source"] == "static",
          "counts.source is 'profile' with -fprofile-instr-use, 'static' without")
    loop = next(l for l in r["loops"] if l["function"] == "scan")
    sloop = next(l for l in s["loops"] if l["function"] == "scan")
    # the loop header runs once more than the body per entry when it is not rotated
    hc = loop["header_count"]
    check(abs(hc - body) / body < 0.01,
          f"scan: loop header {hc:.3f} per call, profile body count {blocks[0]}/{calls} = {body:.3f} (< 1 %)")
    check(abs(sloop["header_count"] - body) / body > 0.1,
          f"scan without the profile: {sloop['header_count']:.3f} per call (static heuristics)")
    print(f"ok: scan: profile branch taken {taken:.3f} per call")


# ---- a profile of a function entered once ----

def t_pgo_once():
    """lz4's compressor was estimated 16-77 times too low with its PGO profile:
    __builtin_expect's weights replace the profile's, clang's count + 1 halves
    a once-entered rotated loop and thins every branch taken once, and loops
    were capped at 4096 iterations. The profile-weighted estimate of such a
    function must agree with an instrumented run of the same optimised code
    (lpnest --profile: its exact counts)."""
    src = data("pgo_once.c")
    run(["clang-19", "-O2", "-fprofile-instr-generate", src, "-o", "once.gen"])
    run([os.path.join(A.work, "once.gen"), "100000"], env={"LLVM_PROFILE_FILE": "once.profraw"})
    run(["llvm-profdata-19", "merge", "-o", "once.profdata", "once.profraw"])
    use = ["-fprofile-instr-use=once.profdata"]
    r = run(["clang-19", "-O2", "-g", "-c", src, "-o", "once.o", *use, "-Rpass-analysis=lpnest",
             *plugin_flags("-lpnest-target=x86-64", "-lpnest-report=once.json")])
    # the same optimised IR, instrumented and as bitcode
    run(["clang-19", "-O2", "-g", "-c", src, "-o", "once.inst.o", *use, *plugin_flags("-lpnest-instrument")])
    run(["clang-19", "once.inst.o", os.path.join(A.build, "plugin", "liblpnest_rt.a"), "-o", "once.inst"])
    run([os.path.join(A.work, "once.inst"), "100000"], env={"LPNEST_PROFILE": "once.lpprofile"})
    run(["clang-19", "-O2", "-g", "-emit-llvm", "-c", src, "-o", "once.bc", *use])
    run([os.path.join(A.build, "estimator", "lpnest"), "once.bc", "--profile=once.lpprofile", "--target=host",
         "--allow-unpriced", "--quiet", "--format=json", "-o", "once.inst.json"])
    pgo, inst = func(report("once.json"), "squeeze"), func(report("once.inst.json"), "squeeze")
    per_call = inst["inclusive_cycles"] / inst["calls"]
    d = 100 * (pgo["inclusive_cycles"] - per_call) / per_call
    check(inst["calls"] == 1 and abs(d) < 2,
          f"squeeze: {pgo['inclusive_cycles']:.0f} cycles per call from the profile's weights, "
          f"{per_call:.0f} counted by the instrumented run ({d:+.2f} %)")
    check(re.search(r"remark: squeeze: [\d.]+ cycles per call on x86-64 \(profile block frequencies", r.stderr),
          "the remark says the counts are the profile's")


# ---- budget ----

def t_budget():
    src = data("budget.c")
    for name, text in [("over.yaml", "lpnest_budget: 1\nfunctions:\n  slow:\n    per_call: 500\n  fast: 1000\n"),
                       ("warn.yaml", "lpnest_budget: 1\nseverity: warning\nfunctions:\n  slow: 500\n")]:
        open(os.path.join(A.work, name), "w").write(text)
    r = run(["clang-19", *RV, "-O2", "-c", src, "-o", "budget.o",
             *plugin_flags("-lpnest-target=picorv32", "-lpnest-budget=over.yaml")], ok=False)
    line = next(i + 1 for i, l in enumerate(open(src)) if l.startswith("int slow("))
    m = re.search(rf"{re.escape(src)}:(\d+):(\d+): error: lpnest: cycles per call on picorv32 \((\d+)\) "
                  r"exceeds limit \(500\) in 'slow'", r.stderr)
    check(r.returncode != 0, f"the compile fails (exit {r.returncode})")
    check(m is not None and int(m.group(1)) == line and int(m.group(2)) == 5,
          f"error at {src}:{line}:5 (the definition of slow): {m.group(0) if m else r.stderr}")
    check(re.search(r"^\S*over\.yaml:4:15: note: lpnest: the budget of 'slow' is set here$", r.stderr, re.M)
          is not None, f"a located note points at the limit in the budgets file (over.yaml:4:15: note:)\n{r.stderr}")
    check("'fast'" not in r.stderr, "fast is within its budget")
    check(not os.path.exists(os.path.join(A.work, "budget.o")), "no object file was written")
    r = run(["clang-19", *RV, "-O2", "-c", src, "-o", "budget.o",
             *plugin_flags("-lpnest-target=picorv32", "-lpnest-budget=warn.yaml")])
    check(f"{src}:{line}:5: warning: lpnest: cycles per call" in r.stderr, "severity: warning only warns")
    r = run(["clang-19", *RV, "-O2", "-Werror", "-c", src, "-o", "budget.o",
             *plugin_flags("-lpnest-target=picorv32", "-lpnest-budget=warn.yaml")], ok=False)
    check(r.returncode != 0, "... which -Werror turns into a failed build")
    open(os.path.join(A.work, "bad.yaml"), "w").write("lpnest_budget: 1\nfunctions:\n  slow: {per_call: 5, severity: loud}\n")
    r = run(["clang-19", *RV, "-O2", "-c", src, "-o", "budget.o",
             *plugin_flags("-lpnest-target=picorv32", "-lpnest-budget=bad.yaml")], ok=False)
    check(r.returncode != 0 and "bad.yaml:3:33: error: severity must be 'error' or 'warning'" in r.stderr,
          "a bad budgets file is an error at its line")


# ---- remarks ----

def t_remarks():
    r = run(["clang-19", *RV, "-O2", "-g", "-c", data("straight.c"), "-o", "straight.o", "-Rpass-analysis=lpnest",
             "-fsave-optimization-record", "-foptimization-record-file=straight.opt.yaml",
             *plugin_flags("-lpnest-target=picorv32", "-lpnest-report=straight.json")])
    rep = report("straight.json")
    for f in rep["functions"]:
        line = next(i + 1 for i, l in enumerate(open(data("straight.c"))) if re.match(rf"\w.* {f['name']}\(", l))
        m = re.search(rf"straight\.c:{line}:\d+: remark: {f['name']}: ([\d.]+) cycles per call on picorv32 "
                      r"\(exact block counts", r.stderr)
        check(m is not None and abs(float(m.group(1)) - f["inclusive_cycles"]) < 0.01,
              f"remark at straight.c:{line}: {m.group(0) if m else r.stderr}")
    docs = list(yaml.safe_load_all(open(os.path.join(A.work, "straight.opt.yaml")).read()
                                   .replace("--- !Analysis", "---")))
    mine = [d for d in docs if d and d.get("Pass") == "lpnest"]
    check(len(mine) == len(rep["functions"]), f"{len(mine)} lpnest records in the optimisation record file")
    for d in mine:
        args = {k: v for a in d["Args"] for k, v in a.items() if k != "DebugLoc"}
        f = func(rep, args["Function"])
        check(abs(float(args["Cycles"]) - f["inclusive_cycles"]) < 0.01 and args["Core"] == "picorv32",
              f"record {args['Function']}: Cycles {args['Cycles']}, Core {args['Core']}")


def t_naming():
    src = data("loops.c")
    for d in ("static", "shared"):
        os.makedirs(os.path.join(A.work, d), exist_ok=True)
        run(["clang-19", *RV, "-O2", "-g", "-c", src, "-o", f"{d}/loops.o",
             *plugin_flags("-lpnest-target=picorv32", "-lpnest-report=%o.lpnest.json")])
    a, b = report("static/loops.lpnest.json"), report("shared/loops.lpnest.json")
    check(a["functions"] and b["functions"], "%o: one report next to each object (static/ and shared/loops.lpnest.json)")
    run(["clang-19", *RV, "-O2", "-c", src, *plugin_flags("-lpnest-target=picorv32", "-lpnest-report=%o.nob.json")])
    check(os.path.exists(os.path.join(A.work, "loops.nob.json")), "%o without -o: the object's default name (loops)")
    # remarks say what the counts rest on, per function
    r = run(["clang-19", *RV, "-O2", "-g", "-c", src, "-o", "loops.o", "-Rpass-analysis=lpnest",
             *plugin_flags("-lpnest-target=picorv32")])
    for name, what in (("sum100", "exact trip counts"), ("nested", "exact trip counts"),
                       ("until_zero", "static block frequencies")):
        check(re.search(rf"remark: {name}: [\d.]+ cycles per call on picorv32 \({what}", r.stderr) is not None,
              f"the remark of {name} says '{what}'")
    # a computed goto: lpnest cannot count it, and the remark says so
    cg = os.path.join(A.work, "cgoto.c")
    open(cg, "w").write("int pick(int k)\n{\n    static void *t[] = {&&a, &&b};\n    goto *t[k & 1];\n"
                        "a:\n    return 1;\nb:\n    return 2;\n}\nint twice(int k) { return 2 * k; }\n")
    r = run(["clang-19", *RV, "-O2", "-g", "-c", cg, "-o", "cgoto.o", "-Rpass-analysis=lpnest",
             *plugin_flags("-lpnest-target=picorv32")])
    check(re.search(r"cgoto\.c:1:\d+: remark: pick: no estimate on picorv32 \(.*control flow", r.stderr) is not None
          and "remark: twice:" in r.stderr, "a function with a computed goto gets a remark saying why it has no estimate")


def t_build():
    so = os.path.join(A.build, "plugin", "lpnest.so")
    flags = (f"-g -Werror -fpass-plugin={so} -fplugin={so} -Xclang -mllvm -Xclang -lpnest-target=x86-64 "
             "-Xclang -mllvm -Xclang -lpnest-report=%o.lpnest.json")
    bdir = os.path.join(A.work, "b")
    r = run(["cmake", "-S", data("cmake"), "-B", bdir, "-G", "Ninja", "-DCMAKE_C_COMPILER=clang-19",
             f"-DCMAKE_C_FLAGS={flags}"], ok=False)
    check(r.returncode == 0, f"cmake configures with the plugin's flags and -Werror in CMAKE_C_FLAGS\n{r.stderr[-1500:]}")
    r = run(["cmake", "--build", bdir, "-v"], ok=False)
    check(r.returncode == 0, f"the build, link step included, is clean under -Werror\n{r.stdout[-1500:]}")
    reports = sorted(os.path.relpath(os.path.join(d, f), bdir) for d, _, fs in os.walk(bdir) for f in fs
                     if f.endswith(".lpnest.json"))
    want = ["CMakeFiles/app.dir/app.c.lpnest.json", "CMakeFiles/codec_shared.dir/codec.c.lpnest.json",
            "CMakeFiles/codec_static.dir/codec.c.lpnest.json"]
    check(reports == want, f"one report per object, none from CMake's compiler checks: {reports}")
    a = report(os.path.join(bdir, want[1]))
    check([f["location"] for f in a["functions"]] == [data("cmake/codec.c") + ":2"],
          "a source outside the working directory keeps its full path in the report")


# ---- options, -O0 ----

def t_options():
    so = os.path.join(A.build, "plugin", "lpnest.so")
    r = run(["clang-19", *RV, "-O2", "-c", data("straight.c"), "-o", "o.o", f"-fpass-plugin={so}",
             "-Rpass-analysis=lpnest"], env={"LPNEST_OPTIONS": "-lpnest-target=picorv32 -lpnest-report %f.env.json"})
    check("remark: mix:" in r.stderr and os.path.exists(os.path.join(A.work, "straight.env.json")),
          "LPNEST_OPTIONS alone (no -fplugin) sets the target and the report (%f = straight)")
    r = run(["clang-19", *RV, "-O2", "-c", data("straight.c"), "-o", "o.o", f"-fpass-plugin={so}",
             "-mllvm", "-lpnest-target=picorv32"], ok=False)
    check(r.returncode != 0 and "Unknown command line argument '-lpnest-target=picorv32'" in r.stderr,
          "clang 19 refuses -mllvm -lpnest-* unless lpnest.so is also given to -fplugin")
    r = run(["clang-19", *RV, "-O2", "-c", data("straight.c"), "-o", "o.o", *plugin_flags("-lpnest-target=picorv32"),
             "-Rpass-analysis=lpnest"], env={"LPNEST_OPTIONS": "-lpnest-target=nosuchcore"})
    check("on picorv32" in r.stderr, "the command line wins over LPNEST_OPTIONS")
    r = run(["clang-19", *RV, "-O2", "-c", data("straight.c"), "-o", "o.o", f"-fpass-plugin={so}"],
            env={"LPNEST_OPTIONS": "-lpnest-tagret=picorv32"}, ok=False)
    check(r.returncode != 0 and "LPNEST_OPTIONS: unknown option '-lpnest-tagret=picorv32'" in r.stderr,
          "an unknown option in LPNEST_OPTIONS fails the build")
    r = run(["clang-19", *RV, "-O0", "-c", data("straight.c"), "-o", "o.o", *plugin_flags("-lpnest-target=picorv32"),
             "-Rpass-analysis=lpnest"])
    check("remark: mix:" in r.stderr, "-O0 runs the plugin too (OptimizerLast at -O0 in LLVM 19)")
    r = run(["clang-19", *RV, "-O2", "-c", data("straight.c"), "-o", "o.o", *plugin_flags("-lpnest-target=nosuch")],
            ok=False)
    check(r.returncode != 0 and "unknown target 'nosuch'" in r.stderr, "an unknown core fails the build")
    r = run(["clang-19", "-O2", "-c", data("straight.c"), "-o", "o.o", *plugin_flags("-lpnest-target=host"),
             "-Rpass-analysis=lpnest"], ok=False)
    check(r.returncode == 0 and "on x86-64" in r.stderr, "-lpnest-target=host is the x86-64 host, as lpnest --target=host")


# ---- opt ----

def t_opt():
    so = os.path.join(A.build, "plugin", "lpnest.so")
    run(["clang-19", *RV, "-O2", "-g", "-emit-llvm", "-c", data("loops.c"), "-o", "loops.bc"])
    run(["opt-19", f"-load-pass-plugin={so}", "-passes=lpnest", "-lpnest-target=picorv32",
         "-lpnest-report=loops.opt.json", "loops.bc", "-o", "/dev/null"])
    run(["clang-19", *RV, "-O2", "-g", "-c", data("loops.c"), "-o", "loops.o",
         *plugin_flags("-lpnest-target=picorv32", "-lpnest-report=loops.clang.json")])
    a, b = report("loops.opt.json"), report("loops.clang.json")
    check([(f["name"], f["inclusive_cycles"]) for f in a["functions"]] ==
          [(f["name"], f["inclusive_cycles"]) for f in b["functions"]],
          "opt-19 -load-pass-plugin -passes=lpnest reports what clang's build does")


# ---- instrumented host runs ----

CORPUS = ["adpcm", "aes128", "bitint", "crc32", "dijkstra", "feistel", "fir", "interp", "lpc", "matmul", "quicksort",
          "sad", "sha256", "softdouble", "varargs"]


def corpus_build(p):
    c = os.path.join(A.source, "benchmarks", "corpus")
    fl = ["--target=x86_64-pc-linux-gnu", "-O2", "-g", "-std=c11", "-nostdlibinc", f"-I{c}"]
    rt = os.path.join(A.build, "plugin", "liblpnest_rt.a")
    if not os.path.exists(os.path.join(A.work, p + ".prof")):
        run(["clang-19", *fl, "-emit-llvm", "-c", f"{c}/{p}.c", "-o", f"{p}.bc"])
        run(["clang-19", *fl, "-c", f"{c}/{p}.c", "-o", f"{p}.inst.o", *plugin_flags("-lpnest-instrument")])
        run(["clang-19", f"{p}.inst.o", rt, "-lm", "-o", f"{p}.inst"])
        run(["clang-19", *fl, "-c", f"{c}/{p}.c", "-o", f"{p}.o"])
        run(["clang-19", f"{p}.o", "-lm", "-o", f"{p}.native"])
        run([f"./{p}.inst"], env={"LPNEST_PROFILE": f"{p}.prof"})


def t_instrument():
    lpnest = os.path.join(A.build, "estimator", "lpnest")
    for p in CORPUS:
        corpus_build(p)
        run([lpnest, f"{p}.bc", "--counts", "-o", f"{p}.counts.json"])
        r = run([sys.executable, os.path.join(A.source, "tests", "plugin", "compare_counts.py"), f"{p}.counts.json",
                 f"{p}.prof"], ok=False)
        last = r.stdout.strip().splitlines()[-1]
        # (varargs too: the engine lays variadic arguments out as x86-64 does,
        # register save area first, so va_arg's branches go as in the native run)
        check(r.returncode == 0, f"{p}: {last}")


def t_callgrind():
    lpnest = os.path.join(A.build, "estimator", "lpnest")
    worst = 0
    for p in CORPUS:
        corpus_build(p)
        # the host core prices no C library routine (x86-64.yaml has no runtime table): the
        # comparison is of the program's own instructions, so unpriced calls are allowed
        run([lpnest, f"{p}.bc", f"--profile={p}.prof", "--target=host", "--allow-unpriced", "--format=json", "-o",
             f"{p}.host.json"])
        run(["valgrind", "--tool=callgrind", f"--callgrind-out-file=cg.{p}.out", f"./{p}.native"])
        cg = json.loads(run([sys.executable, os.path.join(A.source, "tests", "plugin", "callgrind_self.py"),
                             f"cg.{p}.out", f"{p}.native"]).stdout)
        r = report(f"{p}.host.json")
        mine = {f["name"]: f["instructions"] for f in r["functions"]}
        a = sum(mine.values())
        b = sum(v for k, v in cg.items() if k in mine)
        d = 100 * (a - b) / b
        if p in KNOWN:
            check(abs(d) < 2, f"{p}: lpnest --profile {a:.0f} instructions, callgrind {b} ({d:+.3f} %; known: "
                              f"{KNOWN[p]})")
            continue
        worst = max(worst, abs(d))
        check(abs(d) < 1, f"{p}: lpnest --profile {a:.0f} instructions, callgrind {b} ({d:+.3f} %)")
    print(f"worst difference {worst:.3f} % (known exceptions left out)")


# Programs whose machine counts lpnest cannot derive exactly on x86-64 (the
# solver of estimator/lower/lower_counts.c falls back to estimates), held to 2 %
# instead of 1 %, with the reason. None at present: varargs' fmt, which
# conflicts, is within 0.5 % since contradicting inferences are dropped.
KNOWN = {}


# ---- the README's commands ----

def t_readme():
    text = open(os.path.join(A.source, "plugin", "README.md")).read()
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    for link, dest in [("plugin", os.path.join(A.source, "plugin")), ("build", A.build)]:
        path = os.path.join(A.work, link)
        if not os.path.lexists(path):
            os.symlink(dest, path)
    script = ["set -e"]
    for b in blocks:
        for cmd in re.split(r"(?<!\\)\n", b.strip()):
            if re.search(r"#\s*fails\b", cmd):
                script.append(f"if {cmd.split('#')[0].strip()}; then echo 'expected to fail: {cmd[:40]}'; exit 1; fi")
            else:
                script.append(cmd)
    open(os.path.join(A.work, "readme.sh"), "w").write("\n".join(script) + "\n")
    r = run(["bash", "readme.sh"], ok=False)
    print(r.stdout[-3000:], r.stderr[-3000:])
    check(r.returncode == 0, f"the {len(blocks)} command blocks of plugin/README.md run as written")


TESTS = {n[2:]: f for n, f in list(globals().items()) if n.startswith("t_")}


def main():
    global A
    ap = argparse.ArgumentParser()
    ap.add_argument("test", choices=sorted(TESTS))
    ap.add_argument("--build", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--work")
    A = ap.parse_args()
    A.build, A.source = os.path.abspath(A.build), os.path.abspath(A.source)
    shared = "corpus" if A.test in ("instrument", "callgrind") else A.test
    A.work = os.path.abspath(A.work or os.path.join(A.build, "tests", "plugin", shared))
    if A.test != "instrument" and A.test != "callgrind" and os.path.isdir(A.work):
        shutil.rmtree(A.work)
    os.makedirs(A.work, exist_ok=True)
    try:
        TESTS[A.test]()
    except AssertionError as e:
        print(f"FAIL: {e}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
