/* classes.c — input classes from the explored paths (seed 000 §4.1, A.1):
 * paths with the same abstract trace (commit counts and per-commit token
 * counts of every transition) form one class, whose condition is the
 * disjunction of theirs and whose exact latency is an ite over them (§4.4).
 * Also: drawing random inputs of a class, evaluating its latency on one
 * input, checking it against `lpn sim`, and writing the classes. */
#include "ana.h"
#include "json.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

void lpn__classes_group(struct lpn_classes *cl);

void lpn__classes_group(struct lpn_classes *cl)
{
    struct lpn_zx *z = &cl->sp->zx;
    const struct lpn_model *m = cl->sp->m;
    cl->rep = sup_xcalloc((size_t)cl->nsets + 1, sizeof *cl->rep);
    for (int s = 0; s < cl->nsets; s++) {
        struct lpn_set *a = &cl->sets[s];
        a->cls = -1;
        for (int k = 0; k < cl->ncls && a->cls < 0; k++) {
            const struct lpn_set *b = &cl->sets[cl->rep[k]];
            if (b->sig == a->sig && !memcmp(a->ncommits, b->ncommits, (size_t)m->ntrans * sizeof *a->ncommits))
                a->cls = k;
        }
        if (a->cls < 0) {
            a->cls = cl->ncls;
            cl->rep[cl->ncls++] = s;
        }
    }
    cl->cls_cond = sup_xcalloc((size_t)cl->ncls + 1, sizeof *cl->cls_cond);
    cl->cls_lat = sup_xcalloc((size_t)cl->ncls + 1, sizeof *cl->cls_lat);
    for (int s = cl->nsets - 1; s >= 0; s--) {   /* ite chains in path order */
        const struct lpn_set *a = &cl->sets[s];
        int k = a->cls;
        if (!cl->cls_cond[k]) {
            cl->cls_cond[k] = a->cond;
            cl->cls_lat[k] = a->latency;
        } else {
            cl->cls_lat[k] = lpn__zite(z, a->cond, a->latency, cl->cls_lat[k]);
            cl->cls_cond[k] = lpn__zor(z, a->cond, cl->cls_cond[k]);
        }
    }
}

void lpn_classes_free(struct lpn_classes *cl)
{
    if (!cl)
        return;
    free(cl->sets);
    free(cl->rep);
    free(cl->cls_cond);
    free(cl->cls_lat);
    free(cl->limit_msg);
    lpn__afree(&cl->arena);
    free(cl);
}

enum lpn_astatus lpn_classes_status(const struct lpn_classes *cl) { return cl->status; }
const char *lpn_classes_limit_message(const struct lpn_classes *cl) { return cl->limit_msg; }
int lpn_classes_count(const struct lpn_classes *cl) { return cl->ncls; }
int lpn_classes_paths(const struct lpn_classes *cl) { return cl->nsets; }
Z3_ast lpn__class_cond(const struct lpn_classes *cl, int k) { return cl->cls_cond[k]; }
Z3_ast lpn__class_latency(const struct lpn_classes *cl, int k) { return cl->cls_lat[k]; }

int64_t lpn_class_commits(const struct lpn_classes *cl, int k, int t)
{
    if (k < 0 || k >= cl->ncls || t < 0 || t >= lpn_transition_count(cl->sp->m))
        return -1;
    return cl->sets[cl->rep[k]].ncommits[t];
}

bool lpn_class_deadlock(const struct lpn_classes *cl, int k)
{
    return k >= 0 && k < cl->ncls && cl->sets[cl->rep[k]].deadlock;
}

bool lpn_class_latency(const struct lpn_classes *cl, int k, const int64_t *props, int64_t *latency)
{
    if (k < 0 || k >= cl->ncls)
        return false;
    struct lpn_zx *z = &cl->sp->zx;
    Z3_ast c = lpn__space_bind(cl->sp, cl->cls_cond[k], props);
    int64_t v;
    if (!c || !lpn__zval(z, c, &v) || !v)
        return false;
    Z3_ast l = lpn__space_bind(cl->sp, cl->cls_lat[k], props);
    return l && lpn__zval(z, l, latency);
}

