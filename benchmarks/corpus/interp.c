/* interp.c — a small stack-machine bytecode interpreter: a dense switch over ~24 opcodes in
 * the dispatch loop, native functions called through a table of function pointers, a
 * sparse switch for "system" numbers, and a recursive constant folder over expression
 * trees. Programs and their constant pools are global initializers full of constant
 * expressions (pointers to globals, into arrays inside structs). Self-checks: each bytecode
 * program (iterative and recursive Fibonacci, gcd, a prime sieve, a sum of natives)
 * returns what the same computation in C gives. argv[1]: repetitions (default 4). */
#include <stdint.h>
#include "bench.h"

enum op {
    OP_HALT, OP_PUSH, OP_POP, OP_DUP, OP_SWAP, OP_OVER, OP_ADD, OP_SUB, OP_MUL, OP_DIV,
    OP_MOD, OP_NEG, OP_LT, OP_EQ, OP_JMP, OP_JZ, OP_JNZ, OP_LOAD, OP_STORE, OP_CALL, OP_RET,
    OP_NATIVE, OP_CONST, OP_SYS, OP_ARG, OP_DROPN,
};

typedef int32_t (*native_fn)(int32_t);

static int32_t nat_square(int32_t x) { return x * x; }
static int32_t nat_abs(int32_t x) { return x < 0 ? -x : x; }
static int32_t nat_hash(int32_t x) { return (int32_t)(((uint32_t)x * 2654435761u) >> 7); }
static int32_t nat_halve(int32_t x) { return x / 2; }

static const native_fn natives[] = { nat_square, nat_abs, nat_hash, nat_halve };

struct pool {
    const char *label;
    int32_t values[6];
};

struct program {
    const char *name;
    const uint8_t *code;
    const int32_t *consts; /* points into a pool's array */
    int32_t arg;
};

/* constant pools; programs point into their arrays */
static const struct pool pools[2] = {
    { "small", { 0, 1, 2, 10, 100, 7 } },
    { "big", { 1000, 30030, 9699690, 255, -5, 3 } },
};

/* fib(n) iterative: locals 0=a 1=b 2=n */
static const uint8_t fib_iter[] = {
    OP_PUSH, 0, OP_STORE, 0, OP_PUSH, 1, OP_STORE, 1, OP_ARG, OP_STORE, 2,
    /* 11: loop */ OP_LOAD, 2, OP_JZ, 35,
    OP_LOAD, 0, OP_LOAD, 1, OP_ADD, OP_LOAD, 1, OP_STORE, 0, OP_STORE, 1,
    OP_LOAD, 2, OP_PUSH, 1, OP_SUB, OP_STORE, 2, OP_JMP, 11,
    /* 35: */ OP_LOAD, 0, OP_HALT,
};

/* fib(n) recursive: function at 4 takes n on the stack, returns fib(n) */
static const uint8_t fib_rec[] = {
    OP_ARG, OP_CALL, 4, OP_HALT,
    /* 4: */ OP_DUP, OP_PUSH, 2, OP_LT, OP_JNZ, 25,
    OP_DUP, OP_PUSH, 1, OP_SUB, OP_CALL, 4, OP_SWAP, OP_PUSH, 2, OP_SUB, OP_CALL, 4, OP_ADD,
    OP_RET, OP_HALT,
    /* 25: n < 2, fib(n) = n */ OP_RET,
};

/* gcd(consts[1], consts[2]) by remainders */
static const uint8_t gcd_prog[] = {
    OP_CONST, 1, OP_CONST, 2,
    /* 4: a b */ OP_DUP, OP_JZ, 14, OP_SWAP, OP_OVER, OP_MOD, OP_JMP, 4, OP_HALT, OP_HALT,
    /* 14: a 0 */ OP_POP, OP_HALT,
};

