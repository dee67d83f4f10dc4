/* deep_recursion.c — recursion 900,000 calls deep with no stack frame on the
 * target: every activation of a compiled function nests on the host's stack
 * (engine_diff.py; the compiled tier hands the deeper calls to the interpreter
 * instead of overflowing the host's stack). */
int printf(const char *, ...);

__attribute__((noinline)) int down(int n)
{
    if (n == 0)
        return 0;
    return 1 + down(n - 1) * 3 % 7;
}

int main(void)
{
    printf("%d\n", down(900000));
    return 0;
}
