/* exec_libc.c — the built-in C library subset served to programs whose calls
 * leave the bitcode: memory, strings, conversions, exit/abort/assert, rand,
 * qsort/bsearch (calling back into the program) and <math.h>. Stdio is in
 * exec_libc_io.c, the printf family in exec_printf.c. */
#include "exec_libc.h"
#include "exec_math.h"
#include "exec_xfloat.h"
#include "support.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double arg_f(const struct calldesc *cd, const slot_t *R, uint32_t i)
{
    if (i >= cd->nargs)
        return 0;
    slot_t v = R[cd->args[i].slot];
    if (cd->args[i].kind == VK_F32) {
        uint32_t u = (uint32_t)v;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    double d;
    memcpy(&d, &v, 8);
    return d;
}

void ret_f(const struct calldesc *cd, slot_t *ret, double v)
{
    if (cd->ret_kind == VK_F32) {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        *ret = u;
    } else {
        memcpy(ret, &v, 8);
    }
}

const char *lc_str(struct vm *vm, uint64_t a, const char *what)
{
    if (exec_strlen(vm, a) < 0) {
        exec_fault(vm, "%s: invalid string pointer 0x%llx%s", what, (unsigned long long)a, a < 0x100 ? " (null)" : "");
        return NULL;
    }
    return (const char *)vm->mem + a;
}

uint8_t *lc_rd(struct vm *vm, uint64_t a, uint64_t n, const char *what)
{
    if (n == 0)
        return vm->mem;
    uint8_t *p = exec_ptr_r(vm, a, n);
    if (!p)
        exec_fault(vm, "%s: read of %llu bytes at invalid address 0x%llx", what, (unsigned long long)n, (unsigned long long)a);
    return p;
}

uint8_t *lc_wr(struct vm *vm, uint64_t a, uint64_t n, const char *what)
{
    if (n == 0)
        return vm->mem;
    uint8_t *p = exec_ptr_w(vm, a, n);
    if (!p)
        exec_fault(vm, "%s: write of %llu bytes at invalid address 0x%llx", what, (unsigned long long)n, (unsigned long long)a);
    return p;
}

/* ---- memory and strings ---- */

#define BUILTIN(name) static bool name(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)

BUILTIN(b_malloc)
{
    ret_u(cd, ret, exec_malloc(vm, arg_u(cd, R, 0), 0));
    return true;
}

BUILTIN(b_calloc)
{
    uint64_t n = arg_u(cd, R, 0), s = arg_u(cd, R, 1);
    if (s && n > UINT64_MAX / s) {
        ret_u(cd, ret, 0);
        return true;
    }
    uint64_t a = exec_malloc(vm, n * s, 0);
    if (a)
        memset(vm->mem + a, 0, n * s);
    ret_u(cd, ret, a);
    return true;
}

BUILTIN(b_free)
{
    (void)ret;
    uint64_t a = arg_u(cd, R, 0);
    if (a && !exec_free(vm, a))
        return exec_fault(vm, "free() of 0x%llx, which is not a live block from malloc (double free or a bad pointer)",
                          (unsigned long long)a);
    return true;
}

BUILTIN(b_realloc)
{
    uint64_t a = arg_u(cd, R, 0), n = arg_u(cd, R, 1);
    if (!a) {
        ret_u(cd, ret, exec_malloc(vm, n, 0));
        return true;
    }
    uint64_t old = exec_alloc_size(vm, a);
    if (!old)
        return exec_fault(vm, "realloc() of 0x%llx, which is not a live block from malloc", (unsigned long long)a);
    if (n == 0) {
        exec_free(vm, a);
        ret_u(cd, ret, 0);
        return true;
    }
    uint64_t b = exec_malloc(vm, n, 0);
    if (b) {
        memmove(vm->mem + b, vm->mem + a, old < n ? old : n);
        exec_free(vm, a);
    }
    ret_u(cd, ret, b);
    return true;
}

BUILTIN(b_memcpy)
{
    uint64_t d = arg_u(cd, R, 0), s = arg_u(cd, R, 1), n = arg_u(cd, R, 2);
    uint8_t *pd = lc_wr(vm, d, n, "memcpy"), *ps = pd ? lc_rd(vm, s, n, "memcpy") : NULL;
    if (!ps)
        return false;
    memmove(pd, ps, n);
    ret_u(cd, ret, d);
    return true;
}

BUILTIN(b_memset)
{
    uint64_t d = arg_u(cd, R, 0), n = arg_u(cd, R, 2);
    uint8_t *pd = lc_wr(vm, d, n, "memset");
    if (!pd)
        return false;
    memset(pd, (int)(arg_u(cd, R, 1) & 0xff), n);
    ret_u(cd, ret, d);
    return true;
}

BUILTIN(b_memcmp)
{
    uint64_t n = arg_u(cd, R, 2);
    uint8_t *a = lc_rd(vm, arg_u(cd, R, 0), n, "memcmp"), *b = a ? lc_rd(vm, arg_u(cd, R, 1), n, "memcmp") : NULL;
    if (!b)
        return false;
    int r = memcmp(a, b, n);
    ret_u(cd, ret, (uint64_t)(int64_t)(r < 0 ? -1 : r > 0));
    return true;
}

BUILTIN(b_memchr)
{
    uint64_t a = arg_u(cd, R, 0), n = arg_u(cd, R, 2);
    uint8_t *p = lc_rd(vm, a, n, "memchr");
    if (!p)
        return false;
    uint8_t *z = memchr(p, (int)(arg_u(cd, R, 1) & 0xff), n);
    ret_u(cd, ret, z ? a + (uint64_t)(z - p) : 0);
    return true;
}

BUILTIN(b_strlen)
{
    const char *s = lc_str(vm, arg_u(cd, R, 0), "strlen");
    if (!s)
        return false;
    ret_u(cd, ret, strlen(s));
    return true;
}

BUILTIN(b_strnlen)
{
    uint64_t a = arg_u(cd, R, 0), n = arg_u(cd, R, 1), i = 0;
    for (; i < n; i++) {
        uint8_t *p = lc_rd(vm, a + i, 1, "strnlen");
        if (!p)
            return false;
        if (!*p)
            break;
    }
    ret_u(cd, ret, i);
    return true;
}

BUILTIN(b_strcmp)
{
    const char *a = lc_str(vm, arg_u(cd, R, 0), "strcmp"), *b = a ? lc_str(vm, arg_u(cd, R, 1), "strcmp") : NULL;
    if (!b)
        return false;
    int r = strcmp(a, b);
    ret_u(cd, ret, (uint64_t)(int64_t)(r < 0 ? -1 : r > 0));
    return true;
}

BUILTIN(b_strncmp)
{
    uint64_t a = arg_u(cd, R, 0), b = arg_u(cd, R, 1), n = arg_u(cd, R, 2);
    int r = 0;
    for (uint64_t i = 0; i < n && r == 0; i++) {
        uint8_t *x = lc_rd(vm, a + i, 1, "strncmp"), *y = x ? lc_rd(vm, b + i, 1, "strncmp") : NULL;
        if (!y)
            return false;
        r = *x - *y;
        if (!*x)
            break;
    }
    ret_u(cd, ret, (uint64_t)(int64_t)(r < 0 ? -1 : r > 0));
    return true;
}

static bool copy_string(struct vm *vm, uint64_t d, uint64_t s, const char *what, bool append)
{
    const char *src = lc_str(vm, s, what);
    if (!src)
        return false;
    uint64_t at = d;
    if (append) {
        const char *dst = lc_str(vm, d, what);
        if (!dst)
            return false;
        at += strlen(dst);
    }
    size_t n = strlen(src) + 1;
    uint8_t *p = lc_wr(vm, at, n, what);
    if (!p)
        return false;
    memmove(p, vm->mem + s, n);
    return true;
}

BUILTIN(b_strcpy)
{
    if (!copy_string(vm, arg_u(cd, R, 0), arg_u(cd, R, 1), "strcpy", false))
        return false;
    ret_u(cd, ret, arg_u(cd, R, 0));
    return true;
}

BUILTIN(b_strcat)
{
    if (!copy_string(vm, arg_u(cd, R, 0), arg_u(cd, R, 1), "strcat", true))
        return false;
    ret_u(cd, ret, arg_u(cd, R, 0));
    return true;
}

BUILTIN(b_strncpy)
{
    uint64_t d = arg_u(cd, R, 0), s = arg_u(cd, R, 1), n = arg_u(cd, R, 2);
    uint8_t *pd = lc_wr(vm, d, n, "strncpy");
    if (!pd)
        return false;
    bool ended = false;
    for (uint64_t i = 0; i < n; i++) {
        uint8_t c = 0;
        if (!ended) {
            uint8_t *p = lc_rd(vm, s + i, 1, "strncpy");
            if (!p)
                return false;
            c = *p;
            ended = c == 0;
        }
        pd[i] = c;
    }
    ret_u(cd, ret, d);
    return true;
}

BUILTIN(b_strchr)
{
    uint64_t a = arg_u(cd, R, 0);
    const char *s = lc_str(vm, a, "strchr");
    if (!s)
        return false;
    const char *z = strchr(s, (int)(arg_u(cd, R, 1) & 0xff));
    ret_u(cd, ret, z ? a + (uint64_t)(z - s) : 0);
    return true;
}

BUILTIN(b_strrchr)
{
    uint64_t a = arg_u(cd, R, 0);
    const char *s = lc_str(vm, a, "strrchr");
    if (!s)
        return false;
    const char *z = strrchr(s, (int)(arg_u(cd, R, 1) & 0xff));
    ret_u(cd, ret, z ? a + (uint64_t)(z - s) : 0);
    return true;
}

BUILTIN(b_strstr)
{
    uint64_t a = arg_u(cd, R, 0);
    const char *s = lc_str(vm, a, "strstr"), *t = s ? lc_str(vm, arg_u(cd, R, 1), "strstr") : NULL;
    if (!t)
        return false;
    const char *z = strstr(s, t);
    ret_u(cd, ret, z ? a + (uint64_t)(z - s) : 0);
    return true;
}

BUILTIN(b_strdup)
{
    const char *s = lc_str(vm, arg_u(cd, R, 0), "strdup");
    if (!s)
        return false;
    size_t n = strlen(s) + 1;
    uint64_t d = exec_malloc(vm, n, 0);
    if (d)
        memcpy(vm->mem + d, vm->mem + arg_u(cd, R, 0), n);
    ret_u(cd, ret, d);
    return true;
}

/* ---- conversions ---- */

BUILTIN(b_abs)
{
    (void)vm;
    int64_t v = arg_s(cd, R, 0);
    ret_u(cd, ret, (uint64_t)(v < 0 ? -v : v));
    return true;
}

/* strtol family on the program's string; writes *endptr in target layout. */
static bool strto(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret, bool is_signed, bool with_end)
{
    uint64_t a = arg_u(cd, R, 0);
    const char *s = lc_str(vm, a, "strtol");
    if (!s)
        return false;
    int base = with_end ? (int)arg_s(cd, R, 2) : 10;
    if (base != 0 && (base < 2 || base > 36))
        base = 10;
    char *end;
    errno = 0;
    unsigned bits = cd->ret_bits ? cd->ret_bits : 64;
    uint64_t v;
    bool range = false; /* out of the target's type: ERANGE */
    if (is_signed) {
        long long x = strtoll(s, &end, base);
        int64_t hi = (int64_t)(mask_of(bits) >> 1), lo = -hi - 1;
        range = errno == ERANGE || x > hi || x < lo;
        if (x > hi) x = hi;
        if (x < lo) x = lo;
        v = (uint64_t)x;
    } else {
        unsigned long long x = strtoull(s, &end, base);
        range = errno == ERANGE;
        if (bits < 64) {
            const char *d = s;
            while (*d == ' ' || (*d >= '\t' && *d <= '\r'))
                d++;
            /* the magnitude before a '-' negates it */
            unsigned long long mag = *d == '-' ? 0 - x : x;
            if (mag > mask_of(bits)) {
                range = true;
                x = mask_of(bits);
            }
        }
        v = x;
    }
    if (range && with_end)
        exec_set_errno(vm, ERANGE);
    if (with_end && arg_u(cd, R, 1)) {
        uint8_t *p = lc_wr(vm, arg_u(cd, R, 1), vm->t.ptr_bytes, "strtol");
        if (!p)
            return false;
        exec_store_uint(vm, p, vm->t.ptr_bytes, a + (uint64_t)(end - s));
    }
    ret_u(cd, ret, v);
    return true;
}

BUILTIN(b_atoi) { return strto(vm, cd, R, ret, true, false); }
BUILTIN(b_strtol) { return strto(vm, cd, R, ret, true, true); }
BUILTIN(b_strtoul) { return strto(vm, cd, R, ret, false, true); }

BUILTIN(b_strtod)
{
    uint64_t a = arg_u(cd, R, 0);
    const char *s = lc_str(vm, a, "strtod");
    if (!s)
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    bool f32 = cd->ret_kind == VK_F32;
    if (errno == ERANGE || (f32 && isinf((float)v) && !isinf(v)) || (f32 && v != 0 && (float)v == 0))
        exec_set_errno(vm, ERANGE);
    if (cd->nargs > 1 && arg_u(cd, R, 1)) {
        uint8_t *p = lc_wr(vm, arg_u(cd, R, 1), vm->t.ptr_bytes, "strtod");
        if (!p)
            return false;
        exec_store_uint(vm, p, vm->t.ptr_bytes, a + (uint64_t)(end - s));
    }
    ret_f(cd, ret, v);
    return true;
}

/* ---- process ---- */

/* The run ends through the C library function the call CD makes, with STATUS: the
 * program's exit (exit, _exit, _Exit), or its abnormal end (abort, a failed assert),
 * which the board's runtime ends as exit(134) (benchmarks/runtime/rt_libc.c; a hosted
 * system's shell reports SIGABRT as 134 too). Output written so far is flushed. */
static bool end_run(struct vm *vm, const struct calldesc *cd, int status)
{
    exec_libc_flush(vm);
    vm->exit_status = status & 0xff;
    vm->exited = true;
    size_t n;
    vm->exit_call = cd->callee ? cd->callee->name : cd->inst ? LLVMGetValueName2(LLVMGetCalledValue(cd->inst), &n)
                                                              : "exit";
    return false;
}

BUILTIN(b_exit)
{
    (void)ret;
    return end_run(vm, cd, (int)arg_s(cd, R, 0));
}

/* abort(): a note with where it was called, then the end of the run (exit status 134);
 * once per call site (an estimate runs the program twice). */
static void abort_note(struct vm *vm, const struct calldesc *cd, const char *what)
{
    static LLVMValueRef noted;
    if (cd->inst && cd->inst == noted)
        return;
    noted = cd->inst;
    char loc[512];
    eng_inst_loc(cd->inst, loc, sizeof loc);
    exec_warn(vm, "%s: note: %s: the run ends here with exit status 134, as the board's runtime ends it",
              loc[0] ? loc : eng_module_name(vm->mod), what);
}

BUILTIN(b_abort)
{
    (void)R, (void)ret;
    abort_note(vm, cd, "the program called abort()");
    return end_run(vm, cd, 134);
}

/* glibc: __assert_fail(expr, file, line, func); newlib: __assert_func(file,
 * line, func, expr); avr-libc: __assert(func, file, line, expr). Each prints its
 * library's message on the program's standard error, then aborts. */
enum assert_form { AS_GLIBC, AS_NEWLIB, AS_AVR };

static bool assert_failed(struct vm *vm, const struct calldesc *cd, enum assert_form form, const char *expr,
                          const char *file, int64_t line, const char *func)
{
    if (!expr || !file || (cd->nargs > 3 && !func && form != AS_NEWLIB))
        return false; /* lc_str faulted */
    fflush(vm->out);
    if (form == AS_GLIBC)
        fprintf(vm->err, "%s: %s:%lld: %s%sAssertion `%s' failed.\n", "prog", file, (long long)line,
                func ? func : "", func ? ": " : "", expr);
    else if (form == AS_NEWLIB)
        fprintf(vm->err, "assertion \"%s\" failed: file \"%s\", line %lld%s%s\n", expr, file, (long long)line,
                func ? ", function: " : "", func ? func : "");
    else
        fprintf(vm->err, "Assertion failed: (%s), function %s, file %s, line %lld.\n", expr, func ? func : "?", file,
                (long long)line);
    fflush(vm->err);
    char what[600];
    snprintf(what, sizeof what, "assertion failed: %s (%s:%lld%s%s)", expr, file, (long long)line,
             func ? ", in " : "", func ? func : "");
    abort_note(vm, cd, what);
    return end_run(vm, cd, 134);
}

BUILTIN(b_assert_fail)
{
    (void)ret;
    return assert_failed(vm, cd, AS_GLIBC, lc_str(vm, arg_u(cd, R, 0), "assert"), lc_str(vm, arg_u(cd, R, 1), "assert"),
                         arg_s(cd, R, 2), arg_u(cd, R, 3) ? lc_str(vm, arg_u(cd, R, 3), "assert") : NULL);
}

BUILTIN(b_assert_func)
{
    (void)ret;
    return assert_failed(vm, cd, AS_NEWLIB, lc_str(vm, arg_u(cd, R, 3), "assert"), lc_str(vm, arg_u(cd, R, 0), "assert"),
                         arg_s(cd, R, 1), arg_u(cd, R, 2) ? lc_str(vm, arg_u(cd, R, 2), "assert") : NULL);
}

BUILTIN(b_assert_avr)
{
    (void)ret;
    return assert_failed(vm, cd, AS_AVR, lc_str(vm, arg_u(cd, R, 3), "assert"), lc_str(vm, arg_u(cd, R, 1), "assert"),
                         arg_s(cd, R, 2), arg_u(cd, R, 0) ? lc_str(vm, arg_u(cd, R, 0), "assert") : NULL);
}

/* rand(): the additive feedback generator of glibc's default random(), so
 * that host-compiled programs print the same numbers. */
struct rand_state {
    int32_t r[34];
    unsigned i;
};
static struct rand_state rs;
static bool rs_init;

static void rand_seed(uint32_t seed)
{
    int32_t *r = rs.r;
    int32_t s = (int32_t)(seed ? seed : 1);
    int32_t tab[34];
    tab[0] = s;
    for (int i = 1; i < 31; i++) {
        int64_t hi = tab[i - 1] / 127773, lo = tab[i - 1] % 127773;
        int64_t word = 16807 * lo - 2836 * hi;
        if (word < 0)
            word += 2147483647;
        tab[i] = (int32_t)word;
    }
    for (int i = 31; i < 34; i++)
        tab[i] = tab[i - 31];
    memcpy(r, tab, sizeof tab);
    rs.i = 0;
    rs_init = true;
    /* discard the first 310 outputs as glibc does */
    for (int k = 0; k < 310; k++) {
        unsigned j = rs.i % 34;
        r[j] = (int32_t)((uint32_t)r[(j + 34 - 31) % 34] + (uint32_t)r[(j + 34 - 3) % 34]);
        rs.i++;
    }
}

BUILTIN(b_srand)
{
    (void)vm, (void)ret;
    rand_seed((uint32_t)arg_u(cd, R, 0));
    return true;
}

BUILTIN(b_rand)
{
    (void)vm, (void)R;
    if (!rs_init)
        rand_seed(1);
    int32_t *r = rs.r;
    unsigned j = rs.i % 34;
    r[j] = (int32_t)((uint32_t)r[(j + 34 - 31) % 34] + (uint32_t)r[(j + 34 - 3) % 34]);
    rs.i++;
    uint32_t v = (uint32_t)r[j] >> 1;
    /* RAND_MAX is 0x7fff where int has 16 bits */
    ret_u(cd, ret, vm->t.int_bits == 16 ? v & 0x7fff : v);
    return true;
}

/* ---- sorting: calls the program's comparator ---- */

static bool compare(struct vm *vm, struct xfunc *cmp, uint64_t a, uint64_t b, int *out)
{
    slot_t args[2] = {a, b}, r[2] = {0, 0};
    if (!exec_invoke(vm, cmp, args, 2, r, 1))
        return false;
    *out = (int)sext_of(r[0], vm->t.int_bits);
    /* the outermost sort's comparisons, for eng_compares */
    if (vm->compares.depth == 1 && !vm->compares.overflow) {
        if (vm->compares.n == ENG_COMPARES_MAX) {
            vm->compares.overflow = true;
        } else {
            if (vm->compares.n == vm->compares.cap) {
                vm->compares.cap = vm->compares.cap ? 2 * vm->compares.cap : 256;
                vm->compares.c = sup_xrealloc(vm->compares.c, vm->compares.cap * sizeof *vm->compares.c);
            }
            vm->compares.c[vm->compares.n++] = (struct eng_compare){a, b, *out};
        }
    }
    return true;
}

/* A qsort or bsearch call with comparator CALLEE begins: the outermost one records its
 * comparisons afresh. */
static void compares_begin(struct vm *vm, uint64_t callee)
{
    if (vm->compares.depth++ == 0) {
        vm->compares.n = 0;
        vm->compares.callee = callee;
        vm->compares.overflow = false;
    }
}

/* ... and ends (OK: it did not fault): its record is valid when it was the outermost. */
static bool compares_end(struct vm *vm, bool ok)
{
    vm->compares.valid = vm->compares.depth == 1 && !vm->compares.overflow;
    vm->compares.depth--;
    return ok;
}

static struct xfunc *comparator(struct vm *vm, uint64_t addr, const char *what)
{
    uint64_t stride = vm->t.ptr_bytes == 2 ? 2 : 4;
    if (addr < vm->func_base || addr >= vm->func_end || (addr - vm->func_base) % stride) {
        exec_fault(vm, "%s: comparator 0x%llx is not a function", what, (unsigned long long)addr);
        return NULL;
    }
    struct xfunc *f = &vm->funcs[(addr - vm->func_base) / stride];
    if (!f->defined) {
        exec_fault(vm, "%s: comparator '%s' has no body in the module", what, f->name);
        return NULL;
    }
    return f;
}

/* Stable merge sort of N elements of SIZE bytes at BASE (like glibc's qsort). */
static bool merge_sort(struct vm *vm, struct xfunc *cmp, uint64_t base, uint64_t n, uint64_t size, uint64_t tmp)
{
    if (n < 2)
        return true;
    uint64_t h = n / 2;
    if (!merge_sort(vm, cmp, base, h, size, tmp) || !merge_sort(vm, cmp, base + h * size, n - h, size, tmp))
        return false;
    uint64_t i = 0, j = h, k = 0;
    while (i < h && j < n) {
        int r;
        if (!compare(vm, cmp, base + i * size, base + j * size, &r))
            return false;
        uint64_t from = r <= 0 ? i++ : j++;
        memcpy(vm->mem + tmp + k++ * size, vm->mem + base + from * size, size);
    }
    while (i < h)
        memcpy(vm->mem + tmp + k++ * size, vm->mem + base + i++ * size, size);
    while (j < n)
        memcpy(vm->mem + tmp + k++ * size, vm->mem + base + j++ * size, size);
    memcpy(vm->mem + base, vm->mem + tmp, n * size);
    return true;
}

/* ---- avr-libc's qsort: Bentley and McIlroy's quicksort (4.4BSD), step for step, so
 * that the comparator sees the pairs the board's sort compares and equal elements end
 * where they end there ---- */

static void swap_bytes(struct vm *vm, uint64_t a, uint64_t b, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) {
        uint8_t t = vm->mem[a + i];
        vm->mem[a + i] = vm->mem[b + i];
        vm->mem[b + i] = t;
    }
}

