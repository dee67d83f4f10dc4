#!/usr/bin/env python3
"""sources_test.py — the report by source function, against valgrind.

A host program whose sort, filter and a 4-byte read helper clang inlines
into main (and one extern function it inlines but also keeps compiled, never
called) is estimated with `lpnest --target=host`; callgrind runs the same
code (-O2 -g, DWARF 4) and gives the instructions executed at every source
line, so the instructions of the lines of each inlined function are that
function's own instructions wherever clang put them. Checked:
- each inlined function's self instructions by source function equal
  callgrind's for its lines (within 1 %: code generation places a few
  instructions on a neighbouring line), its calls are the calls the source
  makes, and as compiled it has no calls;
- the self instructions by source function add up to the total;
- a loop whose header holds an inlined helper of an earlier line is named at
  its own line (the `while`), not the helper's;
- the text view of a host report says what x86-64 cycles are;
- budgets use the source view and say so; a budget on a function that never
  ran is an error naming why (and without -g, that inlined copies cannot be
  seen), a warning with --budget-allow-incomplete;
- the plugin: a unit calling another unit's function and through a pointer
  is a budget error naming the calls left out (-lpnest-budget-allow-incomplete:
  a warning), so is a function lpnest has no estimate for (a computed goto),
  and a function clang inlined everywhere is checked with its copies' cycles,
  located at its definition."""
import argparse
import json
import os
import re
import subprocess
import sys

A = None
FAILS = []

# line numbers matter: read32 is at lines 3-6, isort 9-19, fir 22-30
APP = r"""int printf(const char *, ...);
/* little-endian 4-byte read (a helper like lz4's LZ4_read32) */
static inline unsigned read32(const unsigned char *p)
{
    return p[0] | (unsigned)p[1] << 8 | (unsigned)p[2] << 16 | (unsigned)p[3] << 24;
}

/* sorts A[0..n) */
static void isort(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

/* Y[i] = sum of X[i + k] * (k + 1) */
static void fir(const int *x, int n, int *y)
{
    for (int i = 0; i + 8 <= n; i++) {
        int s = 0;
        for (int k = 0; k < 8; k++)
            s += x[i + k] * (k + 1);
        y[i] = s;
    }
}

/* extern, so clang keeps a compiled copy nobody calls */
int twice(int x)
{
    int s = 0;
    for (int i = 0; i < (x & 7) + 2; i++)
        s += i ^ x;
    return s;
}

int never(int x)
{
    return x * 3;
}

static int data[80], out[80];
static unsigned char bytes[4096];

int main(void)
{
    unsigned seed = 7, h = 0;
    for (int r = 0; r < 5; r++) {
        for (int i = 0; i < 80; i++) {
            seed = seed * 1103515245u + 12345u;
            data[i] = (int)(seed >> 16) % 1000;
        }
        isort(data, 80);
        fir(data, 80, out);
        h += (unsigned)twice(out[r]);
    }
    for (int i = 0; i < 4096; i++)
        bytes[i] = (unsigned char)(i * 7 + (i >> 3));
    const unsigned char *p = bytes;
    while (p + 4 <= bytes + 4096) {
        h = (h ^ read32(p)) * 16777619u;
        p += 3;
    }
    printf("%u %d\n", h, data[0]);
    return 0;
}
"""
LOOP_LINE = APP.splitlines().index("    while (p + 4 <= bytes + 4096) {") + 1
RANGES = {"isort": (9, 19), "fir": (22, 30)}


def check(ok, what):
    print(("ok:   " if ok else "FAIL: ") + what)
    if not ok:
        FAILS.append(what)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def callgrind_lines(path):
    """Instructions (Ir) per (file, line) of a callgrind output file (its
    compressed names, relative positions and inlined-file switches)."""
    names = {"fl": {}, "fn": {}}
    cur, last, skip, costs = None, 0, False, {}
    for line in open(path):
        line = line.rstrip("\n")
        if not line or line[0] == "#":
            continue
        key, sep, val = line.partition("=")
        if sep and key in ("fl", "fi", "fe", "fn", "cfn", "cfi", "cfl", "ob", "cob"):
            v = val.strip()
            kind = "fl" if key in ("fl", "fi", "fe", "cfi", "cfl") else "fn" if key in ("fn", "cfn") else None
            if kind and v.startswith("("):
                ident, _, name = v.partition(")")
                if name.strip():
                    names[kind][ident] = name.strip()
                v = names[kind].get(ident, ident)
            if key in ("fl", "fi", "fe"):
                cur = v
            continue
        if sep and key == "calls":
            skip = True
            continue
        if sep or line[0].isalpha():
            continue
        parts = line.split()
        if skip:  # the cost line of a call: its callee's inclusive cost
            skip = False
            continue
        pos = parts[0]
        ln = last + int(pos[1:]) if pos[0] == "+" else last - int(pos[1:]) if pos[0] == "-" else last if pos == "*" \
            else int(pos)
        last = ln
        if len(parts) > 1:
            costs[(cur, ln)] = costs.get((cur, ln), 0) + int(parts[1])
    return costs


