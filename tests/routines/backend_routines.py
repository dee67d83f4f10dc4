"""backend_routines -- the routines LLVM 19's code generation can call on a core, found by
compiling IR that needs each runtime-library call and reading the calls it emits.

LLVM lists every routine its back ends may call in RuntimeLibcalls.def (HANDLE_LIBCALL(ENUM,
"default name")); the names a target really uses and whether it calls one at all (an
operation it has an instruction for needs none; AVR's divisions are __divmodqi4 ...) are
decided by the target's lowering. So for every enumerator this module writes the IR
operation that needs it (ADD_F64: `fadd double`; SDIVREM_I8: `sdiv i8` and `srem i8` of the
same operands; ATOMIC_FETCH_ADD_4: `atomicrmw add i32`; POWI_F32: `llvm.powi.f32.i32` ...)
in every type C can make on the target (half and bfloat on RISC-V and x86-64, fp128 there
too, x86_fp80 on x86-64, ppc_fp128 on the PowerPC, 32-bit double on the AVR, _BitInt(128)
everywhere), plus the intrinsics that have no enumerator of their own but may expand to
calls (llvm.fmuladd, saturating and overflow arithmetic, bit counts, funnel shifts ...),
compiles them with llc for the core's triple, cpu and features into one object with a
section per probe, and reads each section's relocations against undefined symbols: the
routines that probe calls. An enumerator that no C program can make (exception unwinding,
Java's element-wise atomic copies, Darwin's sincos_stret, the *_finite names LLVM no longer
uses ...) is listed with the reason instead, so every one of them is accounted for."""
import os
import re
import subprocess
import tempfile

DEF = "/usr/lib/llvm-19/include/llvm/IR/RuntimeLibcalls.def"

FT = {"F16": "half", "BF16": "bfloat", "F32": "float", "F64": "double", "F80": "x86_fp80", "F128": "fp128",
      "PPCF128": "ppc_fp128"}
IT = {"I8": 8, "I16": 16, "I32": 32, "I64": 64, "I128": 128}

# what C makes on each instruction set (clang 19): floating-point types and the width of `long`
ARCH = {
    "rv32": {"fp": {"half", "bfloat", "float", "double", "fp128"}, "long": 32, "int": 32},
    "ppc": {"fp": {"float", "double", "ppc_fp128"}, "long": 32, "int": 32},
    "avr": {"fp": {"float"}, "long": 32, "int": 16},    # double and long double are 32-bit
    "x86": {"fp": {"half", "bfloat", "float", "double", "x86_fp80", "fp128"}, "long": 64, "int": 32},
}

# enumerators no C program compiled by clang 19 makes on these targets, with the reason
NOT_FROM_C = [
    (r"^(UNWIND_RESUME|CXA_END_CLEANUP)$", "exception unwinding: C has none (lpnest refuses invoke and landingpad)"),
    (r"^DEOPTIMIZE$", "llvm.experimental.deoptimize: made by JIT compilers, not by clang from C"),
    (r"^(MEMCPY|MEMMOVE|MEMSET)_ELEMENT_UNORDERED_ATOMIC_\d+$",
     "element-wise unordered-atomic copies: made by Java compilers, not by clang from C"),
    (r"^SINCOS_STRET_", "Darwin's __sincos_stret: not one of these targets"),
    (r"_FINITE_", "the *_finite entry points: LLVM 19 no longer calls them"),
    (r"^(FEGETENV|FESETENV|FEGETMODE|FESETMODE)$",
     "llvm.get.fpenv and friends: clang 19 makes fegetenv() a library call, not this intrinsic"),
    (r"^CONVERT_(F128_PPCF128|PPCF128_F128)$",
     "fp128 and ppc_fp128 together: on the PowerPC clang 19 has no __float128 (-mcpu=ppc)"),
    (r"^BZERO$", "bzero for memset: Darwin only"),
    (r"^CALLOC$", "calloc from malloc+memset: an IR optimisation, not code generation (the library list has calloc)"),
    (r"^CBRT_", "no llvm.cbrt intrinsic in LLVM 19: cbrt() stays a library call (the library list)"),
    (r"^ATOMIC_(LOAD|STORE|EXCHANGE|COMPARE_EXCHANGE)$",
     "the generic __atomic_* calls of _Atomic objects wider than 16 bytes: made by clang's front end, "
     "not code generation (the library list)"),
    (r"^RETURN_ADDRESS$", "named only by targets without a return-address register (none of these)"),
    (r"^RISCV_FLUSH_ICACHE$", "__riscv_flush_icache: Linux's RISC-V cache flush (these are bare targets)"),
    (r"^UNKNOWN_LIBCALL$", "the end marker of the list"),
]


