/* load.c — the YAML loader of LPN models (FORMAT.md): the document, its
 * parameters (with overrides), token types, places, start/done and the
 * initial/generated tokens. Transitions and edges are in load_trans.c.
 * Every mistake is reported as "file:line:col: error: ..." and loading goes
 * on to report as many as it can. */
#include "load.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static const char *const root_keys[] = {"lpn", "name", "doc", "params", "types", "places", "start",
                                        "done", "transitions", "edges", "initial", "generate", NULL};

/* ---- names -------------------------------------------------------------------*/
static const char *kind_word(int kind)
{
    return kind == LPN_NAME_PLACE ? "a place" : kind == LPN_NAME_TRANS ? "a transition" : "a parameter";
}

static bool ident_ok(const char *s)
{
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
        return false;
    for (s++; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return false;
    return true;
}

const char *lpn__load_ident(struct lpn_loader *L, const struct sup_ynode *node, const char *what)
{
    if (!node || node->kind != SUP_Y_SCALAR) {
        sup_yerror(L->doc, node, "expected a name for %s", what);
        return NULL;
    }
    const char *s = node->str;
    if (strlen(s) != node->len || node->len > 200 || !ident_ok(s)) {
        sup_yerror(L->doc, node, "'%s' is not a valid name for %s (use letters, digits and '_', not starting with a digit)", s, what);
        return NULL;
    }
    if (!strcmp(s, "i") || !strcmp(s, "true") || !strcmp(s, "false")) {
        sup_yerror(L->doc, node, "'%s' is reserved and cannot name %s", s, what);
        return NULL;
    }
    return s;
}

/* Declares NAME (a string owned by the model, from NODE) in the shared namespace. */
bool lpn__load_declare(struct lpn_loader *L, const struct sup_ynode *node, const char *name, int kind, int idx)
{
    int k0, i0;
    if (lpn__name_find(L->m, name, &k0, &i0)) {
        sup_yerror(L->doc, node, "'%s' is already declared as %s", name, kind_word(k0));
        return false;
    }
    lpn__name_add(L->m, name, kind, idx);
    return true;
}

int lpn__load_place_ref(struct lpn_loader *L, const struct sup_ynode *node, const char *what)
{
    if (!node || node->kind != SUP_Y_SCALAR) {
        sup_yerror(L->doc, node, "expected a place name for %s", what);
        return -1;
    }
    int kind, idx;
    if (!lpn__name_find(L->m, node->str, &kind, &idx)) {
        sup_yerror(L->doc, node, "unknown place '%s' (in %s)", node->str, what);
        return -1;
    }
    if (kind != LPN_NAME_PLACE) {
        sup_yerror(L->doc, node, "'%s' is %s, not a place (in %s)", node->str, kind_word(kind), what);
        return -1;
    }
    return idx;
}

/* Compiles NODE in parameter context and evaluates it; reports range errors. */
static bool param_expr(struct lpn_loader *L, const struct sup_ynode *node, const char *what,
                       int64_t lo, int64_t hi, int64_t *out)
{
    struct lpn_scope sc = {.ctx = LPN_CTX_PARAM, .what = what};
    struct lpn_expr e;
    if (!lpn__expr_compile(L->m, L->doc, node, &sc, false, &e))
        return false;
    uint32_t pc = 0;
    if (lpn__eval_simple(&e, 0, out, &pc) != 0)
        return sup_yerror(L->doc, node, "%s (in %s)", lpn__eval_errmsg(&e, pc), what);
    if (*out < lo || *out > hi)
        return sup_yerror(L->doc, node, "%s is %lld, expected %lld to %lld", what, (long long)*out, (long long)lo, (long long)hi);
    return true;
}

/* ---- parameters --------------------------------------------------------------*/
static void load_params(struct lpn_loader *L)
{
    const struct sup_ynode *ps = sup_yget(L->root, "params");
    bool *used = sup_xcalloc(L->nov + 1, sizeof *used);
    if (ps && sup_yexpect(L->doc, ps, SUP_Y_MAP, "params")) {
        L->m->params = lpn__alloc(L->m, (ps->n + 1) * sizeof *L->m->params);
        for (size_t k = 0; k < ps->n; k++) {
            const char *name = lpn__load_ident(L, ps->keys[k], "a parameter");
            if (!name)
                continue;
            char what[300];
            snprintf(what, sizeof what, "parameter '%s'", name);
            int64_t v = 0;
            bool ok = param_expr(L, ps->items[k], what, INT64_MIN, INT64_MAX, &v);
            for (size_t o = 0; o < L->nov; o++)
                if (strcmp(L->ov[o].name, name) == 0) {
                    v = L->ov[o].value;
                    used[o] = true;
                }
            const char *copy = lpn__strdup(L->m, name);
            if (!ok || !lpn__load_declare(L, ps->keys[k], copy, LPN_NAME_PARAM, L->m->nparams))
                continue;
            struct lpn_pval *pv = &L->m->params[L->m->nparams++];
            pv->name = copy;
            pv->value = v;
        }
    }
    for (size_t o = 0; o < L->nov; o++)
        if (!used[o]) {
            sup_diag(L->doc->diag, L->doc->path, 0, 0, "error", "unknown parameter '%s' (set with an override; the model declares %s)",
                     L->ov[o].name, L->m->nparams ? "other parameters under params:" : "no parameters");
            L->doc->errors++;
        }
    free(used);
}

/* ---- types and places --------------------------------------------------------*/
/* Reads a list of property names into the place. */
static bool load_props(struct lpn_loader *L, const struct sup_ynode *list, struct lpn_place *pl, const char *what)
{
    if (!sup_yexpect(L->doc, list, SUP_Y_SEQ, what))
        return false;
    if (list->n > LPN_MAX_PROPS)
        return sup_yerror(L->doc, list, "more than %d properties in %s", LPN_MAX_PROPS, what);
    pl->props = lpn__alloc(L->m, (list->n + 1) * sizeof *pl->props);
    pl->nprops = 0;
    for (size_t k = 0; k < list->n; k++) {
        const char *p = lpn__load_ident(L, list->items[k], "a property");
        if (!p)
            return false;
        for (int j = 0; j < pl->nprops; j++)
            if (!strcmp(pl->props[j], p))
                return sup_yerror(L->doc, list->items[k], "property '%s' is listed twice in %s", p, what);
        pl->props[pl->nprops++] = lpn__strdup(L->m, p);
    }
    return true;
}

static void load_places(struct lpn_loader *L)
{
    static const char *const place_keys[] = {"type", "props", "capacity", "resource", "doc", NULL};
    const struct sup_ynode *types = sup_yget(L->root, "types");
    if (types && !sup_yexpect(L->doc, types, SUP_Y_MAP, "types"))
        types = NULL;
    if (types)
        for (size_t k = 0; k < types->n; k++)
            if (lpn__load_ident(L, types->keys[k], "a type")) {
                struct lpn_place tmp = {0};
                char what[300];
                snprintf(what, sizeof what, "type '%s'", types->keys[k]->str);
                load_props(L, types->items[k], &tmp, what);
            }
    const struct sup_ynode *ps = sup_yneed(L->doc, L->root, "places", "the LPN model");
    if (!ps || !sup_yexpect(L->doc, ps, SUP_Y_MAP, "places"))
        return;
    if (ps->n > LPN_MAX_NAMES) {
        sup_yerror(L->doc, ps, "more than %d places", LPN_MAX_NAMES);
        return;
    }
    /* room for one capacity place per declared place */
    L->m->places = lpn__alloc(L->m, (2 * ps->n + 1) * sizeof *L->m->places);
    for (size_t k = 0; k < ps->n; k++) {
        const char *name = lpn__load_ident(L, ps->keys[k], "a place");
        if (!name)
            continue;
        name = lpn__strdup(L->m, name);
        if (!lpn__load_declare(L, ps->keys[k], name, LPN_NAME_PLACE, L->m->nplaces))
            continue;
        struct lpn_place *pl = &L->m->places[L->m->nplaces++];
        pl->name = name;
        pl->line = ps->keys[k]->line;
        pl->col = ps->keys[k]->col;
        pl->cap_place = pl->cap_of = -1;
        pl->props = lpn__alloc(L->m, sizeof *pl->props);
        const struct sup_ynode *v = ps->items[k];
        if (v->kind == SUP_Y_SCALAR && (v->len == 0 || !strcmp(v->str, "~") || !strcmp(v->str, "null")) && !v->quoted)
            continue;
        char what[300];
        snprintf(what, sizeof what, "place '%s'", name);
        if (!sup_yexpect(L->doc, v, SUP_Y_MAP, what))
            continue;
        sup_ycheck_keys(L->doc, v, place_keys, what);
        const struct sup_ynode *ty = sup_yget(v, "type"), *pr = sup_yget(v, "props");
        if (ty && pr) {
            sup_yerror(L->doc, pr, "place '%s' has both type: and props:; give one", name);
        } else if (ty) {
            const struct sup_ynode *def = types ? sup_yget(types, ty->str) : NULL;
            if (ty->kind != SUP_Y_SCALAR || !def)
                sup_yerror(L->doc, ty, "unknown type '%s' (declare it under types:)", ty->kind == SUP_Y_SCALAR ? ty->str : "?");
            else
                load_props(L, def, pl, what);
        } else if (pr) {
            load_props(L, pr, pl, what);
        }
        const struct sup_ynode *cap = sup_yget(v, "capacity");
        if (cap) {
            snprintf(what, sizeof what, "the capacity of place '%s'", name);
            param_expr(L, cap, what, 1, INT64_MAX / 4, &pl->capacity);
        }
        const struct sup_ynode *res = sup_yget(v, "resource");
        if (res)
            sup_ybool(L->doc, res, &pl->resource);
        if (pl->resource && cap)
            sup_yerror(L->doc, cap, "resource place '%s' cannot have a capacity", name);
    }
    L->ndeclared_places = L->m->nplaces;
}

static void load_start_done(struct lpn_loader *L)
{
    const struct sup_ynode *s = sup_yget(L->root, "start"), *d = sup_yget(L->root, "done");
    if (s)
        L->m->start = lpn__load_place_ref(L, s, "start:");
    if (d)
        L->m->done = lpn__load_place_ref(L, d, "done:");
    if (L->m->start >= 0 && L->m->places[L->m->start].capacity)
        sup_yerror(L->doc, s, "the start place '%s' cannot have a capacity (injected tokens do not take capacity tokens)",
                   L->m->places[L->m->start].name);
}

/* ---- initial and generated tokens --------------------------------------------*/
static void load_tokens(struct lpn_loader *L, const char *key, bool generator)
{
    static const char *const init_keys[] = {"place", "count", "props", NULL};
    static const char *const gen_keys[] = {"place", "count", "props", "at", NULL};
    const struct sup_ynode *list = sup_yget(L->root, key);
    if (!list || !sup_yexpect(L->doc, list, SUP_Y_SEQ, key))
        return;
    struct lpn_tokgen *gens = lpn__alloc(L->m, (size_t)(L->m->ngens + (int)list->n + 1) * sizeof *gens);
    if (L->m->ngens)
        memcpy(gens, L->m->gens, (size_t)L->m->ngens * sizeof *gens);
    L->m->gens = gens;
    for (size_t k = 0; k < list->n; k++) {
        const struct sup_ynode *e = list->items[k];
        char what[300];
        snprintf(what, sizeof what, "%s entry %zu", key, k + 1);
        if (!sup_yexpect(L->doc, e, SUP_Y_MAP, what) || !sup_ycheck_keys(L->doc, e, generator ? gen_keys : init_keys, what))
            continue;
        const struct sup_ynode *pn = sup_yget(e, "place");
        int place = pn ? lpn__load_place_ref(L, pn, what) : L->m->start;
        if (!pn && place < 0) {
            sup_yerror(L->doc, e, "missing key 'place' in %s (and the model has no start place)", what);
            continue;
        }
        if (place < 0)
            continue;
        struct lpn_place *pl = &L->m->places[place];
        struct lpn_tokgen *g = &L->m->gens[L->m->ngens];
        memset(g, 0, sizeof *g);
        g->place = place;
        g->generator = generator;
        g->line = e->line;
        g->col = e->col;
        g->count = 1;
        const struct sup_ynode *cn = sup_yget(e, "count");
        char cwhat[340];
        snprintf(cwhat, sizeof cwhat, "the count of %s", what);
        if (cn && !param_expr(L, cn, cwhat, 0, LPN_MAX_INITIAL, &g->count))
            continue;
        if (generator && pl->capacity) {
            sup_yerror(L->doc, pn ? pn : e, "place '%s' has a capacity: generated tokens cannot be put into it (put them in an unbounded place first)", pl->name);
            continue;
        }
        struct lpn_scope sc = {.ctx = LPN_CTX_GEN, .what = what};
        lpn__expr_const(&g->at, 0, "0");
        const struct sup_ynode *at = sup_yget(e, "at");
        if (at && !lpn__expr_compile(L->m, L->doc, at, &sc, false, &g->at))
            continue;
        g->props = lpn__alloc(L->m, ((size_t)pl->nprops + 1) * sizeof *g->props);
        const struct sup_ynode *pr = sup_yget(e, "props");
        if (pr && !sup_yexpect(L->doc, pr, SUP_Y_MAP, "props"))
            continue;
        bool ok = true;
        for (size_t j = 0; pr && j < pr->n; j++)
            if (lpn_place_prop_find(L->m, place, pr->keys[j]->str) < 0)
                ok = sup_yerror(L->doc, pr->keys[j], "place '%s' has no property '%s'", pl->name, pr->keys[j]->str);
        for (int j = 0; j < pl->nprops; j++) {
            const struct sup_ynode *v = sup_yget(pr, pl->props[j]);
            if (!v) {
                ok = sup_yerror(L->doc, pr ? pr : e, "property '%s' of place '%s' is not given (in %s)", pl->props[j], pl->name, what);
                continue;
            }
            char pwhat[400];
            snprintf(pwhat, sizeof pwhat, "property '%s' of %s", pl->props[j], what);
            sc.what = pwhat;
            ok &= lpn__expr_compile(L->m, L->doc, v, &sc, false, &g->props[j]);
        }
        if (!ok)
            continue;
        if (!generator) {
            pl->initial += g->count;
            if (pl->capacity && pl->initial > pl->capacity) {
                sup_yerror(L->doc, cn ? cn : e, "place '%s' would hold %lld initial tokens but has a capacity of %lld",
                           pl->name, (long long)pl->initial, (long long)pl->capacity);
                continue;
            }
        }
        L->m->ngens++;
    }
}

/* Capacity places start with the capacity minus the place's initial tokens. */
static void capacity_initial(struct lpn_loader *L)
{
    for (int p = 0; p < L->ndeclared_places; p++) {
        struct lpn_place *pl = &L->m->places[p];
        if (pl->cap_place < 0)
            continue;
        L->m->places[pl->cap_place].initial = pl->capacity - pl->initial;
    }
}

static struct lpn_model *load_doc(struct sup_ydoc *doc, const struct lpn_param *ov, size_t nov)
{
    struct lpn_loader L = {.m = lpn__model_new(doc->path), .doc = doc, .root = doc->root, .ov = ov, .nov = nov};
    if (!sup_yexpect(doc, doc->root, SUP_Y_MAP, "the LPN model"))
        goto fail;
    sup_ycheck_keys(doc, L.root, root_keys, "the LPN model");
    const struct sup_ynode *ver = sup_yneed(doc, L.root, "lpn", "the LPN model (the format version, lpn: 1)");
    int64_t v;
    if (ver && sup_yint(doc, ver, INT64_MIN, INT64_MAX, &v) && v != 1)
        sup_yerror(doc, ver, "unsupported format version %lld (this lpn reads version 1)", (long long)v);
    const struct sup_ynode *name = sup_yget(L.root, "name");
    if (name && sup_ystr(doc, name))
        L.m->name = lpn__strdup(L.m, name->str);
    load_params(&L);
    load_places(&L);
    lpn__load_trans_declare(&L);
    load_start_done(&L);
    if (doc->errors)
        goto fail;
    lpn__load_edges(&L);
    if (doc->errors)
        goto fail;
    lpn__load_capacity(&L);
    lpn__load_trans_compile(&L);
    load_tokens(&L, "initial", false);
    load_tokens(&L, "generate", true);
    if (doc->errors)
        goto fail;
    capacity_initial(&L);
    lpn__load_finish_trans(&L);
    if (doc->errors)
        goto fail;
    lpn__load_free_specs(&L);
    return L.m;
fail:
    lpn__load_free_specs(&L);
    lpn_model_free(L.m);
    return NULL;
}

struct lpn_model *lpn_load_string(const char *name, const char *text, size_t len,
                                  const struct lpn_param *overrides, size_t noverrides, FILE *diag)
{
    struct sup_ydoc *doc = sup_yaml_load_string(name, text, len, diag);
    if (!doc)
        return NULL;
    struct lpn_model *m = load_doc(doc, overrides, noverrides);
    sup_yaml_free(doc);
    return m;
}

struct lpn_model *lpn_load_file(const char *path, const struct lpn_param *overrides,
                                size_t noverrides, FILE *diag)
{
    struct sup_ydoc *doc = sup_yaml_load_file(path, diag);
    if (!doc)
        return NULL;
    struct lpn_model *m = load_doc(doc, overrides, noverrides);
    sup_yaml_free(doc);
    return m;
}
