/* pgo.c — a loop whose trip count and branch only a run knows
 * (tests/plugin/run_tests.py pgo): built for the host with
 * -fprofile-instr-generate, run, and the profile used by a riscv32 build. */
int printf(const char *, ...);
int atoi(const char *);

unsigned scan(const unsigned char *p, int n)
{
    unsigned h = 5381;
    for (int i = 0; i < n; i++) {
        if (p[i] % 3 == 0)
            h = h * 33 + p[i];
        else
            h = (h >> 1) ^ p[i];
    }
    return h;
}

int main(int argc, char **argv)
{
    static unsigned char buf[4096];
    int k = argc > 1 ? atoi(argv[1]) : 5;
    for (int i = 0; i < 4096; i++)
        buf[i] = (unsigned char)(i * k + (i >> 3));
    unsigned h = 0;
    /* many calls: PGO adds 1 to every branch weight, so the loop's exit
     * weight must be large for the weights to give the counts closely */
    for (int r = 0; r < 2000; r++)
        h += scan(buf + r % 64, 50 + r % 200);
    printf("%u\n", h);
    return 0;
}
