/* isa_lookup.c — the read side of a loaded description: the accessors of
 * isa.h, the mnemonic lookup (a hash table, called once per instruction of
 * the lowered program) and the cycles of a mnemonic with a cycles formula. */
#include "isa_impl.h"

#include <math.h>
#include <string.h>

const char *isa_name(const struct isa *isa) { return isa->name; }
const char *isa_description(const struct isa *isa) { return isa->description; }
const char *isa_path(const struct isa *isa) { return isa->path; }
enum isa_model isa_model(const struct isa *isa) { return isa->model; }
double isa_clock_hz(const struct isa *isa) { return isa->clock_hz; }
const char *isa_triple(const struct isa *isa) { return isa->triple; }
const char *isa_cpu(const struct isa *isa) { return isa->cpu; }
const char *isa_features(const struct isa *isa) { return isa->features; }
size_t isa_nforbidden(const struct isa *isa) { return isa->nforbidden; }
enum isa_predict isa_predict(const struct isa *isa) { return isa->predict; }
uint32_t isa_fetch_wait(const struct isa *isa) { return isa->fetch_wait; }
uint64_t isa_ram_bytes(const struct isa *isa) { return isa->ram_bytes; }
uint64_t isa_flash_bytes(const struct isa *isa) { return isa->flash_bytes; }
uint32_t isa_load_wait(const struct isa *isa) { return isa->load_wait; }
uint32_t isa_store_wait(const struct isa *isa) { return isa->store_wait; }
bool isa_relax(const struct isa *isa) { return isa->relax; }

const char *isa_forbidden(const struct isa *isa, size_t i)
{
    return i < isa->nforbidden ? isa->forbidden[i] : NULL;
}

const struct isa_insn *isa_lookup(const struct isa *isa, const char *mnemonic)
{
    const struct isa__entry *e = isa__map_get(&isa->insns, mnemonic);
    if (e)
        return &e->pub;
    /* a PowerPC branch hint: "bne+" / "bdnz-" */
    if (isa->predict != ISA_PREDICT_HINT)
        return NULL;
    size_t len = strlen(mnemonic);
    char base[64];
    if (len < 2 || len >= sizeof base || (mnemonic[len - 1] != '+' && mnemonic[len - 1] != '-'))
        return NULL;
    memcpy(base, mnemonic, len - 1);
    base[len - 1] = '\0';
    e = isa__map_get(&isa->insns, base);
    return e && (e->pub.kind == ISA_COND_BRANCH || e->pub.kind == ISA_COND_RETURN) ? &e->pub : NULL;
}

double isa_insn_cycles(const struct isa_insn *insn, double n)
{
    return isa_insn_cycles_ab(insn, n, NAN, NAN);
}

double isa_insn_cycles_ab(const struct isa_insn *insn, double n, double a, double b)
{
    const struct isa__entry *e = (const struct isa__entry *)insn;
    if (!e->formula)
        return insn->cycles;
    double v[3] = {n, a, b}, out;
    for (size_t i = 0; i < 3; i++)
        if (isnan(v[i]) && isa__formula_uses(e->formula, i))
            return insn->cycles;
    if (isa__formula_eval(e->formula, v, &out, NULL) != 0 || out < 0)
        return insn->cycles;
    return out;
}

bool isa_insn_formula_uses(const struct isa_insn *insn, char name)
{
    const struct isa__entry *e = (const struct isa__entry *)insn;
    size_t i = name == 'n' ? 0 : name == 'a' ? 1 : name == 'b' ? 2 : 3;
    return e->formula && i < 3 && isa__formula_uses(e->formula, i);
}

const struct isa_pipeline *isa_pipeline(const struct isa *isa)
{
    return isa->pipeline.model != ISA_PIPE_NONE ? &isa->pipeline : NULL;
}

const struct isa_cache *isa_icache(const struct isa *isa)
{
    return &isa->icache;
}

const struct isa_cache *isa_dcache(const struct isa *isa)
{
    return &isa->dcache;
}

bool isa_text_base(const struct isa *isa, uint64_t *base)
{
    if (isa->has_text_base)
        *base = isa->text_base;
    return isa->has_text_base;
}
