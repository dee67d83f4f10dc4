/* lpn_impl.h — the lpn library's internal data structures: the compiled
 * model (places, transitions, edges, bytecode expressions) shared by the
 * loader, the simulator and the writers. Not installed; not for other
 * modules. Internal functions shared between files carry the prefix lpn__. */
#ifndef LPNEST_LPN_IMPL_H
#define LPNEST_LPN_IMPL_H

#include "lpn.h"

#include <stdbool.h>
#include <stdint.h>

struct sup_ydoc;
struct sup_ynode;

/* Limits that keep every input finite (documented in FORMAT.md). */
#define LPN_MAX_EXPR_DEPTH 64        /* nesting of an expression */
#define LPN_MAX_EXPR_LEN 4096        /* characters of one expression */
#define LPN_MAX_NAMES 100000         /* places + transitions */
#define LPN_MAX_EDGES 1024           /* inputs or outputs of one transition */
#define LPN_MAX_PROPS 256            /* properties of one token type */
#define LPN_MAX_INITIAL 100000000LL  /* tokens of one initial/generate entry */
#define LPN_MAX_INFLIGHT (1 << 20)   /* firings of one transition in flight */
#define LPN_MAX_PRODUCE (1 << 24)    /* tokens one output edge makes per commit */
#define LPN_MAX_FIRINGS (1 << 24)    /* firings in flight in one sim */
#define LPN_MAX_RING_BYTES (1ULL << 32)   /* token storage of one place */
#define LPN_MAX_LOCK_BYTES (1ULL << 30)   /* lock records of the firings in flight */

/* ---- expressions --------------------------------------------------------------
 * Compiled once to a stack bytecode. Types are checked at load time: an
 * expression is either an integer or a boolean (stored as 0/1). */
enum lpn_op {
    LPN_OP_CONST,   /* push v */
    LPN_OP_INDEX,   /* push i (producer/generator index) */
    LPN_OP_TOK,     /* push property a of token v of input in */
    LPN_OP_TOKX,    /* pop k; push property a of token k of input in */
    LPN_OP_LEN,     /* push number of readable tokens of input in */
    LPN_OP_NEG, LPN_OP_NOT, LPN_OP_ABS, LPN_OP_HASH,
    LPN_OP_ADD, LPN_OP_SUB, LPN_OP_MUL, LPN_OP_DIV, LPN_OP_MOD, LPN_OP_CDIV,
    LPN_OP_MIN, LPN_OP_MAX,
    LPN_OP_EQ, LPN_OP_NE, LPN_OP_LT, LPN_OP_LE, LPN_OP_GT, LPN_OP_GE,
    LPN_OP_JZ,      /* pop c; if c == 0 jump to a */
    LPN_OP_JNZ,     /* pop c; if c != 0 jump to a */
    LPN_OP_JZK,     /* if top == 0 jump to a (keep it), else pop */
    LPN_OP_JNZK,    /* if top != 0 jump to a (keep it), else pop */
    LPN_OP_JMP,     /* jump to a */
    LPN_OP_BOOL,    /* top = top != 0 */
};

struct lpn_insn {
    uint8_t op;
    uint16_t in;     /* input edge index (TOK, TOKX, LEN) */
    uint32_t a;      /* property index or jump target */
    int64_t v;       /* constant or token index */
};

struct lpn_expr {
    const struct lpn_insn *code;   /* NULL when the expression is constant */
    uint32_t ncode;
    uint32_t maxstack;
    bool is_const;
    bool is_bool;
    int64_t cval;                  /* the value when is_const */
    const char *text;              /* source text (owned by the model) */
    unsigned line, col;            /* where the text starts */
    const unsigned *iline, *icol;  /* position of each instruction (for errors) */
};

/* ---- model ---------------------------------------------------------------------*/
struct lpn_place {
    const char *name;
    unsigned line, col;
    int nprops;
    const char **props;
    int64_t capacity;        /* 0: unbounded */
    bool resource;           /* `resource: true` or a generated capacity place */
    int cap_place;           /* the generated capacity place of this one, -1 */
    int cap_of;              /* for a capacity place: the place it bounds, else -1 */
    int64_t initial;         /* number of initial tokens (capacity places: capacity - initial of cap_of) */
    /* transitions reading this place (normal inputs) and inhibited by it */
    int *readers, nreaders;
    int *inhibited, ninhibited;
    int *writers, nwriters;  /* transitions with an output edge to it */
};

struct lpn_in {
    int place;
    bool inhibit;            /* the place must hold no token at all */
    bool resource;           /* the place is a resource/capacity place */
    int cap_for;             /* generated edge: weight = sum of counts of outputs into this place; else -1 */
    struct lpn_expr weight;  /* peek context (ignored when cap_for >= 0) */
    bool has_guard;
    struct lpn_expr guard;   /* peek context */
    unsigned line, col;
};

struct lpn_out {
    int place;
    int count_from;          /* generated edge: count = weight taken from input count_from; else -1 */
    struct lpn_expr count;   /* consume context */
    int copy_from;           /* input index whose i-th consumed token gives copied props, -1 */
    struct lpn_expr *props;  /* place's nprops entries (produce context) */
    int *prop_src;           /* per prop: -1 = props[k] computes it, else the copied property's index */
    unsigned line, col;
};