/* The median of the elements at A, B and C, as 4.4BSD's med3 compares them. */
static bool median3(struct vm *vm, struct xfunc *cmp, uint64_t a, uint64_t b, uint64_t c, uint64_t *m)
{
    int ab, bc, ac;
    if (!compare(vm, cmp, a, b, &ab) || !compare(vm, cmp, b, c, &bc))
        return false;
    if (ab < 0 ? bc < 0 : bc > 0)
        return *m = b, true;
    if (!compare(vm, cmp, a, c, &ac))
        return false;
    *m = ab < 0 ? (ac < 0 ? c : a) : (ac < 0 ? a : c);
    return true;
}

static bool insertion_sort(struct vm *vm, struct xfunc *cmp, uint64_t a, uint64_t n, uint64_t es)
{
    for (uint64_t pm = a + es; pm < a + n * es; pm += es)
        for (uint64_t pl = pm; pl > a;) {
            int r;
            if (!compare(vm, cmp, pl - es, pl, &r))
                return false;
            if (r <= 0)
                break;
            swap_bytes(vm, pl, pl - es, es);
            pl -= es;
        }
    return true;
}

static bool bsd_qsort(struct vm *vm, struct xfunc *cmp, uint64_t a, uint64_t n, uint64_t es, int depth)
{
    if (depth > 200)
        return exec_fault(vm, "qsort: recursion too deep");
    for (;;) {
        if (n < 7)
            return insertion_sort(vm, cmp, a, n, es);
        uint64_t pm = a + (n / 2) * es;
        if (n > 7) {
            uint64_t pl = a, pn = a + (n - 1) * es;
            if (n > 40) {
                uint64_t d = (n / 8) * es;
                if (!median3(vm, cmp, pl, pl + d, pl + 2 * d, &pl) || !median3(vm, cmp, pm - d, pm, pm + d, &pm) ||
                    !median3(vm, cmp, pn - 2 * d, pn - d, pn, &pn))
                    return false;
            }
            if (!median3(vm, cmp, pl, pm, pn, &pm))
                return false;
        }
        swap_bytes(vm, a, pm, es);
        uint64_t pa = a + es, pb = a + es, pc = a + (n - 1) * es, pd = pc;
        bool swapped = false;
        int r;
        for (;;) {
            while (pb <= pc) {
                if (!compare(vm, cmp, pb, a, &r))
                    return false;
                if (r > 0)
                    break;
                if (r == 0) {
                    swapped = true;
                    swap_bytes(vm, pa, pb, es);
                    pa += es;
                }
                pb += es;
            }
            while (pb <= pc) {
                if (!compare(vm, cmp, pc, a, &r))
                    return false;
                if (r < 0)
                    break;
                if (r == 0) {
                    swapped = true;
                    swap_bytes(vm, pc, pd, es);
                    pd -= es;
                }
                pc -= es;
            }
            if (pb > pc)
                break;
            swap_bytes(vm, pb, pc, es);
            swapped = true;
            pb += es;
            pc -= es;
        }
        if (!swapped) /* already in order around the pivot: insertion sort */
            return insertion_sort(vm, cmp, a, n, es);
        uint64_t pn = a + n * es;
        uint64_t k = pa - a < pb - pa ? pa - a : pb - pa;
        swap_bytes(vm, a, pb - k, k);
        k = pd - pc < pn - pd - es ? pd - pc : pn - pd - es;
        swap_bytes(vm, pb, pn - k, k);
        if (pb - pa > es && !bsd_qsort(vm, cmp, a, (pb - pa) / es, es, depth + 1))
            return false;
        if (pd - pc <= es)
            return true;
        a = pn - (pd - pc); /* the right part: iterated, as the library does */
        n = (pd - pc) / es;
    }
}

