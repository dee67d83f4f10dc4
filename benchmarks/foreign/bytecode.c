/* bytecode.c — a stack-machine interpreter as small scripting engines embed it: a
 * dense switch over opcodes (a jump table on every target), an operand stack of int32_t,
 * locals, conditional jumps, calls and returns with a small frame stack, and an error
 * code for stack overflow or a bad opcode; two programs (an iterative Fibonacci and a
 * prime sieve count) are run and checked against C. */
#include "bench.h"

enum { PUSH, LOAD, STORE, ADD, SUB, MUL, DIVS, MOD, LT, EQ, JZ, JMP, CALL, RET, DUP, DROP, SWAP, NOT, HALT, NOP };

struct vm {
    int32_t stack[32], locals[16];
    uint16_t rets[8];
    int sp, rp;
    uint32_t steps;
};

static int run(struct vm *m, const int16_t *code, int32_t *result)
{
    uint16_t pc = 0;
    m->sp = m->rp = 0;
    m->steps = 0;
    for (;;) {
        int16_t op = code[pc++];
        int32_t a, b;
        m->steps++;
        if (m->sp > 30)
            return -1;
        switch (op) {
        case PUSH: m->stack[m->sp++] = code[pc++]; break;
        case LOAD: m->stack[m->sp++] = m->locals[code[pc++] & 15]; break;
        case STORE: m->locals[code[pc++] & 15] = m->stack[--m->sp]; break;
        case ADD: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = (int32_t)((uint32_t)a + (uint32_t)b); break;
        case SUB: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = (int32_t)((uint32_t)a - (uint32_t)b); break;
        case MUL: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = (int32_t)((uint32_t)a * (uint32_t)b); break;
        case DIVS:
        case MOD:
            b = m->stack[--m->sp];
            a = m->stack[--m->sp];
            if (b == 0 || (a == INT32_MIN && b == -1))
                return -2;
            m->stack[m->sp++] = op == DIVS ? a / b : a % b;
            break;
        case LT: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a < b; break;
        case EQ: b = m->stack[--m->sp]; a = m->stack[--m->sp]; m->stack[m->sp++] = a == b; break;
        case JZ: a = m->stack[--m->sp]; if (!a) pc = (uint16_t)code[pc]; else pc++; break;
        case JMP: pc = (uint16_t)code[pc]; break;
        case CALL: if (m->rp == 8) return -1; m->rets[m->rp++] = (uint16_t)(pc + 1); pc = (uint16_t)code[pc]; break;
        case RET: if (!m->rp) return -3; pc = m->rets[--m->rp]; break;
        case DUP: a = m->stack[m->sp - 1]; m->stack[m->sp++] = a; break;
        case DROP: m->sp--; break;
        case SWAP: a = m->stack[m->sp - 1]; m->stack[m->sp - 1] = m->stack[m->sp - 2]; m->stack[m->sp - 2] = a; break;
        case NOT: m->stack[m->sp - 1] = !m->stack[m->sp - 1]; break;
        case HALT: *result = m->sp ? m->stack[m->sp - 1] : 0; return 0;
        case NOP: break;
        default: return -4;
        }
    }
}

/* fib(n) by iteration: locals 0 = n, 1 = a, 2 = b (jump targets are code offsets) */
static const int16_t fib_code[] = {
    PUSH, 0, STORE, 1, PUSH, 1, STORE, 2,               /* 0: a = 0, b = 1 */
    LOAD, 0, JZ, 32,                                    /* 8: while (n) */
    LOAD, 1, LOAD, 2, ADD, LOAD, 2, STORE, 1, STORE, 2, /* 12: a, b = b, a + b */
    LOAD, 0, PUSH, 1, SUB, STORE, 0, JMP, 8,            /* 23: n-- */
    LOAD, 1, HALT,                                      /* 32 */
};

/* primes below n by trial division in a subroutine: locals 0 = n, 3 = i, 4 = count, 5 = d */
static const int16_t prime_code[] = {
    PUSH, 2, STORE, 3, PUSH, 0, STORE, 4,               /* 0: i = 2, count = 0 */
    LOAD, 3, LOAD, 0, LT, JZ, 31,                       /* 8: while (i < n) */
    CALL, 34, LOAD, 4, ADD, STORE, 4,                   /* 15: count += is_prime(i) */
    LOAD, 3, PUSH, 1, ADD, STORE, 3, JMP, 8,            /* 22: i++ */
    LOAD, 4, HALT,                                      /* 31 */
    PUSH, 2, STORE, 5,                                  /* 34: is_prime: d = 2 */
    LOAD, 5, DUP, MUL, LOAD, 3, SWAP, LT, NOT, JZ, 68,  /* 38: if (i < d * d) return 1 */
    LOAD, 3, LOAD, 5, MOD, JZ, 65,                      /* 50: if (i % d == 0) return 0 */
    LOAD, 5, PUSH, 1, ADD, STORE, 5, JMP, 38,           /* 57: d++ */
    PUSH, 0, RET,                                       /* 65 */
    PUSH, 1, RET,                                       /* 68 */
};

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 2);
    struct vm m;
    uint32_t sum = 0;
    for (long r = 0; r < reps; r++) {
        for (int n = 0; n < 24; n += 3) {
            memset(&m, 0, sizeof m);
            m.locals[0] = n;
            int32_t got = -1;
            if (run(&m, fib_code, &got) != 0)
                return bench_fail("fib program");
            int32_t a = 0, b = 1;
            for (int k = 0; k < n; k++) { int32_t t = a + b; a = b; b = t; }
            if (got != a)
                return bench_fail("fib result");
            sum = sum * 31 + (uint32_t)got + m.steps;
        }
        for (int n = 10; n <= 70; n += 20) {
            memset(&m, 0, sizeof m);
            m.locals[0] = n;
            int32_t got = -1;
            int rc = run(&m, prime_code, &got);
            if (rc != 0)
                return bench_fail("prime program");
            int count = 0;
            for (int i = 2; i < n; i++) {
                int p = 1;
                for (int d = 2; d * d <= i; d++) if (i % d == 0) { p = 0; break; }
                count += p;
            }
            if (got != count)
                return bench_fail("prime count");
            sum = sum * 31 + (uint32_t)got + m.steps;
        }
        static const int16_t bad[] = {PUSH, 1, PUSH, 0, DIVS, HALT};
        static const int16_t junk[] = {NOP, 77};
        int32_t x;
        sum += (uint32_t)(run(&m, bad, &x) * 5 + run(&m, junk, &x));
    }
    printf("bytecode: checksum %08lx\n", (unsigned long)sum);
    return 0;
}
