/* statemachine.c — a line protocol parser as one big switch over (state, input class),
 * in the style of generated controller code (nsichneu): 14 states, a character class
 * table in a `static` local, counters kept in a struct of int16 and int8 fields, and a
 * transition table of function pointers for the actions. The same messages are parsed
 * twice, once per form, and both must agree. */
#include "bench.h"

enum cls { C_LETTER, C_DIGIT, C_SPACE, C_COLON, C_SEMI, C_HASH, C_NL, C_MINUS, C_OTHER, NCLS };
enum st { S_IDLE, S_CMD, S_CMD_SP, S_ARG_SIGN, S_ARG, S_ARG_SP, S_KEY, S_COLON, S_VAL, S_VAL_NEG,
          S_COMMENT, S_ERROR, S_DONE, S_SEMI, NST };

struct stats {
    int16_t cmds, args, keys, errors, comments;
    int8_t depth, max_depth;
    int32_t argsum;
    uint16_t hash;
};

static enum cls classify(char c)
{
    static const uint8_t table[128] = {
        ['\n'] = C_NL + 1, [' '] = C_SPACE + 1, ['\t'] = C_SPACE + 1, [':'] = C_COLON + 1,
        [';'] = C_SEMI + 1, ['#'] = C_HASH + 1, ['-'] = C_MINUS + 1,
        ['0'] = C_DIGIT + 1, ['1'] = C_DIGIT + 1, ['2'] = C_DIGIT + 1, ['3'] = C_DIGIT + 1,
        ['4'] = C_DIGIT + 1, ['5'] = C_DIGIT + 1, ['6'] = C_DIGIT + 1, ['7'] = C_DIGIT + 1,
        ['8'] = C_DIGIT + 1, ['9'] = C_DIGIT + 1,
    };
    unsigned char u = (unsigned char)c;
    if (u >= 128)
        return C_OTHER;
    if ((u | 32) >= 'a' && (u | 32) <= 'z')
        return C_LETTER;
    return table[u] ? (enum cls)(table[u] - 1) : C_OTHER;
}

/* form 1: one switch per state with nested switches per class */
static enum st step_switch(enum st s, char c, struct stats *t, int32_t *num, int8_t *neg)
{
    enum cls k = classify(c);
    switch (s) {
    case S_IDLE:
    case S_DONE:
        switch (k) {
        case C_LETTER: t->cmds++; t->hash = (uint16_t)(t->hash * 33 + (uint8_t)c); return S_CMD;
        case C_SPACE: case C_NL: return S_IDLE;
        case C_HASH: t->comments++; return S_COMMENT;
        default: t->errors++; return S_ERROR;
        }
    case S_CMD:
        switch (k) {
        case C_LETTER: case C_DIGIT: t->hash = (uint16_t)(t->hash * 33 + (uint8_t)c); return S_CMD;
        case C_SPACE: return S_CMD_SP;
        case C_COLON: t->depth++; if (t->depth > t->max_depth) t->max_depth = t->depth; return S_COLON;
        case C_NL: return S_DONE;
        case C_SEMI: return S_SEMI;
        default: t->errors++; return S_ERROR;
        }
    case S_CMD_SP:
    case S_ARG_SP:
        switch (k) {
        case C_SPACE: return s;
        case C_MINUS: *neg = 1; *num = 0; return S_ARG_SIGN;
        case C_DIGIT: *neg = 0; *num = c - '0'; return S_ARG;
        case C_LETTER: t->keys++; return S_KEY;
        case C_NL: return S_DONE;
        case C_SEMI: return S_SEMI;
        default: t->errors++; return S_ERROR;
        }
    case S_ARG_SIGN:
        if (k == C_DIGIT) { *num = c - '0'; return S_ARG; }
        t->errors++;
        return S_ERROR;
    case S_ARG:
        switch (k) {
        case C_DIGIT:
            if (*num < 100000)
                *num = *num * 10 + (c - '0');
            return S_ARG;
        case C_SPACE: case C_NL: case C_SEMI:
            t->args++;
            t->argsum += *neg ? -*num : *num;
            return k == C_SPACE ? S_ARG_SP : k == C_NL ? S_DONE : S_SEMI;
        default: t->errors++; return S_ERROR;
        }
    case S_KEY:
        switch (k) {
        case C_LETTER: case C_DIGIT: return S_KEY;
        case C_COLON: return S_COLON;
        case C_SPACE: return S_ARG_SP;
        case C_NL: return S_DONE;
        default: t->errors++; return S_ERROR;
        }
    case S_COLON:
        switch (k) {
        case C_DIGIT: *num = c - '0'; *neg = 0; return S_VAL;
        case C_MINUS: *num = 0; return S_VAL_NEG;
        case C_SPACE: return S_COLON;
        default: t->errors++; return S_ERROR;
        }
    case S_VAL_NEG:
        if (k == C_DIGIT) { *num = c - '0'; *neg = 1; return S_VAL; }
        t->errors++;
        return S_ERROR;
    case S_VAL:
        switch (k) {
        case C_DIGIT: if (*num < 100000) *num = *num * 10 + (c - '0'); return S_VAL;
        case C_SPACE: case C_NL: case C_SEMI:
            t->argsum += *neg ? -2 * *num : 2 * *num;
            if (t->depth > 0) t->depth--;
            return k == C_SPACE ? S_ARG_SP : k == C_NL ? S_DONE : S_SEMI;
        default: t->errors++; return S_ERROR;
        }
    case S_COMMENT:
        return k == C_NL ? S_IDLE : S_COMMENT;
    case S_ERROR:
        return k == C_NL ? S_IDLE : S_ERROR;
    case S_SEMI:
        return k == C_SPACE ? S_SEMI : step_switch(S_IDLE, c, t, num, neg);
    default:
        return S_ERROR;
    }
}

