#!/usr/bin/env python3
"""gen-x86-64-isa.py — writes isa/x86-64.yaml, the host core of `lpnest --target=host`.

Method: every mnemonic LLVM's x86 AsmPrinter writes in AT&T syntax for the
families below (integer, x87-free scalar and packed SSE up to SSE4.2, BMI, AVX2
forms of the SSE operations) is written once with representative operands and
given to llvm-mca-19 for the chosen CPU (-mcpu=skylake: LLVM's SkylakeClient
scheduling model). llvm-mca's instruction info gives, per instruction, the
latency and the reciprocal throughput of that model. A description's cycles
are integers (isa/SCHEMA.md): an instruction's issue cost is its reciprocal
throughput rounded up (at least 1), its latency is kept as `latency`. The
in-order scoreboard of the cost model thus times the machine as single-issue:
an upper bound for an out-of-order core, while instruction counts are exact.
Register forms are used where a mnemonic has several (the cost of `addl` is
that of `addl %ecx, %eax`; loads and stores share the mnemonic of the register
form). Templates llvm-mca rejects are dropped and listed on stderr.

lpnest-specific spellings (estimator/lower/lower_asm.c, x86 only): `jmp.tail` (a
direct tail call, `jmp f  # TAILCALL`), `jmpq.tail` (an indirect one),
`J.tail` (a conditional tail call: jCC f # TAILCALL), `callq.ind` (an
indirect call), `PREFIX.MNEMONIC` for `lock`/`rep` prefixed instructions.

Usage: gen-x86-64-isa.py [-o isa/x86-64.yaml] [--mca llvm-mca-19] [--cpu skylake]
"""
import argparse
import math
import re
import subprocess
import sys
import tempfile

CONDS = ["o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g"]
ALIASES = {"b": ["c", "nae"], "ae": ["nb", "nc"], "e": ["z"], "ne": ["nz"], "be": ["na"], "a": ["nbe"],
           "p": ["pe"], "np": ["po"], "l": ["nge"], "ge": ["nl"], "le": ["ng"], "g": ["nle"]}
REG = {"b": ("%al", "%cl"), "w": ("%ax", "%cx"), "l": ("%eax", "%ecx"), "q": ("%rax", "%rcx")}


