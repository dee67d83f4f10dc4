/* space.c — input spaces (ANALYSIS.md "Input spaces"): the YAML file that
 * says how many tokens enter which place and, per property, a constant, a
 * shared symbol, a per-token symbol with a range, or a cycle of those, plus
 * constraints in the query language. Loading creates the Z3 session, the
 * symbols and their ranges, and asserts the constraints. Also: simulating
 * one concrete input and writing it as JSONL for `lpn sim --input`. */
#include "ana.h"
#include "support.h"
#include "yamltree.h"

#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 100000
#define MAX_SYMBOLS 1000000
#define MAX_RANGE (1LL << 40)

struct loader {
    struct lpn_space *sp;
    struct sup_ydoc *doc;
};

static bool range_of(struct loader *L, const struct sup_ynode *n, int64_t *lo, int64_t *hi)
{
    static const char *const keys[] = {"min", "max", NULL};
    if (!sup_ycheck_keys(L->doc, n, keys, "a range"))
        return false;
    const struct sup_ynode *a = sup_yneed(L->doc, n, "min", "a range"), *b = sup_yneed(L->doc, n, "max", "a range");
    if (!a || !b || !sup_yint(L->doc, a, -MAX_RANGE, MAX_RANGE, lo) || !sup_yint(L->doc, b, -MAX_RANGE, MAX_RANGE, hi))
        return false;
    if (*lo > *hi)
        return sup_yerror(L->doc, n, "empty range: min %lld is larger than max %lld", (long long)*lo, (long long)*hi);
    return true;
}

static int add_symbol(struct lpn_space *sp, const char *name, int64_t lo, int64_t hi, int tok, int prop)
{
    int k = sp->nsyms++;
    sp->syms = sup_xrealloc(sp->syms, (size_t)sp->nsyms * sizeof *sp->syms);
    struct lpn_sym *s = &sp->syms[k];
    s->name = sup_strdup(name);
    s->lo = lo, s->hi = hi;
    s->tok = tok, s->prop = prop;
    s->var = Z3_mk_const(sp->zx.c, Z3_mk_string_symbol(sp->zx.c, name), sp->zx.is);
    lpn__zset_range(&sp->zx, s->var, lo, hi);
    Z3_ast c[2] = {Z3_mk_ge(sp->zx.c, s->var, lpn__znum(&sp->zx, lo)), Z3_mk_le(sp->zx.c, s->var, lpn__znum(&sp->zx, hi))};
    for (int q = 0; q < 2; q++) {
        sp->cons = sup_xrealloc(sp->cons, (size_t)(sp->ncons + 1) * sizeof *sp->cons);
        sp->cons[sp->ncons++] = c[q];
    }
    return k;
}

static int find_shared(const struct lpn_space *sp, const char *name)
{
    for (int k = 0; k < sp->nsyms; k++)
        if (sp->syms[k].tok < 0 && !strcmp(sp->syms[k].name, name))
            return k;
    return -1;
}

/* Sets the value of property PROP of token TOK from the item node V. */
static bool set_value(struct loader *L, const struct sup_ynode *v, int tok, int prop, bool *used)
{
    struct lpn_space *sp = L->sp;
    size_t at = (size_t)tok * (size_t)sp->nprops + (size_t)prop;
    const char *pname = lpn_place_prop(sp->m, sp->place, prop);
    if (v->kind == SUP_Y_MAP) {
        int64_t lo, hi;
        if (!range_of(L, v, &lo, &hi))
            return false;
        if (sp->nsyms >= MAX_SYMBOLS)
            return sup_yerror(L->doc, v, "more than %d symbols", MAX_SYMBOLS);
        char name[300];
        snprintf(name, sizeof name, "%s[%d]", pname, tok);
        int k = add_symbol(sp, name, lo, hi, tok, prop);
        sp->val[at] = sp->syms[k].var;
        sp->valsym[at] = k;
        return true;
    }
    if (v->kind != SUP_Y_SCALAR)
        return sup_yerror(L->doc, v, "expected an integer, a symbol name or {min, max} for property '%s'", pname);
    if (v->len && ((v->str[0] >= 'a' && v->str[0] <= 'z') || (v->str[0] >= 'A' && v->str[0] <= 'Z') || v->str[0] == '_')) {
        int k = find_shared(sp, v->str);
        if (k < 0)
            return sup_yerror(L->doc, v, "unknown symbol '%s' (declare it under symbols:)", v->str);
        sp->val[at] = sp->syms[k].var;
        sp->valsym[at] = k;
        used[k] = true;
        return true;
    }
    int64_t c;
    if (!sup_yint(L->doc, v, INT64_MIN, INT64_MAX, &c))
        return false;
    sp->val[at] = lpn__znum(&sp->zx, c);
    return true;
}

