"""blockcmp -- lpnest's machine-block counts of one program against a reference run of the
ELF linked from the same bitcode, block by block, for the PicoRV32 (qemu-riscv32), the
PPC405 (qemu-ppc -cpu 405gpa), the ATmega2560 (simavr) and the x86-64 host (qemu-x86_64;
the ELF linked with the host's C library as the corpus does, but at fixed addresses).

lpnest's blocks (--dump-machine with LPNEST_DUMP_INSNS, in layout order) line up with the
ELF's instructions (objdump); the reference gives every address's executions: qemu's
(pc, next pc) pairs (qemu-pairs-plugin: a branch is taken when the next pc is not the
fall-through: 4 bytes on, RISC-V and PowerPC, the next instruction objdump lists on x86-64,
where a rep-prefixed instruction's further rounds (pc followed by itself) are not counted
as executions), simavr's per-address executions and
cycles (avr-run --pc-counts: a branch's taken count from its cycles). Used by csmith-sweep;
rv-blocks and avr-blocks are the corpus front ends of the same comparison.

compare() returns findings (kind, function, block number, IR block, lpnest's source, the
reference count, lpnest's count, detail): COUNT (a block's executions differ), BRANCH (its
count is right, its last conditional branch is taken a different number of times), ALIGN
(the function's instructions do not line up: lpnest priced other code than the ELF has:
the instruction lists differ, mnemonic by mnemonic, once both are spelled alike: lpnest's
assembly has pseudo-instructions and aliases (RISC-V `call`, `li`, `mv`, `bnez`; PowerPC
`la`, `mr`, `beq`, `clrlwi`), the ELF's disassembly base instructions (RISC-V, objdump
-M no-aliases) or other extended mnemonics (PowerPC `bt`/`bf`, `crclr`): canon_lpnest()
expands and renames the former, canon_elf() the latter); on x86-64 their lengths, without the alignment padding
(nops the assembler adds).
A finding is *certain* when lpnest did not mark what is wrong as an estimate."""
import glob
import os
import re
import subprocess

SRC = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CLANG = "clang-19"
# as the corpus builds its programs (benchmarks/corpus/README.md, cmake/LpnestCorpus.cmake)
CFLAGS = ["-O2", "-std=c11", "-nostdlibinc", "-I", os.path.join(SRC, "benchmarks", "corpus")]
FLAGS = {
    "riscv32": ["--target=riscv32-unknown-elf", "-march=rv32im", "-mabi=ilp32"],
    "ppc": ["--target=powerpc-unknown-eabi", "-mcpu=ppc", "-msoft-float"],
    "avr": ["--target=avr", "-mmcu=atmega2560"],
    "host": ["--target=x86_64-pc-linux-gnu"],
}
RUNTIME = {
    "riscv32": ["start_riscv32.o", "rt_libc.o", "rt_linux.o", "rt_math.o", "rt_int128.o"],
    "ppc": ["start_ppc.o", "rt_libc.o", "rt_linux.o", "rt_math.o", "softfp.o", "rt_int128.o", "int128_ppc.o"],
    "avr": ["rt_libc.o", "rt_avr.o"],
}
LIBGCC = {
    "riscv32": "/usr/lib/gcc/riscv64-unknown-elf/*/rv32im/ilp32/libgcc.a",
    "ppc": "/usr/lib/gcc-cross/powerpc-linux-gnu/*/libgcc.a",
}

TARGETS = {
    # name: (lpnest core, qemu command or None for simavr, objdump)
    "riscv32": ("picorv32", ["qemu-riscv32"], ["llvm-objdump-19", "-d", "--no-show-raw-insn", "-M", "no-aliases"]),
    "ppc": ("ppc405", ["qemu-ppc", "-cpu", "405gpa"], ["llvm-objdump-19", "-d", "--no-show-raw-insn"]),
    "avr": ("atmega2560", None, ["avr-objdump", "-d"]),
    "host": ("host", ["qemu-x86_64"], ["llvm-objdump-19", "-d", "--no-show-raw-insn"]),
}
# lpnest's options beyond the core: counts need no prices, and the host's C library
# (printf) has none in x86-64's runtime table
LPNEST_FLAGS = {"host": ["--allow-unpriced"]}
RV_COND = {"beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez", "bgez", "bltz", "bgtz", "bgt", "ble",
           "bgtu", "bleu"}
