#!/usr/bin/env python3
"""callgrind_self.py — self instruction counts (Ir) per function of one object
from a callgrind output file (valgrind's own format: name compression, relative
positions, call cost lines skipped, recursion levels merged), as JSON
{function: Ir}. Used by the plugin
tests to compare lpnest's host instruction counts with valgrind's.

Usage: callgrind_self.py CALLGRIND.OUT OBJECT-PATH
"""
import json
import os
import re
import sys


def self_costs(path, obj):
    names = {"ob": {}, "fn": {}}
    ob = fn = None
    skip_next = False
    costs = {}
    want = os.path.realpath(obj)
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            key, sep, val = line.partition("=")
            if sep and key in ("ob", "fn", "cob", "cfn", "fl", "fi", "fe", "cfi", "cfl"):
                kind = "ob" if key in ("ob", "cob") else "fn" if key in ("fn", "cfn") else None
                if kind:
                    v = val.strip()
                    if v.startswith("("):
                        ident, _, name = v.partition(")")
                        name = name.strip()
                        if name:
                            names[kind][ident] = name
                        v = names[kind].get(ident, ident)
                    if key == "ob":
                        ob = v
                    elif key == "fn":
                        fn = v
                continue
            if sep and key in ("calls",):
                skip_next = True
                continue
            if sep or line[0].isalpha():
                continue  # jump=, jcnd=, headers
            parts = line.split()
            if skip_next:
                skip_next = False
                continue
            if len(parts) < 2 or ob is None or fn is None:
                continue
            if os.path.realpath(ob) != want:
                continue
            name = re.sub(r"'\d+$", "", fn)  # recursion levels (--separate-recs)
            costs[name] = costs.get(name, 0) + int(parts[1])
    return costs


if __name__ == "__main__":
    json.dump(self_costs(sys.argv[1], sys.argv[2]), sys.stdout, indent=1, sort_keys=True)
    print()
