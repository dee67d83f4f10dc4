/* profile_file.c — `lpnest --profile`: reads the profiles that programs
 * built with the plugin's instrumentation (-lpnest-instrument) write at exit
 * (format: plugin/PROFILE.md), checks each function against the IR by its
 * CFG hash, fills the engine's count records with the measured calls, edge
 * counts, select outcomes and path counts, and prices them (estimate.c).
 * What the profile does not measure (select kinds it does not count, path
 * counts of blocks it did not track) is derived as for static estimates. */
#include "estimate_static.h"
#include "cost.h"
#include "freq.h"
#include "support.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { PS_SELECT, PS_LOGIC, PS_CMP, PS_MINMAX };

/* Counters per lane of a site: the outcome (true, false); min/max also
 * ties (equal, not equal). */
static uint32_t per_lane(int kind) { return kind == PS_MINMAX ? 4 : 2; }

struct psite {
    uint32_t block, pos, lanes;
    int kind;
    uint64_t *counts;         /* [per_lane * lane + outcome], outcome 0 = true */
};

struct ppair {
    uint32_t block, nin, nout;
    uint64_t *counts;         /* [in * nout + out] */
};

struct pfunc {
    char *name;
    uint64_t hash;
    uint32_t nblocks, nedges;
    uint64_t *edges;          /* [0] calls, then the edges in block and successor order */
    struct psite *sites;
    uint32_t nsites;
    struct ppair *pairs;
    uint32_t npairs;
    unsigned line;            /* where it was first described */
    const char *path;
};

struct pset {
    struct pfunc *f;
    size_t n;
};

static void pfunc_free(struct pfunc *f)
{
    free(f->name);
    free(f->edges);
    /* a header read only in part has counts but no arrays */
    for (uint32_t i = 0; f->sites && i < f->nsites; i++)
        free(f->sites[i].counts);
    for (uint32_t i = 0; f->pairs && i < f->npairs; i++)
        free(f->pairs[i].counts);
    free(f->sites);
    free(f->pairs);
}

static void pset_free(struct pset *s)
{
    for (size_t i = 0; i < s->n; i++)
        pfunc_free(&s->f[i]);
    free(s->f);
}

/* Counters a function takes. */
static uint64_t ncounters(const struct pfunc *f)
{
    uint64_t n = 1 + (uint64_t)f->nedges;
    for (uint32_t i = 0; i < f->nsites; i++)
        n += per_lane(f->sites[i].kind) * (uint64_t)f->sites[i].lanes;
    for (uint32_t i = 0; i < f->npairs; i++)
        n += (uint64_t)f->pairs[i].nin * f->pairs[i].nout;
    return n;
}

static bool same_shape(const struct pfunc *a, const struct pfunc *b)
{
    if (a->nblocks != b->nblocks || a->nedges != b->nedges || a->nsites != b->nsites || a->npairs != b->npairs)
        return false;
    for (uint32_t i = 0; i < a->nsites; i++)
        if (a->sites[i].block != b->sites[i].block || a->sites[i].pos != b->sites[i].pos ||
            a->sites[i].lanes != b->sites[i].lanes || a->sites[i].kind != b->sites[i].kind)
            return false;
    for (uint32_t i = 0; i < a->npairs; i++)
        if (a->pairs[i].block != b->pairs[i].block || a->pairs[i].nin != b->pairs[i].nin ||
            a->pairs[i].nout != b->pairs[i].nout)
            return false;
    return true;
}

struct reader {
    const char *path;
    char *text;
    char *p;
    unsigned line;
    FILE *diag;
};

/* The next line (NUL-terminated in place), or NULL at the end. */
static char *next_line(struct reader *r)
{
    if (!r->p || !*r->p)
        return NULL;
    char *s = r->p, *nl = strchr(s, '\n');
    if (nl) {
        *nl = '\0';
        r->p = nl + 1;
    } else
        r->p = NULL;
    r->line++;
    size_t n = strlen(s);
    if (n && s[n - 1] == '\r')
        s[n - 1] = '\0';
    return s;
}

static bool bad(struct reader *r, const char *what)
{
    sup_diag(r->diag, r->path, r->line, 0, "error", "%s", what);
    return false;
}

static bool read_u64(char **s, uint64_t *v)
{
    while (**s == ' ' || **s == '\t')
        (*s)++;
    if (!isdigit((unsigned char)**s))
        return false;
    char *e;
    *v = strtoull(*s, &e, 10);
    *s = e;
    return true;
}

static bool read_u32(char **s, uint32_t *v)
{
    uint64_t x;
    if (!read_u64(s, &x) || x > UINT32_MAX)
        return false;
    *v = (uint32_t)x;
    return true;
}