def integer():
    """(mnemonic, template, kind) of the integer instructions."""
    out = []
    for s, (r1, r2) in REG.items():
        for op in ["add", "sub", "and", "or", "xor", "adc", "sbb", "cmp", "test", "mov", "xchg"]:
            out.append((op + s, f"{op}{s} {r2}, {r1}"))
        for op in ["shl", "shr", "sar", "rol", "ror", "rcl", "rcr", "sal"]:
            out.append((op + s, f"{op}{s} $3, {r1}"))
        for op in ["neg", "not", "inc", "dec", "mul", "div", "idiv"]:
            out.append((op + s, f"{op}{s} {r2}" if op in ("mul", "div", "idiv") else f"{op}{s} {r1}"))
        out.append(("imul" + s, f"imul{s} {r2}, {r1}" if s != "b" else f"imulb {r2}"))
        out.append(("xadd" + s, f"xadd{s} {r2}, {r1}"))
        out.append(("cmpxchg" + s, f"cmpxchg{s} {r2}, {r1}"))
        for op in ["add", "sub", "and", "or", "xor", "inc", "dec", "xadd", "cmpxchg", "xchg"]:
            t = f"lock {op}{s} (%rdi)" if op in ("inc", "dec") else f"lock {op}{s} {r2}, (%rdi)"
            out.append((f"lock.{op}{s}", t))
        if s != "b":
            for op in ["bsf", "bsr", "popcnt", "lzcnt", "tzcnt", "bt", "bts", "btr", "btc"]:
                out.append((op + s, f"{op}{s} {r2}, {r1}"))
            out.append(("lea" + s, f"lea{s} 4(%rdi,%rsi,2), {r1}"))
            for op in ["shld", "shrd"]:
                out.append((op + s, f"{op}{s} $3, {r2}, {r1}"))
            for c in CONDS:
                for name in [c] + ALIASES.get(c, []):
                    out.append((f"cmov{name}{s}", f"cmov{name}{s} {r2}, {r1}"))
        if s in ("l", "q"):
            out.append(("bswap" + s, f"bswap{s} {r1}"))
            out.append((f"rep.bsf{s}", f"rep bsf{s} {r2}, {r1}"))
            for op in ["andn", "bextr", "bzhi", "pdep", "pext", "sarx", "shlx", "shrx"]:
                out.append((op + s, f"{op}{s} {r2}, {r2}, {r1}"))
            for op in ["blsi", "blsmsk", "blsr"]:
                out.append((op + s, f"{op}{s} {r2}, {r1}"))
            out.append(("rorx" + s, f"rorx{s} $3, {r2}, {r1}"))
            out.append(("mulx" + s, f"mulx{s} {r2}, {r2}, {r1}"))
            out.append(("crc32" + s, f"crc32{s} {r2}, %eax" if s == "l" else f"crc32{s} {r2}, %rax"))
        for op in ["stos", "movs", "lods", "scas", "cmps"]:
            out.append((f"rep.{op}{s}", f"rep {op}{s}" if op != "stos" else f"rep stos{s} {r1}, %es:(%rdi)"))
    for src, dst in [("b", "w"), ("b", "l"), ("b", "q"), ("w", "l"), ("w", "q")]:
        for op in ["movz", "movs"]:
            out.append((f"{op}{src}{dst}", f"{op}{src}{dst} {REG[src][1]}, {REG[dst][0]}"))
    out += [("movslq", "movslq %ecx, %rax"), ("movabsq", "movabsq $81985529216486895, %rax"),
            ("crc32b", "crc32b %cl, %eax"), ("crc32w", "crc32w %cx, %eax")]
    for op in ["cbtw", "cwtl", "cltq", "cwtd", "cltd", "cqto", "clc", "stc", "cmc", "cld", "std", "lahf", "sahf",
               "pause", "mfence", "lfence", "sfence", "rdtsc"]:
        out.append((op, op))
    out += [("pushq", "pushq %rbx"), ("popq", "popq %rbx"), ("pushw", "pushw %bx"), ("popw", "popw %bx")]
    for c in CONDS:
        for name in [c] + ALIASES.get(c, []):
            out.append((f"set{name}", f"set{name} %al"))
    for p in ["prefetcht0", "prefetcht1", "prefetcht2", "prefetchnta", "prefetchw", "clflush"]:
        out.append((p, f"{p} (%rdi)"))
    return [(m, t, "alu") for m, t in out]


def control():
    out = []
    for c in CONDS:
        for name in [c] + ALIASES.get(c, []):
            out.append((f"j{name}", f"j{name} .Lx", "cond_branch"))
            out.append((f"j{name}.tail", f"j{name} .Lx", "cond_return"))
    out += [("jmp", "jmp .Lx", "jump"), ("jmpq", "jmpq *%rax", "indirect_jump"),
            ("jmp.tail", "jmp .Lx", "tail_call"), ("jmpq.tail", "jmpq *%rax", "tail_call"),
            ("callq", "callq .Lx", "call"), ("call", "callq .Lx", "call"),
            ("callq.ind", "callq *%rax", "indirect_call"), ("call.ind", "callq *%rax", "indirect_call"),
            ("retq", "retq", "return"), ("ret", "retq", "return"), ("ud2", "ud2", "return"),
            ("nop", "nop", "nop"), ("nopw", "nopw %ax", "nop"), ("nopl", "nopl (%rax)", "nop"),
            ("endbr64", "endbr64", "nop"), ("int3", "int3", "alu")]
    return out