static bool load_props(struct loader *L, const struct sup_ynode *props, bool *used)
{
    struct lpn_space *sp = L->sp;
    const struct lpn_model *m = sp->m;
    if (!props) {
        if (sp->nprops)
            return sup_yerror(L->doc, L->doc->root, "missing key 'props': place '%s' has properties", lpn_place_name(m, sp->place));
        return true;
    }
    if (!sup_yexpect(L->doc, props, SUP_Y_MAP, "props"))
        return false;
    bool ok = true;
    for (size_t k = 0; k < props->n; k++)
        if (lpn_place_prop_find(m, sp->place, props->keys[k]->str) < 0)
            ok = sup_yerror(L->doc, props->keys[k], "place '%s' has no property '%s'", lpn_place_name(m, sp->place),
                            props->keys[k]->str);
    for (int p = 0; p < sp->nprops; p++) {
        const char *pname = lpn_place_prop(m, sp->place, p);
        const struct sup_ynode *v = sup_yget(props, pname);
        if (!v) {
            ok = sup_yerror(L->doc, props, "property '%s' of place '%s' is not given", pname, lpn_place_name(m, sp->place));
            continue;
        }
        bool pok = true;
        if (v->kind == SUP_Y_SEQ) {
            if (!v->n) {
                ok = sup_yerror(L->doc, v, "empty list of values for property '%s'", pname);
                continue;
            }
            for (int t = 0; t < sp->ntok && pok; t++)
                pok = set_value(L, v->items[(size_t)t % v->n], t, p, used);
            for (size_t q = (size_t)sp->ntok; q < v->n && pok; q++)
                pok = set_value(L, v->items[q], sp->ntok - 1, p, used);   /* still check the extra items */
        } else {
            for (int t = 0; t < sp->ntok && pok; t++)
                pok = set_value(L, v, t, p, used);
        }
        ok &= pok;
    }
    return ok;
}

static bool load_constraints(struct loader *L, const struct sup_ynode *cons)
{
    struct lpn_space *sp = L->sp;
    if (!cons)
        return true;
    if (!sup_yexpect(L->doc, cons, SUP_Y_SEQ, "constraints"))
        return false;
    bool ok = true;
    for (size_t k = 0; k < cons->n; k++) {
        const struct sup_ynode *c = cons->items[k];
        if (c->kind != SUP_Y_SCALAR) {
            ok = sup_yerror(L->doc, c, "expected a constraint (a condition over the symbols)");
            continue;
        }
        struct lpn_qsrc src = {.file = L->doc->path, .text = c->str, .len = c->len, .line = c->line,
                               .col = c->col + (c->quoted ? 1u : 0u), .oneline = !memchr(c->str, '\n', c->len)};
        Z3_ast a = lpn__qparse(sp, &src, 0, true, L->doc->diag);
        if (!a) {
            L->doc->errors++;
            ok = false;
            continue;
        }
        sp->cons = sup_xrealloc(sp->cons, (size_t)(sp->ncons + 1) * sizeof *sp->cons);
        sp->cons[sp->ncons++] = a;
    }
    return ok;
}

