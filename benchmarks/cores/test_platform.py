#!/usr/bin/env python3
"""test_platform -- the address contract of benchmarks/cores on real programs, and the
committed reference data against the tree.

usage: test_platform.py --build DIR            the contract (ctest cores.platform)
       test_platform.py --build DIR --data D   every data file under D (ctest cores.data)

The contract: for every core's start-up and three programs (one without data), the ELF links, crt0 fits its
0x300 bytes, the runtime routines (.lp.runtime) are the same bytes at the same addresses
whatever the program and the core, the testbench port follows them at one address, and
every function of the program lies at 0x120000 plus its offset in the object (build_elf
checks that itself and fails otherwise).

The data: each file's sums agree (per-PC cycles and counts = main's cycles and
instructions; edges and call sites inside what ran; the functions' self cycles add up to
main's), the object made now from the build's bitcode (or the micro-program's source)
has the code the data was measured on (code_sha256: .text and its relocations, which do
not depend on where the tree is), and the runtime block linked now is the one measured
(runtime_sha256): a change to a program, to clang, to benchmarks/runtime or to the
platform makes the data stale, and this test says which files to make again (README.md,
"Making the data").

Exit 0 passed; 1 failed; 2 bad usage; 77 skipped (no rv32imc bitcode: the riscv32
toolchain is missing)."""
import glob
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import lpcores  # noqa: E402

SKIP = 77


def contract(build, work):
    fails = []
    progs = [os.path.join(build, "benchmarks", "corpus", "rv32imc", "crc32.bc"),
             os.path.join(build, "benchmarks", "foreign", "rv32imc", "huffman.bc"),
             os.path.join(HERE, "micro", "align32.S")]   # no .rodata, no .data
    for p in progs:
        if not os.path.exists(p):
            print("skipped: no rv32imc bitcode %s (riscv32 toolchain missing?)" % p)
            return None
    runtime, plat, starts = {}, {}, {}
    for core in ("ibex-small", "ibex-icache", "cv32e40p"):
        for p in progs:
            w = os.path.join(work, core + "-" + os.path.basename(p))
            elf, _, warnings, _ = lpcores.build_elf(p, core, w)
            for x in warnings:
                fails.append("%s on %s: %s" % (p, core, x))
            e = lpcores.Elf(elf)
            crt0 = e.section(".lp.crt0")
            if crt0["addr"] != 0x100100 or crt0["size"] > 0x300:
                fails.append("%s: crt0 at %#x, %d bytes" % (core, crt0["addr"], crt0["size"]))
            rt = e.section(".lp.runtime")
            if rt["addr"] != lpcores.RUNTIME_BASE:
                fails.append("%s: the runtime at %#x" % (core, rt["addr"]))
            runtime.setdefault(lpcores.section_sha256(e, ".lp.runtime"), []).append((core, p))
            plat.setdefault(e.section(".lp.plat")["addr"], []).append((core, p))
            syms = {n: v for n, v, sz, typ, bind, shndx in e.symbols() if typ == 2}
            for s in ("printf", "memcpy", "__adddf3", "__udivdi3", "malloc"):
                starts.setdefault((s, syms.get(s)), []).append((core, p))
            if syms.get("main") is None or syms["main"] < lpcores.TEXT_BASE:
                fails.append("%s: main at %s" % (elf, syms.get("main")))
    if len(runtime) != 1:
        fails.append("the runtime's bytes differ between cores or programs: %s" % runtime)
    if len(plat) != 1:
        fails.append("the testbench port is not at one address: %s" % plat)
    names = {}
    for (s, v), who in starts.items():
        names.setdefault(s, set()).add(v)
    for s, vs in names.items():
        if len(vs) != 1 or None in vs:
            fails.append("%s is not at one address: %s" % (s, vs))
    return fails


# crt0's counter reads on PicoRV32: csrr s2, instret; csrr s0, cycle; ...; csrr s1, cycle; csrr s3, instret
PICORV32_READS = {"__lp_main_read": 0xc0002473, "__lp_main_return": 0xc00024f3}


