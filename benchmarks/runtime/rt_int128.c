/* rt_int128.c — 128-bit division helpers (__udivti3, __umodti3, __divti3, __modti3) that
 * LLVM calls for i128 udiv/urem/sdiv/srem on riscv32 and 32-bit PowerPC, whose libgcc.a
 * (built for 32-bit targets) does not have them. Shift-and-subtract, one bit per step.
 * On PowerPC the libcall passes each i128 in four GPRs (r3-r6, r7-r10), which no C
 * prototype expresses, so int128_ppc.S spills them and calls __rt_divmod128 below. */
typedef unsigned _BitInt(128) u128;
typedef _BitInt(128) s128;

static u128 udivmod(u128 n, u128 d, u128 *rem)
{
    u128 q = 0, r = 0;
    if (d == 0) { /* undefined in C; keep it from looping */
        *rem = n;
        return ~(u128)0;
    }
    for (int i = 127; i >= 0; i--) {
        r = r << 1 | ((n >> i) & 1);
        if (r >= d) {
            r -= d;
            q |= (u128)1 << i;
        }
    }
    *rem = r;
    return q;
}

/* op: 0 unsigned quotient, 1 unsigned remainder, 2 signed quotient, 3 signed remainder */
void __rt_divmod128(const u128 *np, const u128 *dp, u128 *out, int op)
{
    u128 n = *np, d = *dp, r, q;
    if (op < 2) {
        q = udivmod(n, d, &r);
        *out = op ? r : q;
        return;
    }
    int nneg = (s128)n < 0, dneg = (s128)d < 0;
    q = udivmod(nneg ? -n : n, dneg ? -d : d, &r);
    if (op == 2)
        *out = nneg != dneg ? -q : q;
    else
        *out = nneg ? -r : r;
}

#ifndef __powerpc__
u128 __udivti3(u128 n, u128 d) { u128 o; __rt_divmod128(&n, &d, &o, 0); return o; }
u128 __umodti3(u128 n, u128 d) { u128 o; __rt_divmod128(&n, &d, &o, 1); return o; }
s128 __divti3(s128 n, s128 d) { u128 o, un = (u128)n, ud = (u128)d; __rt_divmod128(&un, &ud, &o, 2); return (s128)o; }
s128 __modti3(s128 n, s128 d) { u128 o, un = (u128)n, ud = (u128)d; __rt_divmod128(&un, &ud, &o, 3); return (s128)o; }
#endif
