/* rt_libc.c — the C library subset declared by benchmarks/corpus/bench.h, for the bare
 * targets (riscv32, ppc, avr): printf with glibc-identical output for the conversions the
 * corpus uses, string/memory functions, a first-fit free-list malloc, exit, _Exit, _exit,
 * abort and the failed-assert helper of the target's C library.
 * Built with -fno-builtin so the memory functions are not turned into calls to themselves. */
#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include "rt.h"

int putchar(int c)
{
    char ch = (char)c;
    rt_write(&ch, 1);
    return (unsigned char)c;
}

int puts(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    rt_write(s, n);
    rt_write("\n", 1);
    return 1;
}

/* ---- printf: %d %i %u %x %X %c %s %p %% with hh/h/l/ll/z, width, '-', '0', %s precision */

struct out { int count; };

static void emit(struct out *o, const char *s, size_t n)
{
    rt_write(s, n);
    o->count += (int)n;
}

static void pad(struct out *o, char c, int n)
{
    while (n-- > 0)
        emit(o, &c, 1);
}

/* Prints prefix+digits in a field of the given width. */
static void field(struct out *o, const char *prefix, const char *digits, int nd,
                  int width, int left, int zero)
{
    int np = 0;
    while (prefix[np])
        np++;
    int fill = width - np - nd;
    if (left) {
        emit(o, prefix, (size_t)np);
        emit(o, digits, (size_t)nd);
        pad(o, ' ', fill);
    } else if (zero) {
        emit(o, prefix, (size_t)np);
        pad(o, '0', fill);
        emit(o, digits, (size_t)nd);
    } else {
        pad(o, ' ', fill);
        emit(o, prefix, (size_t)np);
        emit(o, digits, (size_t)nd);
    }
}

static int to_digits(char *end, unsigned long long v, unsigned base, int upper)
{
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    int n = 0;
    do {
        *--end = dig[v % base];
        v /= base;
        n++;
    } while (v);
    return n;
}

int printf(const char *fmt, ...)
{
    struct out o = { 0 };
    va_list ap;
    va_start(ap, fmt);
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            const char *q = p;
            while (q[1] && q[1] != '%')
                q++;
            emit(&o, p, (size_t)(q - p + 1));
            p = q;
            continue;
        }
        p++;
        int left = 0, zero = 0, width = 0, prec = -1, len = 0;
        for (;; p++) {
            if (*p == '-')
                left = 1;
            else if (*p == '0')
                zero = 1;
            else
                break;
        }
        while (*p >= '0' && *p <= '9')
            width = width * 10 + (*p++ - '0');
        if (*p == '.') {
            prec = 0;
            p++;
            while (*p >= '0' && *p <= '9')
                prec = prec * 10 + (*p++ - '0');
        }
        /* len: 0 int, -1 short, -2 char, 1 long, 2 long long, 3 size_t */
        if (*p == 'h') {
            len = -1;
            if (*++p == 'h') { len = -2; p++; }
        } else if (*p == 'l') {
            len = 1;
            if (*++p == 'l') { len = 2; p++; }
        } else if (*p == 'z') {
            len = 3;
            p++;
        }
        char buf[24];
        char *end = buf + sizeof buf;
        unsigned long long u;
        long long s;
        int nd;
        switch (*p) {
        case 'd':
        case 'i':
            switch (len) {
            case 1: s = va_arg(ap, long); break;
            case 2: s = va_arg(ap, long long); break;
            case 3: s = (long long)(ptrdiff_t)va_arg(ap, size_t); break;
            case -1: s = (short)va_arg(ap, int); break;
            case -2: s = (signed char)va_arg(ap, int); break;
            default: s = va_arg(ap, int); break;
            }
            u = s < 0 ? 0ULL - (unsigned long long)s : (unsigned long long)s;
            nd = to_digits(end, u, 10, 0);
            field(&o, s < 0 ? "-" : "", end - nd, nd, width, left, zero);
            break;
        case 'u':
        case 'x':
        case 'X':
            switch (len) {
            case 1: u = va_arg(ap, unsigned long); break;
            case 2: u = va_arg(ap, unsigned long long); break;
            case 3: u = va_arg(ap, size_t); break;
            case -1: u = (unsigned short)va_arg(ap, unsigned); break;
            case -2: u = (unsigned char)va_arg(ap, unsigned); break;
            default: u = va_arg(ap, unsigned); break;
            }
            nd = to_digits(end, u, *p == 'u' ? 10 : 16, *p == 'X');
            field(&o, "", end - nd, nd, width, left, zero);
            break;
        case 'p': {
            void *ptr = va_arg(ap, void *);
            if (!ptr) {
                field(&o, "", "(nil)", 5, width, left, 0);
            } else {
                nd = to_digits(end, (uintptr_t)ptr, 16, 0);
                field(&o, "0x", end - nd, nd, width, left, zero);
            }
            break;
        }
        case 'c':
            buf[0] = (char)va_arg(ap, int);
            field(&o, "", buf, 1, width, left, 0);
            break;
        case 's': {
            const char *str = va_arg(ap, const char *);
            if (!str)
                str = (prec < 0 || prec >= 6) ? "(null)" : "";
            int n = 0;
            while (str[n] && (prec < 0 || n < prec))
                n++;
            field(&o, "", str, n, width, left, 0);
            break;
        }
        case '%':
            emit(&o, "%", 1);
            break;
        default: /* unsupported conversion: print it verbatim */
            emit(&o, "%", 1);
            if (!*p)
                p--;
            else
                emit(&o, p, 1);
            break;
        }
    }
    va_end(ap);
    return o.count;
}

/* ---- memory and strings ---- */

