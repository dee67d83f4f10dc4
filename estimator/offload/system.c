/* system.c — loads and checks a system file (system.h, SYSTEM.md). */
#define _POSIX_C_SOURCE 200809L
#include "system.h"
#include "lpn.h"
#include "support.h"
#include "yamltree.h"

#include <stdlib.h>
#include <string.h>

/* PATH relative to the directory of BASE (unless absolute). */
static char *relative_to(const char *base, const char *path)
{
    if (path[0] == '/')
        return sup_strdup(path);
    const char *slash = strrchr(base, '/');
    if (!slash)
        return sup_strdup(path);
    size_t n = (size_t)(slash - base) + 1;
    char *out = sup_xmalloc(n + strlen(path) + 1);
    memcpy(out, base, n);
    strcpy(out + n, path);
    return out;
}

/* An expression from a scalar node (numbers are expressions too). */
static struct oexpr *expr_of(struct sup_ydoc *doc, const struct sup_ynode *n, unsigned allowed, const char *what)
{
    if (!sup_yexpect(doc, n, SUP_Y_SCALAR, what))
        return NULL;
    if (!n->str[0]) {
        sup_yerror(doc, n, "empty expression (%s)", what);
        return NULL;
    }
    struct oexpr *e = oexpr_compile(n->str, allowed, doc->path, n->line, n->col + (n->quoted ? 1 : 0), doc->diag);
    if (!e)
        doc->errors++;
    return e;
}

/* Prints the model's messages in TEXT as notes below an error of ours. */
static void as_notes(FILE *diag, const char *text)
{
    for (const char *l = text; diag && *l;) {
        size_t n = strcspn(l, "\n");
        const char *e = strstr(l, ": error: ");
        if (e && e < l + n)
            fprintf(diag, "%.*s: note: %.*s\n", (int)(e - l), l, (int)(l + n - e - 9), e + 9);
        else
            fprintf(diag, "%.*s\n", (int)n, l);
        l += n + (l[n] ? 1 : 0);
    }
}

/* The model at PATH with the parameter overrides of PN (PARAMS[0..NP)),
 * or NULL after a message. When the model is valid without them, the
 * error is put on the override that makes it invalid (the model's own
 * messages follow as notes), not on the model's lines alone. */
static struct lpn_model *load_with_params(struct sup_ydoc *doc, const struct sup_ynode *mn, const struct sup_ynode *pn,
                                          const char *path, const struct lpn_param *params, size_t np)
{
    char *text = NULL;
    size_t len = 0;
    FILE *cap = np ? open_memstream(&text, &len) : NULL;
    struct lpn_model *model = lpn_load_file(path, params, np, cap ? cap : doc->diag);
    if (cap)
        fclose(cap);
    if (model) {
        free(text);
        return model;
    }
    struct lpn_model *plain = text ? lpn_load_file(path, NULL, 0, NULL) : NULL;
    if (!plain) {
        if (text)
            fputs(text, doc->diag);
        sup_yerror(doc, mn, "cannot use the model '%s' (see above)", path);
        free(text);
        return NULL;
    }
    lpn_model_free(plain);
    size_t bad = 0;
    for (; bad < np; bad++) {
        struct lpn_model *one = lpn_load_file(path, &params[bad], 1, NULL);
        lpn_model_free(one);
        if (!one)
            break;
    }
    if (bad < np)
        sup_yerror(doc, pn->items[bad], "parameter %s = %lld makes the model '%s' invalid:", params[bad].name,
                   (long long)params[bad].value, path);
    else
        sup_yerror(doc, pn, "these parameters together make the model '%s' invalid:", path);
    as_notes(doc->diag, text);
    free(text);
    return NULL;
}

