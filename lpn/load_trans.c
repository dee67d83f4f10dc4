/* load_trans.c — the loader's second half: transitions, their input and
 * output edges (from in:/out: lists and from the top-level edges: list),
 * the capacity places of §3.3 step 4 with their generated edges, and the
 * compilation of every guard, weight, delay and producer expression. */
#include "load.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

static const char *const trans_keys[] = {"in", "out", "delay", "guard", "ii", "inflight", "doc", NULL};
static const char *const in_keys[] = {"place", "weight", "guard", "inhibit", NULL};
static const char *const out_keys[] = {"place", "count", "copy", "props", NULL};
static const char *const edge_in_keys[] = {"from", "to", "weight", "guard", "inhibit", NULL};
static const char *const edge_out_keys[] = {"from", "to", "count", "copy", "props", NULL};

void lpn__load_free_specs(struct lpn_loader *L)
{
    for (int t = 0; L->ts && t < L->nts; t++) {
        free(L->ts[t].in);
        free(L->ts[t].out);
    }
    free(L->ts);
    L->ts = NULL;
}

void lpn__load_trans_declare(struct lpn_loader *L)
{
    const struct sup_ynode *ts = sup_yneed(L->doc, L->root, "transitions", "the LPN model");
    if (!ts || !sup_yexpect(L->doc, ts, SUP_Y_MAP, "transitions"))
        return;
    if (ts->n > LPN_MAX_NAMES) {
        sup_yerror(L->doc, ts, "more than %d transitions", LPN_MAX_NAMES);
        return;
    }
    L->m->trans = lpn__alloc(L->m, (ts->n + 1) * sizeof *L->m->trans);
    L->nts = (int)ts->n + 1;
    L->ts = sup_xcalloc((size_t)L->nts, sizeof *L->ts);
    for (size_t k = 0; k < ts->n; k++) {
        const char *name = lpn__load_ident(L, ts->keys[k], "a transition");
        if (!name)
            continue;
        name = lpn__strdup(L->m, name);
        if (!lpn__load_declare(L, ts->keys[k], name, LPN_NAME_TRANS, L->m->ntrans))
            continue;
        char what[300];
        snprintf(what, sizeof what, "transition '%s'", name);
        const struct sup_ynode *v = ts->items[k];
        if (!sup_yexpect(L->doc, v, SUP_Y_MAP, what))
            continue;
        sup_ycheck_keys(L->doc, v, trans_keys, what);
        struct lpn_transition *t = &L->m->trans[L->m->ntrans];
        t->name = name;
        t->line = ts->keys[k]->line;
        t->col = ts->keys[k]->col;
        L->ts[L->m->ntrans++].node = v;
    }
}

/* ---- edges -------------------------------------------------------------------*/
static void add_edge(struct lpn_tspec *s, bool input, int place, const struct sup_ynode *node, bool is_map)
{
    struct lpn_espec **arr = input ? &s->in : &s->out;
    int *n = input ? &s->nin : &s->nout, *cap = input ? &s->capin : &s->capout;
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 4;
        *arr = sup_xrealloc(*arr, (size_t)*cap * sizeof **arr);
    }
    (*arr)[(*n)++] = (struct lpn_espec){.place = place, .node = node, .is_map = is_map};
}

/* Resolves an endpoint named in transition T's in:/out: list. */
static int list_endpoint(struct lpn_loader *L, const struct sup_ynode *name, int t, bool input)
{
    int kind, idx;
    const char *tn = L->m->trans[t].name;
    if (!name || name->kind != SUP_Y_SCALAR) {
        sup_yerror(L->doc, name, "expected a place name in the %s of transition '%s'", input ? "inputs" : "outputs", tn);
        return -1;
    }
    if (lpn__name_find(L->m, name->str, &kind, &idx) && kind == LPN_NAME_TRANS) {
        if (input)
            sup_yerror(L->doc, name, "edge from transition '%s' to transition '%s': an edge must connect a place and a transition", name->str, tn);
        else
            sup_yerror(L->doc, name, "edge from transition '%s' to transition '%s': an edge must connect a place and a transition", tn, name->str);
        return -1;
    }
    char what[300];
    snprintf(what, sizeof what, "the %s of transition '%s'", input ? "inputs" : "outputs", tn);
    return lpn__load_place_ref(L, name, what);
}

