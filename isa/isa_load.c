/* isa_load.c — loads and validates an ISA description (schema "lpnest_isa: 1",
 * isa/SCHEMA.md): the document's top-level keys, the llvm:, memory: and
 * model settings; the classes, runtime, refused-routine and IR tables are read
 * by isa_classes.c, isa_runtime.c, isa_refused.c and isa_ir.c. */
#include "isa_impl.h"
#include "support.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *const top_keys[] = {
    "lpnest_isa", "name", "description", "source", "clock_mhz", "model", "llvm", "branch_prediction",
    "memory", "relax", "pipeline", "caches", "layout", "classes", "pseudo", "runtime", "runtime_code",
    "runtime_refused", "ir", NULL,
};

static bool load_version(struct isa__loader *L)
{
    const struct sup_ynode *v = sup_yget(L->root, "lpnest_isa");
    if (!v)
        return sup_yerror(L->doc, L->root, "missing key 'lpnest_isa' (the schema version; this lpnest reads version %d)",
                          ISA_SCHEMA_VERSION);
    int64_t ver;
    if (!sup_yint(L->doc, v, 0, INT32_MAX, &ver))
        return false;
    if (ver != ISA_SCHEMA_VERSION)
        return sup_yerror(L->doc, v, "unsupported schema version %lld (this lpnest reads version %d)", (long long)ver,
                          ISA_SCHEMA_VERSION);
    return true;
}

static bool valid_name(const char *s)
{
    if (!*s || !(islower((unsigned char)*s) || isdigit((unsigned char)*s)))
        return false;
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-' || *s == '_' || *s == '.'))
            return false;
    return true;
}

/* A required one-line text. */
static const char *need_text(struct isa__loader *L, const char *key, bool one_line)
{
    const struct sup_ynode *n = sup_yneed(L->doc, L->root, key, "an ISA description");
    if (!n)
        return NULL;
    const char *s = isa__string(L, n, key);
    if (!s)
        return NULL;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    if (!len) {
        sup_yerror(L->doc, n, "'%s' must not be empty", key);
        return NULL;
    }
    if (one_line && memchr(s, '\n', len)) {
        sup_yerror(L->doc, n, "'%s' must be a single line", key);
        return NULL;
    }
    char *d = isa__alloc(&L->isa->arena, len + 1);
    memcpy(d, s, len);
    return d;
}

static bool load_header(struct isa__loader *L)
{
    struct isa *isa = L->isa;
    bool ok = true;
    const struct sup_ynode *n = sup_yneed(L->doc, L->root, "name", "an ISA description");
    if (n && isa__string(L, n, "name")) {
        if (!valid_name(n->str))
            ok = sup_yerror(L->doc, n, "name '%s' must be lower-case letters, digits, '-', '_' or '.'", n->str);
        else
            isa->name = isa__strdup(&isa->arena, n->str);
    } else
        ok = false;
    if (!(isa->description = need_text(L, "description", true)))
        ok = false;
    if (!(isa->source = need_text(L, "source", false)))
        ok = false;

    n = sup_yneed(L->doc, L->root, "clock_mhz", "an ISA description");
    double mhz;
    if (!n || !sup_ydouble(L->doc, n, &mhz))
        ok = false;
    else if (!(mhz > 0 && mhz <= 1e6))
        ok = sup_yerror(L->doc, n, "clock_mhz must be a positive number of MHz (found %s)", n->str);
    else
        isa->clock_hz = mhz * 1e6;

    n = sup_yneed(L->doc, L->root, "model", "an ISA description");
    if (!n || !isa__string(L, n, "model"))
        ok = false;
    else if (!strcmp(n->str, "machine"))
        isa->model = ISA_MODEL_MACHINE;
    else if (!strcmp(n->str, "ir"))
        isa->model = ISA_MODEL_IR;
    else
        ok = sup_yerror(L->doc, n, "unknown model '%s' (expected machine or ir)", n->str);

    n = sup_yget(L->root, "branch_prediction");
    if (n) {
        if (!isa__string(L, n, "branch_prediction"))
            ok = false;
        else if (!strcmp(n->str, "none"))
            isa->predict = ISA_PREDICT_NONE;
        else if (!strcmp(n->str, "btfn"))
            isa->predict = ISA_PREDICT_BTFN;
        else if (!strcmp(n->str, "hint"))
            isa->predict = ISA_PREDICT_HINT;
        else
            ok = sup_yerror(L->doc, n, "unknown branch_prediction '%s' (expected none, btfn or hint)", n->str);
    }
    n = sup_yget(L->root, "relax");
    if (n && !sup_ybool(L->doc, n, &isa->relax))
        ok = false;
    return ok;
}

