/* one_run.c — the calling contexts of an estimate from its counting run
 * (estimator/offload/timing_one.c) against the timed run (LPNEST_TWO_RUNS=1,
 * engine_diff.py --engines tworuns): many short calls (no call but main's is
 * a slice, so one run serves), recursion through another function (nested
 * activations of the same function in one context), strcmp priced per call
 * (its charges made in the right context), a call through a pointer, and
 * exit() two calls deep (activations still open when the run ends). With an
 * argument N it makes one call N loop rounds long (a slice: its start comes
 * from the counters at its entry); with a second argument that call is one
 * of 60,000 calls of the same context (the timed run must run). */
int printf(const char *, ...);
int strcmp(const char *, const char *);
void exit(int);

static const char *const words[] = {"alpha", "alphabet", "beta", "betamax", "gamma", "al"};
static unsigned sink;

__attribute__((noinline)) static unsigned odd(unsigned n);

__attribute__((noinline)) static unsigned even(unsigned n)
{
    if (n == 0)
        return strcmp(words[sink % 6], words[(sink + n) % 6]) > 0;
    return odd(n - 1) + (unsigned)strcmp(words[n % 6], words[(n + 1) % 6]);
}

__attribute__((noinline)) static unsigned odd(unsigned n)
{
    return n == 0 ? 1 : even(n - 1) * 3u + 1;
}

__attribute__((noinline)) static unsigned busy(unsigned n)
{
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++)
        s = s * 31 + i;
    return s;
}

__attribute__((noinline)) static void finish(unsigned v) { exit((int)(v & 1)); }

__attribute__((noinline)) static void last(unsigned v) { finish(v + 1); }

int main(int argc, char **argv)
{
    unsigned n = 0;
    for (const char *p = argc > 1 ? argv[1] : ""; *p >= '0' && *p <= '9'; p++)
        n = n * 10 + (unsigned)(*p - '0');
    unsigned (*volatile step)(unsigned) = odd;
    /* with two arguments, one of busy's 60,000 calls from the loop is N long */
    for (unsigned long i = 0; i < 60000; i++)
        sink += step((unsigned)(i % 5)) + busy(argc > 2 && i == 100 ? n : (unsigned)(i % 7));
    if (argc == 2)
        sink += busy(n);
    printf("%u\n", sink);
    last(sink);
    return 0;
}