PPC_COND = re.compile(r"^(bc|bt|bf|bdnz|bdz|beq|bne|blt|ble|bgt|bge|bso|bns|bun|bnu|bnl|bng)[-+]?$")
# spellings avr-objdump and LLVM's AsmPrinter use for the same instruction
AVR_ALIASES = {"lsl": "add", "rol": "adc", "clr": "eor", "tst": "and", "sbr": "ori", "cbr": "andi", "ser": "ldi",
               "brlo": "brcs", "brsh": "brcc"}
AVR_COND = re.compile(r"^br(?!k)[a-z]+$")
X86_COND = re.compile(r"^j(?!mp)[a-z]+$")
# the assembler's alignment padding (executed when a block falls through into an aligned
# loop header): not an instruction of lpnest's machine code, so not in the ELF's lists
X86_NOP = re.compile(r"^(nop[wlq]?|data16|cs)$")


def build_program(target, build, c, bc, elf, extra, more=()):
    """C source -> bitcode (BC) and the ELF linked from that same bitcode with the corpus
    runtime of BUILD; MORE: further C sources compiled apart and linked into the bitcode
    (llvm-link, as a program of several translation units is: no inlining across them);
    the last command's CompletedProcess"""
    def run(cmd):
        return subprocess.run(cmd, capture_output=True)
    obj = bc[:-3] + ".o"
    if more:
        parts = []
        for k, src in enumerate([c] + list(more)):
            parts.append("%s.%d.bc" % (bc[:-3], k))
            r = run([CLANG] + FLAGS[target] + CFLAGS + extra + ["-emit-llvm", "-c", src, "-o", parts[-1]])
            if r.returncode != 0:
                return r
        r = run(["llvm-link-19"] + parts + ["-o", bc])
    else:
        r = run([CLANG] + FLAGS[target] + CFLAGS + extra + ["-emit-llvm", "-c", c, "-o", bc])
    if r.returncode == 0:
        r = run([CLANG] + FLAGS[target] + ["-O2", "-Xclang", "-disable-llvm-passes", "-c", bc, "-o", obj])
    if r.returncode != 0:
        return r
    if target == "host":
        # with the host's C library (as the corpus links it), but not position-independent:
        # the reference's addresses are then objdump's
        return run([CLANG] + FLAGS[target] + ["-no-pie", obj, "-lm", "-o", elf])
    rt = [os.path.join(build, "benchmarks", "corpus", target, "runtime", o) for o in RUNTIME[target]]
    if target == "avr":
        # the program's own memcpy (memset, memcmp) is the one linked: the runtime's copy of
        # it is made weak (avr-ld's --allow-multiple-definition would keep the program's
        # address but give the symbol the runtime's size, cutting the function short)
        r = run(["avr-nm", "--defined-only", "-g", obj])
        mine = {p[2] for p in (ln.split() for ln in r.stdout.decode().splitlines()) if len(p) == 3 and p[1] == "T"}
        weak = []
        for o in rt:
            w = os.path.join(os.path.dirname(obj), "weak-" + os.path.basename(o))
            syms = [x for p in (ln.split() for ln in run(["avr-nm", "--defined-only", "-g", o]).stdout.decode()
                                .splitlines()) if len(p) == 3 and p[2] in mine for x in ("-W", p[2])]
            if syms:
                run(["avr-objcopy"] + syms + [o, w])
                o = w
            weak.append(o)
        return run(["avr-gcc", "-mmcu=atmega2560", "-Wl,--wrap=main", obj] + weak + ["-lm", "-o", elf])
    libgcc = sorted(glob.glob(LIBGCC[target]))
    # the program first: its own memset or memcpy is the one linked (the runtime has them too)
    return run(["ld.lld-19", "-static", "-e", "_start", "--allow-multiple-definition", obj] + rt + libgcc[:1] +
               ["-o", elf])