def libcalls(path=DEF):
    """[(ENUM, default name or None)] in the file's order."""
    out = []
    with open(path) as f:
        for m in re.finditer(r"HANDLE_LIBCALL\((\w+),\s*(nullptr|\"([^\"]*)\")\)", f.read()):
            out.append((m.group(1), m.group(3)))
    return out


class Probe:
    def __init__(self, name, args, body, decls=()):
        self.name, self.args, self.body, self.decls = name, args, body, list(decls)

    def ir(self):
        return "define void @%s(%s) {\n%s  ret void\n}\n" % (self.name, self.args, self.body)


def _sink(t):
    return "  store volatile %s %%r, ptr @sink_%s\n" % (t, _tname(t))


def _tname(t):
    return t.replace("{", "").replace("}", "").replace(" ", "").replace(",", "_")


SINKS = set()


def _unop(name, t, op):
    SINKS.add(t)
    return Probe(name, "%s %%a" % t, "  %%r = %s\n" % op + _sink(t))


def _binop(name, t, op, rt=None):
    rt = rt or t
    SINKS.add(rt)
    return Probe(name, "%s %%a, %s %%b" % (t, t), "  %%r = %s\n" % op + _sink(rt))


def _intrinsic(name, ret, iname, argtys, extra_args=""):
    args = ", ".join("%s %%%s" % (t, chr(97 + k)) for k, t in enumerate(argtys))
    SINKS.add(ret)
    decl = "declare %s @%s(%s)" % (ret, iname, ", ".join(argtys))
    return Probe(name, args, "  %%r = call %s @%s(%s%s)\n" % (ret, iname, args, extra_args) + _sink(ret), [decl])


FP_INTRINSIC = {"SQRT": "sqrt", "LOG": "log", "LOG2": "log2", "LOG10": "log10", "EXP": "exp", "EXP2": "exp2",
                "EXP10": "exp10", "SIN": "sin", "COS": "cos", "TAN": "tan", "ASIN": "asin", "ACOS": "acos",
                "ATAN": "atan", "SINH": "sinh", "COSH": "cosh", "TANH": "tanh", "CEIL": "ceil", "TRUNC": "trunc",
                "RINT": "rint", "NEARBYINT": "nearbyint", "ROUND": "round", "ROUNDEVEN": "roundeven",
                "FLOOR": "floor"}
FP_INTRINSIC2 = {"POW": "pow", "COPYSIGN": "copysign", "FMIN": "minnum", "FMAX": "maxnum"}
FP_BINOP = {"ADD": "fadd", "SUB": "fsub", "MUL": "fmul", "DIV": "fdiv", "REM": "frem"}
INT_BINOP = {"SHL": "shl", "SRL": "lshr", "SRA": "ashr", "MUL": "mul", "SDIV": "sdiv", "UDIV": "udiv",
             "SREM": "srem", "UREM": "urem"}
FCMP = {"OEQ": "oeq", "UNE": "une", "OGE": "oge", "OLT": "olt", "OLE": "ole", "OGT": "ogt", "UO": "uno"}
RMW = {"ADD": "add", "SUB": "sub", "AND": "and", "OR": "or", "XOR": "xor", "NAND": "nand", "MAX": "max",
       "MIN": "min", "UMAX": "umax", "UMIN": "umin"}