/* The hot part of an input edge, for the simulator's fast paths. */
struct lpn_rin {
    int place;
    bool shared;             /* the place has other readers (locking changes what they see) */
    int64_t w;               /* the weight when constant */
};

struct lpn_transition {
    const char *name;
    unsigned line, col;
    struct lpn_in *in;
    int nin;
    struct lpn_out *out;
    int nout;
    struct lpn_rin *rin;     /* per input, compact */
    int *order;              /* normal inputs: ordinary ones first, then resources, then capacity */
    int nnormal;             /* entries of order */
    int nreal;               /* ordinary (non-resource) inputs among them */
    int nuser;               /* ordinary + user resource inputs among them */
    struct lpn_expr delay;   /* consume context */
    bool has_guard;
    struct lpn_expr guard;   /* peek context */
    int64_t ii;              /* 0: none */
    int64_t inflight;        /* firings in flight at most */
    bool fast;               /* every weight constant, no guard, no inhibitor */
};

/* A batch of tokens put into a place when a sim starts (initial/generate). */
struct lpn_tokgen {
    int place;
    int64_t count;
    bool generator;          /* from `generate:` (skipped with LPN_SIM_NO_GENERATORS) */
    struct lpn_expr at;      /* arrival time, generator context */
    struct lpn_expr *props;  /* place's nprops entries, generator context */
    unsigned line, col;
};

struct lpn_pval {
    const char *name;
    int64_t value;
};

struct lpn_name {
    const char *name;        /* NULL: empty slot */
    int kind;                /* LPN_NAME_* */
    int idx;
};
enum { LPN_NAME_PLACE, LPN_NAME_TRANS, LPN_NAME_PARAM };

struct lpn_model {
    const char *name;
    const char *source;
    struct lpn_place *places;
    int nplaces;
    struct lpn_transition *trans;
    int ntrans;
    struct lpn_tokgen *gens;
    int ngens;
    struct lpn_pval *params;
    int nparams;
    int start, done;
    int maxin;               /* most inputs of one transition */
    int maxprops;            /* most properties of one place */
    struct lpn_name *names;  /* open-addressing table of places, transitions, params */
    size_t names_cap, nnames;
    void *arena;             /* every allocation of the model */
};

/* ---- shared internals ----------------------------------------------------------*/
void *lpn__alloc(struct lpn_model *m, size_t n);          /* zeroed, freed with the model */
const char *lpn__strdup(struct lpn_model *m, const char *s);
struct lpn_model *lpn__model_new(const char *source);
/* Finds NAME among places, transitions and parameters. */
bool lpn__name_find(const struct lpn_model *m, const char *name, int *kind, int *idx);
/* Adds NAME; false (nothing added) when it is already there. */
bool lpn__name_add(struct lpn_model *m, const char *name, int kind, int idx);

/* What names an expression may use. */
enum lpn_ctx {
    LPN_CTX_PARAM,     /* parameters only (params, capacity, counts, ii, inflight) */
    LPN_CTX_GEN,       /* parameters and i (initial tokens, generators) */
    LPN_CTX_PEEK,      /* parameters and the free tokens of inputs (weights, guards) */
    LPN_CTX_CONSUME,   /* parameters and the consumed tokens (delay, output counts) */
    LPN_CTX_PRODUCE,   /* CONSUME plus i (output properties) */
};
struct lpn_scope {
    enum lpn_ctx ctx;
    const struct lpn_transition *t;   /* inputs, for PEEK/CONSUME/PRODUCE */
    const char *what;                 /* "delay of transition 'x'", for messages */
};
/* Compiles the scalar NODE as an expression of type WANT_BOOL (true) or
 * integer (false) into OUT. Returns false after reporting through DOC. */
bool lpn__expr_compile(struct lpn_model *m, struct sup_ydoc *doc, const struct sup_ynode *node,
                       const struct lpn_scope *sc, bool want_bool, struct lpn_expr *out);
/* A constant expression with value V (no source). */
void lpn__expr_const(struct lpn_expr *e, int64_t v, const char *text);

/* Evaluation of an expression that reads no token (PARAM/GEN contexts):
 * returns 0 and sets *out, or -1 and sets *pc to the failing instruction. */
int lpn__eval_simple(const struct lpn_expr *e, int64_t idx, int64_t *out, uint32_t *pc);
/* The message of a failing instruction ("division by zero", ...). */
const char *lpn__eval_errmsg(const struct lpn_expr *e, uint32_t pc);

/* Stable 64-bit mix used by hash(). */
static inline uint64_t lpn__mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Wrapping integer arithmetic (never undefined). */
static inline int64_t lpn__add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline int64_t lpn__sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static inline int64_t lpn__mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
/* a / b and a % b for b != 0 with INT64_MIN / -1 wrapping. */
static inline int64_t lpn__div(int64_t a, int64_t b) { return b == -1 ? lpn__sub(0, a) : a / b; }
static inline int64_t lpn__mod(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }
/* Ceiling division (b != 0). */
static inline int64_t lpn__cdiv(int64_t a, int64_t b)
{
    int64_t q = lpn__div(a, b), r = lpn__mod(a, b);
    return (r != 0 && ((r > 0) == (b > 0))) ? q + 1 : q;
}

#endif