def is_cond(target, mnemonic):
    if target == "riscv32":
        return mnemonic in RV_COND
    if target == "ppc":
        return bool(PPC_COND.match(mnemonic))
    if target == "host":
        return bool(X86_COND.match(mnemonic))
    return bool(AVR_COND.match(avr_canon(mnemonic)))


def avr_canon(m):
    m = m.lower()
    return AVR_ALIASES.get(m, m)


# RISC-V: lpnest's assembly (LLVM's printer, aliases on) -> the base instructions objdump
# -M no-aliases prints; `li` by its immediate, `call`/`tail` relaxed by ld.lld (isa/picorv32.yaml)
RV_ALIASES = {
    "mv": "addi", "nop": "addi", "not": "xori", "neg": "sub", "seqz": "sltiu", "snez": "sltu", "sltz": "slt",
    "sgtz": "slt", "beqz": "beq", "bnez": "bne", "blez": "bge", "bgez": "bge", "bltz": "blt", "bgtz": "blt",
    "bgt": "blt", "ble": "bge", "bgtu": "bltu", "bleu": "bgeu", "j": "jal", "jr": "jalr", "ret": "jalr",
    "zext.b": "andi", "csrr": "csrrs", "csrw": "csrrw", "csrs": "csrrs", "csrc": "csrrc", "csrwi": "csrrwi",
    "csrsi": "csrrsi", "csrci": "csrrci", "rdcycle": "csrrs", "rdcycleh": "csrrs", "rdtime": "csrrs",
    "rdtimeh": "csrrs", "rdinstret": "csrrs", "rdinstreth": "csrrs", "call": "jal", "tail": "jal",
}
# PowerPC: both sides to one spelling: conditional branches by their kind, extended
# mnemonics to the instruction they stand for (a trailing "." kept)
PPC_ALIASES = {
    "li": "addi", "la": "addi", "subi": "addi", "lis": "addis", "mr": "or", "not": "nor", "nop": "ori",
    "sub": "subf", "subc": "subfc", "slwi": "rlwinm", "srwi": "rlwinm", "clrlwi": "rlwinm", "clrrwi": "rlwinm",
    "rotlwi": "rlwinm", "rotrwi": "rlwinm", "extlwi": "rlwinm", "extrwi": "rlwinm", "clrlslwi": "rlwinm",
    "rotlw": "rlwnm", "inslwi": "rlwimi", "insrwi": "rlwimi", "crclr": "crxor", "crset": "creqv",
    "crmove": "cror", "crnot": "crnor", "mtlr": "mtspr", "mflr": "mfspr", "mtctr": "mtspr", "mfctr": "mfspr",
    "cmpw": "cmp", "cmplw": "cmpl", "cmpwi": "cmpi", "cmplwi": "cmpli",
}
PPC_CONDS = ("eq", "ne", "lt", "gt", "le", "ge", "so", "ns", "un", "nu", "nl", "ng", "t", "f", "c")


def ppc_canon(m):
    m = m.lower().rstrip("+-")
    dot = m.endswith(".") and len(m) > 1
    base = m[:-1] if dot else m
    base = PPC_ALIASES.get(base, base)
    if base.startswith("b") and not base.startswith("bd"):
        rest = base[1:]
        for suffix, kind in (("lrl", "bclrl"), ("lr", "bclr"), ("ctrl", "bcctrl"), ("ctr", "bcctr"), ("", "bc")):
            if rest.endswith(suffix) and rest[:len(rest) - len(suffix)] in PPC_CONDS:
                base = kind
                break
    return base + ("." if dot else "")


