/* tests/exact: a soft-float multiply's NaN propagation (SoftFloat's propagateFloat64NaN)
 * inlined twice, once per operand that is a NaN; code generation merges the two identical
 * copies into one machine code (tail merging), which then runs for both. The old binary
 * counted that code's "a is a signalling NaN || b is" branch from one copy's records:
 * RV32, counted by flow, the wrong way. The records of both copies are the code's. */
typedef unsigned long long u64;
int flags;

static int is_nan(u64 a) { return 0xFFE0000000000000ULL < (u64)(a << 1); }
static int is_snan(u64 a) { return (((a >> 51) & 0xFFF) == 0xFFE) && (a & 0x0007FFFFFFFFFFFFULL); }

static u64 propagate(u64 a, u64 b)
{
    int a_nan = is_nan(a), a_snan = is_snan(a), b_nan = is_nan(b), b_snan = is_snan(b);
    a |= 0x0008000000000000ULL;
    b |= 0x0008000000000000ULL;
    if (a_snan | b_snan)
        flags |= 16;
    return b_snan ? b : a_snan ? a : b_nan ? b : a;
    (void)a_nan;
}

__attribute__((noinline)) u64 special(u64 a, u64 b)
{
    unsigned ea = (a >> 52) & 0x7FF, eb = (b >> 52) & 0x7FF;
    u64 ma = a & 0x000FFFFFFFFFFFFFULL, mb = b & 0x000FFFFFFFFFFFFFULL;
    if (ea == 0x7FF) {
        if (ma || (eb == 0x7FF && mb))
            return propagate(a, b);
        return 0x7FF0000000000000ULL;
    }
    if (eb == 0x7FF) {
        if (mb)
            return propagate(a, b);
        return 0x7FF0000000000000ULL;
    }
    return a ^ b;
}

static const u64 xs[] = {0x7ff0000000000000ULL, 0x7fff000000000000ULL, 0x7ff0000000000000ULL, 0x3ff0000000000000ULL,
                         0x0000000000000000ULL, 0x7ff8000000000001ULL, 0x7ff0000000000001ULL, 0x4000000000000000ULL,
                         0x7ff4000000000000ULL, 0x1234000000000000ULL};
static const u64 ys[] = {0xffffffffffffffffULL, 0xfff0000000000000ULL, 0x0000000000000000ULL, 0xffff000000000000ULL,
                         0x7ff0000000000000ULL, 0x7ff4000000000000ULL, 0x3ff0000000000000ULL, 0x3fd0000000000000ULL,
                         0x7ff0000000000002ULL, 0x7ff0000000000001ULL};
volatile u64 sink;

int main(void)
{
    for (int i = 0; i < 10; i++)
        sink = special(xs[i], ys[i]);
    return 0;
}
