/* isa_classes.c — reads the classes: and pseudo: sections of a model-machine
 * description into the mnemonic table: each class gives the costs of the
 * mnemonics it lists; each pseudo-instruction takes its costs from a class
 * (times `count`) or from a sequence of real mnemonics. */
#include "isa_impl.h"
#include "support.h"

#include <ctype.h>
#include <string.h>

struct isa__class {
    const char *name;
    const struct sup_ynode *node;
    enum isa_kind kind;
    uint32_t cycles, latency, taken, not_taken, mispredict, redirect;
    bool has_dest;
    const char *formula_text;
    struct isa__formula *formula;
};

static const char *const kind_names[] = {
    [ISA_ALU] = "alu", [ISA_LOAD] = "load", [ISA_STORE] = "store", [ISA_COND_BRANCH] = "cond_branch",
    [ISA_JUMP] = "jump", [ISA_INDIRECT_JUMP] = "indirect_jump", [ISA_CALL] = "call",
    [ISA_INDIRECT_CALL] = "indirect_call", [ISA_RETURN] = "return", [ISA_TAIL_CALL] = "tail_call",
    [ISA_SKIP] = "skip", [ISA_NOP] = "nop", [ISA_COND_RETURN] = "cond_return",
};
#define NKINDS (sizeof kind_names / sizeof kind_names[0])

static bool conditional(enum isa_kind k)
{
    return k == ISA_COND_BRANCH || k == ISA_SKIP || k == ISA_COND_RETURN;
}

static bool parse_kind(struct isa__loader *L, const struct sup_ynode *n, enum isa_kind *out)
{
    if (!isa__string(L, n, "kind"))
        return false;
    for (size_t k = 0; k < NKINDS; k++)
        if (!strcmp(kind_names[k], n->str)) {
            *out = (enum isa_kind)k;
            return true;
        }
    return sup_yerror(L->doc, n,
                      "unknown kind '%s' (expected alu, load, store, cond_branch, jump, indirect_jump, call, "
                      "indirect_call, return, cond_return, tail_call, skip or nop)",
                      n->str);
}

static bool valid_mnemonic(const char *s)
{
    if (!isalpha((unsigned char)*s))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '.' || *s == '_'))
            return false;
    return true;
}

/* Registers MNEMONIC (listed at NODE) unless it is already listed. */
static struct isa__entry *new_entry(struct isa__loader *L, const struct sup_ynode *node, const char *what)
{
    if (!isa__string(L, node, what))
        return NULL;
    if (!valid_mnemonic(node->str)) {
        sup_yerror(L->doc, node, "'%s' is not a mnemonic (letters, digits, '.' and '_', starting with a letter)",
                   node->str);
        return NULL;
    }
    const struct sup_ynode *first = isa__map_get(&L->where, node->str);
    if (first) {
        sup_yerror(L->doc, node, "mnemonic '%s' listed twice (first at line %u)", node->str, first->line);
        return NULL;
    }
    struct isa__entry *e = isa__alloc(&L->isa->arena, sizeof *e);
    e->pub.mnemonic = isa__strdup(&L->isa->arena, node->str);
    e->pub.count = 1;
    isa__map_put(&L->where, e->pub.mnemonic, (void *)node);
    isa__map_put(&L->isa->insns, e->pub.mnemonic, e);
    return e;
}

