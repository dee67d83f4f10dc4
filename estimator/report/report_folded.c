/* report_folded.c — the report's cycles as stacks ("main;fir;loop@fir.c:7"):
 * built from the calling-context tree (or one stack per function when the
 * report has none), with loop frames splitting each function's cycles, and
 * written as folded stacks for flamegraph.pl and speedscope ("frames weight"
 * per line, integer weights summing to the rounded total). The HTML flame
 * graph is drawn from the same stacks. */
#include "report.h"
#include "support.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A growable string. */
struct buf {
    char *s;
    size_t n, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
    if (n >= (size_t)PTRDIFF_MAX / 2)
        return; /* no such string (and gcc then knows the copy is bounded) */
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->s = sup_xrealloc(b->s, b->cap);
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

/* Appends frame NAME (';' and control characters replaced), after a ';' unless first. */
static void frame(struct buf *b, const char *name)
{
    if (b->n)
        put(b, ";", 1);
    size_t start = b->n;
    put(b, name ? name : "?", strlen(name ? name : "?"));
    for (size_t i = start; i < b->n; i++)
        if (b->s[i] == ';')
            b->s[i] = ':';
        else if ((unsigned char)b->s[i] < 0x20)
            b->s[i] = '_';
    if (b->n == start)
        put(b, "?", 1);
}

/* How a function's cycles split over its loops: SUFFIX ("" or
 * "loop@a;loop@b") and the fraction of the function's cycles. */
struct seg {
    char *suffix;
    double frac;
};
struct split {
    struct seg *segs;
    size_t n;
};

static void loop_chain(const struct report_data *r, size_t l, struct buf *b)
{
    if (r->loops[l].parent != COST_NO_PARENT)
        loop_chain(r, r->loops[l].parent, b);
    char label[1100];
    report_loop_label(r, l, label, sizeof label);
    frame(b, label);
}

static struct split *splits_of(const struct report_data *r)
{
    const struct cost_estimate *e = r->e;
    struct split *sp = sup_xcalloc(e->nfuncs + 1, sizeof *sp);
    double *child = sup_xcalloc(r->nloops + 1, sizeof *child);
    double *top = sup_xcalloc(e->nfuncs + 1, sizeof *top);
    size_t *nloops = sup_xcalloc(e->nfuncs + 1, sizeof *nloops);
    for (size_t l = 0; l < r->nloops; l++) {
        const struct report_loop_cost *lp = &r->loops[l];
        if (lp->func >= e->nfuncs)
            continue;
        nloops[lp->func]++;
        if (lp->parent == COST_NO_PARENT)
            top[lp->func] += lp->cycles;
        else
            child[lp->parent] += lp->cycles;
    }
    for (size_t f = 0; f < e->nfuncs; f++) {
        sp[f].segs = sup_xcalloc(nloops[f] + 1, sizeof *sp[f].segs);
        double outside = fmax(0, e->funcs[f].self - top[f]);
        sp[f].segs[sp[f].n++] = (struct seg){sup_strdup(""), outside};
    }
    for (size_t l = 0; l < r->nloops; l++) {
        const struct report_loop_cost *lp = &r->loops[l];
        if (lp->func >= e->nfuncs)
            continue;
        struct buf b = {0};
        loop_chain(r, l, &b);
        sp[lp->func].segs[sp[lp->func].n++] = (struct seg){b.s, fmax(0, lp->cycles - child[l])};
    }
    for (size_t f = 0; f < e->nfuncs; f++) {
        double sum = 0;
        for (size_t k = 0; k < sp[f].n; k++)
            sum += sp[f].segs[k].frac;
        for (size_t k = 0; k < sp[f].n; k++)
            sp[f].segs[k].frac = sum > 0 ? sp[f].segs[k].frac / sum : (k == 0);
    }
    free(nloops);
    free(top);
    free(child);
    return sp;
}

static void splits_free(struct split *sp, size_t n)
{
    for (size_t f = 0; f < n; f++) {
        for (size_t k = 0; k < sp[f].n; k++)
            free(sp[f].segs[k].suffix);
        free(sp[f].segs);
    }
    free(sp);
}

struct acc {
    struct report_stack *s;
    size_t n, cap;
};

static void add(struct acc *a, const struct buf *prefix, const char *suffix, double cycles)
{
    if (!(cycles > 0))
        return;
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 64;
        a->s = sup_xrealloc(a->s, a->cap * sizeof *a->s);
    }
    struct buf b = {0};
    put(&b, prefix->s ? prefix->s : "", prefix->n);
    if (suffix[0]) {
        if (b.n)
            put(&b, ";", 1);
        put(&b, suffix, strlen(suffix));
    }
    if (!b.s)
        put(&b, "?", 1);
    a->s[a->n++] = (struct report_stack){b.s, cycles, 0};
}

