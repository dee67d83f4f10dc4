/* nbody.c — a small planetary n-body integration in double and the same in float
 * (leapfrog steps, square roots by Newton's iteration seeded from the exponent bits),
 * then the real roots of cubics by the trigonometric-free method (Cardano with cube
 * roots by Newton); energy drift and the cubics' residuals are the self-checks. On
 * the AVR double is float, the checks are loose enough for both. */
#include "bench.h"

#ifndef STEPS
#define STEPS 40
#endif
#define NB 4

struct body_d { double x, y, z, vx, vy, vz, m; };
struct body_f { float x, y, z, vx, vy, vz, m; };

static double sqrt_d(double v)
{
    if (v <= 0) return 0;
    double g = v > 1 ? v / 2 : 1;
    for (int i = 0; i < 30; i++) {
        double n = 0.5 * (g + v / g);
        if (n == g) break;
        g = n;
    }
    return g;
}

static float sqrt_f(float v)
{
    if (v <= 0) return 0;
    union { float f; uint32_t u; } u = {v};
    u.u = (u.u >> 1) + 0x1fc00000u; /* halve the exponent */
    float g = u.f;
    for (int i = 0; i < 6; i++)
        g = 0.5f * (g + v / g);
    return g;
}

static double cbrt_d(double v)
{
    if (v == 0) return 0;
    int neg = v < 0;
    if (neg) v = -v;
    double g = v > 1 ? v / 3 + 0.5 : 1;
    for (int i = 0; i < 60; i++) {
        double n = (2 * g + v / (g * g)) / 3;
        if (n == g) break;
        g = n;
    }
    return neg ? -g : g;
}

static const struct body_d init[NB] = {
    {0, 0, 0, 0, 0, 0, 39.47},
    {4.84, -1.16, -0.10, 0.606, 2.81, -0.02, 0.037},
    {8.34, 4.12, -0.40, -1.01, 1.82, 0.008, 0.011},
    {12.89, -15.11, -0.22, 1.08, 0.868, -0.01, 0.0017},
};

static double energy_d(const struct body_d *b)
{
    double e = 0;
    for (int i = 0; i < NB; i++) {
        e += 0.5 * b[i].m * (b[i].vx * b[i].vx + b[i].vy * b[i].vy + b[i].vz * b[i].vz);
        for (int j = i + 1; j < NB; j++) {
            double dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
            e -= b[i].m * b[j].m / sqrt_d(dx * dx + dy * dy + dz * dz);
        }
    }
    return e;
}

static void advance_d(struct body_d *b, double dt)
{
    for (int i = 0; i < NB; i++)
        for (int j = i + 1; j < NB; j++) {
            double dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
            double d2 = dx * dx + dy * dy + dz * dz, d = sqrt_d(d2), mag = dt / (d2 * d);
            b[i].vx -= dx * b[j].m * mag; b[i].vy -= dy * b[j].m * mag; b[i].vz -= dz * b[j].m * mag;
            b[j].vx += dx * b[i].m * mag; b[j].vy += dy * b[i].m * mag; b[j].vz += dz * b[i].m * mag;
        }
    for (int i = 0; i < NB; i++) {
        b[i].x += dt * b[i].vx; b[i].y += dt * b[i].vy; b[i].z += dt * b[i].vz;
    }
}

static float energy_f(const struct body_f *b)
{
    float e = 0;
    for (int i = 0; i < NB; i++) {
        e += 0.5f * b[i].m * (b[i].vx * b[i].vx + b[i].vy * b[i].vy + b[i].vz * b[i].vz);
        for (int j = i + 1; j < NB; j++) {
            float dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
            e -= b[i].m * b[j].m / sqrt_f(dx * dx + dy * dy + dz * dz);
        }
    }
    return e;
}

static void advance_f(struct body_f *b, float dt)
{
    for (int i = 0; i < NB; i++)
        for (int j = i + 1; j < NB; j++) {
            float dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
            float d2 = dx * dx + dy * dy + dz * dz, d = sqrt_f(d2), mag = dt / (d2 * d);
            b[i].vx -= dx * b[j].m * mag; b[i].vy -= dy * b[j].m * mag; b[i].vz -= dz * b[j].m * mag;
            b[j].vx += dx * b[i].m * mag; b[j].vy += dy * b[i].m * mag; b[j].vz += dz * b[i].m * mag;
        }
    for (int i = 0; i < NB; i++) {
        b[i].x += dt * b[i].vx; b[i].y += dt * b[i].vy; b[i].z += dt * b[i].vz;
    }
}

/* one real root of x^3 + a x^2 + b x + c (depressed cubic, Cardano; Newton polish) */
static double cubic_root(double a, double b, double c)
{
    double p = b - a * a / 3, q = 2 * a * a * a / 27 - a * b / 3 + c;
    double disc = q * q / 4 + p * p * p / 27, t;
    if (disc >= 0) {
        double s = sqrt_d(disc);
        t = cbrt_d(-q / 2 + s) + cbrt_d(-q / 2 - s);
    } else {
        t = 2 * sqrt_d(-p / 3); /* start Newton from the bound of the largest root */
    }
    for (int i = 0; i < 40; i++) {
        double f = t * t * t + p * t + q, d = 3 * t * t + p;
        if (d == 0) break;
        double n = t - f / d;
        if (n == t) break;
        t = n;
    }
    return t - a / 3;
}

static long fix(double v) { return (long)(v * 1000 + (v < 0 ? -0.5 : 0.5)); }

int main(int argc, char **argv)
{
    long steps = bench_arg(argc, argv, STEPS);
    struct body_d bd[NB];
    struct body_f bf[NB];
    for (int i = 0; i < NB; i++) {
        bd[i] = init[i];
        bf[i] = (struct body_f){(float)init[i].x, (float)init[i].y, (float)init[i].z, (float)init[i].vx,
                                (float)init[i].vy, (float)init[i].vz, (float)init[i].m};
    }
    double e0 = energy_d(bd);
    float f0 = energy_f(bf);
    for (long s = 0; s < steps; s++) {
        advance_d(bd, 0.01);
        advance_f(bf, 0.01f);
    }
    double e1 = energy_d(bd);
    float f1 = energy_f(bf);
    double drift = (e1 - e0) / e0, fdrift = (double)((f1 - f0) / f0);
    if (drift > 1e-3 || drift < -1e-3 || fdrift > 1e-2 || fdrift < -1e-2)
        return bench_fail("energy drift");
    static const double cubics[][3] = {{-6, 11, -6}, {0, -3, 1}, {1, 1, 1}, {-3.5, 2.5, 0.75}, {0, 0, -8}};
    long roots = 0;
    for (unsigned i = 0; i < sizeof cubics / sizeof cubics[0]; i++) {
        double x = cubic_root(cubics[i][0], cubics[i][1], cubics[i][2]);
        double res = ((x + cubics[i][0]) * x + cubics[i][1]) * x + cubics[i][2];
        if (res > 1e-3 || res < -1e-3)
            return bench_fail("cubic residual");
        roots = roots * 3 + fix(x);
    }
    printf("nbody: energy %ld -> %ld, float %ld -> %ld, roots %ld\n", fix(e0 * 1000), fix(e1 * 1000),
           fix((double)f0 * 1000), fix((double)f1 * 1000), roots);
    return 0;
}