static bool load_class(struct isa__loader *L, const struct sup_ynode *key, const struct sup_ynode *m)
{
    static const char *const keys[] = {"kind", "cycles", "latency", "taken", "not_taken", "mispredict",
                                       "redirect", "has_dest", "cycles_formula", "note", "mnemonics", NULL};
    char what[160];
    snprintf(what, sizeof what, "class '%s'", key->str);
    if (!sup_yexpect(L->doc, m, SUP_Y_MAP, what))
        return false;
    bool ok = sup_ycheck_keys(L->doc, m, keys, what);
    struct isa__class *c = isa__alloc(&L->isa->arena, sizeof *c);
    c->name = isa__strdup(&L->isa->arena, key->str);
    c->node = key;
    const struct sup_ynode *kind = sup_yneed(L->doc, m, "kind", what);
    if (!kind || !parse_kind(L, kind, &c->kind))
        return false;
    const struct sup_ynode *cyc = sup_yget(m, "cycles"), *tk = sup_yget(m, "taken"), *nt = sup_yget(m, "not_taken");
    const struct sup_ynode *mp = sup_yget(m, "mispredict"), *lat = sup_yget(m, "latency"), *v;
    if (conditional(c->kind)) {
        if (cyc)
            ok = sup_yerror(L->doc, cyc, "%s: kind %s is priced by 'taken' and 'not_taken', not 'cycles'", what,
                            kind->str);
        if (!tk)
            ok = sup_yerror(L->doc, m, "missing key 'taken' in %s (kind %s)", what, kind->str);
        if (!nt)
            ok = sup_yerror(L->doc, m, "missing key 'not_taken' in %s (kind %s)", what, kind->str);
        if (tk && !isa__cycles(L, tk, "taken", &c->taken))
            ok = false;
        if (nt && !isa__cycles(L, nt, "not_taken", &c->not_taken))
            ok = false;
        if (mp && !isa__cycles(L, mp, "mispredict", &c->mispredict))
            ok = false;
        if (mp && L->isa->predict == ISA_PREDICT_NONE)
            ok = sup_yerror(L->doc, mp, "%s: 'mispredict' needs branch_prediction btfn or hint", what);
    } else {
        if (!cyc)
            ok = sup_yerror(L->doc, m, "missing key 'cycles' in %s", what);
        else if (!isa__cycles(L, cyc, "cycles", &c->cycles))
            ok = false;
        if (tk || nt || mp)
            ok = sup_yerror(L->doc, tk ? tk : nt ? nt : mp,
                            "%s: 'taken', 'not_taken' and 'mispredict' are for kinds cond_branch, cond_return and "
                            "skip, not %s",
                            what, kind->str);
    }
    if (lat && !isa__cycles(L, lat, "latency", &c->latency))
        ok = false;
    if ((v = sup_yget(m, "redirect"))) {
        uint32_t most = conditional(c->kind) ? c->taken : c->cycles;
        bool transfer = c->kind != ISA_ALU && c->kind != ISA_LOAD && c->kind != ISA_STORE && c->kind != ISA_NOP;
        if (!transfer)
            ok = sup_yerror(L->doc, v, "%s: 'redirect' is for control transfers, not kind %s", what, kind->str);
        else if (!isa__cycles(L, v, "redirect", &c->redirect))
            ok = false;
        else if (c->redirect < 1 || c->redirect > most)
            ok = sup_yerror(L->doc, v, "%s: redirect must be a cycle of the occupancy, 1 to %u (found %u)", what, most,
                            c->redirect);
    }
    c->has_dest = c->kind == ISA_ALU || c->kind == ISA_LOAD;
    if ((v = sup_yget(m, "has_dest")) && !sup_ybool(L->doc, v, &c->has_dest))
        ok = false;
    if ((v = sup_yget(m, "note")) && !isa__string(L, v, "note"))
        ok = false;
    if ((v = sup_yget(m, "cycles_formula"))) {
        static const char *const operands[] = {"n", "a", "b"};
        if (c->kind != ISA_ALU)
            ok = sup_yerror(L->doc, v, "%s: 'cycles_formula' is for kind alu (shifts, dividers), not %s", what,
                            kind->str);
        else if (!isa__string(L, v, "cycles_formula"))
            ok = false;
        else if (!(c->formula = isa__formula_compile(&L->isa->arena, v->str, operands, 3, L->doc, v)))
            ok = false;
        else
            c->formula_text = isa__strdup(&L->isa->arena, v->str);
    }
    if (!ok)
        return false;
    isa__map_put(&L->classes, c->name, c);

    const struct sup_ynode *list = sup_yneed(L->doc, m, "mnemonics", what);
    if (!list || !sup_yexpect(L->doc, list, SUP_Y_SEQ, "mnemonics"))
        return false;
    if (!list->n)
        return sup_yerror(L->doc, list, "%s lists no mnemonics", what);
    for (size_t i = 0; i < list->n; i++) {
        struct isa__entry *e = new_entry(L, list->items[i], "a mnemonic");
        if (!e) {
            ok = false;
            continue;
        }
        e->pub.kind = c->kind;
        e->pub.class_name = c->name;
        e->pub.cycles = c->cycles;
        e->pub.latency = c->latency;
        e->pub.taken = c->taken;
        e->pub.not_taken = c->not_taken;
        e->pub.mispredict = c->mispredict;
        e->pub.redirect = c->redirect;
        e->pub.has_dest = c->has_dest;
        e->pub.cycles_formula = c->formula_text;
        e->formula = c->formula;
    }
    return ok;
}

