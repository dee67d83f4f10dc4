#!/usr/bin/env python3
"""check_offload.py — the JPEG application's offloaded estimate, checked exactly.

With synchronous calls, lpnest --accel system.yaml must give
    (host cycles without the decode function)      the plain estimate minus jpeg_decode's
                                                   inclusive cycles
  + (accelerator latencies from `lpn sim`)         each image's tokens (the native
                                                   token tool) run alone through jpeg.yaml
  + (invoke costs)                                 200 host cycles per call
and its what-if software figure must equal the plain estimate's cycles of
jpeg_decode. Both clocks are 100 MHz, so no rounding enters.

usage: check_offload.py --lpnest L --lpn LPN --bc APP.bc --tool jpeg_tool --system system.yaml
                        --model jpeg.yaml --work DIR IMAGE.jpg..."""
import argparse
import json
import os
import subprocess
import sys

P = argparse.ArgumentParser()
for a in ("--lpnest", "--lpn", "--bc", "--tool", "--system", "--model", "--work"):
    P.add_argument(a, required=True)
P.add_argument("images", nargs="+")
A = P.parse_args()
os.makedirs(A.work, exist_ok=True)
fails = []


def ok(name, cond, detail=""):
    print(("ok   " if cond else "FAIL ") + name + ("" if cond else "   " + str(detail)))
    if not cond:
        fails.append(name)


def estimate(*extra):
    r = subprocess.run([A.lpnest, A.bc, "--target=picorv32", "--format=json", "--quiet"] + list(extra),
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("lpnest failed: " + r.stderr)
    return json.loads(r.stdout[r.stdout.index("{"):])


plain = estimate()
off = estimate("--accel=" + A.system)
decode = sum(f["inclusive_cycles"] for f in plain["functions"] if f["name"] == "jpeg_decode")

# each image's tokens through the model alone (the app decodes them in sorted order)
latencies = []
for img in sorted(A.images):
    tok = os.path.join(A.work, os.path.basename(img) + ".jsonl")
    env = dict(os.environ, LPNEST_TOKENS=tok)
    subprocess.run([A.tool, "tokens", img], env=env, check=True, capture_output=True)
    r = subprocess.run([A.lpn, "sim", A.model, "--input", tok, "--format=json"],
                       capture_output=True, text=True, check=True)
    latencies.append(json.loads(r.stdout)["done"]["last_cycle"])

expected = plain["total"]["cycles"] - decode + sum(200 + l for l in latencies)
got = off["total"]["cycles"]
print(f"plain {plain['total']['cycles']:.3f}, jpeg_decode {decode:.3f}, lpn sim latencies {latencies}")
print(f"expected {expected:.3f}, lpnest --accel {got:.3f}")
ok("offloaded estimate = host without jpeg_decode + lpn sim latencies + invoke costs (+ < 1 cycle per call of clock-edge alignment)",
   0 <= got - expected < len(latencies), (got, expected))
acc = off["accelerators"][0]
ok("per-call latencies = lpn sim's, call by call", acc["latencies"] == latencies, (acc["latencies"], latencies))
w = off["whatifs"][0]
ok("what-if software = the plain estimate's cycles of jpeg_decode", abs(w["software_cycles"] - decode) < 1e-6,
   (w["software_cycles"], decode))
ok("what-if offloaded = invoke costs + latencies (+ < 1 cycle per call)",
   0 <= w["offloaded_cycles"] - sum(200 + l for l in latencies) < len(latencies), w)
print("ALL PASSED" if not fails else f"{len(fails)} FAILED")
sys.exit(1 if fails else 0)