def host_view(w):
    src = os.path.join(w, "app.c")
    open(src, "w").write(APP)
    bc, exe = os.path.join(w, "app.bc"), os.path.join(w, "app")
    subprocess.run([A.clang, "-O2", "-g", "-emit-llvm", "-c", src, "-o", bc], check=True)
    subprocess.run([A.clang, "-O2", "-g", "-gdwarf-4", src, "-o", exe], check=True)
    out = os.path.join(w, "app.json")
    r = run([A.lpnest, bc, "--target=host", "--allow-unpriced", "--quiet", "--format=json", "-o", out])
    check(r.returncode == 0, "lpnest --target=host (%s)" % r.stderr[-300:])
    rep = json.load(open(out))
    cg = os.path.join(w, "callgrind.out")
    r = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg, exe])
    check(r.returncode == 0, "callgrind runs the program")
    lines = callgrind_lines(cg)
    src_of = {s["name"]: s for s in rep.get("sources", [])}
    compiled = {f["name"]: f for f in rep["functions"]}
    for fn, (lo, hi) in RANGES.items():
        ref = sum(v for (fl, ln), v in lines.items() if fl and fl.endswith("app.c") and lo <= ln <= hi)
        s = src_of.get(fn)
        got = s["self_instructions"] if s else 0
        check(ref > 0 and abs(got - ref) <= 0.01 * ref,
              "%s: self instructions by source function %.0f, callgrind %d at its lines %d-%d" % (fn, got, ref, lo, hi))
        check(s is not None and round(s["calls"]) == 5 and s["inlined_copies"] == 1 and s["inlined_into"] == ["main"],
              "%s: 5 calls by source function, one copy in main (%s)" % (fn, s))
        check(fn not in compiled or compiled[fn]["calls"] == 0, "%s: no calls as compiled" % fn)
    tw = src_of.get("twice")
    check(tw is not None and round(tw["calls"]) == 5 and tw["function"] == "twice" and compiled["twice"]["calls"] == 0,
          "twice: inlined and kept compiled: 5 calls by source function, 0 as compiled (%s)" % tw)
    total_insns = rep["total"]["instructions"]
    sum_src = sum(s["self_instructions"] for s in rep.get("sources", []))
    check(abs(sum_src - total_insns) <= 1e-6 * total_insns + 1,
          "self instructions by source function add up to the total (%.0f, %.0f)" % (sum_src, total_insns))
    sum_cyc = sum(s["self_cycles"] for s in rep.get("sources", []))
    check(abs(sum_cyc - rep["total"]["cycles"]) <= 1e-6 * rep["total"]["cycles"] + 1,
          "self cycles by source function add up to the total")
    locs = [l["location"] for l in rep["loops"] if l["function"] == "main"]
    check(any(l.endswith("app.c:%d" % LOOP_LINE) for l in locs) and not any(l.endswith(":5") for l in locs),
          "main's read loop is named at its own line %d, not read32's (%s)" % (LOOP_LINE, locs))
    text = run([A.lpnest, "report", out]).stdout
    check(re.search(r"^isort\s+5\s", text, re.M) is not None and "by source function" in text,
          "the text view lists the inlined functions by source function")
    check(re.search(r"x86-64 cycles are instructions weighted by their reciprocal throughput .* not an x86 core's time",
                    text) is not None, "host cycles are labelled for what they are (about the instruction count)")
    html = run([A.lpnest, "report", out, "--format=html"]).stdout
    check('id="t-sources"' in html and "<td>isort</td>" in html and "<td>main</td>" in html,
          "the HTML page has the table of inlined functions by source function")
    return bc, out


