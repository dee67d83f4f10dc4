/* exec_types.c — how IR types map onto slots and target memory (leaves with
 * slot and byte offsets), GEP offsets, and evaluation of constants (into
 * slots, or written into simulated memory in the target's byte order). */
#include "exec.h"
#include "exec_xfloat.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

enum vkind exec_kind(LLVMTypeRef t, uint16_t *bits)
{
    uint16_t b = 0;
    enum vkind k;
    switch (LLVMGetTypeKind(t)) {
    case LLVMVoidTypeKind: k = VK_VOID; break;
    case LLVMIntegerTypeKind: {
        unsigned w = LLVMGetIntTypeWidth(t);
        b = (uint16_t)(w <= 0xffff ? w : 0xffff);
        k = w <= 64 ? VK_INT : w <= 128 ? VK_WIDE : VK_BAD;
        break;
    }
    case LLVMFloatTypeKind: k = VK_F32; b = 32; break;
    case LLVMDoubleTypeKind: k = VK_F64; b = 64; break;
    /* held as their bits, operated on by exec_xfloat.c */
    case LLVMHalfTypeKind: case LLVMBFloatTypeKind: k = VK_INT; b = 16; break;
    case LLVMFP128TypeKind: k = VK_WIDE; b = 128; break;
    case LLVMX86_FP80TypeKind: k = VK_WIDE; b = 80; break;
    case LLVMPointerTypeKind: k = VK_PTR; break;
    case LLVMVectorTypeKind: k = VK_VEC; break;
    case LLVMStructTypeKind:
    case LLVMArrayTypeKind: k = VK_AGG; break;
    default: k = VK_BAD; break;
    }
    if (bits)
        *bits = b;
    return k;
}

uint32_t exec_type_slots(LLVMTypeRef t)
{
    switch (exec_kind(t, NULL)) {
    case VK_VOID: return 0;
    case VK_INT: case VK_F32: case VK_F64: case VK_PTR: return 1;
    case VK_WIDE: return 2;
    case VK_VEC: return LLVMGetVectorSize(t) * exec_type_slots(LLVMGetElementType(t));
    case VK_AGG:
        if (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
            return (uint32_t)LLVMGetArrayLength2(t) * exec_type_slots(LLVMGetElementType(t));
        else {
            uint32_t n = 0, c = LLVMCountStructElementTypes(t);
            for (uint32_t i = 0; i < c; i++)
                n += exec_type_slots(LLVMStructGetTypeAtIndex(t, i));
            return n;
        }
    default: return 0;
    }
}

static const char *type_problem(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMPPC_FP128TypeKind: return EXEC_PPC_FP128_REFUSAL;
    case LLVMScalableVectorTypeKind: return "scalable vectors";
    case LLVMIntegerTypeKind: return "integers wider than 128 bits";
    default: return "this type";
    }
}

struct leaf_walk {
    struct vm *vm;
    struct leaf *out;
    int max, n;
    const char *why;
};

static bool walk(struct leaf_walk *w, LLVMTypeRef t, uint32_t slot, uint64_t off)
{
    uint16_t bits;
    enum vkind k = exec_kind(t, &bits);
    switch (k) {
    case VK_INT: case VK_WIDE: case VK_F32: case VK_F64: case VK_PTR:
        if (w->out && w->n < w->max) {
            struct leaf *l = &w->out[w->n];
            l->kind = k;
            l->bits = k == VK_PTR ? (uint16_t)(LLVMPointerSizeForAS(w->vm->td, LLVMGetPointerAddressSpace(t)) * 8) : bits;
            l->bytes = (uint16_t)LLVMStoreSizeOfType(w->vm->td, t);
            l->slot = slot;
            l->offset = off;
        }
        w->n++;
        return true;
    case VK_VEC: {
        LLVMTypeRef e = LLVMGetElementType(t);
        unsigned n = LLVMGetVectorSize(t);
        uint32_t es = exec_type_slots(e);
        uint16_t eb;
        exec_kind(e, &eb);
        /* vector elements are packed at their bit width */
        uint64_t stride = LLVMGetTypeKind(e) == LLVMIntegerTypeKind ? (uint64_t)eb / 8 : LLVMStoreSizeOfType(w->vm->td, e);
        bool packed_bits = LLVMGetTypeKind(e) == LLVMIntegerTypeKind && eb % 8 != 0;
        for (unsigned i = 0; i < n; i++)
            if (!walk(w, e, slot + i * es, packed_bits ? UINT64_MAX : off + i * stride))
                return false;
        return true;
    }
    case VK_AGG:
        if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
            LLVMTypeRef e = LLVMGetElementType(t);
            uint64_t n = LLVMGetArrayLength2(t);
            uint32_t es = exec_type_slots(e);
            uint64_t stride = LLVMABISizeOfType(w->vm->td, e);
            for (uint64_t i = 0; i < n; i++)
                if (!walk(w, e, slot + (uint32_t)i * es, off + i * stride))
                    return false;
        } else {
            unsigned c = LLVMCountStructElementTypes(t);
            for (unsigned i = 0; i < c; i++) {
                LLVMTypeRef e = LLVMStructGetTypeAtIndex(t, i);
                if (!walk(w, e, slot, off + LLVMOffsetOfElement(w->vm->td, t, i)))
                    return false;
                slot += exec_type_slots(e);
            }
        }
        return true;
    case VK_VOID:
        return true;
    default:
        w->why = type_problem(t);
        return false;
    }
}

