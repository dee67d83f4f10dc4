/* exec_run_bits.c — what the interpreter loop (exec_run.c) and the compiled
 * tier's rare ops share that is not on the hot path: the width masks, the
 * float comparison predicates, and bit-casts that change the slot layout,
 * made through a byte image in the target's order. */
#include "exec.h"

#include <math.h>
#include <string.h>

const uint64_t exec_masks[65] = {
    0, 0x1, 0x3, 0x7, 0xf, 0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff, 0x3fff, 0x7fff, 0xffff,
    0x1ffffull, 0x3ffffull, 0x7ffffull, 0xfffffull, 0x1fffffull, 0x3fffffull, 0x7fffffull, 0xffffffull,
    0x1ffffffull, 0x3ffffffull, 0x7ffffffull, 0xfffffffull, 0x1fffffffull, 0x3fffffffull, 0x7fffffffull,
    0xffffffffull, 0x1ffffffffull, 0x3ffffffffull, 0x7ffffffffull, 0xfffffffffull, 0x1fffffffffull,
    0x3fffffffffull, 0x7fffffffffull, 0xffffffffffull, 0x1ffffffffffull, 0x3ffffffffffull, 0x7ffffffffffull,
    0xfffffffffffull, 0x1fffffffffffull, 0x3fffffffffffull, 0x7fffffffffffull, 0xffffffffffffull,
    0x1ffffffffffffull, 0x3ffffffffffffull, 0x7ffffffffffffull, 0xfffffffffffffull, 0x1fffffffffffffull,
    0x3fffffffffffffull, 0x7fffffffffffffull, 0xffffffffffffffull, 0x1ffffffffffffffull, 0x3ffffffffffffffull,
    0x7ffffffffffffffull, 0xfffffffffffffffull, 0x1fffffffffffffffull, 0x3fffffffffffffffull,
    0x7fffffffffffffffull, 0xffffffffffffffffull,
};

bool exec_fcmp(unsigned pred, double a, double b)
{
    bool uno = isnan(a) || isnan(b);
    switch (pred) {
    case LLVMRealPredicateFalse: return false;
    case LLVMRealOEQ: return !uno && a == b;
    case LLVMRealOGT: return !uno && a > b;
    case LLVMRealOGE: return !uno && a >= b;
    case LLVMRealOLT: return !uno && a < b;
    case LLVMRealOLE: return !uno && a <= b;
    case LLVMRealONE: return !uno && a != b;
    case LLVMRealORD: return !uno;
    case LLVMRealUNO: return uno;
    case LLVMRealUEQ: return uno || a == b;
    case LLVMRealUGT: return uno || a > b;
    case LLVMRealUGE: return uno || a >= b;
    case LLVMRealULT: return uno || a < b;
    case LLVMRealULE: return uno || a <= b;
    case LLVMRealUNE: return uno || a != b;
    default: return true;
    }
}

/* ---- bitcast through a byte image ---- */

static void bits_to_bytes(struct vm *vm, const struct leaf *l, int n, const slot_t *v, uint8_t *img, uint32_t bytes)
{
    /* bit-packed vector: lane i at bit i (little-endian) or from the top (big-endian) */
    memset(img, 0, bytes);
    unsigned eb = l[0].bits, total = eb * (unsigned)n;
    for (int i = 0; i < n; i++)
        for (unsigned b = 0; b < eb; b++)
            if (v[l[i].slot] >> b & 1) {
                unsigned bit = vm->t.big_endian ? total - (unsigned)(i + 1) * eb + b : (unsigned)i * eb + b;
                unsigned byte = vm->t.big_endian ? bytes - 1 - bit / 8 : bit / 8;
                img[byte] |= (uint8_t)(1u << (bit % 8));
            }
}

static void bytes_to_bits(struct vm *vm, const struct leaf *l, int n, slot_t *v, const uint8_t *img, uint32_t bytes)
{
    unsigned eb = l[0].bits, total = eb * (unsigned)n;
    for (int i = 0; i < n; i++) {
        uint64_t x = 0;
        for (unsigned b = 0; b < eb; b++) {
            unsigned bit = vm->t.big_endian ? total - (unsigned)(i + 1) * eb + b : (unsigned)i * eb + b;
            unsigned byte = vm->t.big_endian ? bytes - 1 - bit / 8 : bit / 8;
            if (img[byte] >> (bit % 8) & 1)
                x |= 1ull << b;
        }
        v[l[i].slot] = x;
    }
}

void exec_bitcast(struct vm *vm, const struct bitcast_desc *bd, slot_t *d, const slot_t *a)
{
    uint8_t img[256];
    if (bd->from_bits)
        bits_to_bytes(vm, bd->from, bd->nfrom, a, img, bd->bytes);
    else
        for (int i = 0; i < bd->nfrom; i++) {
            const struct leaf *l = &bd->from[i];
            if (l->kind == VK_WIDE) {
                exec_store_uint(vm, img + l->offset + (vm->t.big_endian ? l->bytes - 8 : 0), 8, a[l->slot]);
                exec_store_uint(vm, img + l->offset + (vm->t.big_endian ? 0 : 8), l->bytes - 8, a[l->slot + 1]);
            } else
                exec_store_uint(vm, img + l->offset, l->bytes, a[l->slot]);
        }
    if (bd->to_bits)
        bytes_to_bits(vm, bd->to, bd->nto, d, img, bd->bytes);
    else
        for (int i = 0; i < bd->nto; i++) {
            const struct leaf *l = &bd->to[i];
            if (l->kind == VK_WIDE) {
                d[l->slot] = exec_load_uint(vm, img + l->offset + (vm->t.big_endian ? l->bytes - 8 : 0), 8);
                d[l->slot + 1] = exec_load_uint(vm, img + l->offset + (vm->t.big_endian ? 0 : 8), l->bytes - 8) & exec_masks[l->bits - 64];
            } else
                d[l->slot] = exec_load_uint(vm, img + l->offset, l->bytes) & exec_masks[l->bits > 64 ? 64 : l->bits];
        }
}