static void list_edges(struct lpn_loader *L, int t, bool input)
{
    const struct sup_ynode *list = sup_yget(L->ts[t].node, input ? "in" : "out");
    if (!list)
        return;
    char what[300];
    snprintf(what, sizeof what, "the %s of transition '%s'", input ? "inputs" : "outputs", L->m->trans[t].name);
    if (list->kind == SUP_Y_SEQ && list->n > LPN_MAX_EDGES) {
        sup_yerror(L->doc, list, "more than %d edges in %s", LPN_MAX_EDGES, what);
        return;
    }
    /* a list of edges, or one edge (a place name or a mapping) on its own */
    size_t n = list->kind == SUP_Y_SEQ ? list->n : 1;
    for (size_t k = 0; k < n; k++) {
        const struct sup_ynode *e = list->kind == SUP_Y_SEQ ? list->items[k] : list;
        if (e->kind == SUP_Y_MAP) {
            if (!sup_ycheck_keys(L->doc, e, input ? in_keys : out_keys, what))
                continue;
            const struct sup_ynode *pn = sup_yneed(L->doc, e, "place", what);
            int p = pn ? list_endpoint(L, pn, t, input) : -1;
            if (p >= 0)
                add_edge(&L->ts[t], input, p, e, true);
        } else {
            int p = list_endpoint(L, e, t, input);
            if (p >= 0)
                add_edge(&L->ts[t], input, p, e, false);
        }
    }
}

/* One entry of the top-level edges: list: [from, to] or {from:, to:, ...}. */
static void top_edge(struct lpn_loader *L, const struct sup_ynode *e, size_t k)
{
    char what[64];
    snprintf(what, sizeof what, "edges entry %zu", k + 1);
    const struct sup_ynode *from, *to;
    if (e->kind == SUP_Y_SEQ) {
        if (e->n != 2) {
            sup_yerror(L->doc, e, "expected [FROM, TO] in %s, found %zu items", what, e->n);
            return;
        }
        from = e->items[0], to = e->items[1];
    } else if (e->kind == SUP_Y_MAP) {
        from = sup_yneed(L->doc, e, "from", what);
        to = sup_yneed(L->doc, e, "to", what);
        if (!from || !to)
            return;
    } else {
        sup_yerror(L->doc, e, "expected [FROM, TO] or a mapping with from: and to: in %s", what);
        return;
    }
    int kf = -1, kt = -1, f = -1, t = -1;
    const struct sup_ynode *ends[2] = {from, to};
    int *kinds[2] = {&kf, &kt}, *idxs[2] = {&f, &t};
    for (int s = 0; s < 2; s++) {
        if (ends[s]->kind != SUP_Y_SCALAR || !lpn__name_find(L->m, ends[s]->str, kinds[s], idxs[s])) {
            sup_yerror(L->doc, ends[s], "unknown place or transition '%s' (in %s)",
                       ends[s]->kind == SUP_Y_SCALAR ? ends[s]->str : "?", what);
            return;
        }
        if (*kinds[s] == LPN_NAME_PARAM) {
            sup_yerror(L->doc, ends[s], "'%s' is a parameter, not a place or transition (in %s)", ends[s]->str, what);
            return;
        }
    }
    if (kf == kt) {
        const char *w = kf == LPN_NAME_PLACE ? "place" : "transition";
        sup_yerror(L->doc, e, "edge from %s '%s' to %s '%s': an edge must connect a place and a transition",
                   w, from->str, w, to->str);
        return;
    }
    bool input = kf == LPN_NAME_PLACE;
    if (e->kind == SUP_Y_MAP && !sup_ycheck_keys(L->doc, e, input ? edge_in_keys : edge_out_keys, what))
        return;
    add_edge(&L->ts[input ? t : f], input, input ? f : t, e, e->kind == SUP_Y_MAP);
}

void lpn__load_edges(struct lpn_loader *L)
{
    for (int t = 0; t < L->m->ntrans; t++) {
        list_edges(L, t, true);
        list_edges(L, t, false);
    }
    const struct sup_ynode *edges = sup_yget(L->root, "edges");
    if (edges && sup_yexpect(L->doc, edges, SUP_Y_SEQ, "edges"))
        for (size_t k = 0; k < edges->n; k++)
            top_edge(L, edges->items[k], k);
}