int exec_type_leaves(struct vm *vm, LLVMTypeRef t, struct leaf *leaves, int max, const char **why)
{
    struct leaf_walk w = {.vm = vm, .out = leaves, .max = max};
    if (!walk(&w, t, 0, 0)) {
        if (why)
            *why = w.why;
        return -1;
    }
    return w.n;
}

/* ---- constants ---- */

/* Wide integer constants have no C accessor: read them from the printed form
 * "iN 1234" (decimal, maybe negative). */
static bool wide_const(LLVMValueRef c, unsigned width, slot_t *out)
{
    char *text = LLVMPrintValueToString(c);
    const char *p = strchr(text, ' ');
    bool ok = p != NULL;
    unsigned __int128 v = 0;
    bool neg = false;
    if (ok) {
        p++;
        if (!strcmp(p, "true") || !strcmp(p, "false"))
            v = p[0] == 't';
        else {
            if (*p == '-')
                neg = true, p++;
            if (*p < '0' || *p > '9')
                ok = false;
            for (; *p >= '0' && *p <= '9'; p++)
                v = v * 10 + (unsigned)(*p - '0');
        }
    }
    LLVMDisposeMessage(text);
    if (neg)
        v = -v;
    if (width < 128)
        v &= (((unsigned __int128)1) << width) - 1;
    out[0] = (uint64_t)v;
    out[1] = (uint64_t)(v >> 64);
    return ok;
}

uint64_t exec_global_addr(struct vm *vm, LLVMValueRef g, bool *ok)
{
    uint64_t v;
    if (ptrmap_get(&vm->gaddr, g, &v)) {
        *ok = true;
        return v;
    }
    if (ptrmap_get(&vm->fidx, g, &v)) {
        *ok = true;
        return vm->funcs[v].addr;
    }
    *ok = false;
    return 0;
}

static unsigned elements_of(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMStructTypeKind: return LLVMCountStructElementTypes(t);
    case LLVMArrayTypeKind: return (unsigned)LLVMGetArrayLength2(t);
    case LLVMVectorTypeKind: return LLVMGetVectorSize(t);
    default: return 0;
    }
}

static LLVMTypeRef element_type(LLVMTypeRef t, unsigned i)
{
    return LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i) : LLVMGetElementType(t);
}

static bool const_fail(struct vm *vm, LLVMValueRef c, const char *what)
{
    char *text = LLVMPrintValueToString(c);
    snprintf(vm->fault_msg, sizeof vm->fault_msg, "unsupported constant (%s): %.200s", what, text);
    LLVMDisposeMessage(text);
    return false;
}

/* Evaluates a GEP (instruction or constant expression) whose indices are all
 * constants; *off gets the byte offset. */
static bool const_gep_offset(struct vm *vm, LLVMValueRef gep, int64_t *off)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    unsigned n = (unsigned)LLVMGetNumOperands(gep);
    int64_t total = 0;
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, i);
        if (LLVMGetValueKind(idx) != LLVMConstantIntValueKind)
            return const_fail(vm, gep, "non-integer GEP index");
        int64_t k = LLVMConstIntGetSExtValue(idx);
        if (i == 1) {
            total += k * (int64_t)LLVMABISizeOfType(vm->td, t);
        } else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            total += (int64_t)LLVMOffsetOfElement(vm->td, t, (unsigned)k);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)k);
        } else {
            t = LLVMGetElementType(t);
            total += k * (int64_t)LLVMABISizeOfType(vm->td, t);
        }
    }
    *off = total;
    return true;
}