# SSE families: (mnemonic, operands) with X = %xmm1, %xmm0
SSE_RR = """movss movsd movaps movapd movups movupd movdqa movdqu
addss addsd addps addpd subss subsd subps subpd mulss mulsd mulps mulpd divss divsd divps divpd
sqrtss sqrtsd sqrtps sqrtpd minss minsd minps minpd maxss maxsd maxps maxpd rcpss rcpps rsqrtss rsqrtps
andps andpd andnps andnpd orps orpd xorps xorpd ucomiss ucomisd comiss comisd
unpcklps unpcklpd unpckhps unpckhpd movhlps movlhps movsldup movshdup movddup
addsubps addsubpd haddps haddpd hsubps hsubpd
cvtss2sd cvtsd2ss cvtps2pd cvtpd2ps cvtdq2ps cvtps2dq cvttps2dq cvtdq2pd cvtpd2dq cvttpd2dq
paddb paddw paddd paddq psubb psubw psubd psubq paddsb paddsw paddusb paddusw psubsb psubsw psubusb psubusw
pmullw pmulhw pmulhuw pmuludq pmaddwd pand pandn por pxor pcmpeqb pcmpeqw pcmpeqd pcmpgtb pcmpgtw pcmpgtd
punpcklbw punpcklwd punpckldq punpcklqdq punpckhbw punpckhwd punpckhdq punpckhqdq packsswb packssdw packuswb
pminub pmaxub pminsw pmaxsw pavgb pavgw psadbw
pshufb pabsb pabsw pabsd phaddw phaddd phsubw phsubd psignb psignw psignd pmulhrsw pmaddubsw
pminsb pminsd pminuw pminud pmaxsb pmaxsd pmaxuw pmaxud pmulld pmuldq packusdw pcmpeqq pcmpgtq phminposuw ptest
pmovsxbw pmovsxbd pmovsxbq pmovsxwd pmovsxwq pmovsxdq pmovzxbw pmovzxbd pmovzxbq pmovzxwd pmovzxwq pmovzxdq
psllw pslld psllq psrlw psrld psrlq psraw psrad"""
SSE_IMM = """shufps shufpd pshufd pshuflw pshufhw palignr blendps blendpd pblendw roundss roundsd roundps roundpd
insertps dpps dppd mpsadbw"""
SSE_SHIFT_IMM = "psllw pslld psllq psrlw psrld psrlq psraw psrad pslldq psrldq"
CMP_PRED = ["eq", "lt", "le", "unord", "neq", "nlt", "nle", "ord"]


