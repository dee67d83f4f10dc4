#!/usr/bin/env python3
"""report_test.py — end-to-end tests of lpnest's reports: every --format on corpus
programs and on hand-written reports, each parsed back (JSON against
estimator/report.schema.json, folded weights summing to the total, trace events
nested per track, annotate cycles summing to the total, the HTML page rendered by
headless Chromium and checked for its tables and SVG); `lpnest report` giving the
same bytes as the run; `lpnest diff` and `--budget` exit codes and messages; JUnit
XML parsed by xml.etree; atomic output (a failing or interrupted run leaves an old
file intact); the progress line on a terminal only."""
import argparse
import json
import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import schema_check  # noqa: E402

A = None
failures = 0
passed = 0
notes = []


def ok(name, cond, detail=""):
    global failures, passed
    if cond:
        passed += 1
        print(f"ok   {name}")
    else:
        failures += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""))
    return cond


def run(args, **kw):
    kw.setdefault("capture_output", True)
    kw.setdefault("timeout", 300)
    return subprocess.run([A.lpnest] + args, **kw)


def work(name):
    return os.path.join(A.work, name)


def text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


# ---- parsers of the views -------------------------------------------------------

def folded_sum(s):
    total = 0
    for line in s.splitlines():
        m = re.fullmatch(r"(\S.*) (\d+)", line)
        if not m or any(not fr for fr in m.group(1).split(";")):
            raise ValueError(f"bad folded line {line!r}")
        total += int(m.group(2))
    return total


ANNOT_ROW = re.compile(r"^\s*(\d+\.\d\d)\s+(\d+)\s+(\d+|-)\s+(\d+|-) \| ")


def annotate_sum(s):
    return sum(int(m.group(2)) for m in map(ANNOT_ROW.match, s.splitlines()) if m)


