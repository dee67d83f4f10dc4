/* isa_ir.c — the ir: section of a model-ir description (a core without an
 * LLVM backend, priced per LLVM IR opcode) and its lookup, isa_ir_cost. */
#include "isa_impl.h"
#include "support.h"

#include <ctype.h>
#include <string.h>

static const char *const opcodes[] = {
    "ret", "br", "switch", "indirectbr", "invoke", "resume", "unreachable", "callbr", "fneg", "add", "fadd",
    "sub", "fsub", "mul", "fmul", "udiv", "sdiv", "fdiv", "urem", "srem", "frem", "shl", "lshr", "ashr", "and",
    "or", "xor", "alloca", "load", "store", "getelementptr", "fence", "cmpxchg", "atomicrmw", "trunc", "zext",
    "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "ptrtoint", "inttoptr", "bitcast",
    "addrspacecast", "icmp", "fcmp", "phi", "select", "call", "va_arg", "extractelement", "insertelement",
    "shufflevector", "extractvalue", "insertvalue", "landingpad", "freeze", NULL,
};

/* "OPCODE" or "OPCODE:TYPE" with a known opcode. */
static bool valid_key(struct isa__loader *L, const struct sup_ynode *key)
{
    const char *s = key->str, *colon = strchr(s, ':');
    size_t len = colon ? (size_t)(colon - s) : strlen(s);
    bool known = false;
    for (const char *const *o = opcodes; *o; o++)
        if (strlen(*o) == len && !strncmp(*o, s, len))
            known = true;
    if (!known)
        return sup_yerror(L->doc, key, "unknown LLVM IR opcode '%.*s'", (int)len, s);
    if (colon) {
        const char *t = colon + 1;
        if (!*t)
            return sup_yerror(L->doc, key, "'%s': missing type after ':'", s);
        for (; *t; t++)
            if (!(isalnum((unsigned char)*t) || *t == '_' || *t == '.'))
                return sup_yerror(L->doc, key, "'%s': '%s' is not a type name", s, colon + 1);
    }
    return true;
}

static bool load_entry(struct isa__loader *L, const struct sup_ynode *key, const struct sup_ynode *val)
{
    char what[160];
    snprintf(what, sizeof what, "ir opcode '%s'", key->str);
    if (!valid_key(L, key))
        return false;
    struct isa__ir *e = isa__alloc(&L->isa->arena, sizeof *e);
    e->opcode = isa__strdup(&L->isa->arena, key->str);
    if (val->kind == SUP_Y_SCALAR) {
        if (!isa__cycles(L, val, "cycles", &e->cycles))
            return false;
        e->taken = e->not_taken = e->cycles;
    } else {
        static const char *const keys[] = {"cycles", "taken", "not_taken", "runtime", "note", NULL};
        if (!sup_yexpect(L->doc, val, SUP_Y_MAP, what))
            return false;
        bool ok = sup_ycheck_keys(L->doc, val, keys, what);
        const struct sup_ynode *c = sup_yget(val, "cycles"), *t = sup_yget(val, "taken");
        const struct sup_ynode *nt = sup_yget(val, "not_taken"), *rt = sup_yget(val, "runtime"), *v;
        if ((v = sup_yget(val, "note")) && !isa__string(L, v, "note"))
            ok = false;
        if (rt) {
            if (c)
                return sup_yerror(L->doc, c, "%s: give either 'cycles' or 'runtime'", what);
            if (!isa__string(L, rt, "runtime"))
                return false;
            const struct isa_runtime *r = isa_runtime(L->isa, rt->str);
            if (!r)
                return sup_yerror(L->doc, rt, "%s: runtime routine '%s' is not in the runtime: section", what,
                                  rt->str);
            if (r->formula)
                return sup_yerror(L->doc, rt, "%s: runtime routine '%s' has a cost formula; an IR opcode needs a "
                                  "constant", what, rt->str);
            e->cycles = (uint32_t)(r->cycles + 0.5);
        } else if (c) {
            if (!isa__cycles(L, c, "cycles", &e->cycles))
                return false;
        } else if (!t || !nt)
            return sup_yerror(L->doc, val, "%s needs 'cycles', 'runtime' or both 'taken' and 'not_taken'", what);
        if (!t != !nt)
            return sup_yerror(L->doc, t ? t : nt, "%s: give both 'taken' and 'not_taken'", what);
        e->taken = e->not_taken = e->cycles;
        if (t && (!isa__cycles(L, t, "taken", &e->taken) || !isa__cycles(L, nt, "not_taken", &e->not_taken)))
            return false;
        if (!ok)
            return false;
    }
    if (isa__map_put(&L->isa->ir, e->opcode, e))
        return sup_yerror(L->doc, key, "ir opcode '%s' listed twice", key->str);
    return true;
}

bool isa__load_ir(struct isa__loader *L, const struct sup_ynode *ir)
{
    if (!sup_yexpect(L->doc, ir, SUP_Y_MAP, "ir"))
        return false;
    if (!ir->n)
        return sup_yerror(L->doc, ir, "'ir' prices no opcode");
    bool ok = true;
    for (size_t i = 0; i < ir->n; i++)
        if (!load_entry(L, ir->keys[i], ir->items[i]))
            ok = false;
    return ok;
}

bool isa_ir_cost(const struct isa *isa, const char *opcode, uint32_t *cycles, uint32_t *taken, uint32_t *not_taken)
{
    if (isa->model != ISA_MODEL_IR)
        return false;
    const struct isa__ir *e = isa__map_get(&isa->ir, opcode);
    const char *colon = strchr(opcode, ':');
    if (!e && colon) {
        char base[64];
        size_t len = (size_t)(colon - opcode);
        if (len < sizeof base) {
            memcpy(base, opcode, len);
            base[len] = '\0';
            e = isa__map_get(&isa->ir, base);
        }
    }
    if (!e)
        return false;
    if (cycles)
        *cycles = e->cycles;
    if (taken)
        *taken = e->taken;
    if (not_taken)
        *not_taken = e->not_taken;
    return true;
}
