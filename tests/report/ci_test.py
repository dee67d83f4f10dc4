#!/usr/bin/env python3
"""ci_test.py — lpnest's CI-native outputs, on a small program with a seeded
regression (a function's loop made longer):
- `--format=sarif` for budgets and for `lpnest diff`: valid against the SARIF
  2.1.0 JSON schema (tests/data/sarif, python3-jsonschema), one result per
  exceeded limit or regression, at the budgets file's line:col or the
  function's file:line;
- under GitHub Actions (GITHUB_ACTIONS=true) ::error/::warning workflow
  commands with file and line; none otherwise;
- JUnit: a budget of severity warning shows its text in <system-out>; diff
  test cases carry file and line;
- docs/ci-example.yml: its steps, run as the workflow runs them on a push and
  on a pull request (its shell and step conditions, in a git checkout of a
  base and a head), pass on an unchanged application and fail the job on
  seeded regressions in functions clang inlines (isort 4x, fir +50 %: budgets
  by source function), printing each annotation once."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import jsonschema
import yaml

A = None
FAILS = []
APP = """int printf(const char *, ...);
static volatile unsigned sink;
__attribute__((noinline)) unsigned work(unsigned n)
{
    unsigned h = 2166136261u;
    for (unsigned i = 0; i < n * ROUNDS; i++)
        h = (h ^ i) * 16777619u;
    return h;
}
int main(void)
{
    sink = work(100);
    printf("%u\\n", sink);
    return 0;
}
"""


def check(ok, what):
    print(("ok:   " if ok else "FAIL: ") + what)
    if not ok:
        FAILS.append(what)


def run(args, env=None, cwd=None):
    e = dict(os.environ)
    e.pop("GITHUB_ACTIONS", None)
    e.update(env or {})
    return subprocess.run(args, capture_output=True, text=True, env=e, cwd=cwd)


def compile_app(path, rounds, out):
    with open(path, "w") as f:
        f.write(APP.replace("ROUNDS", str(rounds)))
    subprocess.run([A.clang, "--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32", "-O2", "-g",
                    "-emit-llvm", "-c", path, "-o", out], check=True)


def valid_sarif(path, what):
    try:
        log = json.load(open(path))
        jsonschema.Draft4Validator(json.load(open(A.schema))).validate(log)
        check(True, what + ": valid SARIF 2.1.0")
        return log
    except (ValueError, jsonschema.ValidationError) as ex:
        check(False, what + ": not valid SARIF 2.1.0: %s" % str(ex)[:300])
        return None


def budgets_and_diff(w):
    src = os.path.join(w, "app.c")
    compile_app(src, 1, os.path.join(w, "old.bc"))
    old, new = os.path.join(w, "old.json"), os.path.join(w, "new.json")
    r = run([A.lpnest, os.path.join(w, "old.bc"), "--target=picorv32", "--quiet", "--format=json", "-o", old])
    compile_app(src, 3, os.path.join(w, "new.bc"))
    r = run([A.lpnest, os.path.join(w, "new.bc"), "--target=picorv32", "--quiet", "--format=json", "-o", new])
    rep = json.load(open(new))
    work = next(f for f in rep["functions"] if f["name"] == "work")
    wfile, wline = work["location"].rsplit(":", 1)

    budgets = os.path.join(w, "budgets.yaml")
    with open(budgets, "w") as f:
        f.write("lpnest_budget: 1\ntotal: 1G\nfunctions:\n  work:\n    self: 100\n  main:\n"
                "    severity: warning\n    self: 10\n")
    sarif = os.path.join(w, "budgets.sarif")
    r = run([A.lpnest, "report", new, "--budget=" + budgets, "--format=sarif", "-o", sarif,
             "--junit=" + os.path.join(w, "budgets.xml")])
    check(r.returncode == 3, "budget --format=sarif exits 3 on an exceeded limit (got %d)" % r.returncode)
    check("::error" not in r.stderr, "no workflow commands outside GitHub Actions")
    log = valid_sarif(sarif, "budgets")
    res = log["runs"][0]["results"] if log else []
    err = [x for x in res if x["level"] == "error"]
    warn = [x for x in res if x["level"] == "warning"]
    check(len(err) == 1 and len(warn) == 1 and len(res) == 2, "budgets: one error and one warning result")
    if err:
        reg = err[0]["locations"][0]["physicalLocation"]
        check(reg["artifactLocation"]["uri"] == budgets and reg["region"]["startLine"] == 5
              and reg["region"]["startColumn"] == 11, "budgets: the error is at budgets.yaml:5:11 (%s)" % reg)
        check("work" in err[0]["message"]["text"] and err[0]["ruleId"] == "lpnest.budget.functions",
              "budgets: message names the function, rule lpnest.budget.functions")
        rel = err[0].get("relatedLocations", [{}])[0].get("physicalLocation", {})
        check(rel.get("artifactLocation", {}).get("uri") == wfile and rel.get("region", {}).get("startLine") == int(wline),
              "budgets: relatedLocations point at the function's definition %s:%s (%s)" % (wfile, wline, rel))
    uri = log["runs"][0]["tool"]["driver"].get("informationUri", "") if log else ""
    check(re.match(r"^(file|https?)://", uri) is not None and "example.org" not in uri,
          "SARIF: informationUri names lpnest's documentation (%s)" % uri)
    junit = ET.parse(os.path.join(w, "budgets.xml")).getroot()
    outs = [e.text for e in junit.iter("system-out")]
    check(len(outs) == 1 and "%s:8:" % budgets in outs[0] and "main" in outs[0],
          "JUnit: the warning's text with file:line in <system-out> (%s)" % outs)
    r = run([A.lpnest, "report", new, "--budget=" + budgets, "-o", os.devnull], env={"GITHUB_ACTIONS": "true"})
    check(re.search(r"^::error file=%s,line=5,col=11,title=lpnest\.budget\.functions::function 'work'"
                    % re.escape(budgets), r.stderr, re.M) is not None,
          "GitHub Actions: ::error annotation at the budget's line")
    check(re.search(r"^::warning file=%s,line=8," % re.escape(budgets), r.stderr, re.M) is not None,
          "GitHub Actions: ::warning annotation for a warning budget")
    r = run([A.lpnest, "report", new, "--format=sarif"])
    check(r.returncode == 2 and "give --budget" in r.stderr, "--format=sarif without --budget: exit 2 (%d)" % r.returncode)

    dsarif = os.path.join(w, "diff.sarif")
    r = run([A.lpnest, "diff", old, new, "--format=sarif", "-o", dsarif, "--junit=" + os.path.join(w, "diff.xml")],
            env={"GITHUB_ACTIONS": "true"})
    check(r.returncode == 3, "diff --format=sarif exits 3 on the regression (got %d)" % r.returncode)
    log = valid_sarif(dsarif, "diff")
    res = log["runs"][0]["results"] if log else []
    fres = [x for x in res if x["ruleId"] == "lpnest.diff.functions"]
    check(len(fres) == 1 and fres[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == wfile
          and fres[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == int(wline),
          "diff: the regression of work is at %s:%s" % (wfile, wline))
    check(any(x["ruleId"] == "lpnest.diff" for x in res), "diff: the total's regression is a result")
    check("::error" not in r.stderr, "GitHub Actions: no annotations from a SARIF log (code scanning shows its results)")
    r = run([A.lpnest, "diff", old, new, "-o", os.devnull], env={"GITHUB_ACTIONS": "true"})
    check(re.search(r"^::error file=%s,line=%s,title=lpnest\.diff\.functions::" % (re.escape(wfile), wline),
                    r.stderr, re.M) is not None, "GitHub Actions: ::error annotation at the function's line")
    cases = [c for c in ET.parse(os.path.join(w, "diff.xml")).getroot().iter("testcase") if c.get("name") == "work"]
    check(cases and cases[0].get("file") == wfile and cases[0].get("line") == wline,
          "JUnit: the diff's test case of work has file and line")


# The application of the CI example's test: a sort and a filter that clang
# inlines into main (both static), as in a real firmware's hot path.
SORT_FAST = """    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }"""
# the seeded regression of isort: a bubble sort, about 4x the cycles
SORT_SLOW = """    for (int i = 0; i < n; i++)
        for (int j = n - 1; j > 0; j--)
            if (a[j - 1] > a[j]) {
                int t = a[j - 1];
                a[j - 1] = a[j];
                a[j] = t;
            }"""


def ci_app(slow_sort=False, taps=8):
    """The CI example's src/app.c; taps=18 is the +50 % regression of fir."""
    coef = ", ".join(str(1 + (k * 5) % 7) for k in range(taps))
    return """int printf(const char *, ...);
#define N 96
#define TAPS %d
static int data[N], out[N];
static const int coef[TAPS] = {%s};

/* sorts A[0..n) in place */
static void isort(int *a, int n)
{
%s
}

/* Y[i] = sum of X[i + k] * coef[k] */
static void fir(const int *x, int n, int *y)
{
    for (int i = 0; i + TAPS <= n; i++) {
        int s = 0;
        for (int k = 0; k < TAPS; k++)
            s += x[i + k] * coef[k];
        y[i] = s;
    }
}

int main(void)
{
    unsigned seed = 12345;
    for (int round = 0; round < 4; round++) {
        for (int i = 0; i < N; i++) {
            seed = seed * 1103515245u + 12345u;
            data[i] = (int)(seed >> 16) %% 1000;
        }
        isort(data, N);
        fir(data, N, out);
    }
    printf("%%d %%d %%d\\n", data[0], data[N - 1], out[0]);
    return 0;
}
""" % (taps, coef, SORT_SLOW if slow_sort else SORT_FAST)