static bool load_memory(struct isa__loader *L)
{
    const struct sup_ynode *m = sup_yget(L->root, "memory");
    if (!m)
        return true;
    static const char *const keys[] = {"fetch_wait", "load_wait", "store_wait", "ram_bytes", "flash_bytes", "note", NULL};
    if (!sup_yexpect(L->doc, m, SUP_Y_MAP, "memory") || !sup_ycheck_keys(L->doc, m, keys, "memory"))
        return false;
    bool ok = true;
    const struct sup_ynode *v;
    if ((v = sup_yget(m, "fetch_wait")) && !isa__cycles(L, v, "fetch_wait", &L->isa->fetch_wait))
        ok = false;
    if ((v = sup_yget(m, "load_wait")) && !isa__cycles(L, v, "load_wait", &L->isa->load_wait))
        ok = false;
    if ((v = sup_yget(m, "store_wait")) && !isa__cycles(L, v, "store_wait", &L->isa->store_wait))
        ok = false;
    int64_t n;
    if ((v = sup_yget(m, "ram_bytes")) && (ok = ok && sup_yint(L->doc, v, 1, (int64_t)1 << 40, &n)))
        L->isa->ram_bytes = (uint64_t)n;
    if ((v = sup_yget(m, "flash_bytes")) && (ok = ok && sup_yint(L->doc, v, 1, (int64_t)1 << 40, &n)))
        L->isa->flash_bytes = (uint64_t)n;
    if ((v = sup_yget(m, "note")) && !isa__string(L, v, "note"))
        ok = false;
    return ok;
}

/* One of NAMES (NULL-terminated) at N: its index, or -1 after an error. */
static int pick(struct isa__loader *L, const struct sup_ynode *n, const char *what, const char *const *names)
{
    if (!isa__string(L, n, what))
        return -1;
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], n->str))
            return i;
    char list[256] = "";
    for (int i = 0; names[i]; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? (names[i + 1] ? ", " : " or ") : "",
                 names[i]);
    sup_yerror(L->doc, n, "unknown %s '%s' (expected %s)", what, n->str, list);
    return -1;
}

static bool power_of_two(uint32_t v)
{
    return v && !(v & (v - 1));
}

