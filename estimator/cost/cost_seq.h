/* cost_seq.h — the cycles of every execution of a watched runtime call, in the
 * run's order (cost_seq.c), for cost_args.c: what a timed run charges each call. */
#ifndef LPNEST_COST_SEQ_H
#define LPNEST_COST_SEQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One value while every execution costs the same; the array from the first that differs. */
struct cost_seq {
    uint64_t n;
    float first;
    float *v;       /* n values, or NULL while they all equal FIRST */
    size_t cap;
    bool off;       /* given up (over the budget): the executions are charged their mean */
    double sum;
};

/* Appends C; *BUDGET is the values every sequence of the run may still keep (an array
 * that would pass it is dropped and the sequence is off). */
void cost_seq_add(struct cost_seq *s, double c, size_t *budget);
/* Whether S holds executions of different costs (and is not off). */
bool cost_seq_varies(const struct cost_seq *s);
void cost_seq_free(struct cost_seq *s);

#endif