# the base's figures on picorv32 are isort 234,650 and fir 39,152 cycles (by
# source function, over the run): budgets with some room
CI_BUDGETS = """lpnest_budget: 1
total: 1G
functions:
  isort: 280k     # inlined into main: checked by source function
  fir: 45k
"""

# steps of the workflow this test does not run (what they do is given here)
NOT_RUN = {"Toolchain": "installs Debian's packages", "Build lpnest": "lpnest under test is on PATH"}


def step_enabled(cond, event, failed, cwd):
    """A step's `if:` as the Actions runner evaluates it, for the expressions
    the example uses (always(), success(), failure(), github.event_name,
    hashFiles(), &&, ||, !, ==, !=); no `if:` means success()."""
    if cond is None:
        return not failed
    expr = str(cond).strip()
    if expr.startswith("${{") and expr.endswith("}}"):
        expr = expr[3:-2].strip()
    status = any(f in expr for f in ("always()", "success()", "failure()", "cancelled()"))
    expr = re.sub(r"hashFiles\('([^']*)'\)",
                  lambda m: "'h'" if os.path.exists(os.path.join(cwd, m.group(1))) else "''", expr)
    expr = (expr.replace("always()", "True").replace("success()", str(not failed))
            .replace("failure()", str(failed)).replace("cancelled()", "False")
            .replace("github.event_name", repr(event)).replace("&&", " and ").replace("||", " or "))
    expr = re.sub(r"!(?!=)", " not ", expr)
    if not re.fullmatch(r"[\w\s'=!()]*", expr):
        raise ValueError("the test cannot evaluate the step condition %r" % cond)
    ok = bool(eval(expr, {"__builtins__": {}}, {}))
    return ok if status else ok and not failed