/* ---- sampling ------------------------------------------------------------------*/
static uint64_t rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return lpn__mix(*s);
}

static int64_t rnd_in(uint64_t *s, int64_t lo, int64_t hi)
{
    uint64_t span = (uint64_t)hi - (uint64_t)lo + 1;
    return span ? lo + (int64_t)(rnd(s) % span) : (int64_t)rnd(s);
}

int lpn_class_sample(struct lpn_classes *cl, int k, int n, uint64_t seed, int64_t *props)
{
    struct lpn_space *sp = cl->sp;
    struct lpn_zx *z = &sp->zx;
    if (k < 0 || k >= cl->ncls || n <= 0)
        return 0;
    int ns = sp->nsyms, got = 0;
    size_t row = (size_t)sp->ntok * (size_t)sp->nprops;
    Z3_ast *pc = sup_xcalloc((size_t)ns + 40, sizeof *pc);
    int *order = sup_xcalloc((size_t)ns + 1, sizeof *order);
    uint64_t st = seed * 0x9e3779b97f4a7c15ULL + (uint64_t)k;
    for (int s = 0; s < n; s++) {
        int npc = 0;
        pc[npc++] = cl->cls_cond[k];
        for (int q = 0; q < ns; q++)
            order[q] = q;
        for (int q = ns - 1; q > 0; q--) {   /* a random order of the symbols */
            int r = (int)(rnd(&st) % (uint64_t)(q + 1)), tmp = order[q];
            order[q] = order[r], order[r] = tmp;
        }
        /* fix symbols at random values while the class stays satisfiable */
        Z3_ast all = NULL;
        Z3_ast *eqs = sup_xcalloc((size_t)ns + 1, sizeof *eqs);
        for (int q = 0; q < ns; q++) {
            const struct lpn_sym *y = &sp->syms[order[q]];
            eqs[q] = Z3_mk_eq(z->c, y->var, lpn__znum(z, rnd_in(&st, y->lo, y->hi)));
        }
        all = lpn__zand_n(z, eqs, ns);
        Z3_model md = NULL;
        int r = lpn__zcheck(z, pc, npc, all, &md);
        if (r != 1) {
            /* fix the symbols in at most 32 batches, one batch at a time while
             * the class stays satisfiable; a failing batch of few symbols is
             * retried one by one */
            int bs = ns / 32 + 1;
            for (int q = 0; q < ns; q += bs) {
                int n = q + bs <= ns ? bs : ns - q;
                Z3_ast batch = lpn__zand_n(z, eqs + q, n);
                if (lpn__zcheck(z, pc, npc, batch, NULL) == 1)
                    pc[npc++] = batch;
                else if (n <= 4)
                    for (int e = q; e < q + n; e++)
                        if (lpn__zcheck(z, pc, npc, eqs[e], NULL) == 1)
                            pc[npc++] = eqs[e];
            }
            r = lpn__zcheck(z, pc, npc, NULL, &md);
        }
        free(eqs);
        if (r == 1 && md) {
            lpn__space_from_model(sp, md, props + (size_t)got * row);
            got++;
        }
        if (md)
            Z3_model_dec_ref(z->c, md);
        if (r != 1 && s == 0)
            break;   /* the class has no input the solver can find */
    }
    free(pc);
    free(order);
    return got;
}

/* ---- writing -------------------------------------------------------------------*/
static char *cond_text(struct lpn_classes *cl, int k)
{
    struct lpn_zx *z = &cl->sp->zx;
    char *s = lpn__zstr(z, NULL, lpn__zsimp(z, cl->cls_cond[k]));
    if (strlen(s) > 4000)
        strcpy(s + 3990, " ...");
    return s;
}

/* Samples class K and compares its symbolic latency with lpn sim; returns
 * the samples checked, or -1 after printing a mismatch (an internal error). */
