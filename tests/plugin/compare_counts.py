#!/usr/bin/env python3
"""compare_counts.py — checks that the counts a program instrumented by lpnest.so
wrote (plugin/PROFILE.md) equal the counts lpnest's IR execution engine finds on
the same IR (`lpnest X.bc --counts`, estimator/COUNTS.md): per function its calls,
every edge (both list edges in block and successor order), every block (the
engine's block counts against the sums of the profile's in-edges) and every select
site the profile measured. Prints a summary; exit status 1 on any difference.

Usage: compare_counts.py COUNTS.json PROFILE
"""
import json
import sys


def read_profile(path):
    funcs = {}
    with open(path) as f:
        lines = [l.rstrip("\n") for l in f]
    assert lines[0] == "lpnest_profile 1", "not an lpnest profile"
    i = 1
    while i < len(lines):
        if not lines[i].startswith("module "):
            raise SystemExit(f"{path}:{i + 1}: expected 'module'")
        i += 1
        pending = []
        while not lines[i].startswith("counters "):
            w = lines[i].split()
            assert w[0] == "function", lines[i]
            fn = {"name": w[1], "nblocks": int(w[3]), "nedges": int(w[4]), "sites": [], "pairs": []}
            i += 1
            for _ in range(int(w[5])):
                s = lines[i].split()
                fn["sites"].append((int(s[1]), int(s[2]), s[3], int(s[4])))
                i += 1
            for _ in range(int(w[6])):
                s = lines[i].split()
                fn["pairs"].append((int(s[1]), int(s[2]), int(s[3])))
                i += 1
            pending.append(fn)
        n = int(lines[i].split()[1])
        values = [int(x) for x in lines[i + 1:i + 1 + n]]
        i += 1 + n
        k = 0
        for fn in pending:
            fn["calls"] = values[k]
            fn["edges"] = values[k + 1:k + 1 + fn["nedges"]]
            k += 1 + fn["nedges"]
            fn["site_counts"] = []
            for s in fn["sites"]:
                m = (4 if s[2] == "minmax" else 2) * s[3]
                fn["site_counts"].append(values[k:k + m])
                k += m
            for p in fn["pairs"]:
                k += p[1] * p[2]
            funcs[fn["name"]] = fn
    return funcs


def main():
    counts = json.load(open(sys.argv[1]))
    prof = read_profile(sys.argv[2])
    bad = 0
    nblocks = nedges = nsites = 0
    kinds = {"select": None, "logic": "branch-operand", "cmp": "compare", "minmax": "minmax"}
    for f in counts["functions"]:
        p = prof.get(f["name"])
        if p is None:
            print(f"{f['name']}: not in the profile")
            bad += 1
            continue
        if p["calls"] != f["calls"]:
            print(f"{f['name']}: calls {p['calls']} (profile) != {f['calls']} (engine)")
            bad += 1
        if len(p["edges"]) != len(f["edges"]):
            print(f"{f['name']}: {len(p['edges'])} edges in the profile, {len(f['edges'])} in the engine")
            bad += 1
            continue
        names = [b["name"] for b in f["blocks"]]
        block = {n: 0 for n in names}
        block[names[0]] += p["calls"]
        for e, c in zip(f["edges"], p["edges"]):
            if e["count"] != c:
                print(f"{f['name']}: edge {e['from']} -> {e['to']} ({e['kind']}): {c} (profile) != {e['count']}")
                bad += 1
            block[e["to"]] += c
            nedges += 1
        for b in f["blocks"]:
            nblocks += 1
            if block[b["name"]] != b["count"]:
                print(f"{f['name']}: block {b['name']}: {block[b['name']]} (profile) != {b['count']}")
                bad += 1
        for (blk, pos, kind, lanes), vals in zip(p["sites"], p["site_counts"]):
            recs = [s for s in f["selects"] if s["block"] == names[blk] and s["index"] == pos and
                    s.get("kind") == kinds[kind]]
            if not recs:
                continue  # a site the engine keeps no record of (its rules are narrower)
            for s in recs:
                lane = s.get("lane", 0)
                pl = 4 if kind == "minmax" else 2
                got = vals[pl * lane:pl * lane + 2]
                if [s["true"], s["false"]] != got or ("equal" in s and vals[pl * lane + 2] != s["equal"]):
                    print(f"{f['name']}: {kind} at {names[blk]}:{pos} lane {lane}: {vals[pl * lane:pl * lane + pl]} "
                          f"(profile) != {s}")
                    bad += 1
                nsites += 1
    print(f"compare_counts: {len(counts['functions'])} functions, {nblocks} blocks, {nedges} edges, "
          f"{nsites} select records compared: {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