def run_workflow(w, name, event, base_src, head_src):
    """Runs docs/ci-example.yml's job for EVENT (push or pull_request) on a
    git repository whose base commit has BASE_SRC and whose head has
    HEAD_SRC, step by step as the runner does (its shell; a failed step
    fails the job and skips the steps that need success). Returns (job
    passed, {step: exit status or 'skipped'}, all stderr)."""
    wf = yaml.safe_load(open(os.path.join(A.source, "docs", "ci-example.yml")))
    on = wf.get("on", wf.get(True))
    check(event in on, "ci-example: the workflow runs on %s" % event)
    job = wf["jobs"]["lpnest"]
    shell = (job.get("defaults", {}).get("run", {}) or {}).get("shell")
    # how the runner runs a step: `shell: bash` is bash -eo pipefail; none is bash -e
    argv = ["bash", "--noprofile", "--norc", "-eo", "pipefail"] if shell == "bash" else ["bash", "-e"]
    top = os.path.join(w, name + "-" + event)
    shutil.rmtree(top, ignore_errors=True)
    repo = os.path.join(top, "repo")
    os.makedirs(os.path.join(repo, "src"))
    os.makedirs(os.path.join(repo, "ci"))
    git = lambda *a: subprocess.run(["git", "-C", repo] + list(a), check=True, capture_output=True, text=True)
    git("init", "-q")
    git("config", "user.email", "ci@example.org")
    git("config", "user.name", "ci")
    with open(os.path.join(repo, "ci", "budgets.yaml"), "w") as f:
        f.write(CI_BUDGETS)
    with open(os.path.join(repo, "src", "app.c"), "w") as f:
        f.write(base_src)
    git("add", "-A")
    git("commit", "-qm", "base")
    base = git("rev-parse", "HEAD").stdout.strip()
    if head_src != base_src:
        with open(os.path.join(repo, "src", "app.c"), "w") as f:
            f.write(head_src)
        git("commit", "-qam", "the change")
    env = {"PATH": os.path.dirname(A.lpnest) + os.pathsep + os.path.dirname(A.clang) + os.pathsep
           + os.environ["PATH"], "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": event}
    basedir = os.path.join(top, "base")
    failed, status, errors = False, {}, ""
    for step in job["steps"]:
        sname = step.get("name", step.get("uses", "?"))
        if sname in NOT_RUN or "uses" in step:
            status[sname] = "not run"
            continue
        if not step_enabled(step.get("if"), event, failed, repo):
            status[sname] = "skipped"
            continue
        script = step["run"].replace("${{ github.event.pull_request.base.sha }}", base)
        script = script.replace("/tmp/base", basedir)
        r = run(argv + ["-c", script], env=env, cwd=repo)
        status[sname] = r.returncode
        errors += r.stderr
        if r.returncode != 0 and not step.get("continue-on-error"):
            failed = True
    print("  %s on %s: %s" % (name, event, status))
    return not failed, status, errors, repo