def probes_for(enum, arch):
    """The probes of ENUM on ARCH ([] when the types do not exist there), or a reason string
    when no C program makes it."""
    for pat, why in NOT_FROM_C:
        if re.search(pat, enum):
            return why
    env = ARCH[arch]
    fps = env["fp"]
    p = enum.lower()
    m = re.match(r"^([A-Z0-9]+?)_(F16|BF16|F32|F64|F80|F128|PPCF128)$", enum)
    if m:
        op, t = m.group(1), FT[m.group(2)]
        if t not in fps:
            return []
        if op in FP_BINOP:
            return [_binop(p, t, "%s %s %%a, %%b" % (FP_BINOP[op], t))]
        if op in FCMP:
            return [_binop(p, t, "fcmp %s %s %%a, %%b" % (FCMP[op], t), "i1")]
        if op in FP_INTRINSIC:
            return [_intrinsic(p, t, "llvm.%s.%s" % (FP_INTRINSIC[op], _suffix(t)), [t])]
        if op in FP_INTRINSIC2:
            return [_intrinsic(p, t, "llvm.%s.%s" % (FP_INTRINSIC2[op], _suffix(t)), [t, t])]
        if op == "FMA":
            return [_intrinsic(p, t, "llvm.fma.%s" % _suffix(t), [t, t, t]),
                    _intrinsic(p + "_fmuladd", t, "llvm.fmuladd.%s" % _suffix(t), [t, t, t])]
        it = "i%d" % env["int"]  # the exponent is a C int
        if op == "POWI":
            return [_intrinsic(p, t, "llvm.powi.%s.%s" % (_suffix(t), it), [t, it])]
        if op == "LDEXP":
            return [_intrinsic(p, t, "llvm.ldexp.%s.%s" % (_suffix(t), it), [t, it])]
        if op == "FREXP":
            if t == "ppc_fp128":
                return "llvm.frexp on ppc_fp128 crashes LLVM 19's PowerPC code generation (and lpnest " \
                       "refuses ppc_fp128: IBM double-double)"
            return [_intrinsic(p, "{ %s, %s }" % (t, it), "llvm.frexp.%s.%s" % (_suffix(t), it), [t])]
        if op in ("LROUND", "LRINT"):
            w = "i%d" % env["long"]
            return [_intrinsic(p, w, "llvm.%s.%s.%s" % (op.lower(), w, _suffix(t)), [t])]
        if op in ("LLROUND", "LLRINT"):
            return [_intrinsic(p, "i64", "llvm.%s.i64.%s" % (op.lower(), _suffix(t)), [t])]
        if op == "SINCOS":
            SINKS.add(t)
            return [Probe(p, "%s %%a" % t,
                          "  %%s = call %s @llvm.sin.%s(%s %%a)\n  %%c = call %s @llvm.cos.%s(%s %%a)\n"
                          "  %%r = fadd %s %%s, %%c\n" % (t, _suffix(t), t, t, _suffix(t), t, t) + _sink(t),
                          ["declare %s @llvm.sin.%s(%s)" % (t, _suffix(t), t),
                           "declare %s @llvm.cos.%s(%s)" % (t, _suffix(t), t)])]
        raise KeyError(enum)
    m = re.match(r"^(FPEXT|FPROUND|FPTOSINT|FPTOUINT|SINTTOFP|UINTTOFP)_([A-Z0-9]+)_([A-Z0-9]+)$", enum)
    if m:
        op, a, b = m.groups()
        ta = FT.get(a) or "i%d" % IT[a]
        tb = FT.get(b) or "i%d" % IT[b]
        if any(t not in fps for t in (ta, tb) if not t.startswith("i")):
            return []
        ins = {"FPEXT": "fpext", "FPROUND": "fptrunc", "FPTOSINT": "fptosi", "FPTOUINT": "fptoui",
               "SINTTOFP": "sitofp", "UINTTOFP": "uitofp"}[op]
        return [_unop(p, ta, "%s %s %%a to %s" % (ins, ta, tb)).retype(tb)]
    m = re.match(r"^([A-Z]+)_(I8|I16|I32|I64|I128)$", enum)
    if m and not enum.startswith(("SYNC_", "ATOMIC_")):
        op, w = m.group(1), IT[m.group(2)]
        t = "i%d" % w
        if op in INT_BINOP:
            return [_binop(p, t, "%s %s %%a, %%b" % (INT_BINOP[op], t))]
        if op in ("SDIVREM", "UDIVREM"):
            d, r = ("sdiv", "srem") if op == "SDIVREM" else ("udiv", "urem")
            SINKS.add(t)
            return [Probe(p, "%s %%a, %s %%b" % (t, t), "  %%q = %s %s %%a, %%b\n  %%m = %s %s %%a, %%b\n"
                                                      "  %%r = xor %s %%q, %%m\n" % (d, t, r, t, t) + _sink(t))]
        if op == "MULO":
            return [_intrinsic(p, "{ %s, i1 }" % t, "llvm.smul.with.overflow.%s" % t, [t, t])]
        if op == "NEG":
            return [_unop(p, t, "sub %s 0, %%a" % t)]
        if op in ("CTLZ", "CTPOP"):
            extra = ", i1 false" if op == "CTLZ" else ""
            decl = "declare %s @llvm.%s.%s(%s%s)" % (t, op.lower(), t, t, ", i1" if extra else "")
            SINKS.add(t)
            return [Probe(p, "%s %%a" % t, "  %%r = call %s @llvm.%s.%s(%s %%a%s)\n" % (t, op.lower(), t, t, extra)
                          + _sink(t), [decl])]
        raise KeyError(enum)
    m = re.match(r"^(SYNC_FETCH_AND|ATOMIC_FETCH)_([A-Z]+)_(\d+)$", enum)
    if m:
        op = RMW[m.group(2)]
        t = "i%d" % (8 * int(m.group(3)))
        SINKS.add(t)
        # the __sync_ and __atomic_ names are one operation: the target picks which it calls
        return [Probe(p, "%s %%a" % t, "  %%r = atomicrmw %s ptr @cell_%s, %s %%a seq_cst\n" % (op, t, t) + _sink(t))]
    m = re.match(r"^(SYNC_LOCK_TEST_AND_SET|ATOMIC_EXCHANGE|SYNC_VAL_COMPARE_AND_SWAP|ATOMIC_COMPARE_EXCHANGE"
                 r"|ATOMIC_LOAD|ATOMIC_STORE)_(\d+)$", enum)
    if m:
        t = "i%d" % (8 * int(m.group(2)))
        SINKS.add(t)
        kind = m.group(1)
        if kind in ("SYNC_LOCK_TEST_AND_SET", "ATOMIC_EXCHANGE"):
            body = "  %%r = atomicrmw xchg ptr @cell_%s, %s %%a seq_cst\n" % (t, t)
        elif kind in ("SYNC_VAL_COMPARE_AND_SWAP", "ATOMIC_COMPARE_EXCHANGE"):
            body = ("  %%x = cmpxchg ptr @cell_%s, %s %%a, %s %%b seq_cst seq_cst\n"
                    "  %%r = extractvalue { %s, i1 } %%x, 0\n" % (t, t, t, t))
        elif kind == "ATOMIC_LOAD":
            body = "  %%r = load atomic %s, ptr @cell_%s seq_cst, align %d\n" % (t, t, int(m.group(2)))
        else:
            return [Probe(p, "%s %%a" % t, "  store atomic %s %%a, ptr @cell_%s seq_cst, align %d\n"
                          % (t, t, int(m.group(2))))]
        return [Probe(p, "%s %%a, %s %%b" % (t, t), body + _sink(t))]
    if enum in ("MEMCPY", "MEMMOVE"):
        n = enum.lower()
        return [Probe(p, "ptr %a, ptr %b, i32 %n", "  call void @llvm.%s.p0.p0.i32(ptr %%a, ptr %%b, i32 %%n, i1 false)\n"
                      % n, ["declare void @llvm.%s.p0.p0.i32(ptr, ptr, i32, i1)" % n]),
                Probe(p + "_struct", "ptr %a, ptr %b", "  call void @llvm.%s.p0.p0.i32(ptr %%a, ptr %%b, i32 4096, i1 false)\n"
                      % n, ["declare void @llvm.%s.p0.p0.i32(ptr, ptr, i32, i1)" % n])]
    if enum == "MEMSET":
        return [Probe(p, "ptr %a, i8 %c, i32 %n", "  call void @llvm.memset.p0.i32(ptr %a, i8 %c, i32 %n, i1 false)\n",
                      ["declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)"]),
                Probe(p + "_struct", "ptr %a", "  call void @llvm.memset.p0.i32(ptr %a, i8 0, i32 4096, i1 false)\n",
                      ["declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)"])]
    if enum == "STACKPROTECTOR_CHECK_FAIL":
        return [Probe(p + "_ssp", "i32 %i", "  %buf = alloca [64 x i8]\n  %q = getelementptr i8, ptr %buf, i32 %i\n"
                      "  store volatile i8 1, ptr %q\n  call void @use(ptr %buf)\n", ["declare void @use(ptr)"])]
    if enum == "CLEAR_CACHE":
        return [Probe(p, "ptr %a, ptr %b", "  call void @llvm.clear_cache(ptr %a, ptr %b)\n",
                      ["declare void @llvm.clear_cache(ptr, ptr)"])]
    raise KeyError(enum)