static bool sort(struct vm *vm, const struct calldesc *cd, const slot_t *R)
{
    uint64_t base = arg_u(cd, R, 0), n = arg_u(cd, R, 1), size = arg_u(cd, R, 2);
    if (n == 0 || size == 0)
        return true;
    if (n > UINT64_MAX / size || !lc_wr(vm, base, n * size, "qsort"))
        return n > UINT64_MAX / size ? exec_fault(vm, "qsort: size overflow") : false;
    struct xfunc *cmp = comparator(vm, arg_u(cd, R, 3), "qsort");
    if (!cmp)
        return false;
    if (!strncmp(vm->t.triple, "avr", 3))
        return bsd_qsort(vm, cmp, base, n, size, 0); /* avr-libc */
    uint64_t tmp = exec_malloc(vm, n * size, 0);
    if (!tmp)
        return exec_fault(vm, "qsort: out of memory for %llu bytes", (unsigned long long)(n * size));
    bool ok = merge_sort(vm, cmp, base, n, size, tmp);
    exec_free(vm, tmp);
    return ok;
}

BUILTIN(b_qsort)
{
    (void)ret;
    compares_begin(vm, arg_u(cd, R, 3));
    return compares_end(vm, sort(vm, cd, R));
}

static bool search(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)
{
    uint64_t key = arg_u(cd, R, 0), base = arg_u(cd, R, 1), n = arg_u(cd, R, 2), size = arg_u(cd, R, 3);
    struct xfunc *cmp = comparator(vm, arg_u(cd, R, 4), "bsearch");
    if (!cmp)
        return false;
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        int r;
        if (!compare(vm, cmp, key, base + mid * size, &r))
            return false;
        if (r == 0) {
            ret_u(cd, ret, base + mid * size);
            return true;
        }
        if (r < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    ret_u(cd, ret, 0);
    return true;
}

BUILTIN(b_bsearch)
{
    compares_begin(vm, arg_u(cd, R, 4));
    return compares_end(vm, search(vm, cd, R, ret));
}

/* ---- <math.h> ---- */

static bool b_math(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)
{
    enum mathfn f = (enum mathfn)cd->callee->builtin_data;
    (void)vm;
    if (exec_math_int_operand(f)) { /* ldexp(x, int) */
        int64_t n = arg_s(cd, R, 1);
        int e = n > INT32_MAX ? INT32_MAX : n < INT32_MIN ? INT32_MIN : (int)n;
        if (cd->ret_kind == VK_F32)
            ret_f(cd, ret, exec_math_fi(f, (float)arg_f(cd, R, 0), e));
        else
            ret_f(cd, ret, exec_math_di(f, arg_f(cd, R, 0), e));
        return true;
    }
    if (cd->ret_kind == VK_F32)
        ret_f(cd, ret, exec_math_f(f, (float)arg_f(cd, R, 0), (float)arg_f(cd, R, 1), (float)arg_f(cd, R, 2)));
    else
        ret_f(cd, ret, exec_math_d(f, arg_f(cd, R, 0), exec_math_int_operand(f) ? (double)arg_s(cd, R, 1) : arg_f(cd, R, 1),
                                   arg_f(cd, R, 2)));
    return true;
}

static const struct {
    const char *name;
    enum mathfn fn;
} to_int[] = {
    {"lround", MF_ROUND}, {"lroundf", MF_ROUND}, {"lroundl", MF_ROUND}, {"llround", MF_ROUND},
    {"llroundf", MF_ROUND}, {"llroundl", MF_ROUND}, {"lrint", MF_RINT}, {"lrintf", MF_RINT}, {"lrintl", MF_RINT},
    {"llrint", MF_RINT}, {"llrintf", MF_RINT}, {"llrintl", MF_RINT},
};

static const char *to_int_name(size_t i)
{
    return i < sizeof to_int / sizeof to_int[0] ? to_int[i].name : NULL;
}

/* lround, llround, lrint, llrint (and their f and l forms): the rounded value as the call's
 * integer result (data: MF_ROUND or MF_RINT; the argument's type says its format). */
static bool b_round_to_int(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)
{
    enum mathfn f = (enum mathfn)cd->callee->builtin_data;
    if (cd->nargs < 1)
        return exec_fault(vm, "%s: no argument", cd->callee->name);
    enum xfmt xf = exec_type_fmt(cd->args[0].type);
    double v;
    if (xf == XF_F128 || xf == XF_F80) {
        slot_t r[2], as[2] = {0, 0};
        exec_xf_math(f, xf, r, &R[cd->args[0].slot], as, as, 0);
        slot_t out = 0;
        exec_xf_cvt(exec_xf_cvt_key(xf, XF_INT, true, 64), &out, r);
        ret_u(cd, ret, out);
        return true;
    }
    v = arg_f(cd, R, 0);
    v = f == MF_ROUND ? round(v) : rint(v);
    ret_u(cd, ret, v >= -9.2233720368547758e18 && v < 9.2233720368547758e18 ? (uint64_t)(int64_t)v : (uint64_t)INT64_MIN);
    return true;
}

/* <math.h>'s long double forms where long double is binary128 (riscv32) or x86_fp80
 * (x86-64): sqrtl, floorl, fmal, powl, ldexpl ... (exec_xf_math). */
static bool b_mathl(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)
{
    enum mathfn f = (enum mathfn)cd->callee->builtin_data;
    enum xfmt xf = XF_NONE;
    LLVMValueRef fn = cd->callee->fn;
    if (fn)
        xf = exec_type_fmt(LLVMGetReturnType(LLVMGlobalGetValueType(fn)));
    if ((xf != XF_F128 && xf != XF_F80) || cd->nargs < (uint32_t)exec_math_arity(f))
        return exec_fault(vm, "%s: long double here is not binary128 or x86_fp80", cd->callee->name);
    slot_t zero[2] = {0, 0};
    const slot_t *a = &R[cd->args[0].slot];
    const slot_t *b = cd->nargs > 1 ? &R[cd->args[1].slot] : zero, *c = cd->nargs > 2 ? &R[cd->args[2].slot] : zero;
    if (f == MF_FABS || f == MF_COPYSIGN) /* sign-bit operations */
        exec_xf_arith(f == MF_FABS ? XF_ABS : XF_COPYSIGN, xf, ret, a, b);
    else
        exec_xf_math(f, xf, ret, a, b, c, cd->nargs > 1 && exec_math_int_operand(f) ? cd->args[1].bits : 0);
    return true;
}

/* ---- registry ---- */

struct entry {
    const char *name;
    builtin_fn fn;
};

static const struct entry table[] = {
    {"malloc", b_malloc}, {"calloc", b_calloc}, {"free", b_free}, {"realloc", b_realloc},
    {"memcpy", b_memcpy}, {"memmove", b_memcpy}, {"memset", b_memset}, {"memcmp", b_memcmp}, {"bcmp", b_memcmp},
    {"memchr", b_memchr}, {"strlen", b_strlen}, {"strnlen", b_strnlen}, {"strcmp", b_strcmp},
    {"strncmp", b_strncmp}, {"strcpy", b_strcpy}, {"strncpy", b_strncpy}, {"strcat", b_strcat},
    {"strchr", b_strchr}, {"strrchr", b_strrchr}, {"strstr", b_strstr}, {"strdup", b_strdup},
    {"abs", b_abs}, {"labs", b_abs}, {"llabs", b_abs}, {"atoi", b_atoi}, {"atol", b_atoi}, {"atoll", b_atoi},
    {"strtol", b_strtol}, {"strtoll", b_strtol}, {"strtoul", b_strtoul}, {"strtoull", b_strtoul},
    {"strtod", b_strtod}, {"atof", b_strtod}, {"strtof", b_strtod},
    {"exit", b_exit}, {"_exit", b_exit}, {"_Exit", b_exit}, {"abort", b_abort},
    {"__assert_fail", b_assert_fail}, {"__assert_func", b_assert_func}, {"__assert", b_assert_avr},
    {"rand", b_rand}, {"srand", b_srand}, {"qsort", b_qsort}, {"bsearch", b_bsearch},
    {NULL, NULL},
};

builtin_fn exec_builtin_expanded(const char *name, int *data)
{
    *data = 0;
    /* the expansion's result only has to agree in sign (lower_calls.c plans only
     * calls whose result is compared with 0) */
    return !strcmp(name, "memcmp") || !strcmp(name, "bcmp") ? b_memcmp : NULL;
}

const char *eng_library_name(size_t i)
{
    static char fnames[MF_COUNT_][16]; /* the float forms, made once */
    size_t n = sizeof table / sizeof table[0] - 1, k;
    if (i < n)
        return table[i].name;
    i -= n;
    const char *(*const lists[])(size_t) = {lc_io_name, lc_printf_name, lc_chars_name, to_int_name};
    for (size_t l = 0; l < sizeof lists / sizeof lists[0]; l++) {
        for (k = 0; lists[l](k); k++)
            if (k == i)
                return lists[l](k);
        i -= k;
    }
    /* <math.h> in double, float and long double: not llvm.powi's and llvm.fmuladd's, which are
     * no C functions */
    static char lnames[MF_COUNT_][16];
    size_t m = i / 3;
    if (m >= MF_POWI)
        m++;
    if (m >= MF_FMULADD)
        m++;
    if (m >= MF_COUNT_)
        return NULL;
    if (i % 3 == 0)
        return exec_math_name((enum mathfn)m);
    char (*names)[16] = i % 3 == 1 ? fnames : lnames;
    if (!names[m][0])
        snprintf(names[m], sizeof names[m], "%s%c", exec_math_name((enum mathfn)m), i % 3 == 1 ? 'f' : 'l');
    return names[m];
}

bool eng_library_routine(LLVMValueRef fn, const char *name)
{
    int data;
    if (!strncmp(name, "__", 2) || !strncmp(name, "llvm.", 5) || exec_builtin_lookup(name, &data) != NULL)
        return true;
    if (!fn || !LLVMIsAFunction(fn))
        return false;
    size_t n = 0;
    LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(fn, &n);
    unsigned kind = LLVMGetMDKindIDInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)), "lpnest.library", 14);
    bool lib = false;
    for (unsigned i = 0; i < n && !lib; i++)
        lib = LLVMValueMetadataEntriesGetKind(md, i) == kind;
    if (md)
        LLVMDisposeValueMetadataEntries(md);
    return lib;
}

