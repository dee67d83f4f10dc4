#!/usr/bin/env python3
"""sums_test.py — one rule for shares and sums in every view (REPORT.md
"Sums and shares"), checked by property on real reports: a corpus program, an
offloaded run (the JPEG pipeline with its decode on the LPN) and a report of
the clang plugin. For each: the functions' self cycles and the lines' cycles
add up to the total (JSON); the folded stacks add up to the rounded total; the
annotate view's file sections add up to its total; no share in text, HTML or
annotate exceeds 100 %; the trace's outermost host slices fit in the total;
and every view states the same total (so an offloaded run's views describe the
same run: the host's)."""
import argparse
import html
import json
import os
import re
import subprocess
import sys

A = None
FAILS = []


def check(ok, what):
    if not ok:
        FAILS.append(what)
        print("FAIL:", what)


def run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit("sums_test: %s failed (%d): %s" % (" ".join(args), r.returncode, r.stderr[-2000:]))
    return r.stdout


def near(a, b, tol):
    return abs(a - b) <= tol


def grouped(s):
    return float(s.replace(",", ""))


def percents(text):
    return [float(m.group(1)) for m in re.finditer(r"(?<![\w.])(\d+(?:\.\d+)?)\s?%", text)]


def views(name, report):
    L = A.lpnest
    rep = json.load(open(report))
    total = rep["total"]["cycles"]
    tol = 1e-6 * total + 1
    selfs = sum(f["self_cycles"] for f in rep["functions"])
    check(near(selfs, total, tol), "%s: functions' self cycles %.1f != total %.1f" % (name, selfs, total))
    if rep.get("lines"):
        lines = sum(l["cycles"] for l in rep["lines"])
        check(near(lines, total, tol), "%s: lines' cycles %.1f != total %.1f" % (name, lines, total))
    for f in rep["functions"]:
        check(f["self_cycles"] <= total + tol, "%s: %s self %.0f > total" % (name, f["name"], f["self_cycles"]))
        if rep.get("contexts"):
            check(f["inclusive_cycles"] <= total + tol and f["inclusive_cycles"] + tol >= f["self_cycles"],
                  "%s: %s inclusive %.0f outside [self, total]" % (name, f["name"], f["inclusive_cycles"]))

    folded = run([L, "report", report, "--format=folded"])
    fsum = sum(int(l.rsplit(" ", 1)[1]) for l in folded.splitlines() if l.strip())
    check(fsum == round(total), "%s: folded stacks sum to %d, total %d" % (name, fsum, round(total)))

    ann = run([L, "report", report, "--format=annotate"])
    m = re.search(r"^# lpnest annotate: .*, ([\d,]+) cycles$", ann, re.M)
    check(m and near(grouped(m.group(1)), total, 1), "%s: annotate's total is not the report's" % name)
    secs = re.findall(r"^== .*: ([\d,]+) cycles \(([\d.]+)%\) ==$", ann, re.M)
    ssum = sum(grouped(c) for c, _ in secs)
    check(near(ssum, total, len(secs) + tol), "%s: annotate's sections sum to %.0f, total %.0f" % (name, ssum, total))
    check(all(p <= 100.0 for p in percents(ann)), "%s: annotate shows a share over 100%%: %s"
          % (name, max(percents(ann) or [0])))

    text = run([L, "report", report, "--top=1000"])
    m = re.search(r"^total: ([\d,]+) cycles", text, re.M) or \
        re.search(r"^each function priced for one call, .*: ([\d,]+) cycles$", text, re.M)
    check(m and near(grouped(m.group(1)), total, 1), "%s: text's total is not the report's" % name)
    check(all(p <= 100.0 for p in percents(text)), "%s: text shows a share over 100%%: %s"
          % (name, max(percents(text) or [0])))
    table = text.split("\nfunction ", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    share = sum(float(l.split()[-1].rstrip("%")) for l in table if l.strip().endswith("%"))
    check(share <= 100.0 + 0.05 * len(table), "%s: text's function shares sum to %.1f%%" % (name, share))

    page = run([L, "report", report, "--format=html"])
    body = re.sub(r"<style.*?</style>|<script.*?</script>", "", page, flags=re.S)
    body = html.unescape(re.sub(r"<[^>]*>", " ", body))
    bad = [p for p in percents(body) if p > 100.0]
    check(not bad, "%s: the HTML page shows shares over 100%%: %s" % (name, bad[:5]))
    check("%s cycles" % "{:,}".format(round(total)) in body, "%s: the HTML page does not state the total" % name)

    tl = rep.get("timeline") or {}
    if tl.get("slices"):
        host = [s for s in tl["slices"] if s.get("track", 0) == 0 and s.get("depth", 0) == 0]
        end = max(s["start"] + s["duration"] for s in host)
        check(end <= total + tol, "%s: the host's timeline ends at %.0f, after the total %.0f" % (name, end, total))
        tr = json.loads(run([L, "report", report, "--format=trace"]))
        ev = tr["traceEvents"] if isinstance(tr, dict) else tr
        check(any(e.get("ph") == "X" for e in ev), "%s: trace without slices" % name)
    return total


def main():
    global A
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--work", required=True)
    A = ap.parse_args()
    os.makedirs(A.work, exist_ok=True)
    w = lambda n: os.path.join(A.work, n)
    corpus = os.path.join(A.build, "benchmarks", "corpus", "riscv32", "crc32.bc")
    run([A.lpnest, corpus, "--target=picorv32", "--quiet", "--format=json", "-o", w("corpus.json")])
    views("crc32 on picorv32", w("corpus.json"))
    # a total that ends in exactly .5 (204,866.5 cycles): the text prints it to even, and
    # the folded stacks and annotate sections must sum to that same integer
    fir = os.path.join(A.build, "benchmarks", "corpus", "x86-64", "fir.bc")
    if os.path.exists(fir):
        run([A.lpnest, fir, "--target=host", "--allow-unpriced", "--quiet", "--format=json", "-o", w("fir.json")])
        views("fir on x86-64", w("fir.json"))

    jpeg = os.path.join(A.build, "benchmarks", "offload", "jpeg", "riscv32", "offload_jpeg.bc")
    system = os.path.join(A.source, "benchmarks", "offload", "jpeg", "system.yaml")
    run([A.lpnest, jpeg, "--target=picorv32", "--accel=" + system, "--quiet", "--format=json", "-o",
         w("offload.json")])
    total = views("offloaded JPEG", w("offload.json"))
    rep = json.load(open(w("offload.json")))
    sw = total + sum(x["software_cycles"] - x["offloaded_cycles"] for x in rep["whatifs"]) if rep.get("whatifs") else None
    check(sw is not None and sw > total, "offloaded JPEG: no what-if or software total below the host's")
    text = run([A.lpnest, "report", w("offload.json")])
    check("it would take %s cycles" % "{:,}".format(round(sw)) in text, "offloaded JPEG: text's software total")
    # counts are executions: integers; a block that ran on the host has a count
    frac = [b for b in rep["blocks"] if b["count"] != int(b["count"])]
    check(not frac, "offloaded JPEG: block counts are integers (%d are not, e.g. %s)" % (len(frac), frac[:1]))
    zero = [b for b in rep["blocks"] if b["count"] == 0 and b["cycles"] > 0]
    check(not zero, "offloaded JPEG: no block with cycles has count 0 (%d do, e.g. %s)" % (len(zero), zero[:1]))
    est = sum(b["cycles"] for b in rep["blocks"] if b["estimated"])
    check(est <= rep["total"]["estimated_cycles"] * (1 + 1e-9) + 1,
          "offloaded JPEG: the estimated blocks' cycles (%.0f) are within total.estimated_cycles (%.0f)"
          % (est, rep["total"]["estimated_cycles"]))

    src = os.path.join(A.source, "plugin", "examples", "filter.c")
    subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32", "-O2", "-g", "-c", src,
                    "-o", w("filter.o"), "-fpass-plugin=" + A.plugin, "-fplugin=" + A.plugin, "-mllvm",
                    "-lpnest-target=picorv32", "-mllvm", "-lpnest-report=" + w("filter.json")], check=True)
    views("plugin report of filter.c", w("filter.json"))
    # a caller whose inclusive cycles hold 100 calls of its callee: more than the
    # report's total (one call of each function), yet no share over 100 %
    caller = w("caller.c")
    open(caller, "w").write("__attribute__((noinline)) int g(int x) { return x * x + 3; }\n"
                            "int f(int *v) { int s = 0; for (int i = 0; i < 100; i++) s += g(v[i]); return s; }\n")
    subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32", "-O2", "-g", "-c", caller,
                    "-o", w("caller.o"), "-fpass-plugin=" + A.plugin, "-fplugin=" + A.plugin, "-mllvm",
                    "-lpnest-target=picorv32", "-mllvm", "-lpnest-report=" + w("caller.json")], check=True)
    views("plugin report of a caller", w("caller.json"))
    text = run([A.lpnest, "report", w("caller.json")])
    # a unit priced per call is no run: no exit status, time or Amdahl bounds (offload candidates)
    check("exit status" not in text and " s " not in text.split("\n")[1] and "offload candidates" not in text
          and "Amdahl" not in run([A.lpnest, "report", w("caller.json"), "--format=html"]),
          "plugin report of a caller: a per-call report shows no exit status, seconds or Amdahl bounds")
    print("sums_test: %d failed" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