bool exec_const_eval(struct vm *vm, LLVMValueRef c, slot_t *out, uint32_t nslots)
{
    LLVMTypeRef t = LLVMTypeOf(c);
    uint16_t bits;
    enum vkind k = exec_kind(t, &bits);
    switch (LLVMGetValueKind(c)) {
    case LLVMConstantIntValueKind:
        if (k == VK_WIDE)
            return wide_const(c, bits, out) || const_fail(vm, c, "wide integer");
        out[0] = LLVMConstIntGetZExtValue(c) & mask_of(bits);
        return true;
    case LLVMConstantFPValueKind: {
        enum xfmt f = exec_type_fmt(t);
        if (f != XF_F32 && f != XF_F64)
            return exec_xf_const(c, f, out) || const_fail(vm, c, "floating-point constant");
        LLVMBool loses;
        double d = LLVMConstRealGetDouble(c, &loses);
        if (k == VK_F32) {
            float f = (float)d;
            uint32_t u;
            memcpy(&u, &f, 4);
            out[0] = u;
        } else if (k == VK_F64) {
            memcpy(&out[0], &d, 8);
        } else {
            return const_fail(vm, c, "floating-point type");
        }
        return true;
    }
    case LLVMConstantPointerNullValueKind:
    case LLVMConstantAggregateZeroValueKind:
    case LLVMUndefValueValueKind:
    case LLVMPoisonValueValueKind:
    case LLVMConstantTokenNoneValueKind:
        memset(out, 0, nslots * sizeof *out);
        return true;
    case LLVMConstantArrayValueKind:
    case LLVMConstantStructValueKind:
    case LLVMConstantVectorValueKind:
    case LLVMConstantDataArrayValueKind:
    case LLVMConstantDataVectorValueKind: {
        unsigned n = elements_of(t);
        uint32_t s = 0;
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef e = LLVMGetAggregateElement(c, i);
            uint32_t es = exec_type_slots(element_type(t, i));
            if (!e || s + es > nslots || !exec_const_eval(vm, e, out + s, es))
                return e ? false : const_fail(vm, c, "aggregate element");
            s += es;
        }
        return true;
    }
    case LLVMGlobalVariableValueKind:
    case LLVMFunctionValueKind:
    case LLVMGlobalAliasValueKind:
    case LLVMGlobalIFuncValueKind: {
        bool ok;
        out[0] = exec_global_addr(vm, c, &ok);
        if (!ok) {
            size_t len;
            snprintf(vm->fault_msg, sizeof vm->fault_msg, "no address for '%s'", LLVMGetValueName2(c, &len));
        }
        return ok;
    }
    case LLVMConstantExprValueKind: {
        LLVMOpcode op = LLVMGetConstOpcode(c);
        LLVMValueRef a0 = LLVMGetOperand(c, 0);
        slot_t x[2] = {0, 0}, y[2] = {0, 0};
        switch (op) {
        case LLVMGetElementPtr: {
            int64_t off;
            if (!exec_const_eval(vm, a0, x, 1) || !const_gep_offset(vm, c, &off))
                return false;
            out[0] = (x[0] + (uint64_t)off) & vm->ptr_mask;
            return true;
        }
        case LLVMBitCast:
        case LLVMAddrSpaceCast:
            if (exec_type_slots(LLVMTypeOf(a0)) != nslots || nslots > 2)
                return const_fail(vm, c, "bitcast between differently shaped types");
            return exec_const_eval(vm, a0, out, nslots);
        case LLVMPtrToInt:
        case LLVMIntToPtr:
        case LLVMTrunc:
            if (!exec_const_eval(vm, a0, x, exec_type_slots(LLVMTypeOf(a0))))
                return false;
            out[0] = x[0] & (k == VK_PTR ? vm->ptr_mask : mask_of(bits));
            if (nslots > 1)
                out[1] = 0;
            return true;
        case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMXor: case LLVMAnd: case LLVMOr: case LLVMShl:
            if (k != VK_INT && k != VK_PTR)
                return const_fail(vm, c, "wide or vector constant arithmetic");
            if (!exec_const_eval(vm, a0, x, 1) || !exec_const_eval(vm, LLVMGetOperand(c, 1), y, 1))
                return false;
            switch (op) {
            case LLVMAdd: x[0] += y[0]; break;
            case LLVMSub: x[0] -= y[0]; break;
            case LLVMMul: x[0] *= y[0]; break;
            case LLVMXor: x[0] ^= y[0]; break;
            case LLVMAnd: x[0] &= y[0]; break;
            case LLVMOr: x[0] |= y[0]; break;
            default: x[0] = y[0] < 64 ? x[0] << y[0] : 0; break;
            }
            out[0] = x[0] & (k == VK_PTR ? vm->ptr_mask : mask_of(bits));
            return true;
        default:
            return const_fail(vm, c, "constant expression");
        }
    }
    case LLVMBlockAddressValueKind:
        /* &&label: indirectbr is refused too (exec_compile_inst.c) */
        snprintf(vm->fault_msg, sizeof vm->fault_msg,
                 "the address of a label (GNU C's labels as values, `&&label` for a computed goto) is not "
                 "supported: write the dispatch as a switch");
        return false;
    default:
        return const_fail(vm, c, "value kind");
    }
}