/* caches: {instruction: {...}, data: {...}} */
static bool load_cache(struct isa__loader *L, const struct sup_ynode *m, const char *what, struct isa_cache *c)
{
    static const char *const keys[] = {"bytes", "ways", "line_bytes", "replacement", "miss_cycles", "note", NULL};
    static const char *const policies[] = {"lru", "round_robin", "counter", NULL};
    if (!sup_yexpect(L->doc, m, SUP_Y_MAP, what) || !sup_ycheck_keys(L->doc, m, keys, what))
        return false;
    bool ok = true;
    int64_t v;
    const struct sup_ynode *n;
    const struct sup_ynode *b = sup_yneed(L->doc, m, "bytes", what), *w = sup_yneed(L->doc, m, "ways", what);
    const struct sup_ynode *lb = sup_yneed(L->doc, m, "line_bytes", what);
    if (!b || !w || !lb)
        return false;
    if (sup_yint(L->doc, b, 1, (int64_t)1 << 30, &v))
        c->bytes = (uint32_t)v;
    else
        ok = false;
    if (sup_yint(L->doc, w, 1, 32, &v))
        c->ways = (uint32_t)v;
    else
        ok = false;
    if (sup_yint(L->doc, lb, 1, 4096, &v))
        c->line_bytes = (uint32_t)v;
    else
        ok = false;
    if (!ok)
        return false;
    if (!power_of_two(c->bytes) || !power_of_two(c->ways) || !power_of_two(c->line_bytes))
        return sup_yerror(L->doc, m, "%s: bytes, ways and line_bytes must be powers of two (%u, %u, %u)", what, c->bytes,
                          c->ways, c->line_bytes);
    if ((uint64_t)c->ways * c->line_bytes > c->bytes)
        return sup_yerror(L->doc, m, "%s: %u ways of %u-byte lines do not fit in %u bytes", what, c->ways,
                          c->line_bytes, c->bytes);
    c->replace = ISA_REPLACE_LRU;
    if ((n = sup_yget(m, "replacement"))) {
        int k = pick(L, n, "replacement", policies);
        if (k < 0)
            ok = false;
        else
            c->replace = (enum isa_replace)k;
    }
    if ((n = sup_yget(m, "miss_cycles")) && !isa__cycles(L, n, "miss_cycles", &c->miss_cycles))
        ok = false;
    if ((n = sup_yget(m, "note")) && !isa__string(L, n, "note"))
        ok = false;
    return ok;
}

static bool load_caches(struct isa__loader *L)
{
    const struct sup_ynode *m = sup_yget(L->root, "caches");
    if (!m)
        return true;
    static const char *const keys[] = {"instruction", "data", "note", NULL};
    if (!sup_yexpect(L->doc, m, SUP_Y_MAP, "caches") || !sup_ycheck_keys(L->doc, m, keys, "caches"))
        return false;
    bool ok = true;
    const struct sup_ynode *n;
    if ((n = sup_yget(m, "instruction")) && !load_cache(L, n, "caches: instruction", &L->isa->icache))
        ok = false;
    if ((n = sup_yget(m, "data")) && !load_cache(L, n, "caches: data", &L->isa->dcache))
        ok = false;
    if ((n = sup_yget(m, "note")) && !isa__string(L, n, "note"))
        ok = false;
    return ok;
}

/* pipeline: the mechanism lpnest simulates and its parameters (SCHEMA.md, "Pipelines") */
static bool load_pipeline(struct isa__loader *L)
{
    const struct sup_ynode *m = sup_yget(L->root, "pipeline");
    struct isa *isa = L->isa;
    if (!m)
        return true;
    static const char *const keys[] = {"model", "stamp", "charge", "writeback_stage", "note", NULL};
    static const char *const models[] = {"ibex", "cv32e40p", NULL};
    static const char *const stamps[] = {"retire", "issue", NULL};
    static const char *const charges[] = {"next", "previous", NULL};
    if (!sup_yexpect(L->doc, m, SUP_Y_MAP, "pipeline") || !sup_ycheck_keys(L->doc, m, keys, "pipeline"))
        return false;
    bool ok = true;
    const struct sup_ynode *n = sup_yneed(L->doc, m, "model", "pipeline");
    int k;
    if (!n || (k = pick(L, n, "pipeline model", models)) < 0)
        return false;
    isa->pipeline.model = k == 0 ? ISA_PIPE_IBEX : ISA_PIPE_CV32E40P;
    if (isa->model != ISA_MODEL_MACHINE)
        ok = sup_yerror(L->doc, n, "a pipeline needs model machine");
    else if (!isa->triple || strncmp(isa->triple, "riscv32", 7) != 0)
        ok = sup_yerror(L->doc, n, "pipeline model '%s' runs RV32 code (llvm: triple riscv32-...)", n->str);
    isa->pipeline.stamp = isa->pipeline.model == ISA_PIPE_IBEX ? ISA_STAMP_RETIRE : ISA_STAMP_ISSUE;
    isa->pipeline.charge = ISA_CHARGE_NEXT;
    if ((n = sup_yget(m, "stamp"))) {
        if ((k = pick(L, n, "stamp", stamps)) < 0)
            ok = false;
        else
            isa->pipeline.stamp = (enum isa_stamp)k;
    }
    if ((n = sup_yget(m, "charge"))) {
        if ((k = pick(L, n, "charge", charges)) < 0)
            ok = false;
        else
            isa->pipeline.charge = (enum isa_charge)k;
    }
    if ((n = sup_yget(m, "writeback_stage"))) {
        if (!sup_ybool(L->doc, n, &isa->pipeline.writeback_stage))
            ok = false;
        else if (isa->pipeline.writeback_stage && isa->pipeline.model != ISA_PIPE_IBEX)
            ok = sup_yerror(L->doc, n, "writeback_stage is a parameter of the ibex pipeline");
    }
    if ((n = sup_yget(m, "note")) && !isa__string(L, n, "note"))
        ok = false;
    if (isa->load_wait != isa->store_wait)
        ok = sup_yerror(L->doc, m, "pipeline models have one data memory: memory load_wait (%u) and store_wait (%u) "
                        "must be equal", isa->load_wait, isa->store_wait);
    if (isa->relax)
        ok = sup_yerror(L->doc, m, "pipeline models price the object's own instructions: relax must be false (link "
                        "with --no-relax)");
    if (isa->icache.bytes && isa->pipeline.model != ISA_PIPE_IBEX)
        ok = sup_yerror(L->doc, m, "pipeline model '%s' has no instruction cache (caches: instruction)",
                        isa->pipeline.model == ISA_PIPE_CV32E40P ? "cv32e40p" : "?");
    return ok;
}