static char *read_word(char **s)
{
    while (**s == ' ' || **s == '\t')
        (*s)++;
    char *w = *s;
    while (**s && **s != ' ' && **s != '\t')
        (*s)++;
    if (**s)
        *(*s)++ = '\0';
    return *w ? w : NULL;
}

/* Adds one module's functions and counters to SET. */
static bool read_module(struct reader *r, struct pset *set)
{
    struct pfunc *pend = NULL;
    size_t npend = 0;
    bool ok = true;
    char *l;
    uint64_t total = 0;
    while (ok && (l = next_line(r))) {
        char *s = l;
        char *kw = read_word(&s);
        if (!kw || kw[0] == '#')
            continue;
        if (!strcmp(kw, "function")) {
            pend = sup_xrealloc(pend, (npend + 1) * sizeof *pend);
            struct pfunc *f = &pend[npend++];
            memset(f, 0, sizeof *f);
            char *name = read_word(&s), *hash = read_word(&s);
            f->line = r->line;
            f->path = r->path;
            char *e = NULL;
            if (hash)
                f->hash = strtoull(hash, &e, 16);
            if (!name || !hash || !e || *e || !read_u32(&s, &f->nblocks) || !read_u32(&s, &f->nedges) ||
                !read_u32(&s, &f->nsites) || !read_u32(&s, &f->npairs) || f->nsites > 1u << 24 || f->npairs > 1u << 24)
                ok = bad(r, "expected 'function NAME HASH BLOCKS EDGES SITES PAIRS'");
            else {
                f->name = sup_strdup(name);
                f->sites = sup_xcalloc(f->nsites + 1, sizeof *f->sites);
                f->pairs = sup_xcalloc(f->npairs + 1, sizeof *f->pairs);
                uint32_t ns = 0, np = 0;
                for (uint32_t k = 0; ok && k < f->nsites + f->npairs; k++) {
                    char *d = next_line(r);
                    char *t = d ? read_word(&d) : NULL;
                    if (t && !strcmp(t, "s") && ns < f->nsites) {
                        struct psite *ps = &f->sites[ns++];
                        char *kind = NULL;
                        if (!read_u32(&d, &ps->block) || !read_u32(&d, &ps->pos) || !(kind = read_word(&d)) ||
                            !read_u32(&d, &ps->lanes) || ps->lanes == 0 || ps->lanes > 4096)
                            ok = bad(r, "expected 's BLOCK POSITION KIND LANES'");
                        else if (!strcmp(kind, "select"))
                            ps->kind = PS_SELECT;
                        else if (!strcmp(kind, "logic"))
                            ps->kind = PS_LOGIC;
                        else if (!strcmp(kind, "cmp"))
                            ps->kind = PS_CMP;
                        else if (!strcmp(kind, "minmax"))
                            ps->kind = PS_MINMAX;
                        else
                            ok = bad(r, "unknown site kind (expected select, logic, cmp or minmax)");
                    } else if (t && !strcmp(t, "p") && np < f->npairs) {
                        struct ppair *pp = &f->pairs[np++];
                        if (!read_u32(&d, &pp->block) || !read_u32(&d, &pp->nin) || !read_u32(&d, &pp->nout) ||
                            pp->nin > 4096 || pp->nout > 4096)
                            ok = bad(r, "expected 'p BLOCK INS OUTS'");
                    } else
                        ok = bad(r, "expected the function's 's' and 'p' records");
                }
                f->nsites = ns;
                f->npairs = np;
            }
            continue;
        }
        if (!strcmp(kw, "counters")) {
            uint64_t n;
            if (!read_u64(&s, &n)) {
                ok = bad(r, "expected 'counters N'"); /* the functions read so far are freed below */
                break;
            }
            for (size_t i = 0; i < npend; i++)
                total += ncounters(&pend[i]);
            if (n != total) {
                char msg[160];
                snprintf(msg, sizeof msg, "%" PRIu64 " counters for functions that take %" PRIu64, n, total);
                ok = bad(r, msg);
                break;
            }
            uint64_t *v = sup_xcalloc(n + 1, sizeof *v);
            for (uint64_t i = 0; ok && i < n; i++) {
                char *d = next_line(r);
                if (!d || !read_u64(&d, &v[i]))
                    ok = bad(r, "expected a counter value");
            }
            /* hand the counters out in order */
            uint64_t k = 0;
            for (size_t i = 0; ok && i < npend; i++) {
                struct pfunc *f = &pend[i];
                f->edges = sup_xcalloc(f->nedges + 1, sizeof *f->edges);
                for (uint32_t j = 0; j <= f->nedges; j++)
                    f->edges[j] = v[k++];
                for (uint32_t j = 0; j < f->nsites; j++) {
                    size_t m = (size_t)per_lane(f->sites[j].kind) * f->sites[j].lanes;
                    f->sites[j].counts = sup_xcalloc(m, sizeof(uint64_t));
                    for (size_t q = 0; q < m; q++)
                        f->sites[j].counts[q] = v[k++];
                }
                for (uint32_t j = 0; j < f->npairs; j++) {
                    size_t m = (size_t)f->pairs[j].nin * f->pairs[j].nout;
                    f->pairs[j].counts = sup_xcalloc(m + 1, sizeof(uint64_t));
                    for (size_t q = 0; q < m; q++)
                        f->pairs[j].counts[q] = v[k++];
                }
            }
            free(v);
            break;
        }
        ok = bad(r, "expected 'function' or 'counters'");
    }
    if (ok && !l)
        ok = bad(r, "the module's counters are missing (was the profile cut short?)");
    /* merge into the set: the same function again (another module or run) adds up */
    for (size_t i = 0; i < npend; i++) {
        struct pfunc *f = &pend[i];
        struct pfunc *same = NULL;
        for (size_t j = 0; ok && j < set->n && !same; j++)
            if (!strcmp(set->f[j].name, f->name) && set->f[j].hash == f->hash && same_shape(&set->f[j], f))
                same = &set->f[j];
        if (!ok || !same) {
            if (ok) {
                set->f = sup_xrealloc(set->f, (set->n + 1) * sizeof *set->f);
                set->f[set->n++] = *f;
            } else
                pfunc_free(f);
            continue;
        }
        for (uint32_t j = 0; j <= f->nedges; j++)
            same->edges[j] += f->edges[j];
        for (uint32_t j = 0; j < f->nsites; j++)
            for (uint32_t q = 0; q < per_lane(f->sites[j].kind) * f->sites[j].lanes; q++)
                same->sites[j].counts[q] += f->sites[j].counts[q];
        for (uint32_t j = 0; j < f->npairs; j++)
            for (size_t q = 0; q < (size_t)f->pairs[j].nin * f->pairs[j].nout; q++)
                same->pairs[j].counts[q] += f->pairs[j].counts[q];
        pfunc_free(f);
    }
    free(pend);
    return ok;
}

