/* isa_impl.h — what the files of the isa module share and nobody else sees:
 * the loaded description (struct isa), its string-keyed hash maps, the
 * compiled formulas and the loader's helpers. Internal names: isa__. */
#ifndef LPNEST_ISA_IMPL_H
#define LPNEST_ISA_IMPL_H

#include "isa.h"
#include "yamltree.h"

#include <stddef.h>
#include <stdint.h>

/* ---- allocation: everything of one description lives in its arena -------- */
struct isa__arena;
void *isa__alloc(struct isa__arena **a, size_t n);         /* zeroed; aborts on exhaustion */
char *isa__strdup(struct isa__arena **a, const char *s);
void isa__arena_free(struct isa__arena *a);

/* ---- string -> pointer hash map (open addressing, power-of-two size) ------ */
struct isa__map {
    const char **keys;
    void **vals;
    size_t cap, n;
};
/* Returns the value stored under KEY, or NULL. */
void *isa__map_get(const struct isa__map *m, const char *key);
/* Stores VAL under KEY (KEY must outlive the map; it is not copied) unless
 * KEY is present: returns the value already there, or NULL after storing. */
void *isa__map_put(struct isa__map *m, const char *key, void *val);
void isa__map_free(struct isa__map *m);

/* ---- formulas: + - * / %, unary -, parentheses, numbers, names and
 * min(a,b,...) max(a,b,...) floor(x) ceil(x) bits(x) popcount(x) ------------ */
struct isa__formula;
/* Compiles TEXT; every name must be one of NAMES[0..nnames) and becomes its
 * index. Errors go through sup_yerror at NODE (the formula's scalar), with
 * the column of the offending character. Returns NULL after an error. */
struct isa__formula *isa__formula_compile(struct isa__arena **a, const char *text, const char *const *names,
                                          size_t nnames, struct sup_ydoc *doc, const struct sup_ynode *node);
/* Evaluates with VALUES[i] for name i (NaN: not given). Returns 0 and sets
 * *out, or -1 with a message on diag ("formula 'TEXT': ..."). */
int isa__formula_eval(const struct isa__formula *f, const double *values, double *out, FILE *diag);
/* Whether the formula reads any name (false: it is a constant). */
bool isa__formula_has_names(const struct isa__formula *f);
/* Whether the formula reads name I. */
bool isa__formula_uses(const struct isa__formula *f, size_t i);

/* ---- the loaded description ------------------------------------------------ */
struct isa__entry {                /* one mnemonic; pub must stay first */
    struct isa_insn pub;
    struct isa__formula *formula;  /* compiled cycles_formula, or NULL */
    bool is_pseudo;                /* from the pseudo: section */
};

#define ISA__RT_MAXARGS 8          /* "a0".."a7" */
#define ISA__RT_FIXED ISA_RT_NFIXED /* a0..a7, ret, convs, digits, compared, old_size, ... (isa.h) */
#define ISA__RT_NAMES (ISA__RT_FIXED + ISA__RT_MAXARGS) /* and the aliases */

struct isa__runtime {              /* pub must stay first */
    struct isa_runtime pub;
    struct isa__formula *cycles_f, *ninstr_f;
    const char *names[ISA__RT_NAMES]; /* formula name table: the fixed names (isa.h), then aliases */
    int alias_pos[ISA__RT_MAXARGS];   /* argument position of names[ISA__RT_FIXED + i] */
    size_t nnames;
};

struct isa__ir {
    const char *opcode;
    uint32_t cycles, taken, not_taken;
};

struct isa {
    struct isa__arena *arena;
    const char *name, *description, *source, *path;
    enum isa_model model;
    double clock_hz;
    const char *triple, *cpu, *features;
    const char **forbidden;
    size_t nforbidden;
    enum isa_predict predict;
    uint32_t fetch_wait, load_wait, store_wait;
    uint64_t ram_bytes, flash_bytes; /* 0: not given */
    bool relax;
    struct isa__map insns;         /* mnemonic -> struct isa__entry */
    struct isa__map runtime;       /* symbol -> struct isa__runtime */
    struct isa__map ir;            /* opcode -> struct isa__ir */
    struct isa_code *code;         /* runtime_code: or NULL (isa_code.c) */
    struct isa__map refused;       /* symbol -> struct isa__refusal (runtime_refused:) */
    struct isa__refusal *refusals; /* in file order */
    size_t nrefusals;
    const struct isa__refusal *refused_all; /* the "*" entry, or NULL */
    const struct isa_runtime **runtime_sorted; /* isa_runtime_at's list, made on first use */
    struct isa_pipeline pipeline;  /* model ISA_PIPE_NONE when the description has none */
    struct isa_cache icache, dcache;
    bool has_text_base;
    uint64_t text_base;
};

/* ---- loader pieces ---------------------------------------------------------- */
struct isa__loader {
    struct isa *isa;
    struct sup_ydoc *doc;
    const struct sup_ynode *root;
    struct isa__map classes;       /* class name -> struct isa__class (isa_classes.c) */
    struct isa__map where;         /* mnemonic -> const struct sup_ynode * of its first listing */
    /* classes that failed to load (their error is reported) and the
     * mnemonics they list: references to them get no second, false error */
    struct isa__map broken_classes, broken_mnemonics;
};

/* Reads a non-negative cycle count (0..1e6) at NODE; reports "NAME must not
 * be negative" and other mistakes. */
bool isa__cycles(struct isa__loader *L, const struct sup_ynode *node, const char *what, uint32_t *out);
/* Reads a non-empty single-line string. */
const char *isa__string(struct isa__loader *L, const struct sup_ynode *node, const char *what);

/* isa_classes.c: the classes: and pseudo: sections (model machine). */
bool isa__load_classes(struct isa__loader *L, const struct sup_ynode *classes, const struct sup_ynode *pseudo);
/* isa_runtime.c: the runtime: section. */
bool isa__load_runtime(struct isa__loader *L, const struct sup_ynode *runtime);
/* isa_refused.c: the runtime_refused: section (after runtime:). */
struct isa__refusal;
bool isa__load_refused(struct isa__loader *L, const struct sup_ynode *node);
/* isa_code.c: the runtime_code: file. */
bool isa__load_code(struct isa__loader *L, const struct sup_ynode *node);
void isa__free_code(struct isa_code *code);
/* isa_ir.c: the ir: section (model ir). */
bool isa__load_ir(struct isa__loader *L, const struct sup_ynode *ir);

/* isa_load_file without the backend check: the bundled descriptions are
 * checked by the test isa_backend (tests/isa), not on every run. */
struct isa *isa__load_bundled(const char *path, FILE *diag);
/* The default ISA directory (LPNEST_ISA_DIR, or the environment's). */
const char *isa__dir(void);

#endif