/* Costs of a pseudo-instruction made of the real mnemonics in SEQ. */
static bool from_sequence(struct isa__loader *L, const struct sup_ynode *seq, struct isa__entry *e, const char *what)
{
    if (!sup_yexpect(L->doc, seq, SUP_Y_SEQ, "sequence"))
        return false;
    if (seq->n < 2)
        return sup_yerror(L->doc, seq, "%s: a sequence has at least two mnemonics (use 'class' for one)", what);
    uint32_t prefix = 0, count = 0;
    for (size_t i = 0; i < seq->n; i++) {
        const struct sup_ynode *n = seq->items[i];
        if (!isa__string(L, n, "a mnemonic of the sequence"))
            return false;
        const struct isa__entry *s = isa__map_get(&L->isa->insns, n->str);
        if (!s && isa__map_get(&L->broken_mnemonics, n->str))
            return false;
        if (!s || s->is_pseudo)
            return sup_yerror(L->doc, n, "%s: sequence mnemonic '%s' is not listed in any class", what, n->str);
        bool last = i + 1 == seq->n;
        if (!last && s->pub.kind != ISA_ALU && s->pub.kind != ISA_LOAD && s->pub.kind != ISA_STORE &&
            s->pub.kind != ISA_NOP)
            return sup_yerror(L->doc, n, "%s: only the last mnemonic of a sequence may be a control transfer ('%s' is %s)",
                              what, n->str, kind_names[s->pub.kind]);
        if (s->formula && !last)
            return sup_yerror(L->doc, n, "%s: '%s' has a cycles_formula and cannot be part of a sequence", what, n->str);
        count += s->pub.count;
        if (!last) {
            prefix += s->pub.cycles;
            continue;
        }
        e->pub.kind = s->pub.kind;
        e->pub.cycles = prefix + s->pub.cycles;
        e->pub.latency = s->pub.latency;
        e->pub.taken = conditional(s->pub.kind) ? prefix + s->pub.taken : 0;
        e->pub.not_taken = conditional(s->pub.kind) ? prefix + s->pub.not_taken : 0;
        e->pub.mispredict = s->pub.mispredict;
        e->pub.redirect = s->pub.redirect;
        e->pub.has_dest = s->pub.has_dest;
    }
    e->pub.count = count;
    return true;
}

static bool load_pseudo(struct isa__loader *L, const struct sup_ynode *key, const struct sup_ynode *m)
{
    static const char *const keys[] = {"class", "sequence", "kind", "count", "expand", "expand_to", "has_dest",
                                       "note", NULL};
    char what[160];
    snprintf(what, sizeof what, "pseudo-instruction '%s'", key->str);
    if (!sup_yexpect(L->doc, m, SUP_Y_MAP, what))
        return false;
    bool ok = sup_ycheck_keys(L->doc, m, keys, what);
    struct isa__entry *e = new_entry(L, key, "a pseudo-instruction");
    if (!e)
        return false;
    e->pub.class_name = "pseudo";
    e->is_pseudo = true;
    const struct sup_ynode *cls = sup_yget(m, "class"), *seq = sup_yget(m, "sequence");
    const struct sup_ynode *count = sup_yget(m, "count"), *expand = sup_yget(m, "expand"), *v;
    if (!cls == !seq)
        return sup_yerror(L->doc, m, "%s needs exactly one of 'class' and 'sequence'", what);
    if (cls) {
        if (!isa__string(L, cls, "class"))
            return false;
        const struct isa__class *c = isa__map_get(&L->classes, cls->str);
        if (!c)
            return isa__map_get(&L->broken_classes, cls->str)
                       ? false
                       : sup_yerror(L->doc, cls, "%s: class '%s' is not defined", what, cls->str);
        uint32_t k = 1;
        if (count && !isa__cycles(L, count, "count", &k))
            return false;
        if (count && (k < 1 || k > 16))
            return sup_yerror(L->doc, count, "%s: count must be 1 to 16 (found %u)", what, k);
        if (k > 1 && (conditional(c->kind) || c->formula))
            return sup_yerror(L->doc, count, "%s: count > 1 needs a class with plain cycles", what);
        e->pub.class_name = c->name;
        e->pub.kind = c->kind;
        e->pub.cycles = c->cycles * k;
        e->pub.latency = c->latency;
        e->pub.taken = c->taken;
        e->pub.not_taken = c->not_taken;
        e->pub.mispredict = c->mispredict;
        e->pub.redirect = c->redirect;
        e->pub.has_dest = c->has_dest;
        e->pub.count = k;
        e->pub.cycles_formula = c->formula_text;
        e->formula = c->formula;
    } else {
        if (count)
            ok = sup_yerror(L->doc, count, "%s: 'count' comes from the sequence", what);
        if (!from_sequence(L, seq, e, what))
            return false;
    }
    if ((v = sup_yget(m, "kind"))) {
        enum isa_kind k = e->pub.kind;
        if (!parse_kind(L, v, &k))
            return false;
        if (conditional(k) != conditional(e->pub.kind))
            return sup_yerror(L->doc, v, "%s: kind %s does not fit costs of kind %s", what, v->str,
                              kind_names[e->pub.kind]);
        e->pub.kind = k;
    }
    if (expand) {
        if (!isa__string(L, expand, "expand"))
            return false;
        if (!strcmp(expand->str, "riscv-li"))
            e->pub.expand = ISA_EXPAND_RISCV_LI;
        else if (strcmp(expand->str, "none") != 0)
            return sup_yerror(L->doc, expand, "%s: unknown expand '%s' (expected none or riscv-li)", what, expand->str);
        if (e->pub.expand == ISA_EXPAND_RISCV_LI && (count || seq || e->pub.kind != ISA_ALU))
            return sup_yerror(L->doc, expand, "%s: expand riscv-li needs a class of kind alu and no count", what);
    }
    if ((v = sup_yget(m, "has_dest")) && !sup_ybool(L->doc, v, &e->pub.has_dest))
        ok = false;
    if ((v = sup_yget(m, "note")) && !isa__string(L, v, "note"))
        ok = false;
    if ((v = sup_yget(m, "expand_to"))) {
        if (!isa__string(L, v, "expand_to"))
            return false;
        e->pub.expand_to = isa__strdup(&L->isa->arena, v->str); /* checked once all are known */
    }
    return ok;
}