static bool read_profile(const char *path, struct pset *set, FILE *diag)
{
    size_t len;
    char *text = sup_read_file(path, &len, 0, diag);
    if (!text)
        return false;
    struct reader r = {.path = path, .text = text, .p = text, .diag = diag};
    char *l = next_line(&r);
    bool ok = l && !strcmp(l, "lpnest_profile 1");
    if (!ok)
        bad(&r, l && !strncmp(l, "lpnest_profile ", 15) ? "unsupported profile version (this lpnest reads 'lpnest_profile 1')"
                                                       : "not an lpnest profile (expected 'lpnest_profile 1')");
    while (ok && (l = next_line(&r))) {
        char *s = l;
        char *kw = read_word(&s);
        if (!kw || kw[0] == '#')
            continue;
        if (strcmp(kw, "module"))
            ok = bad(&r, "expected 'module NAME'");
        else
            ok = read_module(&r, set);
    }
    free(text);
    return ok;
}

/* ---- filling the engine's records ---- */

struct measured {
    struct pset set;
    FILE *diag;
    size_t missing;           /* defined functions the profile does not have */
    size_t unmatched;         /* ... whose terminators the engine does not follow */
    double ir_instructions;
};

static const struct pfunc *lookup(const struct pset *set, const char *name, uint64_t hash, bool *wrong_hash)
{
    const struct pfunc *found = NULL;
    *wrong_hash = false;
    for (size_t i = 0; i < set->n; i++)
        if (!strcmp(set->f[i].name, name)) {
            if (set->f[i].hash == hash)
                return &set->f[i];
            found = &set->f[i];
        }
    *wrong_hash = found != NULL;
    return NULL;
}

