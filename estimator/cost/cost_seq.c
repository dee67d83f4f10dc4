/* cost_seq.c — the cycles of every execution of a watched runtime call, in the
 * run's order (cost_seq.h): a constant while they are all the same, then an
 * array, within a budget of values for the whole run. */
#include "cost_seq.h"
#include "support.h"

#include <stdlib.h>

void cost_seq_add(struct cost_seq *s, double c, size_t *budget)
{
    if (s->off)
        return;
    float f = (float)c;
    s->sum += c;
    if (!s->n++) {
        s->first = f;
        return;
    }
    if (!s->v && f == s->first)
        return;
    if (s->n > s->cap) {
        size_t ncap = s->cap ? 2 * s->cap : 64;
        while (ncap < s->n)
            ncap *= 2;
        if (ncap - s->cap > *budget) {
            cost_seq_free(s);
            s->off = true;
            return;
        }
        *budget -= ncap - s->cap;
        bool fresh = !s->v;
        s->v = sup_xrealloc(s->v, ncap * sizeof *s->v);
        if (fresh)
            for (uint64_t k = 0; k + 1 < s->n; k++)
                s->v[k] = s->first;
        s->cap = ncap;
    }
    s->v[s->n - 1] = f;
}

bool cost_seq_varies(const struct cost_seq *s)
{
    return !s->off && s->v;
}

void cost_seq_free(struct cost_seq *s)
{
    free(s->v);
    s->v = NULL;
    s->cap = 0;
}