/* form 2: the same machine as a table of actions (function pointers) and next states */
struct ctx { struct stats *t; int32_t *num; int8_t *neg; char c; };
typedef enum st (*action)(struct ctx *x, enum st s, enum cls k);

static enum st a_switch(struct ctx *x, enum st s, enum cls k)
{
    (void)k;
    return step_switch(s, x->c, x->t, x->num, x->neg);
}

static enum st a_comment(struct ctx *x, enum st s, enum cls k)
{
    (void)x; (void)s;
    return k == C_NL ? S_IDLE : S_COMMENT;
}

static enum st a_error(struct ctx *x, enum st s, enum cls k)
{
    (void)x; (void)s;
    return k == C_NL ? S_IDLE : S_ERROR;
}

static enum st a_digit(struct ctx *x, enum st s, enum cls k)
{
    (void)k;
    if (*x->num < 100000)
        *x->num = *x->num * 10 + (x->c - '0');
    return s;
}

static const action actions[NST] = {
    [S_IDLE] = a_switch, [S_CMD] = a_switch, [S_CMD_SP] = a_switch, [S_ARG_SIGN] = a_switch,
    [S_ARG] = a_switch, [S_ARG_SP] = a_switch, [S_KEY] = a_switch, [S_COLON] = a_switch,
    [S_VAL] = a_switch, [S_VAL_NEG] = a_switch, [S_COMMENT] = a_comment, [S_ERROR] = a_error,
    [S_DONE] = a_switch, [S_SEMI] = a_switch,
};

static void run_table(const char *msg, struct stats *t)
{
    int32_t num = 0;
    int8_t neg = 0;
    struct ctx x = {t, &num, &neg, 0};
    enum st s = S_IDLE;
    for (; *msg; msg++) {
        x.c = *msg;
        enum cls k = classify(*msg);
        s = ((s == S_ARG || s == S_VAL) && k == C_DIGIT ? a_digit : actions[s])(&x, s, k);
    }
}

static void run_switch(const char *msg, struct stats *t)
{
    int32_t num = 0;
    int8_t neg = 0;
    enum st s = S_IDLE;
    for (; *msg; msg++)
        s = step_switch(s, *msg, t, &num, &neg);
}

static const char *const msgs[] = {
    "set 10 20 -30\nget x:5 y:-7\n# a comment\nreset;go 1;stop\n",
    "move -12 a:1 b:2 c:3\n\tbad$char\nfoo:99 bar\n",
    "A1 B2 C3 1 2 3\n--\nz:-\nend\n",
    "x:1 y:2 z:3 w:4 v:5 u:6\nput 123456789 7\n; ; ;\n# tail",
#ifdef STATEMACHINE_MORE_MSGS
    STATEMACHINE_MORE_MSGS /* (tests/exact/sm_high_bytes.c) */
#endif
};

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 8);
    uint32_t sum = 0;
    for (long r = 0; r < reps; r++) {
        for (unsigned i = 0; i < sizeof msgs / sizeof msgs[0]; i++) {
            struct stats a = {0}, b = {0};
            run_switch(msgs[i], &a);
            run_table(msgs[i], &b);
            if (memcmp(&a, &b, sizeof a) != 0)
                return bench_fail("switch and table machines disagree");
            sum = sum * 17 + (uint32_t)a.cmds + (uint32_t)a.args * 3 + (uint32_t)a.keys * 5 +
                  (uint32_t)a.errors * 7 + (uint32_t)a.comments * 11 + (uint32_t)a.max_depth * 13 +
                  (uint32_t)a.argsum + a.hash;
        }
    }
    printf("statemachine: checksum %08lx\n", (unsigned long)sum);
    return 0;
}
