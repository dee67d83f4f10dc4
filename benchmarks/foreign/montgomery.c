/* montgomery.c — 64-bit modular arithmetic as a crypto kernel does it: Montgomery
 * multiplication with R = 2^64 on uint64_t (the 128-bit products by 32-bit halves),
 * the inverse of the modulus by Newton's iteration, modular exponentiation, and a
 * Miller-Rabin test with fixed bases; checked against plain shift-and-add modular
 * multiplication and against known primes and composites. */
#include "bench.h"

struct u128 { uint64_t hi, lo; };

static struct u128 mul64(uint64_t a, uint64_t b)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    struct u128 r;
    r.lo = (mid << 32) | (uint32_t)p00;
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}

/* -n^-1 mod 2^64 for odd n */
static uint64_t neg_inverse(uint64_t n)
{
    uint64_t x = n; /* correct to 3 bits */
    for (int i = 0; i < 5; i++)
        x *= 2 - n * x;
    return (uint64_t)0 - x;
}

struct mont { uint64_t n, ninv, r2; };

/* a*b*R^-1 mod n, a and b < n < 2^63 */
static uint64_t redc_mul(const struct mont *m, uint64_t a, uint64_t b)
{
    struct u128 t = mul64(a, b);
    uint64_t q = t.lo * m->ninv;
    struct u128 qn = mul64(q, m->n);
    uint64_t lo = t.lo + qn.lo;
    uint64_t hi = t.hi + qn.hi + (lo < t.lo);
    return hi >= m->n ? hi - m->n : hi;
}

static uint64_t mulmod_slow(uint64_t a, uint64_t b, uint64_t n)
{
    uint64_t r = 0;
    a %= n;
    while (b) {
        if (b & 1) {
            r += a;
            if (r >= n) r -= n;
        }
        a <<= 1;
        if (a >= n) a -= n;
        b >>= 1;
    }
    return r;
}

static struct mont mont_setup(uint64_t n)
{
    struct mont m;
    m.n = n;
    m.ninv = neg_inverse(n);
    uint64_t r = ((uint64_t)0 - n) % n; /* 2^64 mod n */
    m.r2 = mulmod_slow(r, r, n);
    return m;
}

static uint64_t to_mont(const struct mont *m, uint64_t a) { return redc_mul(m, a % m->n, m->r2); }
static uint64_t from_mont(const struct mont *m, uint64_t a) { return redc_mul(m, a, 1); }

static uint64_t powmod(const struct mont *m, uint64_t b, uint64_t e)
{
    uint64_t x = to_mont(m, 1), y = to_mont(m, b);
    while (e) {
        if (e & 1) x = redc_mul(m, x, y);
        y = redc_mul(m, y, y);
        e >>= 1;
    }
    return from_mont(m, x);
}

static int is_prime(uint64_t n)
{
    static const uint8_t bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    if (n < 2) return 0;
    for (unsigned i = 0; i < sizeof bases; i++) {
        if (n == bases[i]) return 1;
        if (n % bases[i] == 0) return 0;
    }
    struct mont m = mont_setup(n);
    uint64_t d = n - 1;
    int s = 0;
    while (!(d & 1)) { d >>= 1; s++; }
    uint64_t one = to_mont(&m, 1), minus = to_mont(&m, n - 1);
    for (unsigned i = 0; i < sizeof bases; i++) {
        uint64_t x = to_mont(&m, powmod(&m, bases[i], d));
        if (x == one || x == minus) continue;
        int j = 1;
        for (; j < s; j++) {
            x = redc_mul(&m, x, x);
            if (x == minus) break;
        }
        if (j == s) return 0;
    }
    return 1;
}

static const uint64_t primes[] = {1000000007ull, 4294967311ull, 2305843009213693951ull, 999999999989ull};
static const uint64_t composites[] = {1000000007ull * 3, 4294967297ull, 3215031751ull, 2152302898747ull,
                                      3825123056546413051ull};

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 2);
    uint64_t sum = 0;
    uint32_t seed = 0xC0FFEE;
    for (long r = 0; r < reps; r++) {
        for (unsigned i = 0; i < sizeof primes / sizeof primes[0]; i++) {
            struct mont m = mont_setup(primes[i]);
            for (int k = 0; k < 6; k++) {
                uint64_t a = ((uint64_t)bench_rand(&seed) << 32 | bench_rand(&seed)) % primes[i];
                uint64_t b = ((uint64_t)bench_rand(&seed) << 32 | bench_rand(&seed)) % primes[i];
                uint64_t fast = from_mont(&m, redc_mul(&m, to_mont(&m, a), to_mont(&m, b)));
                if (fast != mulmod_slow(a, b, primes[i]))
                    return bench_fail("Montgomery product");
                sum += fast;
            }
            /* Fermat: a^(p-1) = 1 */
            if (powmod(&m, 3, primes[i] - 1) != 1)
                return bench_fail("Fermat");
            if (!is_prime(primes[i]))
                return bench_fail("prime rejected");
        }
        for (unsigned i = 0; i < sizeof composites / sizeof composites[0]; i++)
            if (is_prime(composites[i]))
                return bench_fail("composite accepted");
        sum = sum * 0x9E3779B97F4A7C15ull + (sum >> 29);
    }
    printf("montgomery: checksum %08lx%08lx\n", (unsigned long)(sum >> 32), (unsigned long)(uint32_t)sum);
    return 0;
}
