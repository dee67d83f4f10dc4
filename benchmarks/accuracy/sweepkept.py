"""sweepkept -- what csmith-sweep --keep saves of one program and target, and what
csmith-sweep --recheck reads back: enough to compare another lpnest binary's blocks with
the reference without making the program or running the reference again.

One file per program and target, KEEP/<config>-<target>-<seed>.kept.gz: gzip'd JSON with
  kept      FORMAT (the version of this layout)
  config, target, seed, shapes, timeout
  status    "reference" (the reference ran and exited 0: the fields below are there), or
            why the program was not compared whatever lpnest does ("skipped": the generator
            failed, the reference timed out or exited non-zero; "build": clang or the link
            failed), with detail
  bc        the bitcode lpnest runs (base64)
  execs     [[address, executions(, cycles on the AVR)]] of the addresses in code
  taken     [[address, taken]] of the addresses in code
  stdout    the reference's output (base64)
  code      {function: [[address, mnemonic]]}: the ELF's code (blockcmp.objdump)
Only the program's own addresses are kept (the host's C library runs outside them), so a
program takes a few KB."""
import base64
import gzip
import json
import os

FORMAT = 1
SUFFIX = ".kept.gz"
REFERENCE_FIELDS = ("bc", "execs", "taken", "stdout", "code")


class KeptError(Exception):
    """a kept file that cannot be read back (the message names the file)"""


def name(config, target, seed):
    return "%s-%s-%d%s" % (config, target, seed, SUFFIX)


def save(keep, config, target, seed, shapes, timeout, status, detail="", ref=None):
    """writes the record of one program (REF: {bc path, execs, taken, stdout, code} when
    status is "reference"); atomically (a temporary file renamed)"""
    rec = {"kept": FORMAT, "config": config, "target": target, "seed": seed, "shapes": list(shapes),
           "timeout": timeout, "status": status, "detail": detail}
    if status == "reference":
        code = ref["code"]
        inside = {a for insns in code.values() for a, _ in insns}
        with open(ref["bc"], "rb") as f:
            rec["bc"] = base64.b64encode(f.read()).decode()
        rec["execs"] = sorted([a] + (list(v) if isinstance(v, tuple) else [v])
                              for a, v in ref["execs"].items() if a in inside)
        rec["taken"] = sorted([a, n] for a, n in ref["taken"].items() if a in inside)
        rec["stdout"] = base64.b64encode(ref["stdout"]).decode()
        rec["code"] = {fn: [[a, m] for a, m in insns] for fn, insns in code.items()}
    path = os.path.join(keep, name(config, target, seed))
    tmp = path + ".tmp"
    with gzip.open(tmp, "wt", compresslevel=9) as f:
        json.dump(rec, f, separators=(",", ":"))
    os.replace(tmp, path)
    return path


def load(path):
    """the record of PATH, checked: KeptError when it is not a complete kept file"""
    try:
        with gzip.open(path, "rt") as f:
            rec = json.load(f)
    except (OSError, EOFError, ValueError) as e:
        raise KeptError("%s: error: not a kept file of csmith-sweep --keep (%s)" % (path, e))
    if not isinstance(rec, dict) or rec.get("kept") != FORMAT:
        raise KeptError("%s: error: kept file format %r, this csmith-sweep reads %d (keep it again with --keep)"
                        % (path, rec.get("kept") if isinstance(rec, dict) else None, FORMAT))
    missing = [k for k in ("config", "target", "seed", "timeout", "status") if k not in rec]
    if not missing and rec["status"] == "reference":
        missing = [k for k in REFERENCE_FIELDS if k not in rec]
    if missing:
        raise KeptError("%s: error: the kept file lacks %s (cut short? keep it again with --keep)"
                        % (path, ", ".join(missing)))
    if rec["status"] == "reference":
        try:
            rec["bc"] = base64.b64decode(rec["bc"], validate=True)
            rec["stdout"] = base64.b64decode(rec["stdout"], validate=True)
            rec["execs"] = {e[0]: (e[1], e[2]) if len(e) == 3 else e[1] for e in rec["execs"]}
            rec["taken"] = {a: n for a, n in rec["taken"]}
            rec["code"] = {fn: [(a, m) for a, m in insns] for fn, insns in rec["code"].items()}
        except (ValueError, TypeError, IndexError, AttributeError) as e:
            raise KeptError("%s: error: a malformed field in the kept file (%s)" % (path, e))
        if not rec["bc"].startswith(b"BC\xc0\xde"):
            raise KeptError("%s: error: the kept bitcode is not LLVM bitcode" % path)
        if not rec["execs"] or not rec["code"]:
            raise KeptError("%s: error: the kept reference executed nothing of the program's code" % path)
    return rec


def files(keep):
    """the kept files of directory KEEP, sorted; KeptError when there are none"""
    if not os.path.isdir(keep):
        raise KeptError("%s: error: no such directory (csmith-sweep --keep DIR makes one)" % keep)
    found = sorted(os.path.join(keep, f) for f in os.listdir(keep) if f.endswith(SUFFIX))
    if not found:
        raise KeptError("%s: error: no kept programs (*%s) in this directory" % (keep, SUFFIX))
    return found