/* Emits FUNC's cycles (CYCLES) under PREFIX, split over its loops. */
static void add_func(struct acc *a, const struct split *sp, size_t f, const struct buf *prefix, double cycles)
{
    for (size_t k = 0; k < sp[f].n; k++)
        add(a, prefix, sp[f].segs[k].suffix, cycles * sp[f].segs[k].frac);
}

static int by_frames(const void *x, const void *y)
{
    return strcmp(((const struct report_stack *)x)->frames, ((const struct report_stack *)y)->frames);
}

#define MAX_FRAMES 512

struct report_stack *report_stacks(const struct report_data *r, size_t *n)
{
    const struct cost_estimate *e = r->e;
    struct split *sp = splits_of(r);
    struct acc a = {0};
    double covered = 0;
    if (e->ncontexts) {
        size_t *chain = sup_xcalloc(e->ncontexts + 1, sizeof *chain);
        for (size_t c = 0; c < e->ncontexts; c++) {
            const struct cost_context *ct = &e->contexts[c];
            if (!(ct->self > 0) || ct->func >= e->nfuncs)
                continue;
            size_t depth = 0;
            for (size_t k = c; k != COST_NO_PARENT && depth <= e->ncontexts; k = e->contexts[k].parent)
                chain[depth++] = k;
            struct buf b = {0};
            for (size_t i = depth; i-- > 0;) {
                /* very deep chains keep their first and last frames */
                if (depth > MAX_FRAMES && i < depth - MAX_FRAMES / 2 && i >= MAX_FRAMES / 2) {
                    if (i == depth - MAX_FRAMES / 2 - 1) {
                        char gap[64];
                        snprintf(gap, sizeof gap, "[%zu frames]", depth - 2 * (MAX_FRAMES / 2));
                        frame(&b, gap);
                    }
                    continue;
                }
                size_t f = e->contexts[chain[i]].func;
                frame(&b, f < e->nfuncs ? e->funcs[f].name : "?");
            }
            add_func(&a, sp, ct->func, &b, ct->self);
            covered += ct->self;
            free(b.s);
        }
        free(chain);
    } else {
        for (size_t f = 0; f < e->nfuncs; f++) {
            if (!(e->funcs[f].self > 0))
                continue;
            struct buf b = {0};
            frame(&b, e->funcs[f].name);
            add_func(&a, sp, f, &b, e->funcs[f].self);
            covered += e->funcs[f].self;
            free(b.s);
        }
    }
    splits_free(sp, e->nfuncs);
    double rest = e->cycles - covered;
    if (rest > 0.5) {
        struct buf b = {0};
        frame(&b, "[unattributed]");
        add(&a, &b, "", rest);
        free(b.s);
    }
    if (a.n > 1)
        qsort(a.s, a.n, sizeof *a.s, by_frames);
    size_t m = 0;
    for (size_t i = 0; i < a.n; i++) {
        if (m && !strcmp(a.s[m - 1].frames, a.s[i].frames)) {
            a.s[m - 1].cycles += a.s[i].cycles;
            free(a.s[i].frames);
        } else
            a.s[m++] = a.s[i];
    }
    double *v = sup_xcalloc(m + 1, sizeof *v);
    uint64_t *w = sup_xcalloc(m + 1, sizeof *w);
    for (size_t i = 0; i < m; i++)
        v[i] = a.s[i].cycles;
    report_apportion(v, w, m, e->cycles);
    for (size_t i = 0; i < m; i++)
        a.s[i].weight = w[i];
    free(v);
    free(w);
    *n = m;
    return a.s;
}

void report_stacks_free(struct report_stack *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(s[i].frames);
    free(s);
}

int report_write_folded(const struct report_data *r, FILE *f)
{
    size_t n;
    struct report_stack *s = report_stacks(r, &n);
    for (size_t i = 0; i < n; i++)
        if (s[i].weight)
            fprintf(f, "%s %llu\n", s[i].frames, (unsigned long long)s[i].weight);
    report_stacks_free(s, n);
    return ferror(f) ? -1 : 0;
}