void *memcpy(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s) {
        while (n--)
            *d++ = *s++;
    } else {
        while (n--)
            d[n] = s[n];
    }
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

int strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

char *strcpy(char *dst, const char *src)
{
    char *d = dst;
    while ((*d++ = *src++))
        ;
    return dst;
}

/* ---- malloc: first-fit free list, address-ordered, coalescing; bump from the heap top */

#define ALIGN 8u
struct blk {
    size_t size;        /* bytes including this header */
    struct blk *next;   /* next free block (only while free) */
};
#define HDR ((sizeof(struct blk) + ALIGN - 1) & ~(size_t)(ALIGN - 1))

static unsigned char *heap_cur, *heap_end;
static struct blk *free_list;

void *malloc(size_t n)
{
    if (!heap_cur)
        rt_heap(&heap_cur, &heap_end);
    if (n > (size_t)(heap_end - heap_cur) + 1024u * 1024u * 64u)
        return NULL;
    size_t need = (n + HDR + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    if (need < HDR + ALIGN)
        need = HDR + ALIGN;
    for (struct blk **pp = &free_list; *pp; pp = &(*pp)->next) {
        struct blk *b = *pp;
        if (b->size < need)
            continue;
        if (b->size - need >= HDR + ALIGN) {
            struct blk *rest = (struct blk *)((unsigned char *)b + need);
            rest->size = b->size - need;
            rest->next = b->next;
            b->size = need;
            *pp = rest;
        } else {
            *pp = b->next;
        }
        return (unsigned char *)b + HDR;
    }
    if ((size_t)(heap_end - heap_cur) < need)
        return NULL;
    struct blk *b = (struct blk *)heap_cur;
    heap_cur += need;
    b->size = need;
    return (unsigned char *)b + HDR;
}

void free(void *p)
{
    if (!p)
        return;
    struct blk *b = (struct blk *)((unsigned char *)p - HDR);
    struct blk **pp = &free_list;
    while (*pp && *pp < b)
        pp = &(*pp)->next;
    b->next = *pp;
    *pp = b;
    if (b->next && (unsigned char *)b + b->size == (unsigned char *)b->next) {
        b->size += b->next->size;
        b->next = b->next->next;
    }
    if (pp != &free_list) {
        struct blk *prev = (struct blk *)((unsigned char *)pp - offsetof(struct blk, next));
        if ((unsigned char *)prev + prev->size == (unsigned char *)b) {
            prev->size += b->size;
            prev->next = b->next;
        }
    }
}

void *calloc(size_t n, size_t size)
{
    if (size && n > (size_t)-1 / size)
        return NULL;
    void *p = malloc(n * size);
    if (p)
        memset(p, 0, n * size);
    return p;
}

void *realloc(void *p, size_t n)
{
    if (!p)
        return malloc(n);
    struct blk *b = (struct blk *)((unsigned char *)p - HDR);
    if (b->size - HDR >= n)
        return p;
    void *q = malloc(n);
    if (q) {
        memcpy(q, p, b->size - HDR);
        free(p);
    }
    return q;
}

/* ---- termination ---- */

_Noreturn void exit(int status)
{
    rt_exit(status);
}

_Noreturn void abort(void)
{
    rt_exit(134);
}

/* What came after the RTL references' address contract (benchmarks/cores/README.md): left
 * out of their runtime block (RT_CORES_CONTRACT), whose bytes the committed RTL data fixes. */
#ifndef RT_CORES_CONTRACT
_Noreturn void _Exit(int status)
{
    rt_exit(status);
}

_Noreturn void _exit(int status)
{
    rt_exit(status);
}

/* A failed assert: the message the target's C library prints, on standard error, then
 * abort() (newlib's __assert_func on riscv32 and ppc, avr-libc's __assert on the AVR). */
static void err_str(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    rt_write_err(s, n);
}

static void err_int(int v)
{
    char buf[12], *end = buf + sizeof buf;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    int nd = to_digits(end, u, 10, 0);
    if (v < 0) {
        char minus = '-'; /* (no string literal: RAM on the AVR) */
        rt_write_err(&minus, 1);
    }
    rt_write_err(end - nd, (size_t)nd);
}

#if defined(__AVR__)
/* The message's fixed text in program memory: on the AVR a string literal is in RAM (its
 * .rodata is part of .data), which every program linked with the runtime would pay for
 * (the corpus's quicksort then no longer finds room for its calloc). */
#include <avr/pgmspace.h>
static const char a_head[] PROGMEM = "Assertion failed: (";
static const char a_func[] PROGMEM = "), function ";
static const char a_file[] PROGMEM = ", file ";
static const char a_line[] PROGMEM = ", line ";
static const char a_end[] PROGMEM = ".\n";

static void err_flash(const char *p)
{
    for (char c; (c = (char)pgm_read_byte(p)) != '\0'; p++)
        rt_write_err(&c, 1);
}

_Noreturn void __assert(const char *func, const char *file, int line, const char *expr)
{
    err_flash(a_head);
    err_str(expr);
    err_flash(a_func);
    err_str(func);
    err_flash(a_file);
    err_str(file);
    err_flash(a_line);
    err_int(line);
    err_flash(a_end);
    abort();
}
#else
_Noreturn void __assert_func(const char *file, int line, const char *func, const char *expr)
{
    err_str("assertion \"");
    err_str(expr);
    err_str("\" failed: file \"");
    err_str(file);
    err_str("\", line ");
    err_int(line);
    if (func) {
        err_str(", function: ");
        err_str(func);
    }
    err_str("\n");
    abort();
}
#endif
#endif /* RT_CORES_CONTRACT */
