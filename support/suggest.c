/* suggest.c — "did you mean": the known word closest to a mistyped one by
 * edit distance (insertions, deletions, substitutions, adjacent swaps), for
 * unknown options and names. */
#include "support.h"

#include <stdlib.h>
#include <string.h>

/* Optimal string alignment distance of A and B (capped inputs: 64 bytes). */
static size_t distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 64 || m > 64)
        return (size_t)-1;
    size_t d[65][65];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

const char *sup_closest(const char *word, const char *const *cands)
{
    const char *best = NULL;
    size_t bd = (size_t)-1, len = strlen(word);
    for (size_t k = 0; cands && cands[k]; k++) {
        size_t dd = distance(word, cands[k]);
        if (dd < bd) {
            bd = dd;
            best = cands[k];
        }
    }
    /* close enough to be a typo: a third of the word, at least 1, at most 3 */
    size_t limit = len / 3 < 1 ? 1 : len / 3 > 3 ? 3 : len / 3;
    return bd <= limit ? best : NULL;
}