def sse():
    out = []
    for m in SSE_RR.split():
        out.append((m, f"{m} %xmm1, %xmm0"))
    for m in SSE_IMM.split():
        out.append((m, f"{m} $1, %xmm1, %xmm0"))
    for m in SSE_SHIFT_IMM.split():
        out.append((m + ".imm", f"{m} $3, %xmm0"))  # listed under the plain name (see below)
    for p in CMP_PRED:
        for t in ["ss", "sd", "ps", "pd"]:
            out.append((f"cmp{p}{t}", f"cmp{p}{t} %xmm1, %xmm0"))
    for m in ["blendvps", "blendvpd", "pblendvb"]:
        out.append((m, f"{m} %xmm0, %xmm1, %xmm2"))
    out += [("movd", "movd %eax, %xmm0"), ("movq", "movq %rcx, %rax"), ("movmskps", "movmskps %xmm0, %eax"),
            ("movmskpd", "movmskpd %xmm0, %eax"), ("pmovmskb", "pmovmskb %xmm0, %eax"),
            ("pextrw", "pextrw $1, %xmm0, %eax"), ("pinsrw", "pinsrw $1, %eax, %xmm0"),
            ("pextrb", "pextrb $1, %xmm0, %eax"), ("pextrd", "pextrd $1, %xmm0, %eax"),
            ("pextrq", "pextrq $1, %xmm0, %rax"), ("pinsrb", "pinsrb $1, %eax, %xmm0"),
            ("pinsrd", "pinsrd $1, %eax, %xmm0"), ("pinsrq", "pinsrq $1, %rax, %xmm0"),
            ("extractps", "extractps $1, %xmm0, %eax"),
            ("cvtsi2ss", "cvtsi2ss %eax, %xmm0"), ("cvtsi2sd", "cvtsi2sd %eax, %xmm0"),
            ("cvtsi2ssl", "cvtsi2ssl (%rdi), %xmm0"), ("cvtsi2sdl", "cvtsi2sdl (%rdi), %xmm0"),
            ("cvtsi2ssq", "cvtsi2ssq (%rdi), %xmm0"), ("cvtsi2sdq", "cvtsi2sdq (%rdi), %xmm0"),
            ("cvttss2si", "cvttss2si %xmm0, %eax"), ("cvttsd2si", "cvttsd2si %xmm0, %eax"),
            ("cvtss2si", "cvtss2si %xmm0, %eax"), ("cvtsd2si", "cvtsd2si %xmm0, %eax"),
            ("movlps", "movlps (%rdi), %xmm0"), ("movhps", "movhps (%rdi), %xmm0"),
            ("movlpd", "movlpd (%rdi), %xmm0"), ("movhpd", "movhpd (%rdi), %xmm0"),
            ("movntdqa", "movntdqa (%rdi), %xmm0"), ("lddqu", "lddqu (%rdi), %xmm0"),
            ("movnti", "movnti %eax, (%rdi)"), ("movntdq", "movntdq %xmm0, (%rdi)"),
            ("movntps", "movntps %xmm0, (%rdi)"), ("movntpd", "movntpd %xmm0, (%rdi)")]
    # AVX (VEX) forms of the same operations
    avx = []
    three = set(SSE_RR.split()) - set("""movss movsd movaps movapd movups movupd movdqa movdqu sqrtps sqrtpd rcpps
        rsqrtps ucomiss ucomisd comiss comisd movsldup movshdup movddup cvtss2sd cvtsd2ss cvtps2pd cvtpd2ps cvtdq2ps
        cvtps2dq cvttps2dq cvtdq2pd cvtpd2dq cvttpd2dq pabsb pabsw pabsd phminposuw ptest pmovsxbw pmovsxbd pmovsxbq
        pmovsxwd pmovsxwq pmovsxdq pmovzxbw pmovzxbd pmovzxbq pmovzxwd pmovzxwq pmovzxdq""".split())
    scalar3 = {"movss", "movsd", "cvtss2sd", "cvtsd2ss"}
    for m in sorted(set(SSE_RR.split())):
        if m in three or m in scalar3:
            avx.append(("v" + m, f"v{m} %xmm2, %xmm1, %xmm0"))
        else:
            avx.append(("v" + m, f"v{m} %xmm1, %xmm0"))
    for m in SSE_IMM.split():
        two = m in ("pshufd", "pshuflw", "pshufhw", "roundps", "roundpd")
        avx.append(("v" + m, f"v{m} $1, %xmm1, %xmm0" if two else f"v{m} $1, %xmm2, %xmm1, %xmm0"))
    for p in CMP_PRED:
        for t in ["ss", "sd", "ps", "pd"]:
            avx.append((f"vcmp{p}{t}", f"vcmp{p}{t} %xmm2, %xmm1, %xmm0"))
    for m in ["vblendvps", "vblendvpd", "vpblendvb"]:
        avx.append((m, f"{m} %xmm3, %xmm2, %xmm1, %xmm0"))
    for fam in ["fmadd", "fmsub", "fnmadd", "fnmsub"]:
        for order in ["132", "213", "231"]:
            for t in ["ss", "sd", "ps", "pd"]:
                avx.append((f"v{fam}{order}{t}", f"v{fam}{order}{t} %xmm2, %xmm1, %xmm0"))
    avx += [("vzeroupper", "vzeroupper"), ("vbroadcastss", "vbroadcastss %xmm1, %ymm0"),
            ("vbroadcastsd", "vbroadcastsd %xmm1, %ymm0"), ("vpbroadcastb", "vpbroadcastb %xmm1, %ymm0"),
            ("vpbroadcastw", "vpbroadcastw %xmm1, %ymm0"), ("vpbroadcastd", "vpbroadcastd %xmm1, %ymm0"),
            ("vpbroadcastq", "vpbroadcastq %xmm1, %ymm0"),
            ("vinsertf128", "vinsertf128 $1, %xmm2, %ymm1, %ymm0"),
            ("vinserti128", "vinserti128 $1, %xmm2, %ymm1, %ymm0"),
            ("vextractf128", "vextractf128 $1, %ymm1, %xmm0"), ("vextracti128", "vextracti128 $1, %ymm1, %xmm0"),
            ("vperm2f128", "vperm2f128 $1, %ymm2, %ymm1, %ymm0"), ("vperm2i128", "vperm2i128 $1, %ymm2, %ymm1, %ymm0"),
            ("vpermq", "vpermq $1, %ymm1, %ymm0"), ("vpermpd", "vpermpd $1, %ymm1, %ymm0"),
            ("vpermd", "vpermd %ymm2, %ymm1, %ymm0"), ("vpermps", "vpermps %ymm2, %ymm1, %ymm0"),
            ("vpermilps", "vpermilps $1, %xmm1, %xmm0"), ("vpermilpd", "vpermilpd $1, %xmm1, %xmm0"),
            ("vmovd", "vmovd %eax, %xmm0"), ("vmovq", "vmovq %rax, %xmm0"),
            ("vmovmskps", "vmovmskps %xmm0, %eax"), ("vmovmskpd", "vmovmskpd %xmm0, %eax"),
            ("vpmovmskb", "vpmovmskb %xmm0, %eax"), ("vpextrw", "vpextrw $1, %xmm0, %eax"),
            ("vpextrd", "vpextrd $1, %xmm0, %eax"), ("vpextrq", "vpextrq $1, %xmm0, %rax"),
            ("vpinsrd", "vpinsrd $1, %eax, %xmm1, %xmm0"), ("vpinsrq", "vpinsrq $1, %rax, %xmm1, %xmm0"),
            ("vcvtsi2ss", "vcvtsi2ss %eax, %xmm1, %xmm0"), ("vcvtsi2sd", "vcvtsi2sd %eax, %xmm1, %xmm0"),
            ("vcvttss2si", "vcvttss2si %xmm0, %eax"), ("vcvttsd2si", "vcvttsd2si %xmm0, %eax"),
            ("vpsllvd", "vpsllvd %xmm2, %xmm1, %xmm0"), ("vpsrlvd", "vpsrlvd %xmm2, %xmm1, %xmm0"),
            ("vpsravd", "vpsravd %xmm2, %xmm1, %xmm0"), ("vpsllvq", "vpsllvq %xmm2, %xmm1, %xmm0"),
            ("vpsrlvq", "vpsrlvq %xmm2, %xmm1, %xmm0")]
    for m in SSE_SHIFT_IMM.split():
        avx.append(("v" + m + ".imm", f"v{m} $3, %xmm1, %xmm0"))
    return [(m, t, "alu") for m, t in out + avx]