def budgets(w, bc, report):
    b = os.path.join(w, "budgets.yaml")
    open(b, "w").write("lpnest_budget: 1\nfunctions:\n  isort: 10k\n  fir: {per_call: 1G}\n")
    r = run([A.lpnest, "report", report, "--budget=" + b])
    check(r.returncode == 3 and re.search(r"budgets.yaml:3:10: error: function 'isort' \(by source function: its copy "
                                          r"inlined into main\): inclusive cycles [\d,]+ exceeds", r.stderr),
          "a budget on an inlined function checks its copy's cycles and says so (%s)" % r.stderr.strip())
    open(b, "w").write("lpnest_budget: 1\nfunctions:\n  never: 1G\n")
    r = run([A.lpnest, "report", report, "--budget=" + b])
    check(r.returncode == 3 and "function 'never': its budget checks nothing: it never ran" in r.stderr,
          "a budget on a function that never ran is an error (%s)" % r.stderr.strip())
    r = run([A.lpnest, "report", report, "--budget=" + b, "--budget-allow-incomplete"])
    check(r.returncode == 0 and "warning: function 'never'" in r.stderr,
          "--budget-allow-incomplete makes it a warning (%d: %s)" % (r.returncode, r.stderr.strip()))
    r = run([A.lpnest, "report", report, "--budget-allow-incomplete"])
    check(r.returncode == 2, "--budget-allow-incomplete without --budget is bad usage")
    # without -g the copies cannot be seen: the budget of 'twice' must not pass on 0 cycles
    nog = os.path.join(w, "nog.bc")
    subprocess.run([A.clang, "-O2", "-emit-llvm", "-c", os.path.join(w, "app.c"), "-o", nog], check=True)
    open(b, "w").write("lpnest_budget: 1\nfunctions:\n  twice: 1G\n")
    r = run([A.lpnest, nog, "--target=host", "--allow-unpriced", "--quiet", "--budget=" + b, "-o", os.devnull])
    check(r.returncode == 3 and "never ran" in r.stderr and "-g" in r.stderr,
          "without -g, an inlined function's budget fails saying why (%s)" % r.stderr.strip()[-300:])


def plugin(w):
    unit = os.path.join(w, "unit.c")
    open(unit, "w").write("""int other(int);
int (*hook)(int);
static int scale(int x) { return 3 * x + 1; }
int uses(int x) { return other(x) + hook(x) + scale(x); }
int interp(const unsigned char *code)
{
    static void *tab[] = {&&op_add, &&op_end};
    int acc = 0;
    goto *tab[*code++];
op_add:
    acc++;
    goto *tab[*code++];
op_end:
    return acc;
}
""")
    b = os.path.join(w, "unit-budgets.yaml")
    base = [A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32", "-O2", "-g", "-c", unit,
            "-o", os.path.join(w, "unit.o"), "-fpass-plugin=" + A.plugin, "-fplugin=" + A.plugin,
            "-mllvm", "-lpnest-target=picorv32", "-mllvm", "-lpnest-budget=" + b]
    open(b, "w").write("lpnest_budget: 1\nfunctions:\n  uses: 1G\n")
    r = run(base + ["-Rpass-analysis=lpnest"])
    check(r.returncode != 0 and re.search(r"unit.c:4:\d+: error: lpnest: on picorv32: function 'uses': .* leaves out "
                                          r"calls to functions defined elsewhere, indirect calls \(other\)", r.stderr),
          "plugin: a function calling another unit and through a pointer cannot be checked (%s)" % r.stderr.strip())
    check(re.search(r"remark: uses: .*not included: 1 call to a function defined elsewhere, 1 indirect call \(other\)", r.stderr),
          "plugin: the remark says which calls it leaves out")
    r = run(base + ["-mllvm", "-lpnest-budget-allow-incomplete"])
    check(r.returncode == 0 and "warning: lpnest: on picorv32: function 'uses'" in r.stderr,
          "plugin: -lpnest-budget-allow-incomplete makes it a warning (%s)" % r.stderr.strip())
    open(b, "w").write("lpnest_budget: 1\nfunctions:\n  interp: 1G\n")
    r = run(base)
    check(r.returncode != 0 and "function 'interp': its budget cannot be checked: it has no estimate" in r.stderr,
          "plugin: a function without an estimate (computed goto) is a budget error (%s)" % r.stderr.strip())
    open(b, "w").write("lpnest_budget: 1\nfunctions:\n  scale: 1\n")
    r = run(base)
    check(r.returncode != 0 and re.search(r"unit.c:3:\d+: error: lpnest: on picorv32: function 'scale' \(by source "
                                          r"function: its copy inlined into uses\)", r.stderr),
          "plugin: a function inlined everywhere is checked with its copy, at its definition (%s)" % r.stderr.strip())


def main():
    global A
    ap = argparse.ArgumentParser(description=__doc__)
    for k in ("lpnest", "clang", "plugin", "work"):
        ap.add_argument("--" + k, required=True)
    A = ap.parse_args()
    os.makedirs(A.work, exist_ok=True)
    bc, report = host_view(A.work)
    budgets(A.work, bc, report)
    plugin(A.work)
    print("sources_test: %d failed" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