static bool load_model(struct sup_ydoc *doc, const struct sup_ynode *map, struct sys_model *m, const char *what)
{
    static const char *const keys[] = {"model", "params", "clock_mhz", "interconnect", NULL};
    if (!sup_yexpect(doc, map, SUP_Y_MAP, what) || !sup_ycheck_keys(doc, map, keys, what))
        return false;
    const struct sup_ynode *mn = sup_yneed(doc, map, "model", what);
    const char *mp = mn ? sup_ystr(doc, mn) : NULL;
    if (!mp)
        return false;
    m->path = relative_to(doc->path, mp);
    const struct sup_ynode *cn = sup_yget(map, "clock_mhz");
    if (cn) {
        double mhz;
        if (!sup_ydouble(doc, cn, &mhz))
            return false;
        if (!(mhz > 0 && mhz < 1e6))
            return sup_yerror(doc, cn, "clock_mhz must be positive (MHz)");
        m->clock_hz = mhz * 1e6;
    }
    struct lpn_param *params = NULL;
    size_t np = 0;
    const struct sup_ynode *pn = sup_yget(map, "params");
    bool ok = true;
    if (pn) {
        if (!sup_yexpect(doc, pn, SUP_Y_MAP, "params (a mapping of parameter: integer)"))
            return false;
        params = sup_xcalloc(pn->n + 1, sizeof *params);
        for (size_t i = 0; i < pn->n; i++) {
            int64_t v;
            if (!sup_yint(doc, pn->items[i], INT64_MIN, INT64_MAX, &v)) {
                ok = false;
                continue;
            }
            params[np].name = pn->keys[i]->str;
            params[np++].value = v;
        }
    }
    if (ok && !(m->model = load_with_params(doc, mn, pn, m->path, params, np)))
        ok = false;
    free(params);
    return ok;
}

static bool load_accel(struct sup_ydoc *doc, const struct sup_ynode *key, const struct sup_ynode *val, struct sys_accel *a)
{
    a->name = sup_strdup(key->str);
    a->line = key->line;
    a->col = key->col;
    char what[160];
    snprintf(what, sizeof what, "accelerator '%s'", a->name);
    if (!load_model(doc, val, &a->lpn, what))
        return false;
    if (lpn_start_place(a->lpn.model) < 0 || lpn_done_place(a->lpn.model) < 0)
        return sup_yerror(doc, sup_yget(val, "model"),
                          "the model of accelerator '%s' needs a `start:` and a `done:` place to take calls", a->name);
    const struct sup_ynode *in = sup_yget(val, "interconnect");
    if (in) {
        snprintf(what, sizeof what, "the interconnect of accelerator '%s'", a->name);
        if (sup_yget(in, "interconnect"))
            return sup_yerror(doc, sup_yget(in, "interconnect"), "an interconnect cannot have an interconnect");
        a->has_ic = true;
        if (!load_model(doc, in, &a->ic, what))
            return false;
        if (!a->ic.clock_hz)
            a->ic.clock_hz = a->lpn.clock_hz;
        if (lpn_start_place(a->ic.model) < 0 || lpn_done_place(a->ic.model) < 0)
            return sup_yerror(doc, sup_yget(in, "model"), "an interconnect model needs a `start:` and a `done:` place");
    }
    return true;
}