def check_trace(s):
    """Returns (number of X events, thread names); raises on bad nesting."""
    doc = json.loads(s)
    events = doc["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    by_tid = {}
    for e in events:
        if e["ph"] == "X":
            for k in ("name", "ts", "dur", "pid", "tid"):
                if k not in e:
                    raise ValueError(f"event without {k}: {e}")
            by_tid.setdefault(e["tid"], []).append((round(e["ts"] * 1000), round(e["dur"] * 1000), e["name"]))
    for tid, evs in by_tid.items():
        evs.sort(key=lambda x: (x[0], -x[1]))
        stack = []
        for ts, dur, name in evs:
            while stack and stack[-1][0] <= ts:
                stack.pop()
            if stack and ts + dur > stack[-1][0]:
                raise ValueError(f"track {names.get(tid, tid)}: '{name}' [{ts},{ts + dur}) overlaps "
                                 f"'{stack[-1][1]}' ending at {stack[-1][0]}")
            stack.append((ts + dur, name))
    return sum(len(v) for v in by_tid.values()), names


def schema_errors(path):
    with open(A.schema) as f:
        schema = json.load(f)
    with open(path) as f:
        doc = json.load(f)
    return schema_check.validate(schema, doc)


# ---- Chromium ---------------------------------------------------------------------

chromium_state = {"checked": False, "ok": False, "why": ""}


def png_pixels_vary(path):
    """True when the PNG's pixel data is not one flat colour."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return False
    pos, idat = 8, b""
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + n]
        pos += 12 + n
    raw = zlib.decompress(idat)
    return len(set(raw[:2000000])) > 16


def chromium(html_path, name, want_tables, want_svgs):
    """Renders HTML_PATH headless: screenshot and DOM. Skips (with a message) when
    Chromium is missing or cannot start."""
    if not A.chromium or not shutil.which(A.chromium):
        if not chromium_state["checked"]:
            print(f"SKIP html-chromium: no Chromium (install Debian's 'chromium' to run these checks)")
            chromium_state["checked"] = True
        return
    png = html_path + ".png"
    if os.path.exists(png):
        os.unlink(png)
    url = "file://" + os.path.abspath(html_path)
    base = [A.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--user-data-dir=" + work("chromium-profile")]
    t0 = time.time()
    try:
        # one Chromium start for the screenshot and the DOM (each start costs seconds)
        r = subprocess.run(base + ["--window-size=1280,3000", "--screenshot=" + png, "--dump-dom", url],
                           capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        r = None
        why = str(e)
    if r is None or not os.path.exists(png):
        why = why if r is None else r.stderr.decode(errors="replace")[-300:]
        if not chromium_state["checked"]:
            print(f"SKIP html-chromium: Chromium could not start or render: {why}")
            chromium_state["checked"] = True
        return
    chromium_state["checked"] = chromium_state["ok"] = True
    shot = time.time() - t0
    dom = r.stdout.decode(errors="replace")
    tables = len(re.findall(r"<table\b", dom))
    svgs = re.findall(r'<svg class="(\w+)"', dom)
    ok(f"{name}: Chromium renders the page ({os.path.getsize(html_path)} bytes, screenshot in {shot:.1f} s)",
       png_pixels_vary(png), "the screenshot is blank")
    ok(f"{name}: DOM has {tables} tables (>= {want_tables}) and SVG {sorted(set(svgs))}",
       tables >= want_tables and set(want_svgs) <= set(svgs) and "<rect" in dom,
       f"tables={tables} svgs={svgs}")
    notes.append(f"{name}: {os.path.getsize(html_path)} bytes of HTML, Chromium screenshot {shot:.1f} s")


def flame_interaction(html_path, name):
    """The flame graph's zoom and search, driven in headless Chromium by a
    script added to a copy of the page: a click on the deepest loop frame
    makes it the full width and hides the frames beside it; a search for the
    loop frames marks them and gives their share of the cycles, which this
    test computes from the page's frames itself. Loop labels name files
    relative to the report's directory (no '/')."""
    if not chromium_state["ok"]:
        return
    page = text(html_path)
    frames = [(m.group(4), float(m.group(1)), float(m.group(2)), int(m.group(3))) for m in
              re.finditer(r'<g class="fr" data-x="([\d.]+)" data-w="([\d.]+)" data-l="(\d+)" data-n="([^"]*)"', page)]
    loops = [f for f in frames if f[0].startswith("loop@")]
    ok(f"{name}: flame graph loop labels name files relative to the sources' directory",
       loops and not any("/" in f[0] for f in loops), str([f[0] for f in loops][:3]))
    if not loops:
        return
    deep = max(loops, key=lambda f: (f[3], f[2]))
    # the share of the cycles of the outermost loop frames (those no matched frame holds)
    top = [f for f in loops if not any(g is not f and g[3] < f[3] and g[1] - 1e-6 <= f[1] and
                                       f[1] + f[2] <= g[1] + g[2] + 1e-6 for g in loops)]
    width = max(f[2] for f in frames)
    want = 100 * sum(f[2] for f in top) / width
    script = ('<script>var g=Array.prototype.slice.call(document.querySelectorAll("g.fr"));'
              'var f=g.filter(function(e){return e.dataset.n==%s&&e.dataset.l=="%d"&&e.dataset.x=="%.2f";})[0];'
              'f.dispatchEvent(new Event("click"));var q=document.getElementById("flame-q");q.value="^loop@";'
              'q.dispatchEvent(new Event("input"));var out=document.createElement("pre");out.id="probe";'
              'out.textContent=JSON.stringify({w:+f.querySelector("rect").getAttribute("width"),'
              'hidden:g.filter(function(e){return e.style.display=="none";}).length,'
              'marked:g.filter(function(e){return e.querySelector("rect").style.fill!="";}).length,'
              'm:document.getElementById("flame-m").textContent});document.body.appendChild(out);</script></body>'
              % (json.dumps(deep[0]), deep[3], deep[1]))
    probe_html = html_path + ".zoom.html"
    with open(probe_html, "w") as f:
        f.write(page.replace("</body>", script))
    d = subprocess.run([A.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" +
                        work("chromium-profile"), "--dump-dom", "file://" + os.path.abspath(probe_html)],
                       capture_output=True, timeout=120)
    m = re.search(r'<pre id="probe">([^<]*)</pre>', d.stdout.decode(errors="replace"))
    res = json.loads(m.group(1).replace("&quot;", '"')) if m else {}
    ok(f"{name}: a click zooms the flame graph into a frame ({deep[0]}: full width, the frames beside it hidden)",
       abs(res.get("w", 0) - width) < 0.5 and (res.get("hidden", 0) > 0 or len(frames) == deep[3] + 1), str(res))
    got = re.search(r"matched: ([\d.]+)%", res.get("m", ""))
    ok(f"{name}: the search marks the loop frames and says their share ({want:.1f} %)",
       res.get("marked") == len(loops) and got is not None and abs(float(got.group(1)) - want) < 0.06, str(res))


# ---- the tests --------------------------------------------------------------------

def views_of_a_run(bc, core, label, extra_checks=None):
    """Every format of one real estimate, parsed back, and the same views from its JSON."""
    if not os.path.exists(bc):
        ok(f"{label}: bitcode {bc}", False, "not built (build the corpus first)")
        return None
    outs = {}
    for fmt in ("json", "text", "folded", "annotate", "html"):
        path = work(f"{label}.{fmt}")
        r = run([bc, f"--target={core}", "--quiet", f"--format={fmt}", "-o", path,
                 f"--source-dir={A.source}"])
        if not ok(f"{label}: --format={fmt} exits 0", r.returncode == 0, r.stderr.decode()[-500:]):
            return None
        outs[fmt] = text(path)
    errs = schema_errors(work(f"{label}.json"))
    ok(f"{label}: JSON valid against the schema", not errs, "; ".join(errs[:5]))
    doc = json.loads(outs["json"])
    total = round(doc["total"]["cycles"])
    ok(f"{label}: folded weights sum to the total ({total})", folded_sum(outs["folded"]) == total,
       f"{folded_sum(outs['folded'])} != {total}")
    ok(f"{label}: annotate cycles sum to the total", annotate_sum(outs["annotate"]) == total,
       f"{annotate_sum(outs['annotate'])} != {total}")
    ok(f"{label}: annotate found the sources", "source not found" not in outs["annotate"])
    ok(f"{label}: text has the summary", outs["text"].startswith(doc["module"]) and "total:" in outs["text"])
    # the views of the saved report are the run's views, byte for byte
    for fmt in ("json", "text", "folded", "annotate", "html"):
        r = run(["report", work(f"{label}.json"), f"--format={fmt}", f"--source-dir={A.source}"])
        ok(f"{label}: 'lpnest report' {fmt} equals the run's", r.returncode == 0 and r.stdout.decode() == outs[fmt],
           r.stderr.decode()[-300:])
    # no timeline in a plain estimate: trace is an error, and nothing is written
    path = work(f"{label}.trace")
    if os.path.exists(path):
        os.unlink(path)
    r = run([bc, f"--target={core}", "--quiet", "--format=trace", "-o", path])
    err = r.stderr.decode()
    if doc["timeline"]["slices"]:
        ok(f"{label}: trace", r.returncode == 0 and check_trace(text(path))[0] > 0, err[-300:])
    else:
        ok(f"{label}: trace without a timeline exits 1 with a message and writes nothing",
           r.returncode == 1 and "has no timeline" in err and not os.path.exists(path), err[-300:])
    chromium(work(f"{label}.html"), label, 4, ["flame"])
    flame_interaction(work(f"{label}.html"), label)
    if extra_checks:
        extra_checks(doc, outs)
    return doc


def fir_checks(doc, outs):
    # the corpus is compiled in the build tree: its sources outside it are named in full
    fir = os.path.join(A.source, "benchmarks/corpus/fir.c")
    locs = {l["location"] for l in doc["loops"]}
    ok("fir: loops at the for lines (inlined ones too)", {fir + ":19", fir + ":21", fir + ":53"} <= locs,
       str(sorted(l for l in locs if l)))
    inner = [l for l in doc["loops"] if l["location"] == fir + ":21" and l["depth"] == 3]
    ok("fir: the direct form's inner loop runs 32 iterations per entry",
       len(inner) == 1 and inner[0]["entries"] and inner[0]["header_count"] / inner[0]["entries"] == 32,
       str(inner))
    # frames name the file relative to the directory of the sources (the report's loops are all in fir.c)
    ok("fir: folded stacks have nested loop frames",
       re.search(r"^main;loop@fir\.c:53;loop@fir\.c:19(\(\w+\))?;loop@fir\.c:21(\(\w+\))? \d+$", outs["folded"], re.M)
       is not None)
    ok("fir: candidates name the hottest loop", "offload candidates" in outs["text"]
       and "loop@fir.c:53" in outs["text"])


def hand_written():
    full = os.path.join(A.data, "full.json")
    errs = schema_errors(full)
    ok("full.json: the hand-written report is valid against the schema", not errs, "; ".join(errs[:5]))
    # the schema checker itself catches mistakes
    with open(A.schema) as f:
        schema = json.load(f)
    bad = json.loads(text(full))
    del bad["total"]["cycles"]
    bad["functions"][0]["calls"] = "one"
    bad["extra"] = 1
    e = schema_check.validate(schema, bad)
    ok("schema checker reports missing keys, wrong types, unknown keys",
       any("missing key 'cycles'" in x for x in e) and any("functions[0].calls" in x for x in e)
       and any("unexpected key 'extra'" in x for x in e), str(e))
    outs = {}
    for fmt in ("json", "text", "folded", "trace", "annotate", "html"):
        path = work(f"full.{fmt}")
        r = run(["report", full, f"--format={fmt}", "-o", path, f"--source-dir={A.data}"])
        if not ok(f"full.json: --format={fmt} exits 0", r.returncode == 0, r.stderr.decode()[-400:]):
            return
        outs[fmt] = text(path)
    ok("full.json: the JSON written is the JSON read", json.loads(outs["json"]) == json.loads(text(full)))
    ok("full.json: JSON output valid", not schema_errors(work("full.json")))
    ok("full.json: folded stacks", outs["folded"] == "main 400\nmain;fir 1000\nmain;fir;loop@app.c:10 2000\n"
       "main;fir;loop@app.c:10;loop@app.c:11 3000\nmain;fir;mac 2000\nmain;jpeg_decode 1000\n"
       "main;loop@app.c:29 600\n", outs["folded"])
    try:
        n, names = check_trace(outs["trace"])
        ok("full.json: trace is valid JSON, well nested per track, tracks named",
           n == 13 and sorted(names.values()) == ["host", "jpeg"], f"{n} events, {names}")
    except (ValueError, KeyError, json.JSONDecodeError) as ex:
        ok("full.json: trace", False, str(ex))
    ok("full.json: annotate sums to 10,000 with the sources found",
       annotate_sum(outs["annotate"]) == 10000 and "source not found" not in outs["annotate"]
       and "for (int k = 0; k < 10; k++)" in outs["annotate"], str(annotate_sum(outs["annotate"])))
    ok("full.json: text shows candidates with the accelerator's speedup",
       re.search(r"jpeg_decode\s+5,000\s+35\.7%\s+1\.56x\s+1\.4x", outs["text"]) is not None)
    chromium(work("full.html"), "full.json", 9, ["flame", "timeline", "hist"])
    # a broken trace would be caught: overlapping slices on one track
    try:
        check_trace('{"traceEvents":[{"ph":"X","pid":1,"tid":1,"name":"a","ts":0,"dur":2},'
                    '{"ph":"X","pid":1,"tid":1,"name":"b","ts":1,"dur":2}]}')
        ok("trace checker catches overlapping slices", False)
    except ValueError:
        ok("trace checker catches overlapping slices", True)
    # only the required sections
    short = os.path.join(A.data, "short.json")
    for fmt in ("text", "folded", "annotate", "html", "json"):
        r = run(["report", short, f"--format={fmt}"])
        ok(f"short.json: --format={fmt}", r.returncode == 0, r.stderr.decode()[-300:])
        if fmt == "folded":
            ok("short.json: flat folded stacks", r.stdout.decode() == "main 500\nwork 1000\n", r.stdout.decode())
    r = run(["report", short, "--format=trace"])
    ok("short.json: trace exits 1 (no timeline)", r.returncode == 1 and b"no timeline" in r.stderr)
    # malformed reports: located errors
    bad = work("bad.json")
    with open(bad, "w") as f:
        f.write('{"lpnest_report": 1,\n "module": 7}\n')
    r = run(["report", bad])
    ok("a malformed report is a located error, exit 1",
       r.returncode == 1 and f"{bad}:2:12: error: 'module' in the report must be a string" in r.stderr.decode(),
       r.stderr.decode())


def diffs(fir_bc):
    a, b = work("fir4.json"), work("fir8.json")
    for path, passes in ((a, "4"), (b, "8")):
        r = run([fir_bc, "--target=picorv32", "--quiet", "--format=json", "-o", path, "--", passes])
        if not ok(f"diff: estimate with {passes} passes", r.returncode == 0, r.stderr.decode()[-300:]):
            return
    r = run(["diff", a, b])
    out = r.stdout.decode()
    ok("diff: more passes regress (exit 3, REGRESSED, result line)",
       r.returncode == 3 and "REGRESSED" in out and re.search(r"result: \d+ regressions? beyond \+1%", out),
       out[-600:])
    m = re.search(r"total: ([\d,]+) -> ([\d,]+) cycles: \+([\d,]+)", out)
    ta, tb = (round(json.load(open(p))["total"]["cycles"]) for p in (a, b))
    ok("diff: the total line", m and int(m.group(1).replace(",", "")) == ta and int(m.group(2).replace(",", "")) == tb,
       out[:300])
    r = run(["diff", b, a])
    ok("diff: fewer passes do not regress (exit 0)", r.returncode == 0 and "no regression" in r.stdout.decode(),
       r.stdout.decode()[-300:])
    r = run(["diff", a, b, "--threshold=1000"])
    ok("diff: a large threshold passes", r.returncode == 0)
    r = run(["diff", a, b, "--min-cycles=1G"])
    ok("diff: a large minimum passes", r.returncode == 0)
    r = run(["diff", a, a])
    ok("diff: a report against itself", r.returncode == 0 and "functions unchanged" in r.stdout.decode())
    junit = work("diff.xml")
    r = run(["diff", a, b, "--format=json", "-o", work("diff.json"), "--junit", junit])
    try:
        d = json.load(open(work("diff.json")))
        root = ET.parse(junit).getroot()
        suite = root.find("testsuite")
        fails = len(root.findall(".//failure"))
        ok("diff: JSON and JUnit agree on the regressions",
           r.returncode == 3 and d["lpnest_diff"] == 1 and d["regressions"] == fails == int(suite.get("failures"))
           and int(suite.get("tests")) == len(root.findall(".//testcase")) and fails >= 1,
           f"json {d['regressions']} junit {fails}")
    except (ET.ParseError, ValueError, OSError) as ex:
        ok("diff: JSON and JUnit", False, str(ex))
    r = run(["diff", a, work("missing.json")])
    ok("diff: a missing report is exit 1", r.returncode == 1 and b"cannot open" in r.stderr)
    r = run(["diff", a, os.path.join(A.data, "app.c")])
    ok("diff: not JSON is a located error, exit 1", r.returncode == 1 and re.search(rb"app\.c:1:1: error", r.stderr),
       r.stderr.decode())
    r = run(["diff", a])
    ok("diff: one report is bad usage (exit 2)", r.returncode == 2 and b"two reports" in r.stderr)
    r = run(["diff", a, b, "--threshold=lots"])
    ok("diff: a bad threshold is bad usage (exit 2)", r.returncode == 2 and b"invalid --threshold" in r.stderr)


def budgets(fir_bc):
    report = work("fir-plain.json")
    r = run([fir_bc, "--target=picorv32", "--quiet", "--format=json", "-o", report])
    if not ok("budget: the estimate to budget", r.returncode == 0, r.stderr.decode()[-300:]):
        return
    doc = json.load(open(report))
    total = doc["total"]["cycles"]
    main_incl = [f for f in doc["functions"] if f["name"] == "main"][0]["inclusive_cycles"]
    good, badb, broken = work("good.yaml"), work("over.yaml"), work("broken.yaml")
    with open(good, "w") as f:
        f.write(f"lpnest_budget: 1\ntotal: {int(total) + 1}\nfunctions:\n  main:\n    self: {int(main_incl) + 1}\n")
    with open(badb, "w") as f:
        f.write(f"lpnest_budget: 1\ntotal: {int(total) - 1}\nfunctions:\n  main: 1k\n  nosuch: 5M\n"
                f"  main2:\n    per_call: 1\n")
    with open(broken, "w") as f:
        f.write("lpnest_budget: 1\nfunctions:\n  main:\n    inclusive: 1.2.3\n")
    out = work("budget-run.json")
    r = run([fir_bc, "--target=picorv32", "--quiet", "--format=json", "-o", out, "--budget", good])
    ok("budget: met budgets exit 0 and say so", r.returncode == 0 and b"all 2 budgets met" in r.stderr,
       r.stderr.decode())
    junit = work("budgets.xml")
    if os.path.exists(out):
        os.unlink(out)
    r = run([fir_bc, "--target=picorv32", "--quiet", "--format=json", "-o", out, f"--budget={badb}",
             f"--junit={junit}"])
    err = r.stderr.decode()
    ok("budget: exceeded budgets exit 3", r.returncode == 3, err)
    ok("budget: each violation at its line of the budgets file",
       re.search(re.escape(badb) + r":2:8: error: total cycles [\d,]+ exceeds the budget of [\d,]+ by [12] ", err)
       and f"{badb}:4:9: error: function 'main': inclusive cycles" in err
       and f"{badb}:5:11: error: function 'nosuch' is not in the report" in err
       and f"{badb}:7:15: error: function 'main2' is not in the report" in err
       and "lpnest: 4 of 4 budgets exceeded" in err, err)
    ok("budget: the report is written anyway", os.path.exists(out) and json.load(open(out))["lpnest_report"] == 1)
    try:
        root = ET.parse(junit).getroot()
        cases = root.findall(".//testcase")
        ok("budget: JUnit XML parses, one test case per limit, a failure each",
           root.tag == "testsuites" and len(cases) == 4 and len(root.findall(".//failure")) == 4
           and root.find("testsuite").get("failures") == "4"
           and {c.get("name") for c in cases} == {"total", "main.inclusive", "nosuch.inclusive", "main2.per_call"},
           ET.tostring(root).decode()[:400])
    except ET.ParseError as ex:
        ok("budget: JUnit XML parses", False, str(ex))
    # a broken budgets file fails before the run and leaves the old output alone
    with open(out, "w") as f:
        f.write("old")
    r = run([fir_bc, "--target=picorv32", "--quiet", "-o", out, "--budget", broken])
    ok("budget: a malformed budgets file is a located error, exit 1, output untouched",
       r.returncode == 1 and f"{broken}:4:16: error: expected a number of cycles" in r.stderr.decode()
       and text(out) == "old" and b"fir:" not in r.stdout, r.stderr.decode())
    # budgets on a saved report, accelerators included
    accel = work("accel.yaml")
    with open(accel, "w") as f:
        f.write("lpnest_budget: 1\naccelerators:\n  jpeg:\n    latency: 450\n    mean_latency: 450\n  dma: 10\n")
    r = run(["report", os.path.join(A.data, "full.json"), "--format=folded", "-o", work("x.folded"),
             f"--budget={accel}", f"--junit={work('accel.xml')}"])
    err = r.stderr.decode()
    ok("budget: accelerator limits on a saved report",
       r.returncode == 3 and f"{accel}:4:14: error: accelerator 'jpeg': the slowest call's latency 500 exceeds" in err
       and f"{accel}:6:8: error: accelerator 'dma' is not in the report" in err and "2 of 3 budgets exceeded" in err,
       err)
    r = run([fir_bc, "--target=picorv32", "--quiet", "-o", work("plain.txt"), f"--junit={work('plain.xml')}"])
    root = ET.parse(work("plain.xml")).getroot()
    ok("junit without budgets: one passing test case",
       r.returncode == 0 and len(root.findall(".//testcase")) == 1 and not root.findall(".//failure"))
    r = run([fir_bc, "--counts", "--budget", good])
    ok("budget with --counts is bad usage", r.returncode == 2)


def atomic(fir_bc, forever_bc):
    keep = work("keep.out")
    with open(keep, "w") as f:
        f.write("old report")
    r = run([fir_bc, "--target=picorv32", "--quiet", "--format=trace", "--max-steps=1000", "-o", keep])
    left = [n for n in os.listdir(A.work) if n.startswith("keep.out.lpnest-tmp")]
    ok("atomic: a run that fails leaves the old file intact and no temporary",
       r.returncode == 1 and text(keep) == "old report" and not left, f"{r.returncode} {left}")
    r = run([fir_bc, "--target=picorv32", "--quiet", "-o", work("no/such/dir/x.txt")])
    ok("atomic: an unwritable output is exit 1 with a message", r.returncode == 1 and b"error" in r.stderr)
    if forever_bc:
        p = subprocess.Popen([A.lpnest, forever_bc, "--target=picorv32", "--quiet", "--format=html", "-o", keep],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=60)
        left = [n for n in os.listdir(A.work) if n.startswith("keep.out.lpnest-tmp")]
        ok("atomic: an interrupted run leaves the old file intact", text(keep) == "old report" and not left)
    r = run([fir_bc, "--target=picorv32", "--quiet", "--format=json", "-o", keep])
    ok("atomic: a good run replaces it", r.returncode == 0 and json.loads(text(keep))["lpnest_report"] == 1)


def progress(forever_bc, fir_bc):
    if not forever_bc:
        return
    # the progress line at once (no 1.5 s delay), so a short run shows it too
    args = [A.lpnest, forever_bc, "--target=picorv32", "--max-steps=200M"]
    delay0 = dict(os.environ, LPNEST_PROGRESS_DELAY="0")

    def on_tty(cmd, extra, env=None):
        master, slave = pty.openpty()
        p = subprocess.Popen(cmd + extra, stdout=subprocess.DEVNULL, stderr=slave, env=env)
        os.close(slave)
        chunks = []

        def drain():
            while True:
                try:
                    b = os.read(master, 65536)
                except OSError:
                    break
                if not b:
                    break
                chunks.append(b)
        t = threading.Thread(target=drain)
        t.start()
        p.wait(timeout=300)
        t.join(timeout=10)
        os.close(master)
        return p.returncode, b"".join(chunks).decode(errors="replace")

    erase = "\r\x1b[K"
    code, err = on_tty(args, [], delay0)
    ok("progress: a long estimate run shows progress on a terminal",
       code == 1 and re.search(r"\r\x1b\[Klpnest: counting run: [\d.]+ [kMG] IR instructions, \d+ M/s", err) is not None
       and "step limit" in err, err[-300:])
    ok("progress: the line is erased before the run's error", erase in err and "step limit" in err.rsplit(erase, 1)[1],
       err[-300:])
    code, err = on_tty(args, ["--quiet"], delay0)
    ok("progress: --quiet suppresses it", code == 1 and "IR instructions," not in err and "step limit" in err)
    r = subprocess.run(args, capture_output=True, timeout=300, env=delay0)
    ok("progress: none when stderr is not a terminal", b"IR instructions," not in r.stderr and b"step limit" in r.stderr)
    # every phase of an estimate, each erased when it ends (shown at once with a delay of 0)
    if fir_bc:
        # (fir's calling contexts come from its counting run, offload/timing_one.c: the timed
        # run runs only with LPNEST_TWO_RUNS=1)
        env = dict(os.environ, LPNEST_PROGRESS_DELAY="0")
        code, err = on_tty([A.lpnest, fir_bc, "--target=picorv32", "-o", os.devnull], [], env)
        phases = re.findall(r"\r\x1b\[Klpnest: ([a-z ]+)[:,]", err)
        ok("progress: one run, no timed run (%s)" % ", ".join(dict.fromkeys(phases)),
           code == 0 and "counting run" in phases and "timed run" not in phases, repr(err[-300:]))
        code, err = on_tty([A.lpnest, fir_bc, "--target=picorv32", "-o", os.devnull], [],
                           dict(env, LPNEST_TWO_RUNS="1"))
        phases = re.findall(r"\r\x1b\[Klpnest: ([a-z ]+)[:,]", err)
        want = ["loading", "lowering", "counting run", "pricing", "timed run", "report"]
        ok("progress: every phase of an estimate is named (%s)" % ", ".join(dict.fromkeys(phases)),
           code == 0 and all(w in phases for w in want), repr(err[-300:]))
        ok("progress: erased at the end (nothing left on the terminal)",
           err.endswith(erase) and "lpnest:" not in err.rsplit(erase, 1)[1], repr(err[-200:]))
        small = re.findall(r": (0\.\d+) G IR instructions", err)
        ok("progress: counts in the unit that suits them (k, M, G; no '0.0168 G')", not small, str(small[:3]))
    chatty(on_tty)


def terminal_lines(text):
    """The lines a terminal shows for TEXT (carriage returns and erase-line
    sequences applied)."""
    lines, cur, col, i = [], [], 0, 0
    while i < len(text):
        if text.startswith("\x1b[K", i):
            del cur[col:]
            i += 3
            continue
        c = text[i]
        if c == "\r":
            col = 0
        elif c == "\n":
            lines.append("".join(cur))
            cur, col = [], 0
        else:
            if col < len(cur):
                cur[col] = c
            else:
                cur.append(c)
            col += 1
        i += 1
    lines.append("".join(cur))
    return lines


def chatty(on_tty):
    """A program that prints while the progress line is shown: on the
    terminal its lines are whole, never on the progress line, a line it
    writes in two parts included."""
    if not A.clang:
        return
    src, bc = work("chatty.c"), work("chatty.bc")
    with open(src, "w") as f:
        f.write("int printf(const char *, ...);\nstatic volatile unsigned sink;\n"
                "static void spin(void) { for (unsigned i = 0; i < 3000000; i++) sink += i; }\n"
                "int main(void) {\n  for (int k = 0; k < 6; k++) { spin(); printf(\"line %d\\n\", k); }\n"
                "  printf(\"part\"); spin(); printf(\"ial\\n\"); return 0;\n}\n")
    subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-O1", "-g", "-emit-llvm", "-c", src,
                    "-o", bc], check=True)
    master, slave = pty.openpty()
    p = subprocess.Popen([A.lpnest, bc, "--target=picorv32", "-o", os.devnull], stdout=slave, stderr=slave,
                         env=dict(os.environ, LPNEST_PROGRESS_DELAY="0"))
    os.close(slave)
    chunks = []
    while True:
        try:
            b = os.read(master, 65536)
        except OSError:
            break
        if not b:
            break
        chunks.append(b)
    p.wait(timeout=300)
    os.close(master)
    raw = b"".join(chunks).decode(errors="replace")
    shown = terminal_lines(raw)
    prog = [l for l in shown if "line " in l or "part" in l]
    ok("progress: the program's output is never on the progress line (%d lines)" % len(prog),
       p.returncode == 0 and "lpnest:" in raw and len(prog) == 7 and all("lpnest:" not in l for l in prog)
       and "partial" in shown, repr(prog))


