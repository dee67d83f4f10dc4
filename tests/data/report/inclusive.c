/* inclusive.c — a callee whose cost depends on its caller, for
 * tests/report/inclusive_test.py: setup() calls work() once on a long input,
 * the loop in main calls it 500 times on a short one; walk() recurses from
 * inside its own loop. With a program argument setup() is skipped (the
 * reference run: every call of work() then comes from the loop). */
static volatile unsigned sink;

__attribute__((noinline)) unsigned work(unsigned n)
{
    unsigned s = 1;
    for (unsigned i = 0; i < n; i++)
        s = s * 31 + (i ^ (s >> 7));
    return s;
}

__attribute__((noinline)) void setup(void) { sink = work(20000); }

__attribute__((noinline)) unsigned walk(unsigned d)
{
    unsigned s = d;
    for (unsigned i = 0; d && i < 1 + d % 3; i++) {
        sink += i;
        s += walk(d - 1) ^ i;
    }
    return s;
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc < 2)
        setup();
    unsigned t = 0;
    for (unsigned k = 0; k < 500; k++)
        t += work(4 + (k & 1));
    sink += t + walk(7);
    return 0;
}
