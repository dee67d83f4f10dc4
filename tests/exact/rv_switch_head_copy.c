/* tests/exact: a pattern scanner (foreign glob.c's match_here) whose switch on the
 * character after a term has its first case test ('?') copied by riscv32 code generation
 * into the two blocks that reach it, the rest of its compare tree left in place: each
 * copy's edge to that case is the count of the paths through its own block, which the
 * switch block's path counts give (the old binary estimated the split). The term's class
 * loop "do re++; while (*re && *re != ']')" is a two-case switch whose default is the
 * loop: its tree "beq c, ']'; bnez c, loop" returns to the block itself (the old binary's
 * walk stopped there and estimated both branches). */
static const char *next_term(const char *re)
{
    if (*re == '[') {
        do
            re++;
        while (*re && *re != ']');
        return *re ? re + 1 : re;
    }
    return re + (re[0] == '\\' && re[1] ? 2 : 1);
}

__attribute__((noinline)) static int count_ops(const char *re)
{
    int n = 0;
    while (*re) {
        const char *e = next_term(re);
        switch (*e) {
        case '*':
            n += 3;
            re = e + 1;
            break;
        case '+':
            n += 2;
            re = e + 1;
            break;
        case '?':
            n += 5;
            re = e + 1;
            break;
        default:
            n++;
            re = e;
        }
    }
    return n;
}

int main(void)
{
    static const char *pats[] = {"a*b+c?", "[abc]*x", "[^q]?\\.*", "..?x[yz]+", "\\**[*]?", "abc", "[a-z]+?*",
                                 "?\\?[?]", "x\\"};
    unsigned sum = 0;
    for (int r = 0; r < 7; r++)
        for (unsigned i = 0; i < sizeof pats / sizeof *pats; i++)
            sum = sum * 31u + (unsigned)count_ops(pats[(i + (unsigned)r) % (sizeof pats / sizeof *pats)]);
    return (int)(sum & 1);
}