def _suffix(t):
    return {"half": "f16", "bfloat": "bf16", "float": "f32", "double": "f64", "x86_fp80": "f80", "fp128": "f128",
            "ppc_fp128": "ppcf128"}[t]


def _retype(self, t):
    """Stores the probe's result as T (a conversion's result type)."""
    SINKS.add(t)
    self.body = re.sub(r"  store volatile [^,]+, ptr @sink_\w+\n", _sink(t), self.body)
    return self


Probe.retype = _retype

# operations without an enumerator of their own that may still become calls
# (not llvm.sshl.sat, llvm.minimum ...: clang 19 makes them from no C construct, and LLVM 19
# cannot compile some of them for these targets)
EXTRA_INT = ["abs", "bswap", "bitreverse", "cttz", "ctlz", "ctpop", "fshl", "fshr", "smin", "smax", "umin", "umax",
             "sadd.sat", "ssub.sat", "uadd.sat", "usub.sat", "sadd.with.overflow",
             "ssub.with.overflow", "uadd.with.overflow", "usub.with.overflow", "smul.with.overflow",
             "umul.with.overflow"]


def extra_probes(arch):
    out = []
    for w in (8, 16, 32, 64, 128):
        t = "i%d" % w
        for name in EXTRA_INT:
            pn = "x_%s_%s" % (name.replace(".", "_"), t)
            if name in ("bswap",) and w == 8:
                continue
            if name in ("abs", "ctlz", "cttz"):
                SINKS.add(t)
                out.append(Probe(pn, "%s %%a" % t, "  %%r = call %s @llvm.%s.%s(%s %%a, i1 false)\n" % (t, name, t, t)
                                 + _sink(t), ["declare %s @llvm.%s.%s(%s, i1)" % (t, name, t, t)]))
            elif name in ("bswap", "bitreverse", "ctpop"):
                out.append(_intrinsic(pn, t, "llvm.%s.%s" % (name, t), [t]))
            elif name in ("fshl", "fshr"):
                out.append(_intrinsic(pn, t, "llvm.%s.%s" % (name, t), [t, t, t]))
            elif name.endswith("with.overflow"):
                out.append(_intrinsic(pn, "{ %s, i1 }" % t, "llvm.%s.%s" % (name, t), [t, t]))
            else:
                out.append(_intrinsic(pn, t, "llvm.%s.%s" % (name, t), [t, t]))
    for t in sorted(ARCH[arch]["fp"]):
        s = _suffix(t)
        for pred in ("ueq", "one", "ult", "ule", "ugt", "uge", "ord"):
            out.append(_binop("x_fcmp_%s_%s" % (pred, s), t, "fcmp %s %s %%a, %%b" % (pred, t), "i1"))
        out.append(_unop("x_fneg_%s" % s, t, "fneg %s %%a" % t))
        out.append(_intrinsic("x_fabs_%s" % s, t, "llvm.fabs.%s" % s, [t]))
        for it in ("i8", "i16"):
            for ins in ("fptosi", "fptoui"):
                out.append(_unop("x_%s_%s_%s" % (ins, s, it), t, "%s %s %%a to %s" % (ins, t, it)).retype(it))
            for ins in ("sitofp", "uitofp"):
                out.append(_unop("x_%s_%s_%s" % (ins, it, s), it, "%s %s %%a to %s" % (ins, it, t)).retype(t))
    return out


