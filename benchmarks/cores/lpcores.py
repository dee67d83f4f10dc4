"""lpcores -- the RTL references of the RISC-V cores of benchmarks/cores (Ibex, CV32E40P,
SERV, NEORV32, PicoRV32): the cores, the ELF built from a program's bitcode at the addresses of the
contract (README.md), the testbench run with its trace, and the reduction of that trace to
the reference data (per-PC counts and cycles, control transfers, call sites, functions,
main's cycles).

Used by run, refresh, compare and the tests in this folder. Python 3 standard library only."""
import bisect
import glob
import gzip
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.normpath(os.path.join(HERE, "..", ".."))
RUNTIME_DIR = os.path.join(SRC, "benchmarks", "runtime")
PLATFORM_DIR = os.path.join(HERE, "platform")
DATA_FORMAT = 1

# The cores: simulator kind, the crt0/plat.c variant, the testbench configuration the
# simulator must have been built with (README.md, "The simulators").
CORES = {
    "ibex-small": {"sim": "ibex", "platform": "LP_IBEX",
                   "config": "2-stage, RV32MFast, RV32Zca, no icache (simple_system)"},
    "ibex-icache": {"sim": "ibex", "platform": "LP_IBEX_ICACHE",
                    "config": "ibex-small + ICache=1 (4 KiB, 2 ways, 8-byte lines) + BranchPredictor=1"},
    "ibex-maxperf": {"sim": "ibex", "platform": "LP_IBEX",
                     "config": "WritebackStage=1, BranchTargetALU=1, RV32MSingleCycle"},
    "ibex-iws1": {"sim": "ibex", "platform": "LP_IBEX",
                  "config": "ibex-small + INSTR_CYCLE_DELAY=1 (instruction memory answers one cycle later)"},
    "cv32e40p": {"sim": "cv32e40p", "platform": "LP_CV32E40P",
                 "config": "RV32IMC, FPU=0, COREV_PULP=0 (example_tb mm_ram)"},
    "neorv32": {"sim": "neorv32", "platform": "LP_NEORV32",
                "config": "NEORV32 v1.13.5: RV32IMC Zicntr, CPU_FAST_MUL_EN, CPU_FAST_SHIFT_EN, no caches; "
                          "XBUS memory acknowledging the cycle after each request (GHDL)"},
    "serv": {"sim": "serv", "platform": "LP_SERV", "march": "rv32i", "counters": False,
             "config": "servant: SERV width=1, RV32I, with_csr=1, no MDU, 2 MiB servant_ram (one-cycle ack)"},
    # lpnest's own picorv32 target: the riscv32 bitcode (rv32im) linked with relaxation, as
    # the corpus links it and isa/picorv32.yaml prices it (calls are jal); addresses are the
    # link's (PicoRV32's timing does not depend on them), not the contract's
    # memory: the look-ahead interface, mem_ready always 1 (dhrystone/testbench.v): the
    # README's CPI table (ALU 3, load 5, ...); picorv32-ws1: PicoRV32's testbench.v memory,
    # mem_ready registered, the cycle after mem_valid (ALU 4, load 7, ...): one wait state
    "picorv32": {"sim": "picorv32", "platform": "LP_PICORV32", "march": "rv32im", "flavour": "riscv32",
                 "relax": True, "mem": ["+mem=la"],
                 "config": "PicoRV32: ENABLE_MUL, ENABLE_DIV, BARREL_SHIFTER, ENABLE_COUNTERS(64), "
                           "ENABLE_REGS_DUALPORT, no COMPRESSED_ISA, TWO_CYCLE_*=0, LATCHED_MEM_RDATA=0; "
                           "look-ahead memory: mem_ready always 1, data from mem_la_addr (dhrystone/testbench.v)"},
    "picorv32-ws1": {"sim": "picorv32", "platform": "LP_PICORV32", "march": "rv32im", "flavour": "riscv32",
                     "relax": True, "mem": ["+mem=nola"],
                     "config": "the picorv32 core; memory with mem_ready registered, rising the cycle after "
                               "mem_valid (PicoRV32's testbench.v): one wait state"},
}
for _c in CORES.values():
    _c.setdefault("march", "rv32imc")
    _c.setdefault("flavour", _c["march"])   # the build's bitcode folder: build/benchmarks/*/FLAVOUR/
    _c.setdefault("relax", False)
    _c.setdefault("counters", True)
    _c.setdefault("mem", [])

TEXT_BASE = 0x120000        # platform/link.ld LP_TEXT_BASE
RUNTIME_BASE = 0x100400     # platform/link.ld LP_RUNTIME


# the flavours linked with relaxation (rv32im: the corpus's riscv32 target, PicoRV32)
RELAXED = ("rv32im",)


def arch_flags(march="rv32imc", csr=False):
    """clang's target flags for MARCH (rv32imc: the pipelined cores; rv32i: SERV; rv32im:
    PicoRV32, relaxed), with the CSR instructions when CSR (crt0.S, plat.c)"""
    return ["--target=riscv32-unknown-elf", "-march=" + march + ("_zicsr" if csr else ""), "-mabi=ilp32"] + \
        ([] if march in RELAXED else ["-mno-relax"])


# as cmake/LpnestCorpus.cmake builds the corpus's bitcode (for a .c given to run)
CORPUS_CFLAGS = ["-O2", "-g", "-std=c11", "-Wall", "-Wextra", "-nostdlibinc",
                 "-I" + os.path.join(SRC, "benchmarks", "corpus")]
RUNTIME_SOURCES = ["rt_libc.c", "rt_math.c", "rt_int128.c"]
# GCC's own multilib choice: rv32imc -> rv32im/ilp32 (there is no rv32imc multilib), rv32i -> rv32i
LIBGCC_DIR = {"rv32imc": "rv32im", "rv32i": "rv32i", "rv32im": "rv32im"}
LIBGCC_GLOB = "/usr/lib/gcc/riscv64-unknown-elf/*/%s/ilp32/libgcc.a"
MARKER = "\x02LPNEST "
GHDL_REPORT = re.compile(r"^\S+:\d+:\d+:@\S+:\((assertion|report) (note|warning|error|failure)\): |^simulation finished @")


class Error(Exception):
    """a failure with a message for the user (exit 1)"""


def tool(*names):
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    raise Error("%s not found (apt-get install clang-19 lld-19 llvm-19)" % names[0])


def run_tool(cmd, what, timeout=600):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Error("%s: timed out after %d s: %s" % (what, timeout, " ".join(cmd)))
    except OSError as e:
        raise Error("%s: %s: %s" % (what, cmd[0], e.strerror))
    if r.returncode != 0:
        raise Error("%s failed (exit %d): %s\n%s" % (what, r.returncode, " ".join(cmd), (r.stderr or r.stdout).strip()))
    return r