def riscv_li(ops):
    """the instructions `li rd, imm` is on RV32 (cost_machine.c riscv_li_count)"""
    try:
        v = int(ops.split(",")[-1].strip(), 0) & 0xffffffff
    except ValueError:
        return ["lui", "addi"]
    v = v - (1 << 32) if v >= 1 << 31 else v
    if -2048 <= v <= 2047:
        return ["addi"]
    return ["lui"] if v & 0xfff == 0 else ["lui", "addi"]


def canon_lpnest(target, mnemonic, ops):
    """the ELF's instructions (as canon_elf() spells them) one of lpnest's stands for"""
    if target == "avr":
        return [avr_canon(mnemonic)]
    if target == "ppc":
        return [ppc_canon(mnemonic)]
    m = mnemonic.lower()
    if m == "li":
        return riscv_li(ops)
    if m in ("la", "lla"):
        return ["auipc", "addi"]
    return [RV_ALIASES.get(m, m)]


def canon_elf(target, mnemonic):
    if target == "avr":
        return avr_canon(mnemonic)
    if target == "ppc":
        return ppc_canon(mnemonic)
    return mnemonic.lower()


def parse_dump(text):
    """function -> [{index, number, ir, count, source, machine, succ, insns}]"""
    funcs, cur, blk = {}, None, None
    for line in text.splitlines():
        m = re.match(r"^function (\S+):", line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = re.match(r"^\s+\[(\d+)\] bb\.(-?\d+) (\S+)\s+count (\S+)\s+(\S+)\s+insns (\d+) machine (\d+).*succ(.*)$",
                     line)
        if m and cur is not None:
            succ = {int(a): float(b) for a, b in re.findall(r"(\d+):(\S+)", m.group(8))}
            blk = {"index": int(m.group(1)), "number": int(m.group(2)), "ir": m.group(3), "count": float(m.group(4)),
                   "source": m.group(5), "machine": int(m.group(7)), "succ": succ, "insns": []}
            cur.append(blk)
            continue
        m = re.match(r"^      (\S+)\s*(.*)$", line)
        if m and blk is not None:
            blk["insns"].append((m.group(1), m.group(2)))
    return funcs


def symbol_ends(target, elf):
    """function -> the address past its last byte (the symbol's size): the linker's padding
    after a function (traps on the PowerPC) is not the function's code"""
    nm = "avr-nm" if target == "avr" else "llvm-nm-19"
    out = subprocess.run([nm, "-S", elf], capture_output=True, text=True).stdout
    ends = {}
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in "tT":
            ends[p[3]] = int(p[0], 16) + int(p[1], 16)
    return ends


def symbol_starts(target, elf):
    """function -> its address"""
    nm = "avr-nm" if target == "avr" else "llvm-nm-19"
    out = subprocess.run([nm, elf], capture_output=True, text=True).stdout
    return {p[2]: int(p[0], 16) for p in (line.split() for line in out.splitlines()) if len(p) == 3 and p[1] in "tT"}


def executed_in(target, elf, sym, execs):
    """instructions the reference executed in function SYM (it and the code up to its end)"""
    start, end = symbol_starts(target, elf).get(sym), symbol_ends(target, elf).get(sym)
    if start is None or end is None:
        return 0
    return sum(v[0] if isinstance(v, tuple) else v for a, v in execs.items() if start <= a < end)


def is_call(target, mnemonic):
    m = mnemonic.lower()
    if target == "riscv32":
        return m in ("call", "tail", "jal")
    if target == "ppc":
        return m in ("bl", "b")
    return m in ("call", "rcall", "jmp", "rjmp")


def objdump(target, elf, padding=False):
    """function -> [(address, mnemonic)]; on x86-64 without the alignment padding (nops)
    unless PADDING"""
    out = subprocess.run(TARGETS[target][2] + [elf], capture_output=True, text=True, check=True).stdout
    ends = symbol_ends(target, elf)
    funcs, cur, end = {}, None, None
    raw = r"(?:[0-9a-f]{2} )+\s*" if target == "avr" else ""
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if m:
            cur, end = funcs.setdefault(m.group(1), []), ends.get(m.group(1))
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+" + raw + r"(\S+)", line)
        if m and cur is not None and (end is None or int(m.group(1), 16) < end):
            if target == "host" and not padding and X86_NOP.match(m.group(2)):
                continue
            cur.append((int(m.group(1), 16), m.group(2)))
    return funcs


def fall_through(target, elf):
    """address -> the address of the instruction after it (x86-64's lengths vary; the
    other ISAs have 4-byte instructions and need none)"""
    if target != "host":
        return None
    nxt = {}
    for insns in objdump(target, elf, padding=True).values():
        for (a, _), (b, _) in zip(insns, insns[1:]):
            nxt[a] = b
    return nxt


def reference(target, elf, args, build, work, timeout):
    """(executions per address, taken per address, exit status, stdout) or None on a timeout"""
    execs, taken = {}, {}
    pairs = os.path.join(work, "ref.pairs")
    if target == "avr":
        cmd = [os.path.join(build, "benchmarks", "tools", "avr-run"), "--pc-counts", pairs, elf] + args
    else:
        plugin = os.path.join(build, "benchmarks", "accuracy", "qemu-pairs-plugin.so")
        cmd = TARGETS[target][1] + ["-plugin", plugin + ",out=" + pairs, elf] + args
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if not os.path.exists(pairs):
        return {}, {}, r.returncode, r.stdout
    following = fall_through(target, elf)
    with open(pairs) as f:
        for line in f:
            p = line.split()
            if target == "avr":
                execs[int(p[0], 16)] = (int(p[1]), int(p[2]))
                continue
            pc, nxt, n = int(p[0], 16), int(p[1], 16), int(p[2])
            if nxt == pc and target == "host":
                continue  # one more round of a rep-prefixed string instruction, not another execution
            execs[pc] = execs.get(pc, 0) + n
            if nxt != (following.get(pc, pc + 1) if following is not None else pc + 4):
                taken[pc] = taken.get(pc, 0) + n
    return execs, taken, r.returncode, r.stdout


def avr_taken(table, mnemonic, e):
    row = table.get(mnemonic) or table.get(avr_canon(mnemonic))
    if not row or row["kind"] != "cond_branch":
        return None
    return (e[1] - e[0] * row["not_taken"]) / max(1, row["taken"] - row["not_taken"])


def avr_table(build, mnemonics):
    """mnemonic -> {kind, taken, not_taken} from the core's own table (isa_query)"""
    query = os.path.join(build, "tests", "isa", "isa_query")
    src = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    env = dict(os.environ, LPNEST_ISA_DIR=os.environ.get("LPNEST_ISA_DIR", os.path.join(src, "isa")))
    out = subprocess.run([query, "table", "atmega2560"], input="\n".join(sorted(mnemonics)) + "\n",
                         capture_output=True, text=True, env=env).stdout
    rows = {}
    for line in out.splitlines():
        p = line.split()
        if line.startswith("#") or len(p) < 6 or p[1] == "unknown":
            continue
        rows[p[0]] = {"kind": p[1], "taken": int(p[4]), "not_taken": int(p[5])}
    return rows


def compare(target, dump, code, execs, taken, build):
    """the findings of lpnest's blocks (dump) against the reference (see the module comment)"""
    out = []
    table = None
    if target == "avr":
        table = avr_table(build, {m for f in code.values() for _, m in f} |
                          {avr_canon(m) for f in code.values() for _, m in f})
    for fn, blocks in dump.items():
        insns = code.get(fn)
        if insns is None:
            continue
        finding = align(target, fn, blocks, insns)
        if finding:
            out.append(finding)
            continue
        number_to_index = {b["number"]: b["index"] for b in blocks}
        k = 0
        for b in blocks:
            seg = insns[k:k + b["machine"]]
            k += b["machine"]
            ref = execs.get(seg[0][0], 0) if seg else 0
            ref_n = ref[0] if isinstance(ref, tuple) else ref
            if abs(ref_n - b["count"]) > 0.01:
                out.append(("COUNT", fn, b["number"], b["ir"], b["source"], ref_n, b["count"], ""))
                continue
            elf_br = [(a, mn) for a, mn in seg if is_cond(target, mn)]
            lp_br = [ops for mn, ops in b["insns"] if is_cond(target, mn)]
            if not elf_br or not lp_br:
                continue
            m = re.search(r"\.LBB\d+_(\d+)", lp_br[-1])
            tgt = number_to_index.get(int(m.group(1))) if m else None
            lp_taken = b["succ"].get(tgt) if tgt is not None else None

            def ref_taken_at(a, mn):
                return avr_taken(table, mn, execs.get(a, (0, 0))) if target == "avr" else taken.get(a, 0)
            ref_taken = ref_taken_at(*elf_br[-1])
            if m and len(lp_br) == len(elf_br) and ref_taken is not None:
                # lpnest's edge to the last branch's target is taken by every branch of the
                # block to that target (x86-64 tests a float equality by `jne X; jp X`)
                for (a, mn), ops in zip(elf_br[:-1], lp_br[:-1]):
                    o = re.search(r"\.LBB\d+_(\d+)", ops)
                    t = ref_taken_at(a, mn) if o and o.group(1) == m.group(1) else 0
                    ref_taken = None if t is None else ref_taken + t
                    if ref_taken is None:
                        break
            if lp_taken is not None and ref_taken is not None and abs(lp_taken - ref_taken) > 0.5:
                out.append(("BRANCH", fn, b["number"], b["ir"], b["source"], ref_taken, lp_taken, "taken"))
    return out


def align(target, fn, blocks, insns):
    """an ALIGN finding when FN's instruction list in lpnest's blocks is not the ELF's
    (INSNS), mnemonic by mnemonic once both are spelled alike; else None"""
    lp = [c for b in blocks for mn, ops in b["insns"] for c in canon_lpnest(target, mn, ops)]
    machine = sum(b["machine"] for b in blocks)
    if blocks and not any(b["insns"] for b in blocks):
        lp = None  # (a dump without LPNEST_DUMP_INSNS: the lengths only)
    if target == "host":
        lp = None  # x86-64: the lengths only (no spelling of its mnemonics is normalised)
    elf = [canon_elf(target, mn) for _, mn in insns]
    if lp is not None:
        where = next((j for j, (x, y) in enumerate(zip(lp, elf)) if x != y), None)
        if where is not None:
            return ("ALIGN", fn, -1, "-", "-", elf[where], lp[where],
                    "instruction %d: the ELF has %s, lpnest %s" % (where, elf[where], lp[where]))
        if len(lp) != len(elf):
            return ("ALIGN", fn, -1, "-", "-", len(elf), len(lp),
                    "lpnest's instructions are a %s of the ELF's (%d, %d)" % (
                        "prefix" if len(lp) < len(elf) else "continuation", len(lp), len(elf)))
    if machine != len(insns):
        return ("ALIGN", fn, -1, "-", "-", len(insns), machine,
                "lpnest has %d machine instructions, the ELF %d" % (machine, len(insns)))
    return None


def certain(finding):
    """whether lpnest claimed to know what the finding shows wrong"""
    kind, source = finding[0], finding[4]
    if kind == "COUNT":
        return source != "ESTIMATE"
    if kind == "BRANCH":
        return source not in ("ESTIMATE", "SPLIT")
    return kind == "ALIGN"
