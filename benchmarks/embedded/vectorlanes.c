/* vectorlanes.c — GCC vector extensions on cores without vector units: every element-wise
 * operation becomes one runtime call (soft-float, division) or one shift per lane in the
 * machine code. lpnest prices each lane's call on that lane's operands (the fused a*b+c
 * of -ffp-contract included), so the whole binary's count follows the reference's. */
#include "bench.h"

typedef double v4d __attribute__((vector_size(4 * sizeof(double))));
typedef float v4f __attribute__((vector_size(4 * sizeof(float))));
typedef int32_t v4i __attribute__((vector_size(4 * sizeof(int32_t))));
typedef uint32_t v4u __attribute__((vector_size(4 * sizeof(uint32_t))));

#define N 12

static void dot_d(v4d *out, const v4d *a, const v4d *b, int n)
{
    v4d acc = {0, 0, 0, 0};
    for (int i = 0; i < n; i++)
        acc = a[i] * b[i] + acc; /* llvm.fmuladd.v4f64: __muldf3 and __adddf3 per lane */
    *out = acc;
}

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 3);
    uint32_t seed = 0x2545f491u;
    v4d a[N], b[N];
    v4f fa[N], fb[N];
    v4u ua[N], ub[N];
    v4i sa[N];
    for (int i = 0; i < N; i++)
        for (int l = 0; l < 4; l++) {
            uint32_t r = bench_rand(&seed);
            a[i][l] = (double)(int32_t)r / 65536.0;     /* wide range, both signs */
            b[i][l] = (double)(r >> 20) / 3.0 - 100.0;
            fa[i][l] = (float)(r & 0xffff) / 7.0f;
            fb[i][l] = (float)((int32_t)r >> 16) + 0.5f;
            ua[i][l] = r >> (l * 7);                    /* quotients of every size */
            ub[i][l] = (r & 0xff) + 1 + (l == 3 ? r >> 8 : 0);
            sa[i][l] = (int32_t)r;
        }
    uint32_t check = 0;
    for (long rep = 0; rep < reps; rep++) {
        v4d d;
        dot_d(&d, a, b, N);
        for (int i = 0; i < N; i++) {
            v4d q = a[i] / (b[i] + 1000.0);             /* __divdf3, __adddf3 per lane */
            v4f p = fa[i] * fb[i] - fa[i] / (fb[i] + 3.0f); /* float routines per lane */
            v4u u = ua[i] / ub[i] + ua[i] % (ub[i] + 3);    /* __udivsi3 / __umodsi3 (AVR: __udivmodsi4) */
            v4i s = sa[i] >> (v4i){1, 5, 13, 29};       /* a shift per lane by its amount */
            v4u k = ua[i] << (ub[i] & 31);
            __typeof__(q > d) c = q > d;                /* __gtdf2 per lane */
            v4i t = __builtin_convertvector(q * 1024.0, v4i); /* __fixdfsi per lane */
            v4d back = __builtin_convertvector(s, v4d); /* __floatsidf per lane */
            for (int l = 0; l < 4; l++) {
                check = check * 31u + (uint32_t)t[l] + (uint32_t)c[l] + u[l] + (uint32_t)s[l] + k[l];
                check ^= (uint32_t)(int32_t)(p[l] * 8.0f) + (uint32_t)(int32_t)(back[l] / 65536.0);
            }
        }
        for (int l = 0; l < 4; l++)
            check += (uint32_t)(int32_t)d[l];
    }
    printf("vectorlanes: reps=%ld check %08lx\n", reps, (unsigned long)check);
    return 0;
}