def usage():
    r = run(["x.bc", "--target=picorv32", "--format=svg"])
    ok("usage: an unknown format lists the formats (exit 2)",
       r.returncode == 2 and b"expected text, json, folded, trace, annotate or html" in r.stderr, r.stderr.decode())
    r = run(["--help"])
    h = r.stdout.decode()
    ok("usage: --help documents the report options and subcommands",
       r.returncode == 0 and all(s in h for s in ("--budget", "--junit", "--format=FORMAT", "lpnest diff",
                                                  "lpnest report", "--source-dir", "exit 3")))
    r = run(["report"])
    ok("usage: 'lpnest report' without a report is exit 2", r.returncode == 2)
    r = run(["report", "--help"])
    ok("usage: 'lpnest report --help'", r.returncode == 0 and b"--format" in r.stdout)


def main():
    global A
    ap = argparse.ArgumentParser()
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--schema", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--chromium", default="")
    A = ap.parse_args()
    os.makedirs(A.work, exist_ok=True)
    # corpus locations are relative to the source tree: run from there
    os.chdir(A.source)

    fir = os.path.join(A.corpus, "riscv32", "fir.bc")
    views_of_a_run(fir, "picorv32", "fir", fir_checks)
    views_of_a_run(os.path.join(A.corpus, "riscv32", "quicksort.bc"), "picorv32", "quicksort")
    ppc = os.path.join(A.corpus, "ppc", "crc32.bc")
    if os.path.exists(ppc):
        views_of_a_run(ppc, "ppc405", "crc32-ppc")
    hand_written()
    forever = work("forever.rv32.bc")
    c = subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32", "-O1", "-g",
                        "-emit-llvm", "-c", os.path.join(A.source, "tests/data/cli/forever.c"), "-o", forever],
                       capture_output=True)
    if not ok("clang builds forever.c", c.returncode == 0, c.stderr.decode()[-300:]):
        forever = None
    if os.path.exists(fir):
        diffs(fir)
        budgets(fir)
        atomic(fir, forever)
    progress(forever, fir if os.path.exists(fir) else None)
    usage()
    for n in notes:
        print("note: " + n)
    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