static bool load_doc(struct loader *L)
{
    struct lpn_space *sp = L->sp;
    const struct lpn_model *m = sp->m;
    const struct sup_ynode *root = L->doc->root;
    if (!root)
        return sup_yerror(L->doc, NULL, "empty input space (expected a mapping with lpn_space: 1)");
    if (!sup_yexpect(L->doc, root, SUP_Y_MAP, "the input space"))
        return false;
    static const char *const keys[] = {"lpn_space", "place", "tokens", "symbols", "props", "constraints", "doc", NULL};
    bool ok = sup_ycheck_keys(L->doc, root, keys, "the input space");
    const struct sup_ynode *ver = sup_yneed(L->doc, root, "lpn_space", "the input space");
    int64_t v;
    if (ver && sup_yint(L->doc, ver, INT64_MIN, INT64_MAX, &v) && v != 1)
        ok = sup_yerror(L->doc, ver, "unsupported input space version %lld (expected 1)", (long long)v);
    const struct sup_ynode *pl = sup_yget(root, "place");
    sp->place = lpn_start_place(m);
    if (pl) {
        const char *name = sup_ystr(L->doc, pl);
        sp->place = name ? lpn_place_find(m, name) : -1;
        if (name && sp->place < 0)
            return sup_yerror(L->doc, pl, "model '%s' has no place '%s'", lpn_model_name(m), name);
        if (!name)
            return false;
    } else if (sp->place < 0) {
        return sup_yerror(L->doc, root, "missing key 'place': model '%s' has no start place", lpn_model_name(m));
    }
    if (lpn_place_capacity(m, sp->place) || m->places[sp->place].cap_of >= 0)
        return sup_yerror(L->doc, pl ? pl : root, "tokens cannot enter place '%s': it is bounded (a capacity place would no longer add up)",
                          lpn_place_name(m, sp->place));
    const struct sup_ynode *nt = sup_yneed(L->doc, root, "tokens", "the input space");
    int64_t ntok;
    if (!nt || !sup_yint(L->doc, nt, 1, MAX_TOKENS, &ntok))
        return false;
    sp->ntok = (int)ntok;
    sp->nprops = lpn_place_nprops(m, sp->place);
    sp->val = sup_xcalloc((size_t)sp->ntok * (size_t)sp->nprops + 1, sizeof *sp->val);
    sp->valsym = sup_xcalloc((size_t)sp->ntok * (size_t)sp->nprops + 1, sizeof *sp->valsym);
    for (size_t k = 0; k < (size_t)sp->ntok * (size_t)sp->nprops; k++)
        sp->valsym[k] = -1;
    const struct sup_ynode *syms = sup_yget(root, "symbols");
    if (syms && !sup_yexpect(L->doc, syms, SUP_Y_MAP, "symbols"))
        return false;
    for (size_t k = 0; syms && k < syms->n; k++) {
        const char *name = syms->keys[k]->str;
        bool ident = name[0] && !(name[0] >= '0' && name[0] <= '9');
        for (const char *c = name; *c; c++)
            ident &= (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_';
        if (!ident || strlen(name) > 100) {
            ok = sup_yerror(L->doc, syms->keys[k], "symbol names are identifiers, found '%s'", name);
            continue;
        }
        if (lpn_place_prop_find(m, sp->place, name) >= 0 || !strcmp(name, "tokens") || !strcmp(name, "latency") ||
            !strcmp(name, "pi") || !strcmp(name, "true") || !strcmp(name, "false")) {
            ok = sup_yerror(L->doc, syms->keys[k], "symbol name '%s' is taken (a property or a reserved name)", name);
            continue;
        }
        if (!sup_yexpect(L->doc, syms->items[k], SUP_Y_MAP, "a symbol"))
            continue;
        int64_t lo, hi;
        if (range_of(L, syms->items[k], &lo, &hi))
            add_symbol(sp, name, lo, hi, -1, -1);
        else
            ok = false;
    }
    if (!ok)
        return false;
    int nshared = sp->nsyms;
    bool *used = sup_xcalloc((size_t)nshared + 1, sizeof *used);
    ok = load_props(L, sup_yget(root, "props"), used);
    for (int k = 0; ok && k < nshared; k++)
        if (!used[k])
            sup_ywarning(L->doc, syms->keys[k], "symbol '%s' is not used by any property", sp->syms[k].name);
    free(used);
    if (!ok)
        return false;
    for (int p = 0; p < sp->nprops; p++) {
        bool pertok = false;
        for (int t = 0; t < sp->ntok; t++) {
            int s = sp->valsym[(size_t)t * (size_t)sp->nprops + (size_t)p];
            pertok |= s >= 0 && sp->syms[s].tok >= 0;
        }
        if (pertok) {
            char name[300];
            snprintf(name, sizeof name, "avg_%s", lpn_place_prop(m, sp->place, p));
            sp->avg[p] = Z3_mk_const(sp->zx.c, Z3_mk_string_symbol(sp->zx.c, name), sp->zx.rs);
        }
    }
    const struct sup_ynode *cons = sup_yget(root, "constraints");
    if (!load_constraints(L, cons))
        return false;
    for (int k = 0; k < sp->ncons; k++)
        Z3_solver_assert(sp->zx.c, sp->zx.s, sp->cons[k]);
    int r = lpn__zcheck(&sp->zx, NULL, 0, NULL, NULL);
    if (r == 0)
        return sup_yerror(L->doc, cons ? cons : root, "the input space is empty: its ranges and constraints cannot all hold");
    if (r < 0)
        sup_ywarning(L->doc, cons ? cons : root, "the solver could not tell whether the input space is empty (timeout)");
    return true;
}

static struct lpn_space *load(const struct lpn_model *m, struct sup_ydoc *doc)
{
    if (!doc)
        return NULL;
    struct lpn_space *sp = sup_xcalloc(1, sizeof *sp);
    sp->m = m;
    sp->path = sup_strdup(doc->path);
    if (!lpn__zx_init(&sp->zx, 30000)) {
        sup_diag(doc->diag, doc->path, 0, 0, "error", "cannot create a Z3 context");
        sup_yaml_free(doc);
        free(sp->path);
        free(sp);
        return NULL;
    }
    sp->latency = Z3_mk_const(sp->zx.c, Z3_mk_string_symbol(sp->zx.c, "latency"), sp->zx.rs);
    sp->pi = Z3_mk_const(sp->zx.c, Z3_mk_string_symbol(sp->zx.c, "pi"), sp->zx.rs);
    sp->avg = sup_xcalloc((size_t)LPN_MAX_PROPS + 1, sizeof *sp->avg);
    struct loader L = {.sp = sp, .doc = doc};
    bool ok = load_doc(&L) && !doc->errors;
    sup_yaml_free(doc);
    if (!ok) {
        lpn_space_free(sp);
        return NULL;
    }
    return sp;
}

struct lpn_space *lpn_space_load_file(const struct lpn_model *m, const char *path, FILE *diag)
{
    return load(m, sup_yaml_load_file(path, diag));
}

struct lpn_space *lpn_space_load_string(const struct lpn_model *m, const char *name, const char *text, size_t len,
                                        FILE *diag)
{
    return load(m, sup_yaml_load_string(name, text, len, diag));
}

void lpn_space_free(struct lpn_space *sp)
{
    if (!sp)
        return;
    for (int k = 0; k < sp->nsyms; k++)
        free(sp->syms[k].name);
    free(sp->syms);
    free(sp->val);
    free(sp->valsym);
    free(sp->cons);
    free(sp->avg);
    free(sp->path);
    free(sp->text);
    lpn__zx_fini(&sp->zx);
    free(sp);
}

int lpn_space_tokens(const struct lpn_space *sp) { return sp->ntok; }
int lpn_space_place(const struct lpn_space *sp) { return sp->place; }
int lpn_space_symbols(const struct lpn_space *sp) { return sp->nsyms; }
const char *lpn_space_symbol_name(const struct lpn_space *sp, int k)
{
    return k >= 0 && k < sp->nsyms ? sp->syms[k].name : NULL;
}

/* ---- concrete inputs -----------------------------------------------------------*/
bool lpn__space_symvals(const struct lpn_space *sp, const int64_t *props, int64_t *vals)
{
    struct lpn_zx *z = (struct lpn_zx *)&sp->zx;
    bool *set = sup_xcalloc((size_t)sp->nsyms + 1, sizeof *set);
    bool ok = true;
    size_t n = (size_t)sp->ntok * (size_t)sp->nprops;
    for (size_t k = 0; k < n && ok; k++) {
        Z3_ast v = sp->val[k];
        int64_t c;
        if (lpn__zval(z, v, &c)) {
            ok = c == props[k];
            continue;
        }
        int s = sp->valsym[k];
        if (s < 0 || (set[s] && vals[s] != props[k]) || props[k] < sp->syms[s].lo || props[k] > sp->syms[s].hi) {
            ok = false;
            continue;
        }
        set[s] = true;
        vals[s] = props[k];
    }
    for (int q = 0; q < sp->nsyms && ok; q++)
        if (!set[q])
            vals[q] = sp->syms[q].lo;
    free(set);
    return ok;
}

Z3_ast lpn__space_bind(const struct lpn_space *sp, Z3_ast a, const int64_t *props)
{
    struct lpn_zx *z = (struct lpn_zx *)&sp->zx;
    int64_t *vals = sup_xcalloc((size_t)sp->nsyms + 1, sizeof *vals);
    Z3_ast *from = sup_xcalloc((size_t)sp->nsyms + 1, sizeof *from), *to = sup_xcalloc((size_t)sp->nsyms + 1, sizeof *to);
    Z3_ast r = NULL;
    if (lpn__space_symvals(sp, props, vals)) {
        for (int q = 0; q < sp->nsyms; q++) {
            from[q] = sp->syms[q].var;
            to[q] = lpn__znum(z, vals[q]);
        }
        r = Z3_simplify(z->c, Z3_substitute(z->c, a, (unsigned)sp->nsyms, from, to));
    }
    free(vals);
    free(from);
    free(to);
    return r;
}

void lpn__space_from_model(const struct lpn_space *sp, Z3_model md, int64_t *props)
{
    struct lpn_zx *z = (struct lpn_zx *)&sp->zx;
    size_t n = (size_t)sp->ntok * (size_t)sp->nprops;
    for (size_t k = 0; k < n; k++) {
        Z3_ast r;
        int64_t v = 0;
        if (Z3_model_eval(z->c, md, sp->val[k], true, &r) && r)
            lpn__zval(z, r, &v);
        props[k] = v;
    }
}

int64_t lpn_space_simulate(const struct lpn_space *sp, const int64_t *props, FILE *diag)
{
    const struct lpn_model *m = sp->m;
    struct lpn_sim *s = lpn_sim_new(m, LPN_SIM_NO_GENERATORS, diag);
    if (!s)
        return -1;
    for (int t = 0; t < sp->ntok; t++)
        if (lpn_sim_inject(s, sp->place, 0, props + (size_t)t * (size_t)sp->nprops) != 0) {
            sup_diag(diag, lpn_model_source(m), 0, 0, "error", "cannot inject token %d into place '%s'", t,
                     lpn_place_name(m, sp->place));
            lpn_sim_free(s);
            return -1;
        }
    enum lpn_status st = lpn_sim_run(s, LPN_NO_TIME_LIMIT, LPN_NO_DONE_LIMIT);
    int64_t r = -1;
    if (st == LPN_ERROR)
        fprintf(diag ? diag : stderr, "%s\n", lpn_sim_error(s));
    else if (st == LPN_LIMIT)
        sup_diag(diag, lpn_model_source(m), 0, 0, "error", "the simulation reached its commit limit");
    else if (lpn_done_place(m) >= 0)
        r = lpn_sim_last_done(s) < 0 ? 0 : lpn_sim_last_done(s);
    else
        r = lpn_sim_now(s);
    lpn_sim_free(s);
    return r;
}

void lpn_space_write_jsonl(const struct lpn_space *sp, const int64_t *props, FILE *out)
{
    const struct lpn_model *m = sp->m;
    for (int t = 0; t < sp->ntok; t++) {
        fputs("{\"place\": \"", out);
        fputs(lpn_place_name(m, sp->place), out);
        fputs("\", \"time\": 0, \"props\": {", out);
        for (int p = 0; p < sp->nprops; p++)
            fprintf(out, "%s\"%s\": %lld", p ? ", " : "", lpn_place_prop(m, sp->place, p),
                    (long long)props[(size_t)t * (size_t)sp->nprops + (size_t)p]);
        fputs("}}\n", out);
    }
}