def all_probes(arch):
    """(probes, {enum: reason}, {probe name: enum})"""
    SINKS.clear()
    probes, reasons, origin = [], {}, {}
    for enum, _ in libcalls():
        r = probes_for(enum, arch)
        if isinstance(r, str):
            reasons[enum] = r
            continue
        for pr in r:
            probes.append(pr)
            origin[pr.name] = enum
    for pr in extra_probes(arch):
        probes.append(pr)
        origin[pr.name] = "(" + pr.name[2:] + ")"
    return probes, reasons, origin


def module_text(probes):
    decls = set()
    for pr in probes:
        decls.update(pr.decls)
    lines = ["@sink_%s = global %s zeroinitializer" % (_tname(t), t) for t in sorted(SINKS)]
    lines += ["@cell_i%d = global i%d 0" % (w, w) for w in (8, 16, 32, 64, 128)]
    lines += sorted(decls)
    text = "\n".join(lines) + "\n" + "".join(pr.ir() for pr in probes)
    # the stack protector's probe asks for it
    return text.replace("define void @stackprotector_check_fail_ssp(i32 %i) {",
                        "define void @stackprotector_check_fail_ssp(i32 %i) sspreq {")


# the relocations of calls and tail calls (not of data: __stack_chk_guard is read, not called)
CALL_RELOCS = {"R_RISCV_CALL_PLT", "R_RISCV_CALL", "R_RISCV_JAL", "R_PPC_REL24", "R_PPC_PLTREL24", "R_PPC_LOCAL24PC",
               "R_AVR_CALL", "R_AVR_13_PCREL", "R_X86_64_PLT32"}