/* number of primes below arg: locals 0=i 1=count 2=j, composite flags through OP_SYS */
static const uint8_t sieve_prog[] = {
    OP_PUSH, 2, OP_STORE, 0, OP_PUSH, 0, OP_STORE, 1,
    /* 8: */ OP_LOAD, 0, OP_ARG, OP_LT, OP_JZ, 61,
    OP_LOAD, 0, OP_SYS, 1, OP_JNZ, 52,
    OP_LOAD, 1, OP_PUSH, 1, OP_ADD, OP_STORE, 1,
    OP_LOAD, 0, OP_DUP, OP_ADD, OP_STORE, 2,
    /* 33: */ OP_LOAD, 2, OP_ARG, OP_LT, OP_JZ, 52,
    OP_LOAD, 2, OP_SYS, 2,
    OP_LOAD, 2, OP_LOAD, 0, OP_ADD, OP_STORE, 2, OP_JMP, 33,
    /* 52: */ OP_LOAD, 0, OP_PUSH, 1, OP_ADD, OP_STORE, 0, OP_JMP, 8,
    /* 61: */ OP_LOAD, 1, OP_HALT,
};

/* sum over k < arg of natives: square(k) + abs(k - 100) + hash(k) + halve(k) */
static const uint8_t natives_prog[] = {
    OP_PUSH, 0, OP_STORE, 0, OP_PUSH, 0, OP_STORE, 1,
    /* 8 */ OP_LOAD, 0, OP_ARG, OP_LT, OP_JZ, 50,
    OP_LOAD, 0, OP_NATIVE, 0, OP_LOAD, 0, OP_CONST, 4, OP_SUB, OP_NATIVE, 1, OP_ADD,
    OP_LOAD, 0, OP_NATIVE, 2, OP_ADD, OP_LOAD, 0, OP_NATIVE, 3, OP_ADD,
    OP_LOAD, 1, OP_ADD, OP_STORE, 1,
    OP_LOAD, 0, OP_PUSH, 1, OP_ADD, OP_STORE, 0, OP_JMP, 8,
    /* 50 */ OP_LOAD, 1, OP_HALT,
};

static const struct program programs[] = {
    { "fib-iter", fib_iter, &pools[0].values[0], 24 },
    { "fib-rec", fib_rec, &pools[0].values[0], 15 },
    { "gcd", gcd_prog, &pools[1].values[0], 0 },
    { "sieve", sieve_prog, &pools[0].values[0], 200 },
    { "natives", natives_prog, &pools[0].values[0], 120 },
};

/* a configuration whose pointer fields are constant expressions into other globals */
static struct {
    const struct program *first, *last;
    const int32_t *gcd_b;
    const char *pool_name;
} config = { &programs[0], &programs[sizeof programs / sizeof programs[0] - 1],
             &pools[1].values[2], pools[1].label };

#define STACK 64
#define LOCALS 8
static uint8_t flags[256];

static int32_t sys_call(int32_t number, int32_t x)
{
    switch (number) { /* sparse case values */
    case 1: return flags[x & 255];
    case 2: flags[x & 255] = 1; return 0;
    case 100: return x + 100;
    case 4096: return x << 4;
    case 70000: return x ^ 0x5555;
    default: return -1;
    }
}

static int32_t run(const struct program *p, int *error)
{
    int32_t stack[STACK], locals[LOCALS] = { 0 };
    uint16_t calls[16];
    int sp = 0, csp = 0;
    unsigned pc = 0;
    memset(flags, 0, sizeof flags);
    for (;;) {
        uint8_t op = p->code[pc++];
        int32_t a, b;
        if (sp < 0 || sp > STACK - 3 || csp < 0 || csp > 15) {
            *error = 1;
            return 0;
        }
        switch (op) {
        case OP_HALT: return sp > 0 ? stack[sp - 1] : 0;
        case OP_PUSH: stack[sp++] = p->code[pc++]; break;
        case OP_POP: sp--; break;
        case OP_DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case OP_SWAP: a = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = a; break;
        case OP_OVER: stack[sp] = stack[sp - 2]; sp++; break;
        case OP_ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case OP_SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case OP_MUL: sp--; stack[sp - 1] *= stack[sp]; break;
        case OP_DIV: sp--; stack[sp - 1] = stack[sp] ? stack[sp - 1] / stack[sp] : 0; break;
        case OP_MOD: sp--; stack[sp - 1] = stack[sp] ? stack[sp - 1] % stack[sp] : 0; break;
        case OP_NEG: stack[sp - 1] = -stack[sp - 1]; break;
        case OP_LT: sp--; stack[sp - 1] = stack[sp - 1] < stack[sp]; break;
        case OP_EQ: sp--; stack[sp - 1] = stack[sp - 1] == stack[sp]; break;
        case OP_JMP: pc = p->code[pc]; break;
        case OP_JZ: a = stack[--sp]; pc = a ? pc + 1 : p->code[pc]; break;
        case OP_JNZ: a = stack[--sp]; pc = a ? p->code[pc] : pc + 1; break;
        case OP_LOAD: stack[sp++] = locals[p->code[pc++] % LOCALS]; break;
        case OP_STORE: locals[p->code[pc++] % LOCALS] = stack[--sp]; break;
        case OP_CALL: calls[csp++] = (uint16_t)(pc + 1); pc = p->code[pc]; break;
        case OP_RET: pc = calls[--csp]; break;
        case OP_NATIVE: b = p->code[pc++]; stack[sp - 1] = natives[b % 4](stack[sp - 1]); break;
        case OP_CONST: stack[sp++] = p->consts[p->code[pc++] % 6]; break;
        case OP_SYS: b = p->code[pc++]; a = sys_call(b, stack[--sp]); if (b == 1) stack[sp++] = a; break;
        case OP_ARG: stack[sp++] = p->arg; break;
        case OP_DROPN: sp -= p->code[pc++]; break;
        default: *error = 2; return 0;
        }
    }
}