/* layout: where the program's code is linked */
static bool load_layout(struct isa__loader *L)
{
    const struct sup_ynode *m = sup_yget(L->root, "layout");
    if (!m) {
        if (L->isa->pipeline.model != ISA_PIPE_NONE)
            return sup_yerror(L->doc, L->root, "missing key 'layout' (a pipeline model needs the address of the "
                              "program's code: layout: {text: ADDRESS})");
        return true;
    }
    static const char *const keys[] = {"text", "note", NULL};
    if (!sup_yexpect(L->doc, m, SUP_Y_MAP, "layout") || !sup_ycheck_keys(L->doc, m, keys, "layout"))
        return false;
    const struct sup_ynode *n = sup_yneed(L->doc, m, "text", "layout");
    int64_t v;
    if (!n || !sup_yint(L->doc, n, 0, INT64_C(0xffffffff), &v))
        return false;
    if (v & 3)
        return sup_yerror(L->doc, n, "layout text 0x%llx must be aligned to 4 bytes", (long long)v);
    L->isa->has_text_base = true;
    L->isa->text_base = (uint64_t)v;
    const struct sup_ynode *note = sup_yget(m, "note");
    return !note || isa__string(L, note, "note");
}

static bool valid_feature(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '-' || *s == '_' || *s == '.'))
            return false;
    return true;
}

static isa_backend_check backend_check;

void isa_set_backend_check(isa_backend_check check) { backend_check = check; }

/* Asks the backend (when a check is set) whether it accepts the triple, cpu
 * and features; a rejection is reported at the feature it blames, else at
 * the cpu or the triple. */
static bool check_backend(struct isa__loader *L, const struct sup_ynode *llvm)
{
    struct isa *isa = L->isa;
    int bad = -1;
    char *why = NULL;
    if (!backend_check || isa->model != ISA_MODEL_MACHINE || backend_check(isa->triple, isa->cpu, isa->features, &bad, &why))
        return true;
    const struct sup_ynode *at = sup_yget(llvm, "features"), *cpu = sup_yget(llvm, "cpu");
    unsigned line = 0, col = 0;
    if (bad >= 0 && at) {
        const char *s = at->str;
        for (int k = 0; k < bad && strchr(s, ','); k++)
            s = strchr(s, ',') + 1;
        size_t len = strcspn(s, ",");
        line = at->line;
        col = at->col + (at->quoted ? 1 : 0) + (unsigned)(s - at->str);
        sup_diag(L->doc->diag, L->doc->path, line, col, "error",
                 "feature '%.*s' is rejected by the %s backend (cpu '%s', features '%s'): %s", (int)len, s,
                 isa->triple, isa->cpu, isa->features, why ? why : "");
    } else {
        at = cpu ? cpu : sup_yget(llvm, "triple");
        sup_diag(L->doc->diag, L->doc->path, at ? at->line : 0, at ? at->col : 0, "error",
                 "the %s backend rejects cpu '%s' with features '%s': %s", isa->triple, isa->cpu, isa->features,
                 why ? why : "");
    }
    free(why);
    L->doc->errors++;
    return false;
}

