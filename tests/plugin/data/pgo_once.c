/* pgo_once.c — a hot function entered once, as lz4's compressor is
 * (tests/plugin/run_tests.py pgo_once): a dispatch on its mode taken once,
 * then one long loop with __builtin_expect'ed branches, one of which the
 * run never takes. Built for the host with -fprofile-instr-generate and run;
 * the profile-weighted estimate must agree with an instrumented run of the
 * same optimised code. */
int printf(const char *, ...);
int atoi(const char *);

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

static unsigned char src[1 << 17], dst[1 << 15];

__attribute__((noinline)) unsigned squeeze(const unsigned char *s, int n, int mode, unsigned char *d, int cap)
{
    unsigned h, mul;
    /* taken once per run, as lz4's table type and dictionary checks */
    if (mode == 1)
        h = 2166136261u, mul = 16777619u;
    else if (mode == 2)
        h = 5381, mul = 33;
    else
        h = 0, mul = 31;
    int o = 0;
    for (int i = 0; i + 4 <= n; i++) {
        unsigned v = s[i] | (unsigned)s[i + 1] << 8 | (unsigned)s[i + 2] << 16 | (unsigned)s[i + 3] << 24;
        if (unlikely(o >= cap)) /* never in this run */
            return 0;
        if (likely((v & 15) != 3))
            h = (h ^ v) * mul;
        else
            d[o++] = (unsigned char)(v >> 5);
    }
    return h + (unsigned)o;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100000;
    if (n > (int)sizeof src)
        n = sizeof src;
    for (int i = 0; i < n; i++)
        src[i] = (unsigned char)(i * 7 + (i >> 5) + (i >> 11));
    printf("%u\n", squeeze(src, n, 1, dst, (int)sizeof dst));
    return 0;
}
