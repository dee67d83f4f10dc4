/* cost_values.h — the values a routine's cost formula reads (cost_values.c), for
 * cost_args.c. */
#ifndef LPNEST_COST_VALUES_H
#define LPNEST_COST_VALUES_H

#include "estimator.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Operand value at word AT of V (N words; WORDS 1 or 2, else NAN). */
double cost_word_value(const uint64_t *v, size_t n, unsigned at, unsigned words);
/* printf's conversions, integer digits, digits written while the value left is 2^32 or
 * more and their significant bits, from the format (operand FMT_OP) and the variadic
 * operands (WORD/WORDS/WIDTHS per operand, NARGS of them); false when unread. */
bool cost_printf_counts(struct eng_state *eng, const uint64_t *v, size_t n, const unsigned *word, const unsigned *words,
                        const unsigned *widths, unsigned fmt_op, unsigned nargs, double *convs, double *digits, double *wide,
                        double *dbits);
/* The bytes A and B have in common, up to LIMIT (STRINGS: up to a NUL too). */
bool cost_compared(struct eng_state *eng, uint64_t a, uint64_t b, double limit, bool strings, double *out);
/* The length of the string at A. */
bool cost_string_length(struct eng_state *eng, uint64_t a, double *out);

#endif
