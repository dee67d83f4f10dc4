/* minver.c — matrix inversion in float by Gauss-Jordan elimination with partial
 * pivoting (the minver kernel's method), the determinant from the pivots, matrices
 * passed as 2-D arrays and returned in structs by value; A * inv(A) must be the identity
 * to within float rounding, and a singular matrix must be reported as such. */
#include "bench.h"

#define DIM 4

struct mat { float v[DIM][DIM]; };

static float absf(float x) { return x < 0 ? -x : x; }

/* returns 0 and the inverse in *out, or -1 when singular */
static int invert(struct mat m, struct mat *out, float *det)
{
    struct mat inv;
    for (int i = 0; i < DIM; i++)
        for (int j = 0; j < DIM; j++)
            inv.v[i][j] = i == j ? 1.0f : 0.0f;
    float d = 1.0f;
    for (int c = 0; c < DIM; c++) {
        int p = c;
        for (int r = c + 1; r < DIM; r++)
            if (absf(m.v[r][c]) > absf(m.v[p][c]))
                p = r;
        if (absf(m.v[p][c]) < 1e-6f)
            return -1;
        if (p != c) {
            for (int j = 0; j < DIM; j++) {
                float t = m.v[c][j]; m.v[c][j] = m.v[p][j]; m.v[p][j] = t;
                t = inv.v[c][j]; inv.v[c][j] = inv.v[p][j]; inv.v[p][j] = t;
            }
            d = -d;
        }
        float piv = m.v[c][c];
        d *= piv;
        for (int j = 0; j < DIM; j++) {
            m.v[c][j] /= piv;
            inv.v[c][j] /= piv;
        }
        for (int r = 0; r < DIM; r++) {
            if (r == c) continue;
            float f = m.v[r][c];
            if (f == 0.0f) continue;
            for (int j = 0; j < DIM; j++) {
                m.v[r][j] -= f * m.v[c][j];
                inv.v[r][j] -= f * inv.v[c][j];
            }
        }
    }
    *out = inv;
    *det = d;
    return 0;
}

static struct mat mul(const struct mat *a, const struct mat *b)
{
    struct mat r;
    for (int i = 0; i < DIM; i++)
        for (int j = 0; j < DIM; j++) {
            float s = 0;
            for (int k = 0; k < DIM; k++)
                s += a->v[i][k] * b->v[k][j];
            r.v[i][j] = s;
        }
    return r;
}

static long fix(float v) { return (long)(v * 10000.0f + (v < 0 ? -0.5f : 0.5f)); }

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 6);
    uint32_t seed = 4242;
    long sum = 0;
    int singular = 0;
    for (long r = 0; r < reps; r++) {
        struct mat a, inv;
        for (int i = 0; i < DIM; i++)
            for (int j = 0; j < DIM; j++)
                a.v[i][j] = (float)((int32_t)(bench_rand(&seed) % 2001) - 1000) / 250.0f + (i == j ? 6.0f : 0.0f);
        if (r % 3 == 2) /* make it singular: row 3 = row 0 + row 1 */
            for (int j = 0; j < DIM; j++)
                a.v[3][j] = a.v[0][j] + a.v[1][j];
        float det;
        if (invert(a, &inv, &det) != 0) {
            singular++;
            continue;
        }
        struct mat id = mul(&a, &inv);
        for (int i = 0; i < DIM; i++)
            for (int j = 0; j < DIM; j++)
                if (absf(id.v[i][j] - (i == j ? 1.0f : 0.0f)) > 1e-4f)
                    return bench_fail("A * inv(A) is not the identity");
        sum = sum * 3 + fix(det) / 16;
        for (int i = 0; i < DIM; i++)
            sum += fix(inv.v[i][i]);
    }
    printf("minver: %d singular, checksum %ld\n", singular, sum);
    return 0;
}
