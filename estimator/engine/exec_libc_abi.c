/* exec_libc_abi.c — what programs compiled against a C library's headers
 * reach into besides its functions: picolibc's and newlib's character class
 * table (<ctype.h>'s macros index `_ctype_`, or `_ctype_b` where char is
 * signed), their <math.h> classification functions (fpclassify, isinf, isnan
 * and isfinite expand to __fpclassifyd & co when clang compiles them), and
 * errno wherever the library keeps it (picolibc's thread-local `errno`,
 * newlib's `*__errno()` and `_impure_ptr->_errno`, glibc's
 * `*__errno_location()`), which the built-ins set as the library would. */
#include "exec_libc.h"

#include <math.h>
#include <string.h>

/* newlib's and picolibc's class bits (<ctype.h>: _U _L _N _S _P _C _X _B) */
enum { CT_U = 01, CT_L = 02, CT_N = 04, CT_S = 010, CT_P = 020, CT_C = 040, CT_X = 0100, CT_B = 0200 };

/* The class bits of character C (0..255) in the "C" locale, as newlib's
 * table has them: hex letters are _X besides upper or lower, space is _S
 * and _B (printable blank), tab only _C and _S; 128..255 are in no class. */
static uint8_t ctype_bits(int c)
{
    bool lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
    bool print = c >= 0x20 && c < 0x7f;
    uint8_t b = 0;
    if (upper)
        b |= CT_U;
    if (lower)
        b |= CT_L;
    if (digit)
        b |= CT_N;
    if (c == ' ' || (c >= '\t' && c <= '\r'))
        b |= CT_S;
    if (print && c != ' ' && !lower && !upper && !digit)
        b |= CT_P;
    if ((c >= 0 && c < 0x20) || c == 0x7f)
        b |= CT_C;
    if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))
        b |= CT_X;
    if (c == ' ')
        b |= CT_B;
    return b;
}

bool exec_known_global_extent(const char *name, uint64_t *size, uint64_t *lead)
{
    /* `_ctype_` is indexed from 1 + c for c in EOF..255 (unsigned char) and,
     * where char is signed, also -128..-2: 127 bytes before it are the
     * table of `_ctype_b`, which newlib defines as _ctype_ - 127 */
    if (!strcmp(name, "_ctype_")) {
        *lead = 127;
        *size = 257;
        return true;
    }
    if (!strcmp(name, "_ctype_b")) {
        *lead = 0;
        *size = 384;
        return true;
    }
    return false;
}

/* Fills the class table of the symbol at ADDR: entry 0 is EOF's (none). */
bool exec_ctype_table(struct vm *vm, const char *name, uint64_t addr)
{
    uint64_t at = !strcmp(name, "_ctype_") ? addr - 127 : addr;
    uint8_t *p = lc_wr(vm, at, 384, "the ctype table");
    if (!p)
        return false;
    memset(p, 0, 384);
    /* p[128 + c] is the class of character c (as unsigned char); p[127] is EOF's */
    for (int c = 0; c < 256; c++)
        p[128 + c] = ctype_bits(c);
    for (int c = -128; c < -1; c++)
        p[128 + c] = ctype_bits(c + 256);
    return true;
}

void exec_set_errno(struct vm *vm, int e)
{
    if (!vm->errno_addr)
        return;
    uint8_t *p = exec_ptr_w(vm, vm->errno_addr, vm->t.int_bits / 8);
    if (p)
        exec_store_uint(vm, p, vm->t.int_bits / 8, (uint64_t)(int64_t)e);
}

#define BUILTIN(name) static bool name(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)

/* newlib's __errno() and glibc's __errno_location(): where errno is */
BUILTIN(b_errno)
{
    (void)R;
    if (!vm->errno_addr) {
        vm->errno_addr = exec_malloc(vm, 8, 8);
        if (!vm->errno_addr)
            return exec_fault(vm, "errno: out of memory");
    }
    ret_u(cd, ret, vm->errno_addr);
    return true;
}

/* <math.h>'s FP_NAN .. FP_NORMAL as newlib and picolibc number them */
static int classify(double x)
{
    switch (fpclassify(x)) {
    case FP_NAN: return 0;
    case FP_INFINITE: return 1;
    case FP_ZERO: return 2;
    case FP_SUBNORMAL: return 3;
    default: return 4;
    }
}

enum fpq { Q_CLASSIFY, Q_FINITE, Q_ISINF, Q_ISNAN, Q_SIGNBIT };

/* The argument as the program passed it: a float stays a float (its
 * subnormals are not double's). */
static int ask(enum fpq q, const struct calldesc *cd, const slot_t *R)
{
    bool f32 = cd->nargs && cd->args[0].kind == VK_F32;
    double x = arg_f(cd, R, 0);
    float xf = (float)x;
    switch (q) {
    case Q_CLASSIFY:
        if (f32) {
            int k = fpclassify(xf);
            return k == FP_NAN ? 0 : k == FP_INFINITE ? 1 : k == FP_ZERO ? 2 : k == FP_SUBNORMAL ? 3 : 4;
        }
        return classify(x);
    case Q_FINITE: return isfinite(x);
    case Q_ISINF: return isinf(x) ? (signbit(x) ? -1 : 1) : 0;
    case Q_ISNAN: return isnan(x) != 0;
    default: return signbit(x) != 0;
    }
}

BUILTIN(b_fpclassify)
{
    (void)vm;
    ret_u(cd, ret, (uint64_t)(int64_t)ask(Q_CLASSIFY, cd, R));
    return true;
}
BUILTIN(b_finite)
{
    (void)vm;
    ret_u(cd, ret, (uint64_t)(int64_t)ask(Q_FINITE, cd, R));
    return true;
}
BUILTIN(b_isinf)
{
    (void)vm;
    ret_u(cd, ret, (uint64_t)(int64_t)ask(Q_ISINF, cd, R));
    return true;
}
BUILTIN(b_isnan)
{
    (void)vm;
    ret_u(cd, ret, (uint64_t)(int64_t)ask(Q_ISNAN, cd, R));
    return true;
}
BUILTIN(b_signbit)
{
    (void)vm;
    ret_u(cd, ret, (uint64_t)(int64_t)ask(Q_SIGNBIT, cd, R));
    return true;
}

builtin_fn lc_lookup_abi(const char *name)
{
    static const struct { const char *name; builtin_fn fn; } table[] = {
        {"__errno", b_errno}, {"__errno_location", b_errno},
        {"__fpclassifyd", b_fpclassify}, {"__fpclassifyf", b_fpclassify}, {"__fpclassify", b_fpclassify},
        {"__finite", b_finite}, {"__finitef", b_finite}, {"finite", b_finite}, {"finitef", b_finite},
        {"__isinfd", b_isinf}, {"__isinff", b_isinf}, {"__isinf", b_isinf}, {"isinff", b_isinf},
        {"__isnand", b_isnan}, {"__isnanf", b_isnan}, {"__isnan", b_isnan}, {"isnanf", b_isnan},
        {"__signbitd", b_signbit}, {"__signbitf", b_signbit}, {"__signbit", b_signbit},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(name, table[i].name))
            return table[i].fn;
    return NULL;
}