static bool load_llvm(struct isa__loader *L, bool check)
{
    struct isa *isa = L->isa;
    const struct sup_ynode *m = sup_yget(L->root, "llvm");
    if (!m) {
        if (isa->model == ISA_MODEL_MACHINE)
            return sup_yerror(L->doc, L->root, "missing key 'llvm' (model machine needs the LLVM triple, cpu and features)");
        return true;
    }
    static const char *const keys[] = {"triple", "cpu", "features", "forbidden_features", "note", NULL};
    if (!sup_yexpect(L->doc, m, SUP_Y_MAP, "llvm") || !sup_ycheck_keys(L->doc, m, keys, "llvm"))
        return false;
    bool ok = true;
    const struct sup_ynode *v = sup_yneed(L->doc, m, "triple", "llvm");
    if (!v || !isa__string(L, v, "triple"))
        ok = false;
    else if (!*v->str || strpbrk(v->str, " \t\n"))
        ok = sup_yerror(L->doc, v, "triple '%s' is not an LLVM target triple", v->str);
    else
        isa->triple = isa__strdup(&isa->arena, v->str);
    v = sup_yget(m, "cpu");
    if (v && isa__string(L, v, "cpu"))
        isa->cpu = isa__strdup(&isa->arena, v->str);
    else if (v)
        ok = false;
    else
        isa->cpu = "";
    v = sup_yget(m, "features");
    if (v && isa__string(L, v, "features")) {
        /* "+a,-b": each item a sign and a feature name */
        const char *s = v->str;
        while (*s) {
            const char *e = strchr(s, ',');
            size_t len = e ? (size_t)(e - s) : strlen(s);
            char item[128];
            if ((*s != '+' && *s != '-') || len < 2 || len >= sizeof item) {
                ok = sup_yerror(L->doc, v, "features '%s': each item must be +NAME or -NAME", v->str);
                break;
            }
            memcpy(item, s + 1, len - 1);
            item[len - 1] = '\0';
            if (!valid_feature(item)) {
                ok = sup_yerror(L->doc, v, "features '%s': '%s' is not a feature name", v->str, item);
                break;
            }
            s += len + (e ? 1 : 0);
            if (e && !*s)
                ok = sup_yerror(L->doc, v, "features '%s': trailing ','", v->str);
        }
        isa->features = isa__strdup(&isa->arena, v->str);
    } else if (v)
        ok = false;
    else
        isa->features = "";
    if ((v = sup_yget(m, "note")) && !isa__string(L, v, "note"))
        ok = false;
    v = sup_yget(m, "forbidden_features");
    if (v) {
        if (!sup_yexpect(L->doc, v, SUP_Y_SEQ, "forbidden_features"))
            return false;
        isa->forbidden = isa__alloc(&isa->arena, (v->n ? v->n : 1) * sizeof *isa->forbidden);
        for (size_t i = 0; i < v->n; i++) {
            const struct sup_ynode *f = v->items[i];
            if (!isa__string(L, f, "a forbidden feature")) {
                ok = false;
                continue;
            }
            if (!valid_feature(f->str)) {
                ok = sup_yerror(L->doc, f, "'%s' is not a feature name (write it without '+' or '-')", f->str);
                continue;
            }
            for (size_t j = 0; j < isa->nforbidden; j++)
                if (!strcmp(isa->forbidden[j], f->str))
                    ok = sup_yerror(L->doc, f, "forbidden feature '%s' listed twice", f->str);
            isa->forbidden[isa->nforbidden++] = isa__strdup(&isa->arena, f->str);
        }
    }
    return ok && (!check || check_backend(L, m));
}

