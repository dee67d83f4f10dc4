/* matmul.c — integer and floating-point matrix multiply: naive triple loops (which
 * x86-64 auto-vectorises at -O2) against row-blocked versions written with GCC vector
 * types (vector_size: element-wise add, multiply, splat, compare). Self-checks: both
 * integer products are equal, the floating versions are equal bit for bit (same order of
 * operations), the identity matrix is neutral, and (A·B)·x = A·(B·x) holds exactly for
 * integers. argv[1]: repetitions (default 2). N = 24 (AVR 12).
 * On AVR the vector versions are plain lane loops: LLVM 19's AVR backend crashes on or
 * miscompiles vector IR (it computed wrong <4 x i32> products here). */
#include <stdint.h>
#include "bench.h"

#ifdef __AVR__
#define N 12
#else
#define N 24
#endif
#define LANES 4

#ifndef __AVR__
typedef int32_t v4i32 __attribute__((vector_size(16)));
typedef double v4f64 __attribute__((vector_size(4 * sizeof(double))));
#endif

struct matrices {
    int32_t a[N][N], b[N][N], c[N][N], d[N][N];
    double fa[N][N], fb[N][N], fc[N][N], fd[N][N];
};
static struct matrices m;

__attribute__((noinline)) static void mul_naive(int32_t c[N][N], const int32_t a[N][N], const int32_t b[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t s = 0;
            for (int k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

#ifndef __AVR__
/* c[i][j..j+3] += a[i][k] * b[k][j..j+3] with 4-lane vectors */
__attribute__((noinline)) static void mul_vector(int32_t c[N][N], const int32_t a[N][N], const int32_t b[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j += LANES) {
            v4i32 acc = { 0, 0, 0, 0 };
            for (int k = 0; k < N; k++) {
                v4i32 row;
                memcpy(&row, &b[k][j], sizeof row);
                acc += a[i][k] * row; /* scalar splat, element-wise multiply and add */
            }
            memcpy(&c[i][j], &acc, sizeof acc);
        }
}

#else
__attribute__((noinline)) static void mul_vector(int32_t c[N][N], const int32_t a[N][N], const int32_t b[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j += LANES) {
            int32_t acc[LANES] = { 0, 0, 0, 0 };
            for (int k = 0; k < N; k++)
                for (int l = 0; l < LANES; l++)
                    acc[l] += a[i][k] * b[k][j + l];
            memcpy(&c[i][j], acc, sizeof acc);
        }
}
#endif

__attribute__((noinline)) static void fmul_naive(double c[N][N], const double a[N][N], const double b[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

__attribute__((noinline)) static void fmul_vector(double c[N][N], const double a[N][N], const double b[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j += LANES) {
#ifndef __AVR__
            v4f64 acc = { 0, 0, 0, 0 };
            for (int k = 0; k < N; k++) {
                v4f64 row;
                memcpy(&row, &b[k][j], sizeof row);
                acc += a[i][k] * row;
            }
#else
            double acc[LANES] = { 0, 0, 0, 0 };
            for (int k = 0; k < N; k++)
                for (int l = 0; l < LANES; l++)
                    acc[l] += a[i][k] * b[k][j + l];
#endif
            memcpy(&c[i][j], &acc, sizeof acc);
        }
}

/* element-wise compare of two int vectors, reduced: count of differing lanes */
static int count_diff(const int32_t *x, const int32_t *y, int n)
{
    int diff = 0;
    for (int i = 0; i < n; i += LANES) {
#ifndef __AVR__
        v4i32 a, b;
        memcpy(&a, x + i, sizeof a);
        memcpy(&b, y + i, sizeof b);
        v4i32 ne = a != b; /* -1 where different */
        diff -= ne[0] + ne[1] + ne[2] + ne[3];
#else
        for (int l = 0; l < LANES; l++)
            diff += x[i + l] != y[i + l];
#endif
    }
    return diff;
}

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 2);
    uint32_t seed = 0x51F15EEDu;
    uint32_t isum = 0;
    int64_t fsum = 0;
    for (long r = 0; r < reps; r++) {
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                m.a[i][j] = (int32_t)(bench_rand(&seed) % 201u) - 100;
                m.b[i][j] = (int32_t)(bench_rand(&seed) % 201u) - 100;
                m.fa[i][j] = (double)m.a[i][j] / 8.0 + 0.1;
                m.fb[i][j] = (double)m.b[i][j] / 16.0 - 0.3;
            }
        mul_naive(m.c, m.a, m.b);
        mul_vector(m.d, m.a, m.b);
        if (count_diff(&m.c[0][0], &m.d[0][0], N * N) != 0)
            return bench_fail("vector and naive integer products differ");
        fmul_naive(m.fc, m.fa, m.fb);
        fmul_vector(m.fd, m.fa, m.fb);
        if (memcmp(m.fc, m.fd, sizeof m.fc) != 0)
            return bench_fail("vector and naive floating products differ");
        /* (A B) x == A (B x) for an integer vector x */
        int32_t x[N], bx[N];
        for (int i = 0; i < N; i++)
            x[i] = (int32_t)(bench_rand(&seed) % 7u) - 3;
        for (int i = 0; i < N; i++) {
            bx[i] = 0;
            for (int k = 0; k < N; k++)
                bx[i] += m.b[i][k] * x[k];
        }
        for (int i = 0; i < N; i++) {
            int32_t l = 0, rr = 0;
            for (int k = 0; k < N; k++) {
                l += m.c[i][k] * x[k];
                rr += m.a[i][k] * bx[k];
            }
            if (l != rr)
                return bench_fail("associativity");
        }
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                isum = isum * 17u + (uint32_t)m.c[i][j];
                fsum += (int64_t)(m.fc[i][j] * 64.0);
            }
    }
    /* identity is neutral */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            m.b[i][j] = i == j;
    mul_vector(m.d, m.a, m.b);
    if (count_diff(&m.a[0][0], &m.d[0][0], N * N) != 0)
        return bench_fail("identity");
    printf("matmul: N=%d reps=%ld int checksum %08lx float sum*64 %lld c[1][2]=%ld\n", N, reps,
           (unsigned long)isum, (long long)fsum, (long)m.c[1][2]);
    return 0;
}
