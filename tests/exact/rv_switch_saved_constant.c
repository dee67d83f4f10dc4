/* tests/exact: a switch on a character inside a loop that calls, lowered on riscv32 to
 * a tree of compares whose case values code generation loads once, before the loop,
 * into callee-saved registers ("li s6, 90" ... "bge s6, a0": foreign glob.c's pattern
 * parser). The old binary found no register holding the switch's value (both of the
 * branch's registers were candidates) and estimated the tree; a register whose only
 * write is that "li" in the entry block (an epilogue's restore aside) holds the
 * constant wherever the tree runs. */
static volatile int calls;

__attribute__((noinline)) static int bump(int x)
{
    calls++;
    return x + 1;
}

__attribute__((noinline)) static int scan(const char *p)
{
    int n = 0;
    for (; *p; p++) {
        switch (*p) {
        case '[': n = bump(n) * 3; break;
        case '\\': n = bump(n) + 7; break;
        case '$': n ^= bump(n); break;
        case 'Z': n -= bump(n) >> 1; break;
        case '^': n = bump(n) - 2; break;
        default: n += *p;
        }
    }
    return n;
}

static const char *const words[] = {
    "a[b]c$", "\\\\Z^^", "plain text here", "$$[[ZZ]]", "^a^b^c\\d", "Zebra[1-9]*", "", "x",
};

int main(void)
{
    unsigned sum = 0;
    for (int r = 0; r < 3; r++)
        for (unsigned i = 0; i < sizeof words / sizeof *words; i++)
            sum = sum * 33 + (unsigned)scan(words[i]) + (unsigned)r;
    return (int)(sum & 1);
}