def x87():
    """The x87 instructions clang emits for long double (x86_fp80)."""
    out = [(m, m) for m in "fld1 fldz fchs fabs fsqrt frndint fxch faddp fsubp fsubrp fmulp fdivp fdivrp fucompp".split()]
    for m in "fadd fsub fsubr fmul fdiv fdivr".split():
        out.append((m, f"{m} %st(1), %st"))
    for m in "fucomi fucompi fcomi fcompi fucomp fcomp fucom fcom".split():
        out.append((m, f"{m} %st(1)"))
    for m in "fcmovb fcmove fcmovbe fcmovu fcmovnb fcmovne fcmovnbe fcmovnu".split():
        out.append((m, f"{m} %st(1), %st"))
    out.append(("fstp", "fstp %st(1)"))
    for m in ("fldt flds fldl fstpt fstps fstpl fsts fstl filds fildl fildll fistps fistpl fistpll fisttps fisttpl "
              "fisttpll fnstcw fldcw fnstsw").split():
        out.append((m, f"{m} (%rdi)"))
    out += [("fadds", "fadds (%rdi)"), ("faddl", "faddl (%rdi)"), ("fmuls", "fmuls (%rdi)"), ("fmull", "fmull (%rdi)"),
            ("fnstsw", "fnstsw %ax"), ("fwait", "fwait")]
    return [(m, t, "alu") for m, t in out]


