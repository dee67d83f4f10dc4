/* exec_xfloat.h — half, bfloat, binary128 and x86_fp80 values in the engine
 * (exec_xfloat.c): the formats, and what the ops OP_XFARITH, OP_XFNEG,
 * OP_XFCMP and OP_XFCVT do. */
#ifndef LPNEST_EXEC_XFLOAT_H
#define LPNEST_EXEC_XFLOAT_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* a conversion's end: an integer (its width and signedness in the op) or a
 * floating-point format */
enum xfmt { XF_NONE, XF_INT, XF_HALF, XF_BF16, XF_F32, XF_F64, XF_F80, XF_F128 };
/* operations of OP_XFARITH; XF_ABS ignores B, XF_COPYSIGN takes B's sign */
enum xfop { XF_ADD, XF_SUB, XF_MUL, XF_DIV, XF_REM, XF_ABS, XF_COPYSIGN };

/* What lpnest says of IBM double-double (ppc_fp128), the only floating type
 * the engine refuses. */
#define EXEC_PPC_FP128_REFUSAL \
    "long double on 32-bit PowerPC is IBM double-double (ppc_fp128), whose arithmetic " \
    "(libgcc's __gcc_qadd, __gcc_qmul, __gcc_qdiv) is hard-float code the soft-float PPC405 " \
    "cannot run: compile with -mlong-double-64 to make long double a double"

/* The format of a floating-point type, XF_NONE for other types. */
enum xfmt exec_type_fmt(LLVMTypeRef t);

/* D = A FOP B in format F (slots as exec.h lays them out). */
void exec_xf_arith(unsigned fop, enum xfmt f, uint64_t *d, const uint64_t *a, const uint64_t *b);
void exec_xf_neg(enum xfmt f, uint64_t *d, const uint64_t *a);
/* D = math function FN (enum mathfn) of A, B, C in format F (the operands it takes; ldexp's
 * and powi's second one an integer of IBITS bits in B's first slot): binary128 by the host's
 * libquadmath, x86_fp80 by its long double libm, half and bfloat in float then rounded, as
 * the back ends compute them (they promote to float and call the float routine). */
void exec_xf_math(unsigned fn, enum xfmt f, uint64_t *d, const uint64_t *a, const uint64_t *b, const uint64_t *c,
                  unsigned ibits);
/* fcmp predicate PRED (LLVMRealPredicate) */
bool exec_xf_cmp(unsigned pred, enum xfmt f, const uint64_t *a, const uint64_t *b);
/* K = source format | destination format << 8 | signed << 16 | integer bits << 24 */
void exec_xf_cvt(uint64_t k, uint64_t *d, const uint64_t *a);
static inline uint64_t exec_xf_cvt_key(enum xfmt from, enum xfmt to, bool is_signed, unsigned int_bits)
{
    return (uint64_t)from | (uint64_t)to << 8 | (uint64_t)is_signed << 16 | (uint64_t)int_bits << 24;
}
/* The bits of floating-point constant C of format F; false if unreadable. */
bool exec_xf_const(LLVMValueRef c, enum xfmt f, uint64_t *out);
/* fmodl on binary128: the exact remainder */
__float128 exec_xf_fmodq(__float128 x, __float128 y);

#endif
