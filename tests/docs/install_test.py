#!/usr/bin/env python3
"""install_test.py — `cmake --install` into a temporary prefix: the tools, the
plugin and its runtime, the core descriptions, the man pages and bash
completion land where they belong and work from there:
- lpnest and lpn run from PREFIX/bin and the installed lpnest finds its cores
  in PREFIX/share/lpnest/isa (the build's folder hidden by LPNEST_ISA_DIR);
- `man -l` renders lpnest.1 and lpn.1, which name every option `--help` lists;
- the installed completion, sourced in bash, registers itself (`complete -p`)
  and completes subcommands, options, --target's cores and --format's values;
- a SARIF log names the installed REPORT.md as informationUri when the build
  was configured so (the default)."""
import argparse
import os
import re
import shutil
import subprocess
import sys

A = None
FAILS = []


def check(ok, what):
    print(("ok:   " if ok else "FAIL: ") + what)
    if not ok:
        FAILS.append(what)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def main():
    global A
    ap = argparse.ArgumentParser(description=__doc__)
    for k in ("build", "work"):
        ap.add_argument("--" + k, required=True)
    A = ap.parse_args()
    prefix = os.path.join(A.work, "prefix")
    shutil.rmtree(A.work, ignore_errors=True)
    r = run(["cmake", "--install", A.build, "--prefix", prefix])
    check(r.returncode == 0, "cmake --install --prefix TMP (%s)" % r.stderr[-300:])
    if r.returncode:
        return 1
    for rel in ("bin/lpnest", "bin/lpn", "lib/lpnest/lpnest.so", "lib/lpnest/liblpnest_rt.a",
                "share/lpnest/isa/picorv32.yaml", "share/lpnest/isa/code/riscv32.code", "share/man/man1/lpnest.1",
                "share/man/man1/lpn.1", "share/bash-completion/completions/lpnest",
                "share/bash-completion/completions/lpn", "share/doc/lpnest/REPORT.md", "include/lpnest/lpnest.h"):
        check(os.path.exists(os.path.join(prefix, rel)), "installed " + rel)
    lpnest, lpn = os.path.join(prefix, "bin", "lpnest"), os.path.join(prefix, "bin", "lpn")
    env = dict(os.environ, LPNEST_ISA_DIR=os.path.join(prefix, "share", "lpnest", "isa"))
    r = run([lpnest, "--target=help"], env=env)
    check(r.returncode == 0 and "picorv32" in r.stdout, "the installed lpnest lists its installed cores")
    check(run([lpn, "--version"]).returncode == 0, "the installed lpn runs")

    # man pages: rendered, and naming every option of --help
    env_man = dict(os.environ, MANWIDTH="100", MAN_KEEP_FORMATTING="0")
    for tool, helpcmd in (("lpnest", [lpnest, "--help"]), ("lpn", [lpn, "--help"])):
        page = os.path.join(prefix, "share", "man", "man1", tool + ".1")
        r = run(["man", "-l", page], env=env_man)
        text = re.sub(r".\x08", "", r.stdout)
        check(r.returncode == 0 and "SYNOPSIS" in text and "EXIT STATUS" in text,
              "man -l %s.1 renders (%s)" % (tool, r.stderr.strip()[:200]))
        opts = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", run(helpcmd).stdout))
        missing = sorted(o for o in opts if o not in text)
        check(not missing, "%s.1 names every option of %s --help (missing: %s)" % (tool, tool, missing))
        w = run(["groff", "-man", "-ww", "-z", page])
        check(not w.stderr.strip(), "%s.1 formats without groff warnings (%s)" % (tool, w.stderr.strip()[:200]))

    # bash completion, as bash-completion would load it
    comp = os.path.join(prefix, "share", "bash-completion", "completions", "lpnest")
    script = r"""
source "$1"
complete -p lpnest lpn || exit 9
t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _lpnest_complete; echo "$*|${COMPREPLY[*]}"; }
t lpnest re
t lpnest --tar
t lpnest --target = picorv32-
t lpnest app.bc --format = fo
t lpnest report --bud
t lpnest diff --format = ""
t lpn ch
"""
    r = run(["bash", "--norc", "--noprofile", "-c", script, "bash", comp],
            env=dict(os.environ, PATH=os.path.dirname(lpnest) + os.pathsep + os.environ["PATH"],
                     LPNEST_ISA_DIR=env["LPNEST_ISA_DIR"]))
    out = dict(l.split("|", 1) for l in r.stdout.splitlines() if "|" in l)
    check(r.returncode == 0 and "complete -F _lpnest_complete lpnest" in r.stdout,
          "the completion registers for lpnest and lpn (complete -p)")
    want = {"lpnest re": "report", "lpnest --tar": "--target=", "lpnest --target = picorv32-": "picorv32-min picorv32-ws1",
            "lpnest app.bc --format = fo": "folded", "lpnest report --bud": "--budget= --budget-allow-incomplete",
            "lpnest diff --format = ": "text json sarif", "lpn ch": "check"}
    for k, v in want.items():
        check(out.get(k, "").split() == v.split(), "completes '%s' to '%s' (got '%s')" % (k, v, out.get(k)))
    print("install_test: %d failed" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