static bool load_tables(struct isa__loader *L)
{
    struct isa *isa = L->isa;
    const struct sup_ynode *classes = sup_yget(L->root, "classes"), *pseudo = sup_yget(L->root, "pseudo");
    const struct sup_ynode *ir = sup_yget(L->root, "ir");
    bool ok = true;
    if (isa->model == ISA_MODEL_MACHINE) {
        if (ir)
            ok = sup_yerror(L->doc, ir, "'ir' is only for model ir (this description is model machine)");
        if (!classes)
            return sup_yerror(L->doc, L->root, "missing key 'classes' (model machine prices mnemonics by class)");
        if (!isa__load_classes(L, classes, pseudo))
            ok = false;
    } else {
        if (classes)
            ok = sup_yerror(L->doc, classes, "'classes' is only for model machine (this description is model ir)");
        if (pseudo)
            ok = sup_yerror(L->doc, pseudo, "'pseudo' is only for model machine (this description is model ir)");
    }
    /* runtime before ir: ir entries may refer to runtime routines */
    const struct sup_ynode *rt = sup_yget(L->root, "runtime");
    if (rt && !isa__load_runtime(L, rt))
        ok = false;
    const struct sup_ynode *code = sup_yget(L->root, "runtime_code");
    if (code && !isa__load_code(L, code))
        ok = false;
    const struct sup_ynode *refused = sup_yget(L->root, "runtime_refused");
    if (refused && !isa__load_refused(L, refused))
        ok = false;
    if (isa->model == ISA_MODEL_IR) {
        if (!ir)
            return sup_yerror(L->doc, L->root, "missing key 'ir' (model ir prices LLVM IR opcodes)");
        if (ok && !isa__load_ir(L, ir))
            ok = false;
    }
    return ok;
}

static struct isa *load(struct sup_ydoc *doc, const char *path, bool check)
{
    if (!doc)
        return NULL;
    struct isa *isa = sup_xcalloc(1, sizeof *isa);
    isa->path = isa__strdup(&isa->arena, path);
    struct isa__loader L = {.isa = isa, .doc = doc, .root = doc->root};
    bool ok = sup_yexpect(doc, doc->root, SUP_Y_MAP, "an ISA description");
    if (ok) {
        /* the version first: a file of another version gets that message only */
        ok = load_version(&L);
        if (ok) {
            bool keys = sup_ycheck_keys(doc, L.root, top_keys, "an ISA description");
            bool head = load_header(&L);
            bool mem = load_memory(&L);
            bool llvm = head && load_llvm(&L, check);
            bool caches = load_caches(&L);
            bool pipe = llvm && mem && caches && load_pipeline(&L);
            bool layout = load_layout(&L);
            ok = keys && head && mem && llvm && caches && pipe && layout;
            if (head && !load_tables(&L))
                ok = false;
        }
    }
    ok = ok && doc->errors == 0;
    isa__map_free(&L.classes);
    isa__map_free(&L.where);
    isa__map_free(&L.broken_classes);
    isa__map_free(&L.broken_mnemonics);
    sup_yaml_free(doc);
    if (!ok) {
        isa_free(isa);
        return NULL;
    }
    return isa;
}

struct isa *isa_load_file(const char *path, FILE *diag)
{
    return load(sup_yaml_load_file(path, diag), path, true);
}

struct isa *isa__load_bundled(const char *path, FILE *diag)
{
    return load(sup_yaml_load_file(path, diag), path, false);
}

struct isa *isa_load_string(const char *name, const char *text, size_t len, FILE *diag)
{
    return load(sup_yaml_load_string(name, text, len, diag), name, true);
}

void isa_free(struct isa *isa)
{
    if (!isa)
        return;
    isa__map_free(&isa->insns);
    isa__map_free(&isa->runtime);
    isa__map_free(&isa->refused);
    isa__map_free(&isa->ir);
    isa__free_code(isa->code);
    isa__arena_free(isa->arena);
    free(isa);
}