void lpn__load_capacity(struct lpn_loader *L)
{
    struct lpn_model *m = L->m;
    for (int p = 0; p < L->ndeclared_places; p++) {
        if (!m->places[p].capacity)
            continue;
        int c = m->nplaces++;
        struct lpn_place *cp = &m->places[c], *pl = &m->places[p];
        size_t n = strlen(pl->name) + 5;
        char *name = lpn__alloc(m, n);
        snprintf(name, n, "%s.cap", pl->name);
        cp->name = name;
        cp->line = pl->line;
        cp->col = pl->col;
        cp->props = lpn__alloc(m, sizeof *cp->props);
        cp->resource = true;
        cp->cap_of = p;
        cp->cap_place = -1;
        pl->cap_place = c;
    }
}

/* ---- expressions -------------------------------------------------------------*/
/* Reports reads of token K >= the constant weight W of an input (consume context). */
static bool check_reads(struct lpn_loader *L, const struct lpn_transition *t, const struct lpn_expr *e)
{
    bool ok = true;
    for (uint32_t k = 0; e->code && k < e->ncode; k++) {
        const struct lpn_insn *in = &e->code[k];
        if (in->op != LPN_OP_TOK)
            continue;
        const struct lpn_in *ie = &t->in[in->in];
        if (ie->weight.is_const && in->v >= ie->weight.cval) {
            struct sup_ynode at = {.line = e->iline[k], .col = e->icol[k]};
            ok = sup_yerror(L->doc, &at, "reads token %lld of place '%s', but transition '%s' consumes %lld token%s from it",
                            (long long)in->v, L->m->places[ie->place].name, t->name,
                            (long long)ie->weight.cval, ie->weight.cval == 1 ? "" : "s");
        }
    }
    return ok;
}

static bool compile_int(struct lpn_loader *L, const struct sup_ynode *node, enum lpn_ctx ctx,
                        const struct lpn_transition *t, const char *what, int64_t dflt,
                        bool nonneg, struct lpn_expr *out)
{
    if (!node) {
        char *txt = lpn__alloc(L->m, 24);
        snprintf(txt, 24, "%lld", (long long)dflt);
        lpn__expr_const(out, dflt, txt);
        return true;
    }
    struct lpn_scope sc = {.ctx = ctx, .t = t, .what = what};
    if (!lpn__expr_compile(L->m, L->doc, node, &sc, false, out))
        return false;
    if (nonneg && out->is_const && out->cval < 0)
        return sup_yerror(L->doc, node, "%s is %lld; it must not be negative", what, (long long)out->cval);
    if (ctx != LPN_CTX_PEEK)
        return check_reads(L, t, out);
    return true;
}

static bool compile_bool(struct lpn_loader *L, const struct sup_ynode *node, const struct lpn_transition *t,
                         const char *what, struct lpn_expr *out)
{
    struct lpn_scope sc = {.ctx = LPN_CTX_PEEK, .t = t, .what = what};
    return lpn__expr_compile(L->m, L->doc, node, &sc, true, out);
}

static const struct sup_ynode *opt(const struct lpn_espec *e, const char *key)
{
    return e->is_map ? sup_yget(e->node, key) : NULL;
}