static int check_class(struct lpn_classes *cl, int k, int samples, uint64_t seed, FILE *diag)
{
    struct lpn_space *sp = cl->sp;
    size_t row = (size_t)sp->ntok * (size_t)sp->nprops;
    int64_t *props = sup_xcalloc((size_t)samples * row + 1, sizeof *props);
    int n = lpn_class_sample(cl, k, samples, seed, props), ok = n;
    for (int s = 0; s < n && ok >= 0; s++) {
        const int64_t *in = props + (size_t)s * row;
        int64_t sym, sim = lpn_space_simulate(sp, in, diag);
        if (sim < 0 || !lpn_class_latency(cl, k, in, &sym) || sym != sim) {
            sup_diag(diag, sp->path, 0, 0, "error", "internal error: class %d's symbolic latency (%lld) differs from "
                     "lpn sim (%lld) on one of its inputs", k + 1, (long long)(sim < 0 ? -1 : sym), (long long)sim);
            if (diag)
                lpn_space_write_jsonl(sp, in, diag);
            ok = -1;
        }
    }
    free(props);
    return ok;
}

static void commits_text(const struct lpn_classes *cl, int k, FILE *out)
{
    const struct lpn_model *m = cl->sp->m;
    bool first = true;
    for (int t = 0; t < lpn_transition_count(m); t++) {
        int64_t c = lpn_class_commits(cl, k, t);
        if (!c)
            continue;
        fprintf(out, "%s%s %lld", first ? "" : ", ", lpn_transition_name(m, t), (long long)c);
        first = false;
    }
    if (first)
        fputs("(none)", out);
}

int lpn_classes_write(struct lpn_classes *cl, int samples, uint64_t seed, FILE *out, bool json, FILE *diag)
{
    struct lpn_space *sp = cl->sp;
    const struct lpn_model *m = sp->m;
    int rc = 0;
    int *checked = sup_xcalloc((size_t)cl->ncls + 1, sizeof *checked);
    for (int k = 0; k < cl->ncls; k++) {
        checked[k] = samples > 0 ? check_class(cl, k, samples, seed, diag) : 0;
        if (checked[k] < 0)
            rc = -1;
    }
    if (json) {
        struct sup_json w;
        sup_json_init(&w, out, true);
        sup_json_obj(&w);
        sup_json_key(&w, "model"), sup_json_str(&w, lpn_model_name(m));
        sup_json_key(&w, "space"), sup_json_str(&w, sp->path);
        sup_json_key(&w, "tokens"), sup_json_int(&w, sp->ntok);
        sup_json_key(&w, "symbols"), sup_json_int(&w, sp->nsyms);
        sup_json_key(&w, "status"), sup_json_str(&w, cl->status == LPN_A_COMPLETE ? "complete" : "limit");
        if (cl->limit_msg)
            sup_json_key(&w, "limit"), sup_json_str(&w, cl->limit_msg);
        sup_json_key(&w, "paths"), sup_json_int(&w, cl->nsets);
        sup_json_key(&w, "seconds"), sup_json_double(&w, cl->seconds);
        sup_json_key(&w, "solver_calls"), sup_json_uint(&w, cl->nchecks);
        sup_json_key(&w, "classes");
        sup_json_arr(&w);
        for (int k = 0; k < cl->ncls; k++) {
            sup_json_obj(&w);
            int np = 0;
            for (int s = 0; s < cl->nsets; s++)
                np += cl->sets[s].cls == k;
            sup_json_key(&w, "paths"), sup_json_int(&w, np);
            char *c = cond_text(cl, k);
            sup_json_key(&w, "constraints"), sup_json_str(&w, c);
            free(c);
            sup_json_key(&w, "deadlock"), sup_json_bool(&w, lpn_class_deadlock(cl, k));
            sup_json_key(&w, "commits");
            sup_json_obj(&w);
            for (int t = 0; t < lpn_transition_count(m); t++)
                sup_json_key(&w, lpn_transition_name(m, t)), sup_json_int(&w, lpn_class_commits(cl, k, t));
            sup_json_end(&w);
            sup_json_key(&w, "checked_samples"), sup_json_int(&w, checked[k] < 0 ? 0 : checked[k]);
            sup_json_key(&w, "exact"), sup_json_bool(&w, checked[k] >= 0);
            sup_json_end(&w);
        }
        sup_json_end(&w);
        sup_json_end(&w);
        fputc('\n', out);
    } else {
        fprintf(out, "model %s, space %s: %d tokens into '%s', %d symbols\n", lpn_model_name(m), sp->path, sp->ntok,
                lpn_place_name(m, sp->place), sp->nsyms);
        fprintf(out, "exploration: %s, %d path%s, %d class%s, %.3f s, %llu solver calls\n",
                cl->status == LPN_A_COMPLETE ? "complete" : "INCOMPLETE", cl->nsets, cl->nsets == 1 ? "" : "s", cl->ncls,
                cl->ncls == 1 ? "" : "es", cl->seconds, (unsigned long long)cl->nchecks);
        if (cl->limit_msg)
            fprintf(out, "  %s\n", cl->limit_msg);
        for (int k = 0; k < cl->ncls; k++) {
            int np = 0;
            for (int s = 0; s < cl->nsets; s++)
                np += cl->sets[s].cls == k;
            fprintf(out, "class %d: %d path%s%s\n", k + 1, np, np == 1 ? "" : "s", lpn_class_deadlock(cl, k) ? ", ends in a deadlock" : "");
            char *c = cond_text(cl, k);
            fprintf(out, "  constraints: %s\n", c);
            free(c);
            fputs("  commits: ", out);
            commits_text(cl, k, out);
            fputc('\n', out);
            if (samples > 0 && checked[k] >= 0)
                fprintf(out, "  exact latency = lpn sim on %d sampled input%s\n", checked[k], checked[k] == 1 ? "" : "s");
        }
    }
    free(checked);
    return rc;
}

