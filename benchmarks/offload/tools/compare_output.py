#!/usr/bin/env python3
"""compare_output.py — runs a program and a reference command and passes when
both exit 0 and print the same stdout (the first differing line is shown).

usage: compare_output.py PROGRAM [ARGS...] -- REFERENCE [ARGS...]"""
import subprocess
import sys


def main(argv):
    if "--" not in argv or argv.index("--") == 0 or argv.index("--") == len(argv) - 1:
        sys.stderr.write(__doc__)
        return 2
    k = argv.index("--")
    outs = []
    for cmd in (argv[:k], argv[k + 1:]):
        p = subprocess.run(cmd, stdout=subprocess.PIPE, timeout=300)
        if p.returncode != 0:
            sys.exit("compare_output.py: FAIL: %s exited %d" % (" ".join(cmd), p.returncode))
        outs.append(p.stdout.decode("utf-8", "replace").split("\n"))
    for i, (a, b) in enumerate(zip(outs[0], outs[1])):
        if a != b:
            sys.exit("compare_output.py: FAIL: line %d differs:\n  program:   %s\n  reference: %s" % (i + 1, a, b))
    if len(outs[0]) != len(outs[1]):
        sys.exit("compare_output.py: FAIL: %d lines, reference %d" % (len(outs[0]), len(outs[1])))
    sys.stdout.write("\n".join(outs[0]))
    print("compare_output.py: the program and the reference print the same %d lines" % (len(outs[0]) - 1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