static void build_inputs(struct lpn_loader *L, int ti)
{
    struct lpn_model *m = L->m;
    struct lpn_transition *t = &m->trans[ti];
    struct lpn_tspec *s = &L->ts[ti];
    t->in = lpn__alloc(m, ((size_t)s->nin + (size_t)s->nout + 1) * sizeof *t->in);
    for (int j = 0; j < s->nin; j++) {
        const struct lpn_espec *e = &s->in[j];
        for (int k = 0; k < t->nin; k++)
            if (t->in[k].place == e->place) {
                sup_yerror(L->doc, e->node, "place '%s' is already an input of transition '%s' (line %u)",
                           m->places[e->place].name, t->name, t->in[k].line);
                break;
            }
        struct lpn_in *in = &t->in[t->nin++];
        in->place = e->place;
        in->cap_for = -1;
        in->line = e->node->line;
        in->col = e->node->col;
        in->resource = m->places[e->place].resource;
        const struct sup_ynode *inh = opt(e, "inhibit");
        if (inh)
            sup_ybool(L->doc, inh, &in->inhibit);
        if (in->inhibit && (opt(e, "weight") || opt(e, "guard")))
            sup_yerror(L->doc, opt(e, "weight") ? opt(e, "weight") : opt(e, "guard"),
                       "an inhibitor edge has no weight or guard (it only requires place '%s' to be empty)", m->places[e->place].name);
    }
    /* capacity inputs: one per bounded place the transition writes to */
    for (int j = 0; j < s->nout; j++) {
        int c = m->places[s->out[j].place].cap_place;
        bool seen = false;
        for (int k = 0; k < t->nin; k++)
            seen |= t->in[k].place == c;
        if (c < 0 || seen)
            continue;
        struct lpn_in *in = &t->in[t->nin++];
        in->place = c;
        in->cap_for = s->out[j].place;
        in->resource = true;
        in->line = s->out[j].node->line;
        in->col = s->out[j].node->col;
        lpn__expr_const(&in->weight, 0, "capacity");
    }
}

static void compile_output(struct lpn_loader *L, struct lpn_transition *t, const struct lpn_espec *e, struct lpn_out *o)
{
    struct lpn_model *m = L->m;
    const struct lpn_place *pl = &m->places[e->place];
    char what[400];
    o->place = e->place;
    o->count_from = o->copy_from = -1;
    o->line = e->node->line;
    o->col = e->node->col;
    o->props = lpn__alloc(m, ((size_t)pl->nprops + 1) * sizeof *o->props);
    o->prop_src = lpn__alloc(m, ((size_t)pl->nprops + 1) * sizeof *o->prop_src);
    snprintf(what, sizeof what, "the count of output '%s' of transition '%s'", pl->name, t->name);
    compile_int(L, opt(e, "count"), LPN_CTX_CONSUME, t, what, 1, true, &o->count);
    const struct sup_ynode *cp = opt(e, "copy");
    const struct lpn_place *src = NULL;
    if (cp) {
        if (cp->kind != SUP_Y_SCALAR) {
            sup_yerror(L->doc, cp, "copy: takes the name of an input place");
            return;
        }
        for (int j = 0; j < t->nin; j++)
            if (!t->in[j].inhibit && t->in[j].cap_for < 0 && !strcmp(m->places[t->in[j].place].name, cp->str))
                o->copy_from = j;
        if (o->copy_from < 0) {
            sup_yerror(L->doc, cp, "copy: '%s' is not an input place of transition '%s'", cp->str, t->name);
            return;
        }
        const struct lpn_in *ci = &t->in[o->copy_from];
        src = &m->places[ci->place];
        if (o->count.is_const && ci->weight.is_const && o->count.cval > ci->weight.cval)
            sup_yerror(L->doc, cp, "output '%s' makes %lld tokens copied from '%s', but the transition consumes only %lld",
                       pl->name, (long long)o->count.cval, src->name, (long long)ci->weight.cval);
    }
    const struct sup_ynode *pr = opt(e, "props");
    if (pr && !sup_yexpect(L->doc, pr, SUP_Y_MAP, "props"))
        return;
    for (size_t k = 0; pr && k < pr->n; k++)
        if (lpn_place_prop_find(m, e->place, pr->keys[k]->str) < 0)
            sup_yerror(L->doc, pr->keys[k], "place '%s' has no property '%s'", pl->name, pr->keys[k]->str);
    for (int k = 0; k < pl->nprops; k++) {
        const struct sup_ynode *v = sup_yget(pr, pl->props[k]);
        o->prop_src[k] = -1;
        if (v) {
            snprintf(what, sizeof what, "property '%s' of output '%s' of transition '%s'", pl->props[k], pl->name, t->name);
            struct lpn_scope sc = {.ctx = LPN_CTX_PRODUCE, .t = t, .what = what};
            if (lpn__expr_compile(m, L->doc, v, &sc, false, &o->props[k]))
                check_reads(L, t, &o->props[k]);
            continue;
        }
        for (int j = 0; src && j < src->nprops; j++)
            if (!strcmp(src->props[j], pl->props[k]))
                o->prop_src[k] = j;
        if (o->prop_src[k] < 0)
            sup_yerror(L->doc, e->node, "property '%s' of place '%s' is not set by transition '%s' (give it under props:%s)",
                       pl->props[k], pl->name, t->name, src ? " or copy from an input that has it" : " or use copy:");
    }
}