def measure(mca, cpu, template):
    """(latency, reciprocal throughput) of one instruction, or None when rejected."""
    with tempfile.NamedTemporaryFile("w", suffix=".s") as f:
        f.write(template + "\n.Lx:\n")
        f.flush()
        r = subprocess.run([mca, "-mtriple=x86_64-pc-linux-gnu", f"-mcpu={cpu}", "-instruction-info",
                            "-iterations=1", "-resource-pressure=false", "-timeline=false", f.name],
                           capture_output=True, text=True)
    if r.returncode != 0:
        return None
    rows = r.stdout.split("Instructions:")[-1].strip().splitlines()
    for row in rows:
        m = re.match(r"\s*(\d+)\s+(\d+)\s+([\d.]+)", row)
        if m:
            return int(m.group(2)), float(m.group(3))
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", default="isa/x86-64.yaml")
    ap.add_argument("--mca", default="llvm-mca-19")
    ap.add_argument("--cpu", default="skylake")
    a = ap.parse_args()
    entries = integer() + control() + sse() + x87()
    classes = {}
    seen = set()
    for name, template, kind in entries:
        real = name[:-4] if name.endswith(".imm") else name
        if real in seen:
            continue
        got = measure(a.mca, a.cpu, template)
        if got is None:
            print(f"gen-x86-64-isa: llvm-mca rejects '{template}': {real} left out", file=sys.stderr)
            continue
        seen.add(real)
        lat, rt = got
        cycles = max(1, math.ceil(rt - 1e-9))
        # latency matters to the scoreboard for results only (llvm-mca gives calls,
        # returns and traps 100 cycles of latency, which mean nothing here)
        key = (kind, cycles, lat if kind in ("alu", "nop") else 0)
        classes.setdefault(key, []).append(real)
    with open(a.o, "w") as f:
        f.write(HEADER.format(cpu=a.cpu))
        f.write("classes:\n")
        order = ["alu", "nop", "cond_branch", "cond_return", "jump", "indirect_jump", "call", "indirect_call",
                 "return", "tail_call"]
        for key in sorted(classes, key=lambda k: (order.index(k[0]), k[1], k[2])):
            kind, cycles, lat = key
            cname = f"{kind}_c{cycles}" + (f"_l{lat}" if lat and kind in ("alu", "nop") else "")
            f.write(f"  {cname}:\n    kind: {kind}\n")
            if kind in ("cond_branch", "cond_return"):
                f.write(f"    taken: {cycles}\n    not_taken: {cycles}\n")
            else:
                f.write(f"    cycles: {cycles}\n")
                if kind in ("alu", "nop"):
                    f.write(f"    latency: {lat}\n    has_dest: false\n")
            f.write(f"    note: \"llvm-mca -mcpu={a.cpu}: reciprocal throughput <= {cycles}" +
                    (f", latency {lat}" if lat and kind in ("alu", "nop") else "") + "\"\n")
            names = sorted(classes[key])
            f.write("    mnemonics: [")
            line = 17
            for i, n in enumerate(names):
                piece = n + (", " if i + 1 < len(names) else "")
                if line + len(piece) > 110:
                    f.write("\n                ")
                    line = 16
                f.write(piece)
                line += len(piece)
            f.write("]\n")
    print(f"gen-x86-64-isa: {len(seen)} mnemonics in {len(classes)} classes written to {a.o}", file=sys.stderr)


HEADER = """# x86-64 host core for `lpnest --target=host` (and the plugin's instrumented host builds).
# GENERATED by plugin/x86/gen-x86-64-isa.py from LLVM 19's scheduling model; do not edit
# by hand: change the script and run it again. Schema: isa/SCHEMA.md.
lpnest_isa: 1
name: x86-64
description: "x86-64 host (generic x86-64 code), timed with LLVM's {cpu} scheduling model, single issue"
source: |
  LLVM 19's scheduling model for -mcpu={cpu} (SkylakeClient), read through llvm-mca-19
  -instruction-info: per instruction the latency and the reciprocal throughput of one
  representative form (register operands where there is one). An instruction's cycles are
  its reciprocal throughput rounded up to an integer of at least 1 (the schema's cycles
  are integers), so the core is timed as single-issue and in order: an upper bound for
  the out-of-order core. Latencies are listed for reference; the cost model's scoreboard
  reads RISC-style register names and does not follow AT&T operands. Branches cost their
  throughput both ways: no misprediction is modelled. Instruction counts are exact;
  cycles are not a prediction of a real x86 core's time.
  Spellings lpnest adds (estimator/lower/lower_asm.c): jmp.tail / jmpq.tail (tail calls),
  J.tail (conditional tail calls), callq.ind (indirect calls), lock.X and rep.X.
clock_mhz: 3000
model: machine
llvm:
  triple: x86_64-pc-linux-gnu
  cpu: x86-64
  features: ""
  note: "code as clang-19 builds it by default (generic x86-64, SSE2); functions keep their own target-cpu"
branch_prediction: none
memory: {{fetch_wait: 0, load_wait: 0, store_wait: 0, note: "caches hit: the scheduling model's load latency"}}
relax: false

"""

if __name__ == "__main__":
    main()
