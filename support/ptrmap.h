/* ptrmap.h — a hash map from pointers (LLVM objects) to 64-bit values, used to
 * find slots, addresses and indices of IR values during translation. */
#ifndef LPNEST_PTRMAP_H
#define LPNEST_PTRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ptrmap {
    const void **keys;
    uint64_t *vals;
    size_t cap, n;
};

void ptrmap_put(struct ptrmap *m, const void *key, uint64_t val);
/* Returns true and sets *val when KEY is present. */
bool ptrmap_get(const struct ptrmap *m, const void *key, uint64_t *val);
void ptrmap_clear(struct ptrmap *m);
void ptrmap_free(struct ptrmap *m);

#endif