void lpn__load_trans_compile(struct lpn_loader *L)
{
    struct lpn_model *m = L->m;
    for (int ti = 0; ti < m->ntrans; ti++) {
        struct lpn_transition *t = &m->trans[ti];
        struct lpn_tspec *s = &L->ts[ti];
        char what[400];
        build_inputs(L, ti);
        int ordinary = 0;
        for (int j = 0; j < t->nin; j++)
            ordinary += !t->in[j].inhibit && t->in[j].cap_for < 0;
        if (!ordinary)
            sup_yerror(L->doc, s->node, "transition '%s' has no input place (it could fire forever)", t->name);
        for (int j = 0; j < s->nin; j++) {
            struct lpn_in *in = &t->in[j];
            const char *pn = m->places[in->place].name;
            snprintf(what, sizeof what, "the weight of input '%s' of transition '%s'", pn, t->name);
            compile_int(L, opt(&s->in[j], "weight"), LPN_CTX_PEEK, t, what, 1, true, &in->weight);
            const struct sup_ynode *g = opt(&s->in[j], "guard");
            if (g) {
                snprintf(what, sizeof what, "the guard of input '%s' of transition '%s'", pn, t->name);
                in->has_guard = compile_bool(L, g, t, what, &in->guard);
            }
        }
        const struct sup_ynode *g = sup_yget(s->node, "guard");
        if (g) {
            snprintf(what, sizeof what, "the guard of transition '%s'", t->name);
            t->has_guard = compile_bool(L, g, t, what, &t->guard);
        }
        snprintf(what, sizeof what, "the delay of transition '%s'", t->name);
        compile_int(L, sup_yget(s->node, "delay"), LPN_CTX_CONSUME, t, what, 0, true, &t->delay);
        const struct sup_ynode *ii = sup_yget(s->node, "ii"), *inf = sup_yget(s->node, "inflight");
        struct lpn_expr e;
        int64_t v;
        uint32_t pc;
        snprintf(what, sizeof what, "the initiation interval of transition '%s'", t->name);
        if (ii && compile_int(L, ii, LPN_CTX_PARAM, t, what, 0, false, &e) && lpn__eval_simple(&e, 0, &v, &pc) == 0) {
            if (v < 1)
                sup_yerror(L->doc, ii, "%s is %lld; it must be at least 1", what, (long long)v);
            t->ii = v;
        }
        t->inflight = ii ? LPN_MAX_INFLIGHT : 1;
        snprintf(what, sizeof what, "the firings in flight of transition '%s'", t->name);
        if (inf && compile_int(L, inf, LPN_CTX_PARAM, t, what, 0, false, &e) && lpn__eval_simple(&e, 0, &v, &pc) == 0) {
            if (v < 1 || v > LPN_MAX_INFLIGHT)
                sup_yerror(L->doc, inf, "%s is %lld; expected 1 to %d", what, (long long)v, LPN_MAX_INFLIGHT);
            t->inflight = v;
        }
        /* outputs: the written ones, then one capacity return per bounded input */
        int ncapout = 0;
        for (int j = 0; j < t->nin; j++)
            ncapout += !t->in[j].inhibit && m->places[t->in[j].place].cap_place >= 0;
        t->out = lpn__alloc(m, ((size_t)s->nout + (size_t)ncapout + 1) * sizeof *t->out);
        for (int j = 0; j < s->nout; j++)
            compile_output(L, t, &s->out[j], &t->out[t->nout++]);
        for (int j = 0; j < t->nin; j++) {
            int c = m->places[t->in[j].place].cap_place;
            if (t->in[j].inhibit || c < 0)
                continue;
            struct lpn_out *o = &t->out[t->nout++];
            o->place = c;
            o->count_from = j;
            o->copy_from = -1;
            o->line = t->in[j].line;
            o->col = t->in[j].col;
            lpn__expr_const(&o->count, 0, "capacity");
        }
    }
}