FOLDERS = ("corpus", "foreign", "embedded", "micro")


def folder_of(path):
    """the benchmarks folder a program comes from: build/benchmarks/F/rv32imc/x.bc or
    benchmarks/F/x.c (or benchmarks/cores/micro/x.S: micro); else other"""
    parts = os.path.abspath(path).split(os.sep)
    for k in range(len(parts) - 2, -1, -1):
        if parts[k] in FOLDERS:
            return parts[k]
    return "other"


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def libgcc(march="rv32imc"):
    pattern = LIBGCC_GLOB % LIBGCC_DIR[march]
    found = sorted(glob.glob(pattern))
    if not found:
        raise Error("no %s/ilp32 libgcc.a (%s): apt-get install gcc-riscv64-unknown-elf" % (LIBGCC_DIR[march], pattern))
    return found[-1]


def runtime_symbols(march="rv32imc"):
    """the routines forced into the runtime block (platform/runtime.syms; for rv32i also
    platform/runtime-rv32i.syms)"""
    out = []
    if march == "rv32i":
        out += runtime_symbols_file("runtime-rv32i.syms")
    return runtime_symbols_file("runtime.syms") + out


def runtime_symbols_file(name):
    out = []
    with open(os.path.join(PLATFORM_DIR, name)) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                out.extend(line.split())
    return out


# ---------------------------------------------------------------- ELF reading