builtin_fn exec_builtin_lookup(const char *name, int *data)
{
    *data = 0;
    for (const struct entry *e = table; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e->fn;
    builtin_fn f = lc_lookup_io(name);
    if (!f)
        f = lc_lookup_printf(name);
    if (!f)
        f = lc_lookup_scanf(name);
    if (!f)
        f = lc_lookup_abi(name);
    if (!f)
        f = lc_lookup_chars(name, data);
    if (f)
        return f;
    int is_float;
    int m = exec_math_by_name(name, &is_float);
    if (m >= 0 && m != MF_FMULADD && m != MF_POWI) {
        *data = m;
        return b_math;
    }
    for (size_t k = 0; k < sizeof to_int / sizeof to_int[0]; k++)
        if (!strcmp(name, to_int[k].name)) {
            *data = to_int[k].fn;
            return b_round_to_int;
        }
    size_t n = strlen(name);
    char base[32];
    if (n > 1 && n < sizeof base && name[n - 1] == 'l') { /* sqrtl, fmal ... */
        memcpy(base, name, n - 1);
        base[n - 1] = '\0';
        m = exec_math_by_name(base, &is_float);
        if (m >= 0 && !is_float && m != MF_FMULADD && m != MF_POWI) {
            *data = m;
            return b_mathl;
        }
    }
    return NULL;
}