/* ---- finishing ---------------------------------------------------------------*/
void lpn__load_finish_trans(struct lpn_loader *L)
{
    struct lpn_model *m = L->m;
    /* reader/writer lists, built in two passes to stay linear */
    int *nr = sup_xcalloc((size_t)m->nplaces + 1, sizeof *nr), *ni = sup_xcalloc((size_t)m->nplaces + 1, sizeof *ni),
        *nw = sup_xcalloc((size_t)m->nplaces + 1, sizeof *nw);
    for (int ti = 0; ti < m->ntrans; ti++) {
        struct lpn_transition *t = &m->trans[ti];
        for (int j = 0; j < t->nin; j++)
            (t->in[j].inhibit ? ni : nr)[t->in[j].place]++;
        for (int j = 0; j < t->nout; j++)
            nw[t->out[j].place]++;
    }
    for (int p = 0; p < m->nplaces; p++) {
        struct lpn_place *pl = &m->places[p];
        pl->readers = lpn__alloc(m, ((size_t)nr[p] + 1) * sizeof(int));
        pl->inhibited = lpn__alloc(m, ((size_t)ni[p] + 1) * sizeof(int));
        pl->writers = lpn__alloc(m, ((size_t)nw[p] + 1) * sizeof(int));
        if (pl->nprops > m->maxprops)
            m->maxprops = pl->nprops;
    }
    free(nr);
    free(ni);
    free(nw);
    for (int ti = 0; ti < m->ntrans; ti++) {
        struct lpn_transition *t = &m->trans[ti];
        for (int j = 0; j < t->nin; j++) {
            struct lpn_place *pl = &m->places[t->in[j].place];
            if (t->in[j].inhibit)
                pl->inhibited[pl->ninhibited++] = ti;
            else if (!pl->nreaders || pl->readers[pl->nreaders - 1] != ti)
                pl->readers[pl->nreaders++] = ti;
        }
        for (int j = 0; j < t->nout; j++) {
            struct lpn_place *pl = &m->places[t->out[j].place];
            if (!pl->nwriters || pl->writers[pl->nwriters - 1] != ti)
                pl->writers[pl->nwriters++] = ti;
        }
        /* enabling order: ordinary inputs, user resources, capacity places */
        t->order = lpn__alloc(m, ((size_t)t->nin + 1) * sizeof *t->order);
        for (int pass = 0; pass < 3; pass++) {
            for (int j = 0; j < t->nin; j++) {
                const struct lpn_in *in = &t->in[j];
                int cls = in->inhibit ? -1 : in->cap_for >= 0 ? 2 : in->resource ? 1 : 0;
                if (cls == pass)
                    t->order[t->nnormal++] = j;
            }
            if (pass == 0)
                t->nreal = t->nnormal;
            if (pass == 1)
                t->nuser = t->nnormal;
        }
        /* capacity weights are constant when every count into the place is */
        t->fast = !t->has_guard;
        for (int j = 0; j < t->nin; j++) {
            struct lpn_in *in = &t->in[j];
            if (in->cap_for >= 0) {
                bool all_const = true;
                int64_t sum = 0;
                for (int k = 0; k < t->nout; k++)
                    if (t->out[k].place == in->cap_for) {
                        all_const &= t->out[k].count.is_const;
                        sum = lpn__add(sum, t->out[k].count.cval);
                    }
                if (all_const)
                    lpn__expr_const(&in->weight, sum, "capacity");
                else
                    in->weight.is_const = false;
            }
            t->fast &= !in->inhibit && !in->has_guard && in->weight.is_const;
        }
        if (t->nin > m->maxin)
            m->maxin = t->nin;
    }
    for (int ti = 0; ti < m->ntrans; ti++) {   /* readers are known now */
        struct lpn_transition *t = &m->trans[ti];
        t->rin = lpn__alloc(m, ((size_t)t->nin + 1) * sizeof *t->rin);
        for (int j = 0; j < t->nin; j++) {
            t->rin[j].place = t->in[j].place;
            t->rin[j].shared = m->places[t->in[j].place].nreaders > 1;
            t->rin[j].w = t->in[j].weight.is_const ? t->in[j].weight.cval : 0;
        }
    }
}
