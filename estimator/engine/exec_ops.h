/* exec_ops.h — the engine's op codes as an X-macro list, so the enum and the
 * names used in debug dumps cannot drift apart. Suffix I: the second operand
 * is the immediate k. Integer results are masked to the op's width w. */
#ifndef LPNEST_EXEC_OPS_H
#define LPNEST_EXEC_OPS_H

#define EXEC_OPS(X) \
    /* moves */ \
    X(MOV) X(MOVK) \
    /* integer arithmetic, w <= 64 */ \
    X(ADD) X(ADDI) X(SUB) X(SUBI) X(RSUBI) X(MUL) X(MULI) \
    X(UDIV) X(SDIV) X(UREM) X(SREM) \
    X(AND) X(ANDI) X(OR) X(ORI) X(XOR) X(XORI) \
    X(SHL) X(SHLI) X(LSHR) X(LSHRI) X(ASHR) X(ASHRI) \
    X(SEXT) \
    /* comparisons (result 0/1) */ \
    X(EQ) X(NE) X(ULT) X(ULE) X(SLT) X(SLE) \
    X(EQI) X(NEI) X(ULTI) X(ULEI) X(UGTI) X(UGEI) X(SLTI) X(SLEI) X(SGTI) X(SGEI) \
    X(SELECT) X(SELECTU) \
    /* compare and branch, fused (same order as the comparisons above) */ \
    X(BR_EQ) X(BR_NE) X(BR_ULT) X(BR_ULE) X(BR_SLT) X(BR_SLE) \
    X(BR_EQI) X(BR_NEI) X(BR_ULTI) X(BR_ULEI) X(BR_UGTI) X(BR_UGEI) X(BR_SLTI) X(BR_SLEI) X(BR_SGTI) X(BR_SGEI) \
    /* 65..128-bit integers on slot pairs */ \
    X(W_ADD) X(W_SUB) X(W_MUL) X(W_UDIV) X(W_SDIV) X(W_UREM) X(W_SREM) \
    X(W_SHL) X(W_LSHR) X(W_ASHR) X(W_ICMP) X(W_SEXT) X(W_TRUNC) \
    /* floating point */ \
    X(FADD32) X(FSUB32) X(FMUL32) X(FDIV32) X(FREM32) X(FNEG32) \
    X(FADD64) X(FSUB64) X(FMUL64) X(FDIV64) X(FREM64) X(FNEG64) \
    X(FCMP32) X(FCMP64) \
    X(FPTOSI32) X(FPTOSI64) X(FPTOUI32) X(FPTOUI64) \
    X(SITOFP32) X(SITOFP64) X(UITOFP32) X(UITOFP64) \
    X(W_TOFP) X(FP_TOW) \
    X(FPEXT) X(FPTRUNC) \
    X(FMATH1) X(FMATH2) X(FMATH3) X(FMATHI) \
    /* half, bfloat, fp128, x86_fp80 (exec_xfloat.c): x = format; k = operation, predicate or conversion */ \
    X(XFARITH) X(XFNEG) X(XFCMP) X(XFCVT) X(XFMATH) \
    /* memory */ \
    X(LD8) X(LD16) X(LD32) X(LD64) X(LD16B) X(LD32B) X(LD64B) X(LDN) \
    X(ST8) X(ST16) X(ST32) X(ST64) X(ST16B) X(ST32B) X(ST64B) X(STN) \
    X(LD8X) X(LD16X) X(LD32X) X(LD64X) X(LD16BX) X(LD32BX) X(LD64BX) \
    X(ST8X) X(ST16X) X(ST32X) X(ST64X) X(ST16BX) X(ST32BX) X(ST64BX) \
    X(GEP) X(ALLOCA) X(FRAMEADDR) X(STACKSAVE) X(STACKRESTORE) \
    X(MEMCPY) X(MEMMOVE) X(MEMSET) X(BOUNDS) \
    /* bits */ \
    X(CTLZ) X(CTTZ) X(CTPOP) X(BSWAP) X(BITREV) X(FSHL) X(FSHR) \
    X(SMIN) X(SMAX) X(UMIN) X(UMAX) X(ABS) \
    X(UADDSAT) X(SADDSAT) X(USUBSAT) X(SSUBSAT) X(USHLSAT) X(SSHLSAT) X(SATCOUNT) X(SHIFTHIST) X(MEMDIFF) \
    X(UADDO) X(SADDO) X(USUBO) X(SSUBO) X(UMULO) X(SMULO) \
    X(VEXTRACT) X(VINSERT) X(BITCAST) \
    /* control */ \
    X(JMP) X(GOTO) X(MOVGOTO) X(MOV2GOTO) X(SETIN) X(PAIRINC) X(BR) X(SWITCH) X(INDIRECTBR) X(CALL) X(CALLI) X(CALLX) X(RET) X(WATCH) \
    X(UNREACHABLE) X(TRAP) X(UNSUPPORTED) \
    /* variadics */ \
    X(VASTART) X(VAARG) X(VACOPY) \
    /* atomics (single-threaded) */ \
    X(CMPXCHG) X(ATOMICRMW)

enum opcode {
#define EXEC_OP_ENUM(n) OP_##n,
    EXEC_OPS(EXEC_OP_ENUM)
#undef EXEC_OP_ENUM
    OP_COUNT_
};

extern const char *const exec_op_names[];

#endif
