/* tests/exact (issue 27, riscv32; s12-exact's reduced reproducer): a switch whose first case
 * test code generation copied into the two blocks that reach it (the rest of its compare tree left in place), like foreign glob.c's
 * match_here on riscv32: the copies' edges to that case are the paths' counts.
 * Its copy in the block before the switch ("bne s2, a5; j case") ended with the block's own
 * "j", so the copy's edges were counted as that block's edge to the switch (63 on one side, 0
 * on the other for qemu's 42 and 21, marked exact). Now a block whose IR block ends in an
 * unconditional branch takes its decision from the conditional branch before the jump, when
 * that branch is a successor's switch or branch (exit_group).
 */

static const char *next_term(const char *re)
{
    switch (*re) {
    case '[':
        re++;
        if (*re == '^')
            re++;
        do
            re++;
        while (*re && *re != ']');
        return *re ? re + 1 : re;
    case '\\':
        return re + (re[1] ? 2 : 1);
    case 0:
        return re;
    default:
        return re + 1;
    }
}

static int count_ops(const char *re, int *stars)
{
    int n = 0;
    while (*re) {
        const char *e = next_term(re);
        switch (*e) {
        case '*':
            (*stars)++;
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
    int stars = 0;
    for (int r = 0; r < 7; r++)
        for (unsigned i = 0; i < sizeof pats / sizeof *pats; i++)
            sum = sum * 31u + (unsigned)count_ops(pats[(i + (unsigned)r) % (sizeof pats / sizeof *pats)], &stars);
    return (int)((sum ^ (unsigned)stars) & 1);
}