/* Writes a scalar leaf held in slots to memory in the target's byte order. */
static void store_leaf(struct vm *vm, uint8_t *p, const struct leaf *l, const slot_t *v)
{
    if (l->kind == VK_WIDE) {
        /* low 64 bits and the rest, in target order */
        unsigned n = l->bytes;
        uint8_t tmp[16] = {0};
        for (unsigned i = 0; i < n && i < 16; i++)
            tmp[i] = (uint8_t)((i < 8 ? v[0] >> (8 * i) : v[1] >> (8 * (i - 8))));
        for (unsigned i = 0; i < n; i++)
            p[vm->t.big_endian ? n - 1 - i : i] = tmp[i];
        return;
    }
    exec_store_uint(vm, p, l->bytes, v[0]);
}

bool exec_const_store(struct vm *vm, LLVMValueRef c, uint64_t addr)
{
    LLVMTypeRef t = LLVMTypeOf(c);
    LLVMValueKind vk = LLVMGetValueKind(c);
    switch (vk) {
    case LLVMConstantAggregateZeroValueKind:
    case LLVMConstantPointerNullValueKind:
    case LLVMUndefValueValueKind:
    case LLVMPoisonValueValueKind:
        return true; /* fresh memory is zero */
    case LLVMConstantDataArrayValueKind:
    case LLVMConstantDataVectorValueKind: {
        /* raw element data in host (little-endian) order */
        size_t len;
        const char *raw = LLVMGetAsString(c, &len);
        LLVMTypeRef e = LLVMGetElementType(t);
        unsigned es = (unsigned)LLVMStoreSizeOfType(vm->td, e);
        unsigned n = elements_of(t);
        uint64_t stride = LLVMGetTypeKind(t) == LLVMArrayTypeKind ? LLVMABISizeOfType(vm->td, e) : es;
        if (raw && len == (size_t)n * es && stride == es) {
            uint8_t *p = vm->mem + addr;
            if (!vm->t.big_endian || es == 1)
                memcpy(p, raw, len);
            else
                for (unsigned i = 0; i < n; i++)
                    for (unsigned j = 0; j < es; j++)
                        p[i * es + j] = (uint8_t)raw[i * es + es - 1 - j];
            return true;
        }
        /* fall through to element-wise */
    }
        /* FALLTHROUGH */
    case LLVMConstantArrayValueKind:
    case LLVMConstantStructValueKind:
    case LLVMConstantVectorValueKind: {
        unsigned n = elements_of(t);
        for (unsigned i = 0; i < n; i++) {
            uint64_t off;
            if (LLVMGetTypeKind(t) == LLVMStructTypeKind)
                off = LLVMOffsetOfElement(vm->td, t, i);
            else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
                off = i * LLVMABISizeOfType(vm->td, LLVMGetElementType(t));
            else
                off = i * LLVMStoreSizeOfType(vm->td, LLVMGetElementType(t));
            LLVMValueRef e = LLVMGetAggregateElement(c, i);
            if (!e || !exec_const_store(vm, e, addr + off))
                return e ? false : const_fail(vm, c, "aggregate element");
        }
        return true;
    }
    default: {
        struct leaf leaves[64];
        const char *why = NULL;
        int nl = exec_type_leaves(vm, t, leaves, 64, &why);
        if (nl < 0 || nl > 64)
            return const_fail(vm, c, why ? why : "too many scalar parts");
        uint32_t ns = exec_type_slots(t);
        slot_t *v = sup_xcalloc(ns ? ns : 1, sizeof *v);
        bool ok = exec_const_eval(vm, c, v, ns);
        for (int i = 0; ok && i < nl; i++) {
            if (leaves[i].offset == UINT64_MAX) {
                ok = const_fail(vm, c, "vector of non-byte-sized elements in memory");
                break;
            }
            store_leaf(vm, vm->mem + addr + leaves[i].offset, &leaves[i], v + leaves[i].slot);
        }
        free(v);
        return ok;
    }
    }
}
