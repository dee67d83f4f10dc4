/* pointset.h — an index of integer parameter vectors (points of a search),
 * shared by `lpn tune` and `lpn calibrate` to simulate each point once:
 * points get the indices 0, 1, 2… in the order they are added, so a caller
 * keeps its own per-point records in an array beside the set. */
#ifndef LPN_POINTSET_H
#define LPN_POINTSET_H

#include <stddef.h>
#include <stdint.h>

struct lpn__pointset {
    int np;           /* values per point */
    size_t n;         /* points added */
    size_t kcap;      /* points the key array holds */
    int64_t *keys;    /* n * np values */
    size_t *slot;     /* open addressing: point index + 1, 0 free */
    size_t hcap;
};

void lpn__pointset_init(struct lpn__pointset *s, int np);
void lpn__pointset_free(struct lpn__pointset *s);
/* The index of V, or -1 when it was never added. */
long lpn__pointset_find(const struct lpn__pointset *s, const int64_t *v);
/* Adds V (not yet in the set) and returns its index, s->n - 1 afterwards. */
size_t lpn__pointset_add(struct lpn__pointset *s, const int64_t *v);

#endif
