/* recursion.c — deep and branchy recursion: Ackermann's function (small arguments),
 * the towers of Hanoi with a move log, a recursive-descent calculator over a string
 * (a switch on characters, operators dispatched through a table of function pointers,
 * errors returned up the call chain by codes instead of longjmp), and mutual recursion;
 * each result is checked against a closed form or an iterative twin. */
#include "bench.h"

static unsigned ack_calls;

static unsigned ack(unsigned m, unsigned n)
{
    ack_calls++;
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static uint16_t moves;
static uint32_t move_hash;

static void hanoi(int n, char from, char to, char via)
{
    if (n == 0) return;
    hanoi(n - 1, from, via, to);
    moves++;
    move_hash = move_hash * 3 + (uint32_t)(from - 'A') * 4 + (uint32_t)(to - 'A');
    hanoi(n - 1, via, to, from);
}

/* calculator: expr := term {(+|-) term}; term := factor {(*|/|%) factor}; factor := num | ( expr ) | - factor */
enum { E_OK, E_SYNTAX, E_DIVZERO, E_RANGE, E_DEPTH };

struct parser { const char *s; int depth; };

typedef int (*binop)(int32_t a, int32_t b, int32_t *out);

static int op_add(int32_t a, int32_t b, int32_t *o) { if ((b > 0 && a > INT32_MAX - b) || (b < 0 && a < INT32_MIN - b)) return E_RANGE; *o = a + b; return E_OK; }
static int op_sub(int32_t a, int32_t b, int32_t *o) { if ((b < 0 && a > INT32_MAX + b) || (b > 0 && a < INT32_MIN + b)) return E_RANGE; *o = a - b; return E_OK; }
static int op_mul(int32_t a, int32_t b, int32_t *o)
{
    int64_t p = (int64_t)a * b;
    if (p > INT32_MAX || p < INT32_MIN) return E_RANGE;
    *o = (int32_t)p;
    return E_OK;
}
static int op_div(int32_t a, int32_t b, int32_t *o) { if (!b) return E_DIVZERO; if (a == INT32_MIN && b == -1) return E_RANGE; *o = a / b; return E_OK; }
static int op_mod(int32_t a, int32_t b, int32_t *o) { if (!b) return E_DIVZERO; if (b == -1) { *o = 0; return E_OK; } *o = a % b; return E_OK; }

static binop op_for(char c)
{
    static const struct { char c; binop f; } ops[] = {{'+', op_add}, {'-', op_sub}, {'*', op_mul}, {'/', op_div}, {'%', op_mod}};
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].c == c) return ops[i].f;
    return 0;
}

static void skip(struct parser *p) { while (*p->s == ' ') p->s++; }

static int expr(struct parser *p, int32_t *v);

static int factor(struct parser *p, int32_t *v)
{
    skip(p);
    if (++p->depth > 40) return E_DEPTH;
    int rc = E_OK;
    switch (*p->s) {
    case '(':
        p->s++;
        if ((rc = expr(p, v))) break;
        skip(p);
        if (*p->s != ')') { rc = E_SYNTAX; break; }
        p->s++;
        break;
    case '-':
        p->s++;
        if ((rc = factor(p, v))) break;
        if (*v == INT32_MIN) { rc = E_RANGE; break; }
        *v = -*v;
        break;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9': {
        int32_t n = 0;
        while (*p->s >= '0' && *p->s <= '9') {
            if (n > (INT32_MAX - 9) / 10) return E_RANGE;
            n = n * 10 + (*p->s++ - '0');
        }
        *v = n;
        break;
    }
    default:
        rc = E_SYNTAX;
    }
    p->depth--;
    return rc;
}

static int level(struct parser *p, int32_t *v, int tier)
{
    int rc = tier ? factor(p, v) : level(p, v, 1);
    while (rc == E_OK) {
        skip(p);
        char c = *p->s;
        int mine = tier ? (c == '*' || c == '/' || c == '%') : (c == '+' || c == '-');
        if (!mine) break;
        p->s++;
        int32_t r;
        if ((rc = tier ? factor(p, &r) : level(p, &r, 1))) break;
        rc = op_for(c)(*v, r, v);
    }
    return rc;
}

static int expr(struct parser *p, int32_t *v) { return level(p, v, 0); }

static int calc(const char *s, int32_t *v)
{
    struct parser p = {s, 0};
    int rc = expr(&p, v);
    skip(&p);
    if (rc == E_OK && *p.s) rc = E_SYNTAX;
    return rc;
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static const char *const exprs[] = {
    "1+2*3", "(1+2)*3", "-(4-10)/3", "7%3*(2+-1)", "100/(5-5)", "2147483647+1", "((((((9))))))", "3*(4",
    "12 + 34 * 56 - 78 / 9 % 5", "--5", "1 2", "-2147483647-1", "99999*99999", "((1+(2*(3+(4*(5+6))))))",
};

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 2);
    uint32_t sum = 0;
    for (long r = 0; r < reps; r++) {
        ack_calls = 0;
        for (unsigned m = 0; m <= 2; m++)
            for (unsigned n = 0; n <= 5; n++) {
                unsigned a = ack(m, n), want = m == 0 ? n + 1 : m == 1 ? n + 2 : 2 * n + 3;
                if (a != want) return bench_fail("ackermann");
                sum += a;
            }
        if (ack(3, 3) != 61) return bench_fail("ackermann(3,3)");
        sum += ack_calls;
        moves = 0;
        move_hash = 0;
        hanoi(9, 'A', 'C', 'B');
        if (moves != 511) return bench_fail("hanoi moves");
        sum ^= move_hash;
        for (unsigned i = 0; i < sizeof exprs / sizeof exprs[0]; i++) {
            int32_t v = 0;
            int rc = calc(exprs[i], &v);
            sum = sum * 13 + (uint32_t)rc * 1000 + (rc ? 0 : (uint32_t)v);
        }
        if (!is_even(200) || is_odd(150)) return bench_fail("parity");
    }
    printf("recursion: ack calls %u, checksum %08lx\n", ack_calls, (unsigned long)sum);
    return 0;
}