def called(llc, readobj, triple, cpu, features, probes, work):
    """{probe name: set of routines its code calls}; raises RuntimeError with llc's message."""
    ll = os.path.join(work, "probes.ll")
    obj = os.path.join(work, "probes.o")
    with open(ll, "w") as f:
        f.write(module_text(probes))
    cmd = [llc, "-O2", "-filetype=obj", "-function-sections", "-mtriple=" + triple, ll, "-o", obj]
    if cpu:
        cmd.append("-mcpu=" + cpu)
    if features:
        cmd.append("-mattr=" + features)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s: %s" % (" ".join(cmd), r.stderr.strip()[-2000:]))
    out = subprocess.run([readobj, "-r", "--symbols", obj], capture_output=True, text=True, check=True).stdout
    undefined = set()
    for m in re.finditer(r"Symbol \{\s*Name: (\S+).*?Section: (\S+)", out, re.S):
        if m.group(2) == "Undefined":
            undefined.add(m.group(1))
    calls = {}
    sec = None
    for line in out.splitlines():
        m = re.match(r"\s*Section \(\d+\) \.rela?\.text\.(\S+) \{", line)
        if m:
            sec = m.group(1)
            continue
        if re.match(r"\s*Section \(\d+\)", line):
            sec = None
            continue
        m = re.match(r"\s*0x[0-9A-Fa-f]+ (R_\S+) (\S+)", line)
        if sec and m and m.group(1) in CALL_RELOCS and m.group(2) in undefined and m.group(2) != "use":
            calls.setdefault(sec, set()).add(m.group(2))
    return calls


def called_or_failed(llc, readobj, triple, cpu, features, probes, work, failed):
    """called() over PROBES; the probes code generation fails on (found by halving the
    module) go into FAILED {probe name: llc's message} instead."""
    try:
        return called(llc, readobj, triple, cpu, features, probes, work)
    except RuntimeError as e:
        if len(probes) == 1:
            msg = [ln for ln in str(e).splitlines() if "LLVM ERROR" in ln or "error:" in ln or "Assertion" in ln]
            failed[probes[0].name] = (msg[0] if msg else str(e).splitlines()[0])[-300:]
            return {}
    half = len(probes) // 2
    out = called_or_failed(llc, readobj, triple, cpu, features, probes[:half], work, failed)
    out.update(called_or_failed(llc, readobj, triple, cpu, features, probes[half:], work, failed))
    return out


def routines(llc, readobj, arch, triple, cpu, features):
    """({routine: [probe origins]}, {enum: reason}, number of probes, {origin: code generation's
    error} for the probes LLVM 19 cannot compile for the core)."""
    probes, reasons, origin = all_probes(arch)
    failed = {}
    with tempfile.TemporaryDirectory(prefix="backend-routines.") as work:
        calls = called_or_failed(llc, readobj, triple, cpu, features, probes, work, failed)
    failures = {origin.get(k, k) + " [" + k + "]": v for k, v in failed.items()}
    out = {}
    for pname, syms in calls.items():
        for s in syms:
            out.setdefault(s, set()).add(origin.get(pname, pname))
    return {k: sorted(v) for k, v in out.items()}, reasons, len(probes), failures
