/* offload_expr.h — integer expressions of a system file (--accel): token
 * counts and properties, invoke costs and done-token counts, over a call's
 * arguments (a0..a7), the token index (i), the number of tokens a call made
 * (tokens) and the program's memory (u8(p) ... u64(p), s8(p) ... s32(p), in
 * the target's byte order). Operators as in C (?: || && | ^ & == != < <= >
 * >= << >> + - * / % unary - ! ~), min(a, b), max(a, b), cdiv(a, b)
 * (division rounded up). Internal to estimator/. */
#ifndef LPNEST_OFFLOAD_EXPR_H
#define LPNEST_OFFLOAD_EXPR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct oexpr;
struct eng_state;

/* What an expression may read. */
struct oexpr_env {
    const int64_t *args;      /* a0..a7 */
    unsigned nargs;
    int64_t i;                /* token index */
    int64_t tokens;           /* tokens the call made */
    struct eng_state *eng;   /* memory; NULL forbids reads */
    char *error;              /* run-time error message (written on failure) */
    size_t error_len;
};

/* Names an expression may use: OEXPR_ARGS (a0..a7, and memory), OEXPR_I (i),
 * OEXPR_TOKENS (tokens). */
enum { OEXPR_ARGS = 1, OEXPR_I = 2, OEXPR_TOKENS = 4 };

/* Compiles TEXT. On a mistake prints "FILE:LINE:COL: error: ..." (COL is
 * the column of TEXT's first character in the file; the error's column is
 * that plus the offset) to DIAG and returns NULL. Free with oexpr_free. */
struct oexpr *oexpr_compile(const char *text, unsigned allowed, const char *file, unsigned line, unsigned col,
                            FILE *diag);
void oexpr_free(struct oexpr *e);
/* Evaluates E; false with ENV->error filled on division by zero, a read
 * outside the program's memory, or an argument the call does not have. */
bool oexpr_eval(const struct oexpr *e, struct oexpr_env *env, int64_t *out);
/* Whether E is a constant (then *OUT is its value). */
bool oexpr_constant(const struct oexpr *e, int64_t *out);

#endif