/* Names of constants for printing latency listings: Z3 names are fine. */
void lpn_classes_write_latency(const struct lpn_classes *cl, FILE *out)
{
    struct lpn_zx *z = (struct lpn_zx *)&cl->sp->zx;
    const struct lpn_model *m = cl->sp->m;
    for (int s = 0; s < cl->nsets; s++) {
        const struct lpn_set *set = &cl->sets[s];
        fprintf(out, "class %d, path %d: symbolic commit times (cycles)\n", set->cls + 1, s + 1);
        struct lpn_zpr pr = {0};
        pr.ids = sup_xcalloc((size_t)set->nfir + 1, sizeof *pr.ids);
        pr.names = sup_xcalloc((size_t)set->nfir + 1, sizeof *pr.names);
        char **names = sup_xcalloc((size_t)set->nfir + 1, sizeof *names);
        int64_t *nth = sup_xcalloc((size_t)m->ntrans + 1, sizeof *nth);
        for (int64_t f = 0; f < set->nfir; f++) {
            const struct lpn_sfire *fi = &set->fir[f];
            char buf[300];
            snprintf(buf, sizeof buf, "%s#%lld", m->trans[fi->t].name, (long long)++nth[fi->t]);
            names[f] = sup_strdup(buf);
            fprintf(out, "  %s = ", buf);
            pr.skip_id = Z3_get_ast_id(z->c, fi->commit);
            lpn__zprint(z, &pr, fi->commit, out);
            fputc('\n', out);
            if (Z3_get_ast_kind(z->c, fi->commit) != Z3_NUMERAL_AST) {
                pr.ids[pr.nids] = Z3_get_ast_id(z->c, fi->commit);
                pr.names[pr.nids++] = names[f];
            }
        }
        pr.skip_id = 0;
        fputs("  latency = ", out);
        lpn__zprint(z, &pr, set->latency, out);
        fputc('\n', out);
        for (int64_t f = 0; f < set->nfir; f++)
            free(names[f]);
        free(names);
        free(nth);
        free(pr.ids);
        free(pr.names);
    }
}