static bool fill_measured(struct cnt_func *xf, const struct pfunc *pf)
{
    if (pf->nblocks != xf->nblocks)
        return false;
    /* the edges of the profile in block and successor order, which is the
     * engine's order of each block's out-edges */
    uint32_t *out = sup_xmalloc((xf->nedges + 1) * sizeof *out);
    uint32_t k = 0;
    bool ok = true;
    for (uint32_t b = 0; b < xf->nblocks && ok; b++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(xf->blocks[b].bb);
        uint32_t ns = t ? LLVMGetNumSuccessors(t) : 0;
        size_t n = cnt_block_out_edges(xf, b, out, xf->nedges);
        if (n != ns || k + ns > pf->nedges) {
            ok = false;
            break;
        }
        for (uint32_t j = 0; j < ns; j++)
            xf->edges[out[j]].count = pf->edges[1 + k + j];
        k += ns;
    }
    free(out);
    if (!ok || k != pf->nedges)
        return false;
    xf->edges[0].count = pf->edges[0];
    for (uint32_t i = 0; i < pf->nsites; i++) {
        const struct psite *ps = &pf->sites[i];
        int want = ps->kind == PS_SELECT ? CNT_SEL_SELECT
                   : ps->kind == PS_LOGIC ? CNT_SEL_LOGIC
                   : ps->kind == PS_CMP   ? CNT_SEL_CMP
                                          : CNT_SEL_MINMAX;
        uint32_t pl = per_lane(ps->kind);
        for (uint32_t r = 0; r < xf->nselects; r++) {
            const struct cnt_select *s = &xf->selects[r];
            if (s->block != ps->block || s->index != ps->pos || s->kind != want || s->lanes != ps->lanes)
                continue;
            for (uint32_t l = 0; l < s->lanes; l++) {
                xf->sel_counts[2 * (s->base + l)] = ps->counts[pl * l];
                xf->sel_counts[2 * (s->base + l) + 1] = ps->counts[pl * l + 1];
                if (pl == 4 && s->ties != UINT32_MAX) {
                    xf->sel_counts[2 * (s->ties + l)] = ps->counts[pl * l + 2];
                    xf->sel_counts[2 * (s->ties + l) + 1] = ps->counts[pl * l + 3];
                }
            }
        }
    }
    for (uint32_t i = 0; i < pf->npairs; i++) {
        const struct ppair *pp = &pf->pairs[i];
        for (uint32_t q = 0; q < xf->npairs; q++) {
            struct cnt_pairs *xp = &xf->pairs[q];
            if (xp->block == pp->block && xp->nin == pp->nin && xp->nout == pp->nout && xp->counts)
                memcpy(xp->counts, pp->counts, (size_t)pp->nin * pp->nout * sizeof *xp->counts);
        }
    }
    cnt_fill_derived(xf, true, true);
    return true;
}

static struct eng_profile *measured_counts(void *arg, struct eng_module *em, const struct cost_requests *req,
                                           struct cost_args *args)
{
    (void)args;
    struct measured *a = arg;
    /* (no probes: a profile file has no values) */
    struct eng_run_options o = {.diag = a->diag, .pairs = req->pairs, .npairs = req->npairs};
    struct eng_profile *p = eng_profile_compile(em, &o);
    if (!p)
        return NULL;
    for (size_t i = 0; i < eng_profile_nfuncs(p); i++) {
        struct cnt_func *xf = eng_profile_counts_mut(p, i); /* ours until priced */
        if (!xf->defined || !xf->compiled)
            continue;
        bool wrong;
        const struct pfunc *pf = lookup(&a->set, xf->name, cost_cfg_hash(xf->fn), &wrong);
        if (wrong) {
            const struct pfunc *any = NULL;
            for (size_t j = 0; j < a->set.n && !any; j++)
                if (!strcmp(a->set.f[j].name, xf->name))
                    any = &a->set.f[j];
            sup_diag(a->diag, any->path, any->line, 0, "error",
                     "function '%s' of the profile does not have the control flow of '%s' in %s: the profile was "
                     "written by a program built from other IR (build the instrumented program and the bitcode with "
                     "the same compiler and flags)",
                     xf->name, xf->name, eng_module_name(em));
            eng_profile_free(p);
            return NULL;
        }
        if (!pf) {
            a->missing++;
            continue;
        }
        if (!fill_measured(xf, pf)) {
            a->unmatched++;
            continue;
        }
        for (uint32_t b = 0; b < xf->nblocks; b++)
            a->ir_instructions += (double)xf->blocks[b].count * xf->blocks[b].ninst;
    }
    return p;
}

struct cost_estimate *cost_estimate_profile(struct eng_module *m, const struct isa *isa, const char *const *paths,
                                          size_t npaths, FILE *diag, FILE *dump)
{
    struct measured a = {.diag = diag};
    for (size_t i = 0; i < npaths; i++)
        if (!read_profile(paths[i], &a.set, diag)) {
            pset_free(&a.set);
            return NULL;
        }
    struct cost_estimate *e = cost_estimate_counted(m, isa, diag, dump, false, measured_counts, &a);
    if (e) {
        e->count_source = "profile";
        e->ir_instructions = (uint64_t)(a.ir_instructions + 0.5);
        if (a.missing)
            cost_estimate_warn(e, "%zu functions have no counts in the profile (counted as never called)", a.missing);
        if (a.unmatched)
            cost_estimate_warn(e, "%zu functions have control flow lpnest cannot count (no estimate)", a.unmatched);
        cost_estimate_warn_unpriced(e);
    }
    pset_free(&a.set);
    return e;
}