def contract_picorv32(build, work):
    """the picorv32 flavour: the riscv32 bitcode linked relaxed (every call a jal, as
    isa/picorv32.yaml prices it), the counters read with rdcycle/rdinstret, and runtime
    routines that are the instructions lpnest runs to price them (isa/code/riscv32.code:
    the same words but for the immediates the layout sets)"""
    fails = []
    p = os.path.join(build, "benchmarks", "corpus", "riscv32", "crc32.bc")
    if not os.path.exists(p):
        print("skipped: no riscv32 bitcode %s" % p)
        return fails
    elf, _, warnings, _ = lpcores.build_elf(p, "picorv32", os.path.join(work, "picorv32"))
    fails += ["%s on picorv32: %s" % (p, x) for x in warnings]
    e = lpcores.Elf(elf)
    syms = {n: (v, sz) for n, v, sz, typ, bind, shndx in e.symbols() if shndx != 0}
    word = lambda a: int.from_bytes(e.read(a, 4), "little")  # noqa: E731
    for s, w in PICORV32_READS.items():
        if word(syms[s][0]) != w:
            fails.append("picorv32: %s is %08x, not the rdcycle %08x" % (s, word(syms[s][0]), w))
    if word(syms["__lp_main_read"][0] - 4) != 0xc0202973:
        fails.append("picorv32: the instruction before __lp_main_read is not csrr s2, instret")
    text = e.section(".text")
    for a in range(text["addr"], text["addr"] + text["size"] - 4, 4):
        w0, w1 = word(a), word(a + 4)
        if w0 & 0xfff == 0x097 and w1 & 0xfff == 0x0e7:   # auipc ra; jalr ra
            fails.append("picorv32: a call at %#x is not relaxed to jal" % a)
            break
    code, entries = {}, {}
    with open(os.path.join(lpcores.SRC, "isa", "code", "riscv32.code")) as f:
        for line in f:
            q = line.split()
            if q and q[0] == "entry":
                entries[q[1]] = int(q[2], 16)
            elif q and q[0] == "bytes":
                a = int(q[1], 16)
                for k, b in enumerate(bytes.fromhex(q[2])):
                    code[a + k] = b
    checked = 0
    for name, a in sorted(entries.items()):
        if name not in syms or not syms[name][1]:
            continue
        v, sz = syms[name]
        mine = e.read(v, sz)
        ref = bytes(code.get(a + k, 0) for k in range(sz))
        for k in range(0, sz, 4):
            x, y = int.from_bytes(mine[k:k + 4], "little"), int.from_bytes(ref[k:k + 4], "little")
            # opcode, rd and funct3 (lui, auipc, jal: opcode and rd; stores and branches:
            # opcode and funct3; the rest is immediate, which the layout sets)
            m = {0x37: 0xfff, 0x17: 0xfff, 0x6f: 0xfff, 0x23: 0x707f, 0x63: 0x707f}.get(x & 0x7f, 0x7fff)
            if x & m != y & m:
                fails.append("picorv32: %s+%#x is %08x, isa/code/riscv32.code has %08x" % (name, k, x, y))
                break
        checked += 1
    if checked < 100:
        fails.append("picorv32: only %d runtime routines checked against isa/code/riscv32.code" % checked)
    return fails