def ci_example(w):
    """docs/ci-example.yml with seeded regressions in functions clang inlines
    (isort 4x, fir +50 %%): the job fails on a push and on a pull request; the
    unchanged application passes both; each annotation is printed once."""
    base = ci_app()
    scenarios = [("unchanged", base, True), ("isort-4x", ci_app(slow_sort=True), False),
                 ("fir-50pct", ci_app(taps=18), False)]
    for name, head, should_pass in scenarios:
        for event in ("push", "pull_request"):
            ok, status, errors, repo = run_workflow(w, name, event, base, head)
            want = "passes" if should_pass else "fails"
            check(ok == should_pass, "ci-example: %s on %s: the job %s (%s)" % (name, event, want, status))
            anns = [l for l in errors.splitlines() if l.startswith("::error") or l.startswith("::warning")]
            check(len(anns) == len(set(anns)), "ci-example: %s on %s: each annotation printed once (%d printed, %d "
                  "different)" % (name, event, len(anns), len(set(anns))))
            if should_pass:
                continue
            fn = "isort" if name.startswith("isort") else "fir"
            check(any(("function '%s'" % fn) in a for a in anns),
                  "ci-example: %s on %s: an annotation names %s's budget" % (name, event, fn))
            rep = json.load(open(os.path.join(repo, "app.json")))
            compiled = [f for f in rep["functions"] if f["name"] == fn and f["calls"] > 0]
            src = [s for s in rep.get("sources", []) if s["name"] == fn]
            check(not compiled and src and src[0]["inlined_copies"] >= 1,
                  "ci-example: %s is inlined (no compiled calls, %s)" % (fn, src))
            if event == "pull_request":
                check(status.get("Compare with the base branch") not in ("skipped", 0),
                      "ci-example: %s on a pull request: the comparison runs and finds the regression (%s)"
                      % (name, status.get("Compare with the base branch")))
                check(os.path.exists(os.path.join(repo, "diff.txt")), "ci-example: diff.txt kept for the artifact")


def main():
    global A
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lpnest", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--schema", required=True)
    ap.add_argument("--work", required=True)
    A = ap.parse_args()
    A.lpnest, A.clang = os.path.abspath(A.lpnest), os.path.abspath(A.clang)
    os.makedirs(A.work, exist_ok=True)
    budgets_and_diff(A.work)
    ci_example(A.work)
    print("ci_test: %d failed" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