static bool load_tokens(struct sup_ydoc *doc, const struct sup_ynode *item, const struct lpn_model *m, struct sys_tokens *t)
{
    static const char *const keys[] = {"place", "count", "props", NULL};
    const char *what = "a token entry ({place, count, props})";
    if (!sup_yexpect(doc, item, SUP_Y_MAP, what) || !sup_ycheck_keys(doc, item, keys, what))
        return false;
    t->line = item->line;
    t->col = item->col;
    const struct sup_ynode *pn = sup_yget(item, "place");
    t->place_index = lpn_start_place(m);
    if (pn) {
        const char *name = sup_ystr(doc, pn);
        if (!name)
            return false;
        t->place = sup_strdup(name);
        t->place_index = lpn_place_find(m, name);
        if (t->place_index < 0)
            return sup_yerror(doc, pn, "model '%s' has no place '%s'", lpn_model_name(m), name);
        if (lpn_place_is_resource(m, t->place_index) || lpn_place_capacity(m, t->place_index))
            return sup_yerror(doc, pn, "place '%s' is bounded: tokens cannot be put into it from outside", name);
    }
    const struct sup_ynode *cn = sup_yget(item, "count");
    if (cn && !(t->count = expr_of(doc, cn, OEXPR_ARGS, "count")))
        return false;
    int place = t->place_index;
    int np = lpn_place_nprops(m, place);
    const struct sup_ynode *props = sup_yget(item, "props");
    if (props && !sup_yexpect(doc, props, SUP_Y_MAP, "props (a mapping of property: expression)"))
        return false;
    t->nprops = (size_t)np;
    t->prop = sup_xcalloc((size_t)np + 1, sizeof *t->prop);
    t->value = sup_xcalloc((size_t)np + 1, sizeof *t->value);
    bool ok = true;
    for (int k = 0; k < np; k++) {
        const char *pname = lpn_place_prop(m, place, k);
        t->prop[k] = sup_strdup(pname);
        const struct sup_ynode *v = props ? sup_yget(props, pname) : NULL;
        if (!v) {
            ok = sup_yerror(doc, props ? props : item, "missing property '%s' of place '%s' (its tokens have: %s%s)",
                            pname, lpn_place_name(m, place), pname, np > 1 ? ", ..." : "");
            continue;
        }
        if (!(t->value[k] = expr_of(doc, v, OEXPR_ARGS | OEXPR_I, "a token property")))
            ok = false;
    }
    for (size_t i = 0; props && i < props->n; i++)
        if (lpn_place_prop_find(m, place, props->keys[i]->str) < 0)
            ok = sup_yerror(doc, props->keys[i], "place '%s' has no property '%s'", lpn_place_name(m, place),
                            props->keys[i]->str);
    return ok;
}

static bool load_offload(struct sup_ydoc *doc, const struct sup_ynode *item, struct offload_system *s, struct sys_offload *o)
{
    static const char *const keys[] = {"function", "accel", "tokens", "invoke_cycles", "done_tokens", "mode", "wait", NULL};
    const char *what = "an offload";
    if (!sup_yexpect(doc, item, SUP_Y_MAP, what) || !sup_ycheck_keys(doc, item, keys, what))
        return false;
    o->line = item->line;
    o->col = item->col;
    const struct sup_ynode *fn = sup_yneed(doc, item, "function", what), *an = sup_yneed(doc, item, "accel", what),
                          *tn = sup_yneed(doc, item, "tokens", what);
    const char *f = fn ? sup_ystr(doc, fn) : NULL, *a = an ? sup_ystr(doc, an) : NULL;
    if (!f || !a || !tn)
        return false;
    o->function = sup_strdup(f);
    o->accel = s->naccels;
    for (size_t i = 0; i < s->naccels; i++)
        if (!strcmp(s->accels[i].name, a))
            o->accel = i;
    if (o->accel == s->naccels)
        return sup_yerror(doc, an, "no accelerator '%s' in this file", a);
    const struct lpn_model *m = s->accels[o->accel].lpn.model;
    bool ok = true;
    if (tn->kind == SUP_Y_SCALAR) {
        o->token_fn = sup_strdup(tn->str);
    } else if (tn->kind == SUP_Y_SEQ) {
        o->specs = sup_xcalloc(tn->n + 1, sizeof *o->specs);
        for (size_t i = 0; i < tn->n; i++, o->nspecs++)
            if (!load_tokens(doc, tn->items[i], m, &o->specs[i]))
                ok = false;
    } else {
        return sup_yerror(doc, tn, "tokens: expected the name of a token function or a list of {place, count, props}");
    }
    const struct sup_ynode *n;
    if ((n = sup_yget(item, "invoke_cycles")) && !(o->invoke = expr_of(doc, n, OEXPR_ARGS, "invoke_cycles")))
        ok = false;
    if ((n = sup_yget(item, "done_tokens")) && !(o->done = expr_of(doc, n, OEXPR_ARGS | OEXPR_TOKENS, "done_tokens")))
        ok = false;
    if ((n = sup_yget(item, "mode"))) {
        const char *mode = sup_ystr(doc, n);
        if (mode && !strcmp(mode, "async"))
            o->async = true;
        else if (!mode || strcmp(mode, "sync"))
            ok = sup_yerror(doc, n, "mode: expected sync or async");
    }
    if ((n = sup_yget(item, "wait"))) {
        const char *w = sup_ystr(doc, n);
        if (!w)
            ok = false;
        else if (!o->async)
            ok = sup_yerror(doc, n, "wait: only an asynchronous offload (mode: async) has a function that waits");
        else
            o->wait = sup_strdup(w);
    } else if (o->async) {
        ok = sup_yerror(doc, item, "an asynchronous offload needs `wait:` (the function whose calls wait for it)");
    }
    return ok;
}

