/* tests/exact: "return t(*s) && m(e, s + 1);" on the AVR (foreign glob.c's
 * match_here): the i1 result is made with branches, and the false value's
 * copy, "mov r24, r1", is one block that both the first call's test (its IR
 * edge to the join) and the second's value (its "!= 0" arm) enter. Both that
 * block and the second call's own block carry the second call's IR block
 * name; the old binary took whichever came first in the layout for shared
 * code, here the call's own block, and estimated its count. The merged copy
 * is the block that the IR block's own code enters too. */
#include "bench.h"

static volatile int noise;

static __attribute__((noinline)) int term(const char *e, char c)
{
    noise++;
    return (unsigned char)(*e - c + 1) < 2u - (*e != '.'); /* (no branches of its own) */
}

static __attribute__((noinline)) int match(const char *e, const char *s)
{
    if (*e == 0)
        return 1;
    if (*e == '$' && e[1] == 0)
        return *s == 0;
    return term(e, *s) && match(e + 1, s + 1);
}

int main(void)
{
    static const char *const pats[] = {"ab.d", "a.c$", "xyz", ".", "abc", "b..d$"};
    static const char *const strs[] = {"abcd", "abc", "xyzw", "", "abx", "bcdd", "a"};
    int hits = 0;
    for (int r = 0; r < 20; r++)
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < 7; j++)
                hits += match(pats[i], strs[(j + r) % 7]);
    return hits & 1;
}