/* expand_to names a plain mnemonic of this description. */
static bool check_expand_to(struct isa__loader *L, const struct sup_ynode *pseudo)
{
    bool ok = true;
    for (size_t i = 0; i < pseudo->n; i++) {
        const struct isa__entry *e = isa__map_get(&L->isa->insns, pseudo->keys[i]->str);
        const struct sup_ynode *v = sup_yget(pseudo->items[i], "expand_to");
        if (!e || !v || !e->pub.expand_to || isa__map_get(&L->where, pseudo->keys[i]->str) != pseudo->keys[i])
            continue;
        const struct isa__entry *t = isa__map_get(&L->isa->insns, e->pub.expand_to);
        if (!t && isa__map_get(&L->broken_mnemonics, e->pub.expand_to))
            ok = false;
        else if (!t)
            ok = sup_yerror(L->doc, v, "pseudo-instruction '%s': expand_to '%s' is not a mnemonic of this description",
                            e->pub.mnemonic, e->pub.expand_to);
        else if (t == e || t->pub.expand_to || t->pub.count != 1)
            ok = sup_yerror(L->doc, v,
                            "pseudo-instruction '%s': expand_to '%s' must be a single machine instruction without "
                            "expand_to",
                            e->pub.mnemonic, e->pub.expand_to);
    }
    return ok;
}

/* A class that did not load (its errors are reported): it and its
 * mnemonics are remembered so that references to them are not reported
 * again as undefined. */
static void mark_broken(struct isa__loader *L, const struct sup_ynode *key, const struct sup_ynode *m)
{
    if (isa__map_get(&L->classes, key->str))
        return;
    isa__map_put(&L->broken_classes, key->str, (void *)key);
    const struct sup_ynode *list = m && m->kind == SUP_Y_MAP ? sup_yget(m, "mnemonics") : NULL;
    for (size_t i = 0; list && list->kind == SUP_Y_SEQ && i < list->n; i++)
        if (list->items[i]->kind == SUP_Y_SCALAR)
            isa__map_put(&L->broken_mnemonics, list->items[i]->str, (void *)list->items[i]);
}

bool isa__load_classes(struct isa__loader *L, const struct sup_ynode *classes, const struct sup_ynode *pseudo)
{
    if (!sup_yexpect(L->doc, classes, SUP_Y_MAP, "classes"))
        return false;
    if (!classes->n)
        return sup_yerror(L->doc, classes, "'classes' defines no class");
    bool ok = true;
    for (size_t i = 0; i < classes->n; i++)
        if (!load_class(L, classes->keys[i], classes->items[i])) {
            mark_broken(L, classes->keys[i], classes->items[i]);
            ok = false;
        }
    if (!pseudo)
        return ok;
    if (!sup_yexpect(L->doc, pseudo, SUP_Y_MAP, "pseudo"))
        return false;
    for (size_t i = 0; i < pseudo->n; i++)
        if (!load_pseudo(L, pseudo->keys[i], pseudo->items[i]))
            ok = false;
    return check_expand_to(L, pseudo) && ok;
}