class Elf:
    """An ELF32 little-endian file: sections, loadable segments, symbols."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if d[:4] != b"\x7fELF" or d[4] != 1 or d[5] != 1:
            raise Error("%s: not a little-endian ELF32 file" % path)
        (self.type, self.machine, _, self.entry, phoff, shoff, _, _, phentsize, phnum, shentsize, shnum,
         shstrndx) = struct.unpack_from("<HHIIIIIHHHHHH", d, 16)
        self.sections = []
        for k in range(shnum):
            name, typ, flags, addr, off, size, link, info, align, entsize = struct.unpack_from(
                "<10I", d, shoff + k * shentsize)
            self.sections.append({"name_off": name, "type": typ, "flags": flags, "addr": addr, "offset": off,
                                  "size": size, "link": link, "info": info, "entsize": entsize})
        if shstrndx < len(self.sections):
            strtab = self.sections[shstrndx]
            for s in self.sections:
                s["name"] = self._str(strtab, s["name_off"])
        self.segments = []
        for k in range(phnum):
            typ, off, vaddr, _, filesz, memsz, flags, _ = struct.unpack_from("<8I", d, phoff + k * phentsize)
            if typ == 1:
                self.segments.append((vaddr, d[off:off + filesz], memsz, flags))

    def _str(self, sec, off):
        start = sec["offset"] + off
        end = self.data.index(b"\0", start)
        return self.data[start:end].decode("utf-8", "replace")

    def section(self, name):
        for s in self.sections:
            if s.get("name") == name:
                return s
        return None

    def symbols(self):
        """[(name, value, size, type, bind, section index)] of .symtab"""
        out = []
        for s in self.sections:
            if s["type"] != 2:  # SHT_SYMTAB
                continue
            strtab = self.sections[s["link"]]
            for k in range(1, s["size"] // 16):
                name, value, size, info, _, shndx = struct.unpack_from("<IIIBBH", self.data, s["offset"] + 16 * k)
                out.append((self._str(strtab, name), value, size, info & 15, info >> 4, shndx))
        return out

    def code_digest(self):
        """sha256 of the object's .text and of its relocations (offset, type, symbol or
        section name, addend): the program's code, independent of where it was built (the
        debug sections carry paths)"""
        h = hashlib.sha256()
        syms = None
        for k, sec in enumerate(self.sections):
            if sec.get("name") != ".text":
                continue
            h.update(self.data[sec["offset"]:sec["offset"] + sec["size"]])
            for rel in self.sections:
                if rel["type"] != 4 or rel["info"] != k:   # SHT_RELA of this section
                    continue
                if syms is None:
                    syms = self.symbols()
                for j in range(rel["size"] // 12):
                    off, info, addend = struct.unpack_from("<IIi", self.data, rel["offset"] + 12 * j)
                    n, v, sz, typ, bind, shndx = syms[(info >> 8) - 1] if info >> 8 else ("", 0, 0, 0, 0, 0)
                    if not n and typ == 3 and shndx < len(self.sections):   # a section symbol
                        n = self.sections[shndx].get("name", "")
                    h.update(b"%d %d %s %d\n" % (off, info & 0xff, n.encode(), addend))
        return h.hexdigest()

    def read(self, addr, n):
        """N bytes at ADDR from the loadable segments (None outside them)"""
        for vaddr, data, _, _ in self.segments:
            if vaddr <= addr and addr + n <= vaddr + len(data):
                return data[addr - vaddr:addr - vaddr + n]
        return None


# ---------------------------------------------------------------- instructions

K_OTHER, K_BRANCH, K_JUMP, K_CALL, K_RET, K_JUMPREG = range(6)


def decode(half0, half1):
    """(length, kind, direct target offset or None) of the instruction whose first 16-bit
    parcels are HALF0, HALF1 (RV32IMC)"""
    if half0 & 3 != 3:
        q, f3 = half0 & 3, half0 >> 13
        if q == 1 and f3 in (1, 5):   # c.jal (RV32), c.j
            imm = (((half0 >> 12) & 1) << 11 | ((half0 >> 11) & 1) << 4 | ((half0 >> 9) & 3) << 8 |
                   ((half0 >> 8) & 1) << 10 | ((half0 >> 7) & 1) << 6 | ((half0 >> 6) & 1) << 7 |
                   ((half0 >> 3) & 7) << 1 | ((half0 >> 2) & 1) << 5)
            if imm & 0x800:
                imm -= 0x1000
            return 2, (K_CALL if f3 == 1 else K_JUMP), imm
        if q == 1 and f3 in (6, 7):   # c.beqz, c.bnez
            return 2, K_BRANCH, None
        if q == 2 and f3 == 4 and (half0 >> 2) & 31 == 0 and (half0 >> 7) & 31 != 0:
            rs1 = (half0 >> 7) & 31
            if (half0 >> 12) & 1:
                return 2, K_CALL, None          # c.jalr
            return 2, (K_RET if rs1 in (1, 5) else K_JUMPREG), None   # c.jr
        return 2, K_OTHER, None
    insn = half0 | half1 << 16
    op, rd, rs1 = insn & 0x7f, (insn >> 7) & 31, (insn >> 15) & 31
    if op == 0x6f:   # jal
        imm = (((insn >> 31) & 1) << 20 | ((insn >> 12) & 0xff) << 12 | ((insn >> 20) & 1) << 11 |
               ((insn >> 21) & 0x3ff) << 1)
        if imm & 0x100000:
            imm -= 0x200000
        return 4, (K_CALL if rd in (1, 5) else K_JUMP), imm
    if op == 0x67:   # jalr
        if rd in (1, 5):
            return 4, K_CALL, None
        if rd == 0 and rs1 in (1, 5):
            return 4, K_RET, None
        return 4, K_JUMPREG, None
    if op == 0x63:
        return 4, K_BRANCH, None
    return 4, K_OTHER, None


class Code:
    """Instruction lengths and kinds of an ELF's code, decoded on demand; the function
    (FUNC symbol with its size) each address lies in."""

    def __init__(self, elf):
        self.elf = elf
        self.cache = {}
        funcs = sorted((v, v + max(sz, 1), n) for n, v, sz, typ, _, shndx in elf.symbols()
                       if typ == 2 and shndx != 0)
        self.starts = [f[0] for f in funcs]
        self.funcs = funcs
        self.entries = {}
        for v, _, n in funcs:
            self.entries.setdefault(v, n)

    def insn(self, pc):
        r = self.cache.get(pc)
        if r is None:
            b = self.elf.read(pc, 2)
            if b is None:
                raise Error("%s: executed address %#x holds no loaded code" % (self.elf.path, pc))
            h0 = b[0] | b[1] << 8
            b2 = self.elf.read(pc + 2, 2) if h0 & 3 == 3 else b"\0\0"
            if b2 is None:
                raise Error("%s: instruction at %#x runs past the loaded code" % (self.elf.path, pc))
            r = decode(h0, b2[0] | b2[1] << 8)
            self.cache[pc] = r
        return r

    def function(self, pc):
        k = bisect.bisect_right(self.starts, pc) - 1
        if k >= 0 and self.funcs[k][0] <= pc < self.funcs[k][1]:
            return self.funcs[k][2]
        return "?"


# ---------------------------------------------------------------- building the ELF

def compile_flags(platform, march="rv32imc"):
    return arch_flags(march, csr=True) + ["-D" + platform]


def cache_dir():
    """where runtime blocks are kept between runs: $LPCORES_CACHE, else ~/.cache/lpnest-cores
    (None when neither can be made: each run then builds its own)"""
    d = os.environ.get("LPCORES_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "lpnest-cores")
    try:
        os.makedirs(d, exist_ok=True)
        return d
    except OSError:
        return None


def cached_object(src, flags, work, what, deps=()):
    """SRC compiled with FLAGS into WORK/NAME-KEY.o, KEY a digest of the source, DEPS and
    the flags (compiled once; concurrent runs rename their own into place)"""
    key = hashlib.sha256(" ".join(flags).encode())
    for f in (src,) + tuple(deps):
        key.update(f.encode() + b"\0" + sha256_file(f).encode())
    out = os.path.join(work, "%s-%s.o" % (os.path.splitext(os.path.basename(src))[0], key.hexdigest()[:20]))
    if not os.path.exists(out):
        os.makedirs(work, exist_ok=True)
        fd, tmp = tempfile.mkstemp(suffix=".o", dir=work)
        os.close(fd)
        try:
            run_tool([tool("clang-19", "clang")] + flags + ["-c", src, "-o", tmp], what)
            os.replace(tmp, out)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return out


def build_block(platform, work, march="rv32imc"):
    """the runtime block of PLATFORM (crt0.S, the runtime routines, plat.c, the libgcc
    members of platform/runtime.syms), prelinked: WORK/lp_block-KEY.o, KEY a digest of its
    inputs (built once; concurrent runs each build their own and rename it into place)"""
    lld = tool("ld.lld-19", "ld.lld")
    lib = libgcc(march)
    rt_h = os.path.join(RUNTIME_DIR, "rt.h")
    # RT_CORES_CONTRACT: the runtime as the address contract fixed it (rt_libc.c); the
    # relaxed flavour (PicoRV32) has the corpus's riscv32 runtime: its flags, all its routines
    cflags = ["-O2", "-fno-builtin", "-Wall", "-Wextra", "-I" + RUNTIME_DIR]
    if march not in RELAXED:
        cflags.append("-DRT_CORES_CONTRACT")
    # crt0 unrelaxed on every core: the measured sequence around main is the same
    objs = [cached_object(os.path.join(PLATFORM_DIR, "crt0.S"), compile_flags(platform, march) + ["-mno-relax"],
                          work, "assembling crt0.S")]
    objs += [cached_object(os.path.join(RUNTIME_DIR, s), arch_flags(march) + cflags, work, "compiling " + s, (rt_h,))
             for s in RUNTIME_SOURCES]
    objs.append(cached_object(os.path.join(PLATFORM_DIR, "plat.c"), compile_flags(platform, march) + cflags, work,
                              "compiling plat.c", (rt_h,)))
    key = hashlib.sha256(" ".join(runtime_symbols(march)).encode())
    for f in objs + [lib]:
        key.update(f.encode() + b"\0" + sha256_file(f).encode())
    out = os.path.join(work, "lp_block-%s.o" % key.hexdigest()[:20])
    if os.path.exists(out):
        return out
    undef = []
    for sym in runtime_symbols(march):
        undef += ["-u", sym]
    fd, tmp = tempfile.mkstemp(suffix=".o", dir=work)
    os.close(fd)
    try:
        # the plat.c object last: its sections are placed after the runtime's by link.ld
        run_tool([lld, "-r", "-o", tmp] + undef + objs[:-1] + [lib, objs[-1]], "prelinking the runtime block")
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out


def program_object(src, work, extra_cflags=(), march="rv32imc"):
    """the object of a program: from bitcode (as the corpus lowers it: -O2 with the
    middle-end off), from C (through bitcode, with the corpus's flags) or from assembly"""
    clang = tool("clang-19", "clang")
    base = os.path.join(work, "prog")
    if src.endswith((".S", ".s")):
        o = base + ".o"
        run_tool([clang] + arch_flags(march, csr=True) + list(extra_cflags) +
                 ["-c", src, "-o", o], "assembling " + src)
        return o, None
    bc = src
    if src.endswith(".c"):
        bc = base + ".bc"
        run_tool([clang] + arch_flags(march) + CORPUS_CFLAGS + list(extra_cflags) + ["-emit-llvm", "-c", src, "-o", bc],
                 "compiling " + src)
    elif not src.endswith(".bc"):
        raise Error("%s: not a .bc, .c, .S or .s file" % src)
    o = base + ".o"
    run_tool([clang] + arch_flags(march) + ["-O2", "-Xclang", "-disable-llvm-passes", "-c", bc, "-o", o],
             "lowering " + bc)
    return o, bc


def args_object(argv, work):
    """the args area (link.ld LP_ARGS): argc, argv[] and the strings"""
    clang = tool("clang-19", "clang")
    lines = ["    .section .lp.args, \"aw\"", "    .globl __lp_args", "__lp_args:", "    .word %d" % len(argv)]
    lines += ["    .word .Larg%d" % k for k in range(len(argv))] + ["    .word 0"]
    for k, a in enumerate(argv):
        lines.append(".Larg%d:" % k)
        lines.append("    .byte " + ", ".join(str(b) for b in a.encode() + b"\0"))
    s = os.path.join(work, "args.s")
    with open(s, "w") as f:
        f.write("\n".join(lines) + "\n")
    o = os.path.join(work, "args.o")
    run_tool([clang] + arch_flags() + ["-c", s, "-o", o], "assembling the arguments")
    return o


def check_layout(elf, prog_obj, relaxed=False):
    """every function of the program object at TEXT_BASE + its offset (RELAXED: in .text, at
    the address the relaxing link gave it); warnings"""
    warnings = []
    obj = Elf(prog_obj)
    text_idx = [k for k, s in enumerate(obj.sections) if s.get("name") == ".text"]
    linked = {}
    for n, v, sz, typ, bind, shndx in elf.symbols():
        if typ == 2 and shndx != 0:
            linked.setdefault(n, v)
    text = elf.section(".text")
    for n, v, sz, typ, bind, shndx in obj.symbols():
        if typ != 2 or shndx == 0:
            continue
        if relaxed:
            got = linked.get(n)
            if shndx not in text_idx or got is None or not text or \
                    not text["addr"] <= got < text["addr"] + text["size"]:
                raise Error("%s: function %s is not in the program's .text" % (elf.path, n))
            continue
        if shndx not in text_idx:
            raise Error("%s: function %s is in section %s, not .text: the fixed layout needs one .text "
                        "section (no -ffunction-sections)" % (prog_obj, n, obj.sections[shndx].get("name")))
        if linked.get(n) != TEXT_BASE + v:
            got = linked.get(n)
            raise Error("%s: function %s is at %s, the contract says %#x (LP_TEXT_BASE + %#x)" % (
                elf.path, n, "nowhere" if got is None else "%#x" % got, TEXT_BASE + v, v))
    known = {".lp.reset0", ".lp.vectors", ".lp.crt0", ".lp.runtime", ".lp.rodata", ".lp.data", ".lp.bss", ".lp.plat", ".text",
             ".rodata", ".data", ".bss", ".lp.args", ".eh_frame", ".sdata", ".sbss", ".srodata"}
    for sec in elf.sections:
        name = sec.get("name", "")
        if sec["flags"] & 2 and sec["size"] and name not in known:   # SHF_ALLOC
            if name in (".init_array", ".fini_array", ".preinit_array", ".ctors", ".dtors", ".tdata", ".tbss"):
                raise Error("%s: section %s: constructors, destructors and thread-local data are not "
                            "supported by crt0.S (README.md)" % (prog_obj, name))
            warnings.append("section %s (%d bytes) is not in the layout of link.ld" % (name, sec["size"]))
    size = sum(obj.sections[k]["size"] for k in text_idx)
    if text and text["size"] != size and not relaxed:
        extra = sorted(n for n, v, sz, typ, bind, shndx in elf.symbols()
                       if typ == 2 and TEXT_BASE + size <= v < TEXT_BASE + text["size"])
        warnings.append("routines linked after the program's code, outside the fixed runtime block "
                        "(add them to platform/runtime.syms): " + ", ".join(extra))
    return warnings


def build_elf(src, core, work, argv=None, out=None, extra_cflags=()):
    """the ELF of program SRC for CORE in WORK (or OUT); returns (elf path, bitcode or
    None, warnings, the program's object)"""
    if core not in CORES:
        raise Error("unknown core '%s' (%s)" % (core, ", ".join(CORES)))
    platform, march, relax = CORES[core]["platform"], CORES[core]["march"], CORES[core]["relax"]
    os.makedirs(work, exist_ok=True)
    block = build_block(platform, os.path.join(cache_dir() or work, "block-" + platform), march)
    prog, bc = program_object(src, work, extra_cflags, march)
    if argv is None:
        argv = [os.path.basename(src)]
    args = args_object(argv, work)
    elf = out or os.path.join(work, "prog.elf")
    tmp = elf + ".tmp"
    run_tool([tool("ld.lld-19", "ld.lld")] + ([] if relax else ["--no-relax"]) +
             ["-static", "-T", os.path.join(PLATFORM_DIR, "link.ld"),
              "--allow-multiple-definition", prog, block, args, libgcc(march), "-o", tmp], "linking")
    e = Elf(tmp)
    warnings = check_layout(e, prog, relax)
    os.replace(tmp, elf)
    return elf, bc, warnings, prog


def verilog_hex_words(elf, path):
    """the loadable bytes as $readmemh input for an array of 32-bit little-endian words
    (servant_ram), "@WORD" before every run of words"""
    e = Elf(elf)
    words = {}
    for vaddr, data, memsz, _ in e.segments:
        for k, b in enumerate(data):
            a = vaddr + k
            w = words.setdefault(a >> 2, [0, 0, 0, 0])
            w[a & 3] = b
    with open(path, "w") as f:
        last = None
        for w in sorted(words):
            if last is None or w != last + 1:
                f.write("@%08X\n" % w)
            b = words[w]
            f.write("%02X%02X%02X%02X\n" % (b[3], b[2], b[1], b[0]))
            last = w


def verilog_hex(elf, path):
    """the loadable bytes as $readmemh input for a byte array (objcopy -O verilog's format)"""
    e = Elf(elf)
    with open(path, "w") as f:
        for vaddr, data, memsz, _ in e.segments:
            if not data:
                continue
            f.write("@%08X\n" % vaddr)
            for k in range(0, len(data), 16):
                f.write(" ".join("%02X" % b for b in data[k:k + 16]) + "\n")


# ---------------------------------------------------------------- running

def sim_kind(sim):
    base = os.path.basename(sim)
    if "ibex" in base:
        return "ibex"
    if "cv32e40p" in base:
        return "cv32e40p"
    if "serv" in base:
        return "serv"
    if "neorv32" in base:
        return "neorv32"
    if "picorv32" in base:
        return "picorv32"
    raise Error("%s: not a known simulator (Vibex_simple_system, Vcv32e40p, Vserv, neorv32_lp or Vpicorv32_lp)" % sim)


def sim_config(sim):
    """the verilator arguments the simulator was built with (config.txt beside obj_dir, or
    beside the simulator), or None"""
    d = os.path.dirname(os.path.abspath(sim))
    for cfg in (os.path.join(os.path.dirname(d), "config.txt"), os.path.join(d, "config.txt")):
        if os.path.exists(cfg):
            with open(cfg) as f:
                return f.read().strip()
    return None


def check_sim_config(core, sim):
    """an error when the simulator's recorded configuration is not CORE's"""
    cfg = sim_config(sim)
    if cfg is None:
        return "no config.txt beside %s: its configuration is not checked" % sim
    want = {
        "ibex-small": lambda c: "ICache=1" not in c and "WritebackStage=1" not in c and "INSTR_CYCLE_DELAY" not in c,
        "ibex-icache": lambda c: "ICache=1" in c and "BranchPredictor=1" in c,
        "ibex-maxperf": lambda c: "WritebackStage=1" in c and "BranchTargetALU=1" in c and "RV32MSingleCycle" in c,
        "ibex-iws1": lambda c: "INSTR_CYCLE_DELAY=1" in c and "ICache=1" not in c and "WritebackStage=1" not in c,
        "cv32e40p": lambda c: True,
        "serv": lambda c: "memsize=2097152" in c,
        "neorv32": lambda c: "neorv32_lp" in c,
        # Vpicorv32_lp: lp_picorv32_top's defaults are this configuration; a -G changes it
        "picorv32": lambda c: c.startswith("picorv32") and "-G" not in c,
        "picorv32-ws1": lambda c: c.startswith("picorv32") and "-G" not in c,
    }[core]
    if not want(cfg):
        raise Error("%s was built with '%s', which is not %s (%s)" % (sim, cfg, core, CORES[core]["config"]))
    return None


class Reducer:
    """Turns the trace (cycle stamp, pc per instruction, in order) into the reference data.

    Per-PC cycle convention: an instruction is charged the time from its own stamp to the
    next instruction's stamp. main's window runs from main's first instruction (the first
    record at main's address) up to, not including, the instruction after the call of main
    in crt0 (__lp_main_return): its cycles are that instruction's stamp minus main's first."""

    def __init__(self, elf):
        self.code = Code(elf)
        syms = {n: v for n, v, sz, typ, bind, shndx in elf.symbols() if shndx != 0}
        for s in ("main", "__lp_main_return", "__lp_main_read"):
            if s not in syms:
                raise Error("%s: no symbol %s" % (elf.path, s))
        self.main = syms["main"]
        self.main_return = syms["__lp_main_return"]
        self.main_read = syms["__lp_main_read"]
        self.pcs = {}          # pc -> [count, cycles]
        self.edges = {}        # (pc, next) -> [count, cycles]
        self.records = 0
        self.first_stamp = self.last_stamp = None
        self.in_main = False
        self.main_done = False
        self.main_start = self.main_end = None
        self.main_instructions = 0
        self.read_stamp = None   # stamp of crt0's `csrr s0, mcycle`
        self.traps = []
        # calls: a stack of frames [return address, functions active in it, call site, entry
        # stamp, tail calls made in it as [jump's pc, function, entry stamp]]
        self.stack = []
        self.active = {}       # function -> activations open
        self.since = {}        # function -> stamp its outermost activation began
        self.inclusive = {}
        self.calls = {}
        self.sites = {}        # (call site pc, callee) -> [calls, cycles from the callee's entry to the return]
        self.pending = None    # what the previous record asks of this one: ('call', ret, site) / ('ret',) / ('tail', f)
        self.prev = None       # (stamp, pc)

    def _enter(self, f, stamp):
        n = self.active.get(f, 0)
        if n == 0:
            self.since[f] = stamp
        self.active[f] = n + 1
        self.calls[f] = self.calls.get(f, 0) + 1

    def _leave(self, f, stamp):
        n = self.active[f] - 1
        self.active[f] = n
        if n == 0:
            self.inclusive[f] = self.inclusive.get(f, 0) + stamp - self.since[f]

    def feed(self, stamp, pc, trap=False):
        self.records += 1
        if self.first_stamp is None:
            self.first_stamp = stamp
        self.last_stamp = stamp
        prev = self.prev
        if prev is not None and self.in_main:
            pstamp, ppc = prev
            dt = stamp - pstamp
            e = self.pcs.get(ppc)
            if e is None:
                self.pcs[ppc] = [1, dt]
            else:
                e[0] += 1
                e[1] += dt
            ln = self.code.insn(ppc)[0]
            if pc != ppc + ln:
                k = (ppc, pc)
                e = self.edges.get(k)
                if e is None:
                    self.edges[k] = [1, dt]
                else:
                    e[0] += 1
                    e[1] += dt
        if trap:
            self.traps.append((stamp, pc))
        # main's window
        if not self.in_main and not self.main_done and pc == self.main:
            self.in_main = True
            self.main_start = stamp
            self.pending = None
            self.stack = [[None, ["main"], None, stamp, []]]
            self._enter("main", stamp)
        elif self.in_main and pc == self.main_return and self.stack and len(self.stack) == 1 and \
                self.pending is not None and self.pending[0] == "ret":
            self.in_main = False
            self.main_done = True
            self.main_end = stamp
            for f in self.stack[0][1]:
                self._leave(f, stamp)
            self.stack = []
            self.pending = None
        elif self.in_main:
            p = self.pending
            if p is not None:
                if p[0] == "call":
                    f = self.code.function(pc)
                    self.stack.append([p[1], [f], p[2], stamp, []])
                    self._enter(f, stamp)
                elif p[0] == "ret":
                    if len(self.stack) > 1 and self.stack[-1][0] == pc:
                        self._pop(stamp)
                    else:
                        self._resync(pc, stamp)
                elif p[0] == "tail":
                    fr = self.stack[-1]
                    fr[4].append([p[2], p[1], stamp])
                    if p[1] not in fr[1]:
                        fr[1].append(p[1])
                        self._enter(p[1], stamp)
                self.pending = None
        if self.in_main:
            self.main_instructions += 1
            ln, kind, off = self.code.insn(pc)
            if kind == K_CALL:
                self.pending = ("call", pc + ln, pc)
            elif kind == K_RET:
                self.pending = ("ret",)
            elif kind in (K_JUMP, K_JUMPREG):
                # a jump to another function's entry is a tail call (the frame goes on)
                if off is not None:
                    tgt = (pc + off) & 0xffffffff
                    f = self.code.entries.get(tgt)
                    if f is not None and f != self.code.function(pc):
                        self.pending = ("tail", f, pc)
                else:
                    self.pending = ("tailreg", pc)
        elif pc == self.main_read and not self.main_done:
            self.read_stamp = stamp
        self.prev = (stamp, pc)

    def _resync(self, pc, stamp):
        """a return to an address no open frame expects (longjmp-like): unwind to a frame
        returning there, or leave the stack as it is"""
        for k in range(len(self.stack) - 1, 0, -1):
            if self.stack[k][0] == pc:
                while len(self.stack) > k:
                    self._pop(stamp)
                return

    def _pop(self, stamp):
        fr = self.stack.pop()
        for f in fr[1]:
            self._leave(f, stamp)
        for site, f, start in [[fr[2], fr[1][0], fr[3]]] + fr[4]:
            k = (site, f)
            e = self.sites.get(k)
            if e is None:
                self.sites[k] = [1, stamp - start]
            else:
                e[0] += 1
                e[1] += stamp - start


def reduce_stream(stream, reducer):
    """feeds "CYCLE PC [t]" hex lines from STREAM (a binary file) to REDUCER; the common
    record (inside main, nothing pending, not a jump) is handled here, the rest by feed()"""
    r = reducer
    code = r.code
    cache = code.cache
    insn = code.insn
    pcs, edges = r.pcs, r.edges
    feed = r.feed
    for line in stream:
        p = line.split()
        if len(p) != 2:
            if len(p) < 2:
                continue
            stamp, pc = int(p[0], 16), int(p[1], 16)
        else:
            stamp, pc = int(p[0], 16), int(p[1], 16)
            if r.in_main and r.pending is None:
                info = cache.get(pc) or insn(pc)
                if info[1] <= K_BRANCH:
                    pstamp, ppc = r.prev
                    dt = stamp - pstamp
                    e = pcs.get(ppc)
                    if e is None:
                        pcs[ppc] = [1, dt]
                    else:
                        e[0] += 1
                        e[1] += dt
                    if pc != ppc + cache[ppc][0]:
                        k = (ppc, pc)
                        e = edges.get(k)
                        if e is None:
                            edges[k] = [1, dt]
                        else:
                            e[0] += 1
                            e[1] += dt
                    r.records += 1
                    r.last_stamp = stamp
                    r.main_instructions += 1
                    r.prev = (stamp, pc)
                    continue
        if r.pending is not None and r.pending[0] == "tailreg":
            # an indirect jump: a tail call when it lands on another function's entry
            f = code.entries.get(pc)
            src_pc = r.pending[1]
            r.pending = ("tail", f, src_pc) if f is not None and f != code.function(src_pc) else None
        feed(stamp, pc, len(p) > 2)


def find_reducer():
    """the C reduction (lp-trace-reduce, built by CMake in build/benchmarks/cores): $LPCORES_REDUCE
    ("python": none), else the build of this tree; None: reduce in Python"""
    env = os.environ.get("LPCORES_REDUCE")
    if env:
        return None if env == "python" else env
    p = os.path.join(SRC, "build", "benchmarks", "cores", "lp-trace-reduce")
    return p if os.access(p, os.X_OK) else None


def write_reduce_info(reducer, path):
    """what lp-trace-reduce needs of the program: main's addresses, the functions (in
    Code's order, names as ids) and the executable bytes"""
    code = reducer.code
    ids = {}
    lines = ["lp-trace-info 1", "main %x" % reducer.main, "return %x" % reducer.main_return,
             "read %x" % reducer.main_read]
    for start, end, name in code.funcs:
        if name not in ids:
            ids[name] = len(ids)
            lines.append("name %d %s" % (ids[name], name))
        lines.append("func %x %x %d" % (start, end, ids[name]))
    for vaddr, data, memsz, flags in code.elf.segments:
        if flags & 1:
            for k in range(0, len(data), 64):
                lines.append("mem %x %s" % (vaddr + k, data[k:k + 64].hex()))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return {v: k for k, v in ids.items()}


def load_reduce_output(reducer, path, names):
    """fills REDUCER from lp-trace-reduce's OUT (NAMES: id -> function name)"""
    r = reducer
    name = lambda i: "?" if i < 0 else names[i]  # noqa: E731
    with open(path) as f:
        for line in f:
            p = line.split()
            if not p:
                continue
            if p[0] == "pc":
                r.pcs[int(p[1], 16)] = [int(p[2]), int(p[3])]
            elif p[0] == "edge":
                r.edges[(int(p[1], 16), int(p[2], 16))] = [int(p[3]), int(p[4])]
            elif p[0] == "site":
                r.sites[(None if p[1] == "-" else int(p[1], 16), name(int(p[2])))] = [int(p[3]), int(p[4])]
            elif p[0] == "func":
                f_ = name(int(p[1]))
                if int(p[2]):
                    r.calls[f_] = int(p[2])
                if int(p[3]):
                    r.inclusive[f_] = int(p[3])
            elif p[0] == "records":
                r.records, r.first_stamp, r.last_stamp = int(p[1]), int(p[2]), int(p[3])
                if r.records == 0:
                    r.first_stamp = r.last_stamp = None
            elif p[0] == "main":
                r.main_start = None if p[1] == "-" else int(p[1])
                r.main_end = None if p[2] == "-" else int(p[2])
                r.main_done = r.main_end is not None
                r.main_instructions = int(p[3])
                r.read_stamp = None if p[4] == "-" else int(p[4])
            elif p[0] == "trap":
                r.traps.append((int(p[1]), int(p[2], 16)))
            else:
                raise Error("%s: unknown line from lp-trace-reduce: %s" % (path, line.strip()))


def parse_output(text):
    """(program output, trailer dict) from the testbench's character output"""
    k = text.rfind(MARKER)
    if k < 0:
        return text, None
    line = text[k + len(MARKER):].split("\n", 1)[0].split()
    out = text[:k]
    if not line:
        return out, None
    kind, vals = line[0], [int(v, 16) for v in line[1:]]
    if kind == "main" and len(vals) == 5:
        st = vals[0]
        return out, {"kind": "main", "status": st - (1 << 32) if st >= 1 << 31 else st, "mcycle": vals[1:3],
                     "minstret": vals[3:5]}
    if kind == "exit" and len(vals) == 1:
        st = vals[0]
        return out, {"kind": "exit", "status": st - (1 << 32) if st >= 1 << 31 else st}
    if kind == "trap" and len(vals) == 3:
        return out, {"kind": "trap", "mcause": vals[0], "mepc": vals[1], "mtval": vals[2]}
    return out, None


def simulate(core, sim, elf, work, timeout, max_cycles, trace=True, reduce_tool=None):
    """runs ELF on SIM with the trace read by a Reducer as it is written (in C by
    REDUCE_TOOL, lp-trace-reduce, when given); returns (reducer or None, program output,
    trailer, simulator log, seconds)"""
    import time
    kind = sim_kind(sim)
    if kind != CORES[core]["sim"]:
        raise Error("%s is a %s simulator, %s needs %s" % (sim, kind, core, CORES[core]["sim"]))
    rundir = os.path.join(work, "run")
    if os.path.isdir(rundir):
        shutil.rmtree(rundir)
    os.makedirs(rundir)
    fifo = os.path.join(rundir, "trace.fifo")
    reducer = Reducer(Elf(elf)) if trace else None
    if kind == "ibex":
        cmd = [os.path.abspath(sim), "--meminit=ram," + os.path.abspath(elf), "+ibex_tracer_enable=0",
               "--term-after-cycles=%d" % max_cycles]
    elif kind == "serv":
        hexf = os.path.join(rundir, "prog.hex")
        verilog_hex_words(elf, hexf)
        cmd = [os.path.abspath(sim), "+firmware=" + hexf, "+max_cycles=%d" % max_cycles]
    elif kind == "neorv32":
        hexf = os.path.join(rundir, "prog.hex")
        verilog_hex_words(elf, hexf)
        cmd = [os.path.abspath(sim), "-gFIRMWARE=" + hexf, "-gMAX_CYCLES=%d" % min(max_cycles, 2 ** 31 - 1),
               "--max-stack-alloc=0", "--ieee-asserts=disable"]
    else:
        hexf = os.path.join(rundir, "prog.hex")
        verilog_hex(elf, hexf)
        cmd = [os.path.abspath(sim), "+firmware=" + hexf, "+max_cycles=%d" % max_cycles] + CORES[core]["mem"]
    err = []
    reader = cproc = None
    if trace:
        os.mkfifo(fifo)
        cmd.append(("-gTRACE_FILE=" if kind == "neorv32" else "+lp_trace=") + fifo)
        if reduce_tool:
            info, rout = os.path.join(rundir, "reduce.info"), os.path.join(rundir, "reduce.out")
            names = write_reduce_info(reducer, info)
            try:
                cproc = subprocess.Popen([reduce_tool, info, fifo, rout], stderr=subprocess.PIPE, text=True)
            except OSError as e:
                raise Error("%s: %s" % (reduce_tool, e.strerror))
        else:
            def read():
                try:
                    with open(fifo, "rb", buffering=1 << 20) as f:
                        reduce_stream(f, reducer)
                except Exception as e:  # reported after the run
                    err.append(e)
                    # drain so that the simulator is not blocked
                    try:
                        with open(fifo, "rb") as f:
                            while f.read(1 << 20):
                                pass
                    except OSError:
                        pass
            reader = threading.Thread(target=read, daemon=True)
            reader.start()

    def unblock():
        """a reader still waiting for the simulator to open the trace sees its end"""
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        except OSError:
            pass

    def stop_reader():
        if cproc is not None and cproc.poll() is None:
            cproc.kill()
            cproc.wait()
    t0 = time.monotonic()
    log, errlog = os.path.join(rundir, "sim.log"), os.path.join(rundir, "sim.err")

    def bigger_stack():
        """GHDL keeps the testbench memory (process variables) on the stack: 64 MiB"""
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
        want = 64 << 20
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_STACK, (want, hard))
    with open(log, "w") as lf, open(errlog, "w") as ef:
        try:
            proc = subprocess.Popen(cmd, cwd=rundir, stdout=lf, stderr=ef,
                                    preexec_fn=bigger_stack if kind == "neorv32" else None)
        except OSError as e:
            if trace:
                unblock()
                stop_reader()
            raise Error("%s: %s" % (sim, e.strerror))
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            if trace:
                unblock()
                stop_reader()
            raise Error("%s: timed out after %d s (--timeout)" % (sim, timeout))
    if trace:
        unblock()
        if cproc is not None:
            try:
                _, cerr = cproc.communicate(timeout=600)
            except subprocess.TimeoutExpired:
                stop_reader()
                raise Error("%s: did not finish reading the trace" % reduce_tool)
            if cproc.returncode != 0:
                raise Error("%s failed (exit %d): %s" % (reduce_tool, cproc.returncode, cerr.strip()))
            load_reduce_output(reducer, rout, names)
        else:
            reader.join(timeout=600)
    secs = time.monotonic() - t0
    with open(log, errors="replace") as f:
        stdout = f.read()
    with open(errlog, errors="replace") as f:
        simlog = stdout + f.read()
    if kind == "ibex":
        outf = os.path.join(rundir, "ibex_simple_system.log")
        text = open(outf, errors="replace").read() if os.path.exists(outf) else ""
        if "Simulation timeout" in simlog:
            raise Error("%s: no end after %d cycles (--max-cycles)" % (sim, max_cycles))
    else:
        # the testbench's own lines, and GHDL's reports (NEORV32's elaboration notes)
        text = "".join(l for l in stdout.splitlines(True) if not l.startswith("TB: ") and not GHDL_REPORT.match(l))
        if rc == 3:
            raise Error("%s: no end after %d cycles (--max-cycles)" % (sim, max_cycles))
    if rc != 0:
        raise Error("%s exited with %d:\n%s" % (sim, rc, simlog[-2000:]))
    if err:
        raise Error("reading the trace: %s" % err[0])
    out, trailer = parse_output(text)
    return reducer, out, trailer, simlog, secs