struct offload_system *offload_system_load(const char *path, FILE *diag)
{
    struct sup_ydoc *doc = sup_yaml_load_file(path, diag);
    if (!doc)
        return NULL;
    struct offload_system *s = sup_xcalloc(1, sizeof *s);
    s->path = sup_strdup(path);
    const struct sup_ynode *root = doc->root;
    static const char *const keys[] = {"lpnest_system", "accelerators", "offloads", NULL};
    const char *what = "a system file";
    bool ok = sup_yexpect(doc, root, SUP_Y_MAP, what) && sup_ycheck_keys(doc, root, keys, what);
    if (ok) {
        const struct sup_ynode *v = sup_yneed(doc, root, "lpnest_system", what);
        int64_t version;
        ok = v && sup_yint(doc, v, 1, INT64_MAX, &version);
        if (ok && version != 1)
            ok = sup_yerror(doc, v, "unsupported lpnest_system version %lld (this lpnest reads version 1)",
                            (long long)version);
    }
    const struct sup_ynode *acc = ok ? sup_yneed(doc, root, "accelerators", what) : NULL;
    if (acc && sup_yexpect(doc, acc, SUP_Y_MAP, "accelerators (a mapping of name: accelerator)")) {
        s->accels = sup_xcalloc(acc->n + 1, sizeof *s->accels);
        for (size_t i = 0; i < acc->n; i++, s->naccels++)
            if (!load_accel(doc, acc->keys[i], acc->items[i], &s->accels[i]))
                ok = false;
    } else {
        ok = false;
    }
    const struct sup_ynode *offs = ok ? sup_yneed(doc, root, "offloads", what) : NULL;
    if (offs && sup_yexpect(doc, offs, SUP_Y_SEQ, "offloads (a list)")) {
        s->offs = sup_xcalloc(offs->n + 1, sizeof *s->offs);
        for (size_t i = 0; i < offs->n; i++, s->noffs++)
            if (!load_offload(doc, offs->items[i], s, &s->offs[i]))
                ok = false;
        for (size_t i = 0; ok && i < s->noffs; i++)
            for (size_t j = 0; j < i; j++)
                if (!strcmp(s->offs[i].function, s->offs[j].function))
                    ok = sup_yerror(doc, offs->items[i], "function '%s' is offloaded twice", s->offs[i].function);
    } else {
        ok = false;
    }
    if (doc->errors)
        ok = false;
    sup_yaml_free(doc);
    if (!ok) {
        offload_system_free(s);
        return NULL;
    }
    return s;
}

static void free_model(struct sys_model *m)
{
    lpn_model_free(m->model);
    free(m->path);
}

void offload_system_free(struct offload_system *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->naccels; i++) {
        free(s->accels[i].name);
        free_model(&s->accels[i].lpn);
        if (s->accels[i].has_ic)
            free_model(&s->accels[i].ic);
    }
    for (size_t i = 0; i < s->noffs; i++) {
        struct sys_offload *o = &s->offs[i];
        for (size_t k = 0; k < o->nspecs; k++) {
            struct sys_tokens *t = &o->specs[k];
            free(t->place);
            oexpr_free(t->count);
            for (size_t j = 0; j < t->nprops; j++) {
                free(t->prop[j]);
                oexpr_free(t->value[j]);
            }
            free(t->prop);
            free(t->value);
        }
        free(o->specs);
        free(o->function);
        free(o->token_fn);
        free(o->wait);
        oexpr_free(o->invoke);
        oexpr_free(o->done);
    }
    free(s->accels);
    free(s->offs);
    free(s->path);
    free(s);
}