/* expression trees folded recursively */
struct expr {
    char kind; /* '#', '+', '*', '-' */
    int32_t value;
    const struct expr *l, *r;
};

static int32_t fold(const struct expr *e)
{
    switch (e->kind) {
    case '#': return e->value;
    case '+': return fold(e->l) + fold(e->r);
    case '-': return fold(e->l) - fold(e->r);
    default: return fold(e->l) * fold(e->r);
    }
}

static const struct expr leaves[4] = { { '#', 3, 0, 0 }, { '#', 4, 0, 0 }, { '#', 5, 0, 0 }, { '#', -2, 0, 0 } };
static const struct expr sum34 = { '+', 0, &leaves[0], &leaves[1] };
static const struct expr diff5m2 = { '-', 0, &leaves[2], &leaves[3] };
static const struct expr root = { '*', 0, &sum34, &diff5m2 };

static int32_t c_fib(int32_t n) { return n < 2 ? n : c_fib(n - 1) + c_fib(n - 2); }

static int32_t expected(const struct program *p)
{
    if (p == &programs[0] || p == &programs[1])
        return c_fib(p->arg);
    if (p == &programs[2]) {
        int32_t a = p->consts[1], b = p->consts[2];
        while (b) {
            int32_t t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
    if (p == &programs[3]) {
        int32_t count = 0;
        for (int32_t i = 2; i < p->arg; i++) {
            int prime = 1;
            for (int32_t d = 2; d * d <= i; d++)
                if (i % d == 0)
                    prime = 0;
            count += prime;
        }
        return count;
    }
    int32_t s = 0;
    for (int32_t k = 0; k < p->arg; k++)
        s += nat_square(k) + nat_abs(k - 100) + nat_hash(k) + nat_halve(k);
    return s;
}

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 4);
    if (*config.gcd_b != 9699690 || strcmp(config.pool_name, "big") != 0)
        return bench_fail("global initializer pointers");
    uint32_t sum = 0;
    for (long r = 0; r < reps; r++) {
        for (const struct program *p = config.first; p <= config.last; p++) {
            int error = 0;
            int32_t got = run(p, &error), want = expected(p);
            if (r == 0)
                printf("interp: %-8s -> %ld (expected %ld)\n", p->name, (long)got, (long)want);
            if (error || got != want)
                return bench_fail(p->name);
            sum = sum * 3u + (uint32_t)got;
        }
    }
    int32_t folded = fold(&root);
    int32_t sys = sys_call(100, 1) + sys_call(4096, 2) + sys_call(70000, 3) + sys_call(5, 0);
    printf("interp: fold=%ld sys=%ld reps=%ld checksum=%08lx\n", (long)folded, (long)sys, reps,
           (unsigned long)sum);
    return folded == 49 && sys == 101 + 32 + (3 ^ 0x5555) - 1 ? 0 : bench_fail("fold or sys");
}