# ---------------------------------------------------------------- the data

# Per core, the offsets between the counters crt0.S reads and the trace (README.md, "main's
# cycles"): mcycle1 - mcycle0 = main's cycles + the cycles charged to `csrr s0, mcycle`, the
# auipc and the jalr of the call + COUNTER_OFFSET[core][0]; minstret1 - minstret0 = main's
# instructions + COUNTER_OFFSET[core][1] (csrr minstret itself, csrr mcycle twice, auipc, jalr).
# Measured equal on every program and core; run fails when a run disagrees.
COUNTER_OFFSET = {core: (0, 5) for core in CORES}


def objdump_mnemonics(elf_path):
    """address -> mnemonic of every instruction of the program's .text (llvm-objdump-19,
    aliases on: LLVM's assembly printer spells them alike)"""
    r = run_tool([tool("llvm-objdump-19", "llvm-objdump"), "-d", "--no-show-raw-insn", "-j", ".text", elf_path],
                 "disassembling")
    out = {}
    for line in r.stdout.splitlines():
        p = line.split()
        if len(p) >= 2 and p[0].endswith(":") and not p[0].startswith("<"):
            try:
                out[int(p[0][:-1], 16)] = p[1]
            except ValueError:
                pass
    return out


def code_lengths(elf):
    """[[function, address, lengths, mnemonics]] of the program's functions (at TEXT_BASE and
    above): LENGTHS has one digit per instruction, 2 or 4 (its size in bytes), in address
    order; MNEMONICS theirs (llvm-objdump-19), separated by spaces"""
    out = []
    mn = objdump_mnemonics(elf.path)
    for n, v, sz, typ, bind, shndx in elf.symbols():
        if typ != 2 or shndx == 0 or v < TEXT_BASE or sz == 0:
            continue
        data = elf.read(v, sz)
        if data is None:
            continue
        k, lens, names = 0, [], []
        while k + 1 < sz:
            ln = 4 if data[k] & 3 == 3 else 2
            lens.append(str(ln))
            names.append(mn.get(v + k, "?"))
            k += ln
        out.append([n, v, "".join(lens), " ".join(names)])
    out.sort(key=lambda f: f[1])
    return out


