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
- docs/ci-example.yml: its "Estimate" and "Compare" steps, run as the
  workflow runs them (its shell, in a git checkout of a base and a regressed
  head), fail the job on the regression."""
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
    check(re.search(r"^::error file=%s,line=%s,title=lpnest\.diff\.functions::" % (re.escape(wfile), wline),
                    r.stderr, re.M) is not None, "GitHub Actions: ::error annotation at the function's line")
    cases = [c for c in ET.parse(os.path.join(w, "diff.xml")).getroot().iter("testcase") if c.get("name") == "work"]
    check(cases and cases[0].get("file") == wfile and cases[0].get("line") == wline,
          "JUnit: the diff's test case of work has file and line")


def ci_example(w):
    wf = yaml.safe_load(open(os.path.join(A.source, "docs", "ci-example.yml")))
    job = wf["jobs"]["lpnest"]
    shell = (job.get("defaults", {}).get("run", {}) or {}).get("shell")
    # how the runner runs a step: `shell: bash` is bash -eo pipefail; none is bash -e
    argv = ["bash", "--noprofile", "--norc", "-eo", "pipefail"] if shell == "bash" else ["bash", "-e"]
    steps = {s.get("name"): s for s in job["steps"]}
    repo = os.path.join(w, "repo")
    shutil.rmtree(repo, ignore_errors=True)
    os.makedirs(os.path.join(repo, "src"))
    os.makedirs(os.path.join(repo, "ci"))
    git = lambda *a: subprocess.run(["git", "-C", repo] + list(a), check=True, capture_output=True, text=True)
    git("init", "-q")
    git("config", "user.email", "ci@example.org")
    git("config", "user.name", "ci")
    with open(os.path.join(repo, "ci", "budgets.yaml"), "w") as f:
        f.write("lpnest_budget: 1\ntotal: 1G\n")
    with open(os.path.join(repo, "src", "app.c"), "w") as f:
        f.write(APP.replace("ROUNDS", "1"))
    git("add", "-A")
    git("commit", "-qm", "base")
    base = git("rev-parse", "HEAD").stdout.strip()
    with open(os.path.join(repo, "src", "app.c"), "w") as f:
        f.write(APP.replace("ROUNDS", "3"))
    git("commit", "-qam", "a slower work()")
    env = {"PATH": os.path.dirname(A.lpnest) + os.pathsep + os.path.dirname(A.clang) + os.pathsep
           + os.environ["PATH"]}
    basedir = os.path.join(w, "base")
    shutil.rmtree(basedir, ignore_errors=True)
    status = {}
    for name in ("Estimate cycles and check the budgets", "Compare with the base branch"):
        script = steps[name]["run"].replace("${{ github.event.pull_request.base.sha }}", base)
        script = script.replace("/tmp/base", basedir)
        r = run(argv + ["-c", script], env=env, cwd=repo)
        status[name] = r.returncode
        print("  step '%s' (%s): exit %d" % (name, " ".join(argv), r.returncode))
    check(status["Estimate cycles and check the budgets"] == 0, "ci-example: the estimate step passes")
    check(status["Compare with the base branch"] != 0, "ci-example: the compare step fails the job on the regression")
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