def check_data(build, data_dir, work):
    fails = []
    files = sorted(glob.glob(os.path.join(data_dir, "*", "*.json.gz")) +
                   glob.glob(os.path.join(data_dir, "*", "*.json")))
    if not files:
        return ["no data under %s" % data_dir]
    stale, digests, runtimes = [], {}, {}
    for f in files:
        d = lpcores.read_data(f)
        name = os.path.relpath(f, data_dir)
        m = d["main"]
        if sum(p[2] for p in d["pcs"]) != m["cycles"] or sum(p[1] for p in d["pcs"]) != m["instructions"]:
            fails.append("%s: per-PC sums are not main's cycles and instructions" % name)
        ran = {p[0] for p in d["pcs"]}
        if any(e[0] not in ran for e in d["edges"]) or any(c[0] not in ran for c in d["calls"]):
            fails.append("%s: an edge or call site that never ran" % name)
        if sum(f[2] for f in d["functions"]) != m["cycles"]:
            fails.append("%s: the functions' self cycles do not add up to main's" % name)
        inc = {f[0]: f[3] for f in d["functions"]}
        if inc.get("main") != m["cycles"]:
            fails.append("%s: main's inclusive cycles are not main's cycles" % name)
        if d["core"] != os.path.basename(os.path.dirname(f)) or d["core"] not in lpcores.CORES:
            fails.append("%s: the data is of core %s" % (name, d["core"]))
            continue
        # the code it was measured on: the program's object made now (once per program)
        if d["folder"] == "micro":
            march = lpcores.CORES[d["core"]]["march"]
            src = os.path.join(HERE, "micro", *([] if march == "rv32imc" else [march]), d["program"] + ".S")
        else:
            src = os.path.join(build, "benchmarks", d["folder"], lpcores.CORES[d["core"]]["flavour"],
                               d["program"] + ".bc")
        if not os.path.exists(src):
            fails.append("%s: no %s to check it against" % (name, src))
            continue
        key = (src, lpcores.CORES[d["core"]]["march"])
        if key not in digests:
            w = os.path.join(work, "p%d" % len(digests))
            os.makedirs(w)
            obj, _ = lpcores.program_object(src, w, march=key[1])
            digests[key] = lpcores.Elf(obj).code_digest()
        if digests[key] != d.get("code_sha256"):
            stale.append("%s: the program's code is not what was measured (%s changed)" % (name, src))
        # the runtime block (once per start-up)
        plat = lpcores.CORES[d["core"]]["platform"]
        if plat not in runtimes:
            elf, _, _, _ = lpcores.build_elf(src, d["core"], os.path.join(work, "rt-" + plat))
            runtimes[plat] = lpcores.section_sha256(lpcores.Elf(elf), ".lp.runtime")
        if runtimes[plat] != d["runtime_sha256"]:
            stale.append("%s: the runtime block is not what was measured (benchmarks/runtime, "
                         "platform/ or libgcc changed)" % name)
    if stale:
        fails += stale + ["make the stale data again: benchmarks/cores/refresh (README.md, \"Making the data\")"]
    print("%d data files, %d programs checked" % (len(files), len(digests)))
    return fails


def main(argv):
    build, data = None, None
    i = 0
    while i < len(argv):
        if argv[i] in ("-h", "--help"):
            sys.stdout.write(__doc__)
            return 0
        if argv[i] in ("--build", "--data") and i + 1 < len(argv):
            if argv[i] == "--build":
                build = argv[i + 1]
            else:
                data = argv[i + 1]
            i += 2
            continue
        sys.stderr.write("test_platform: error: bad usage near '%s'\n" % argv[i])
        return 2
    if not build:
        sys.stderr.write("test_platform: error: --build is required\n")
        return 2
    with tempfile.TemporaryDirectory(prefix="lpcores-test.") as work:
        # the runtime blocks: ctest shares a cache in the build tree (keyed by content)
        os.environ.setdefault("LPCORES_CACHE", work)
        try:
            if data:
                if not glob.glob(os.path.join(build, "benchmarks", "corpus", "rv32imc", "*.bc")):
                    print("skipped: no rv32imc bitcode in %s (riscv32 toolchain missing?)" % build)
                    return SKIP
                fails = check_data(build, data, work)
            else:
                fails = contract(build, work)
                if fails is None:
                    return SKIP
                fails += contract_picorv32(build, work)
        except lpcores.Error as e:
            fails = [str(e)]
    for f in fails:
        print("FAIL: " + f)
    if not fails:
        print("passed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