def section_sha256(elf, name):
    """sha256 of a section's bytes in the linked ELF (None if absent)"""
    s = elf.section(name)
    if s is None:
        return None
    return hashlib.sha256(elf.data[s["offset"]:s["offset"] + s["size"]]).hexdigest()


def make_data(core, name, folder, argv, reducer, trailer, output, elf_path, bc_path, sim, obj_path=None):
    """the reference data of one run (README.md, "Data format")"""
    r = reducer
    if trailer is None:
        raise Error("the program ended without crt0's report (no '\\x02LPNEST' line): it did not return from "
                    "main normally; output tail: %r" % output[-300:])
    if trailer["kind"] == "trap":
        raise Error("the program trapped: mcause %#x at pc %#x (mtval %#x)" % (
            trailer["mcause"], trailer["mepc"], trailer["mtval"]))
    if trailer["kind"] == "exit":
        raise Error("the program called exit(%d) inside main: main's cycles are not defined" % trailer["status"])
    if r.main_end is None:
        raise Error("the trace has no return from main (records %d)" % r.records)
    cycles = r.main_end - r.main_start
    elf = Elf(elf_path)
    code = r.code
    pcs = sorted(r.pcs.items())
    tot_c = sum(v[1] for _, v in pcs)
    tot_i = sum(v[0] for _, v in pcs)
    if tot_c != cycles or tot_i != r.main_instructions:
        raise Error("internal: per-PC sums %d cycles, %d instructions; main %d, %d" % (
            tot_c, tot_i, cycles, r.main_instructions))
    self_c, self_i = {}, {}
    for pc, (n, c) in pcs:
        f = code.function(pc)
        self_c[f] = self_c.get(f, 0) + c
        self_i[f] = self_i.get(f, 0) + n
    funcs = sorted(set(self_c) | set(r.inclusive))
    mc0, mc1 = trailer["mcycle"]
    mi0, mi1 = trailer["minstret"]
    dcyc = (mc1 - mc0) & 0xffffffff
    dins = (mi1 - mi0) & 0xffffffff
    call_cycles = r.main_start - r.read_stamp if r.read_stamp is not None else None
    offset = [dcyc - cycles - call_cycles if call_cycles is not None else None, dins - r.main_instructions]
    want = COUNTER_OFFSET.get(core)
    if not CORES[core]["counters"]:
        mc0 = mc1 = mi0 = mi1 = offset = want = None   # SERV: the trace is the only measure
    if want is not None and offset != list(want):
        raise Error("the counters disagree with the trace: mcycle delta %d = main %d + call %s + %s, minstret "
                    "delta %d = main %d + %d (expected offsets %s)" % (
                        dcyc, cycles, call_cycles, offset[0], dins, r.main_instructions, offset[1], list(want)))
    syms = []
    for n, v, sz, typ, bind, shndx in elf.symbols():
        if shndx != 0 and typ in (1, 2) and not n.startswith(".L"):
            syms.append([n, v, sz, "F" if typ == 2 else "O"])
    syms.sort(key=lambda s: (s[1], s[0]))
    return {
        "lpnest_rtl_data": DATA_FORMAT,
        "program": name,
        "folder": folder,
        "args": list(argv[1:]),
        "core": core,
        "core_config": CORES[core]["config"],
        "simulator_config": sim_config(sim),
        "bitcode_sha256": sha256_file(bc_path) if bc_path else None,
        "elf_sha256": sha256_file(elf_path),
        "code_sha256": Elf(obj_path).code_digest() if obj_path else None,
        "text_sha256": section_sha256(elf, ".text"),
        "runtime_sha256": section_sha256(elf, ".lp.runtime"),
        "layout": {"runtime_base": RUNTIME_BASE, "text_base": TEXT_BASE},
        "exit_status": trailer["status"],
        "output": output,
        "main": {"cycles": cycles, "instructions": r.main_instructions,
                 "mcycle": [mc0, mc1] if mc0 is not None else None,
                 "minstret": [mi0, mi1] if mi0 is not None else None,
                 "call_cycles": call_cycles, "counter_offset": offset},
        "run": {"cycles": r.last_stamp - r.first_stamp, "instructions": r.records,
                "traps": len(r.traps)},
        "symbols": syms,
        "functions": [[f, r.calls.get(f, 0), self_c.get(f, 0), r.inclusive.get(f, 0), self_i.get(f, 0)]
                      for f in funcs],
        "code": code_lengths(elf),
        "pcs": [[pc, n, c] for pc, (n, c) in pcs],
        "edges": [[a, b, n, c] for (a, b), (n, c) in sorted(r.edges.items())],
        "calls": [[site, f, n, c] for (site, f), (n, c) in sorted(r.sites.items())],
    }


def write_data(path, data):
    """writes DATA as compact JSON (gzip when PATH ends in .gz), atomically"""
    text = json.dumps(data, separators=(",", ":"), sort_keys=False).encode() + b"\n"
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".", dir=d)
    try:
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "wb") as f:
            if path.endswith(".gz"):
                # mtime 0: the same data give the same bytes
                with gzip.GzipFile(fileobj=f, mode="wb", mtime=0, compresslevel=9) as g:
                    g.write(text)
            else:
                f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read_data(path):
    try:
        with open(path, "rb") as f:
            raw = f.read()
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        d = json.loads(raw)
    except (OSError, ValueError, EOFError) as e:
        raise Error("%s: cannot read reference data: %s" % (path, e))
    if not isinstance(d, dict) or d.get("lpnest_rtl_data") != DATA_FORMAT:
        raise Error("%s: not reference data of format %d (lpnest_rtl_data)" % (path, DATA_FORMAT))
    return d
