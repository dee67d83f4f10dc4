/* ana.h — internals of the LPN analyses shared by their files: the Z3
 * session (zx.c), the input space (space.c) and its expression language
 * (qexpr.c), symbolic evaluation of the model's bytecode (symeval.c), the
 * symbolic execution state and its results (symexec.c, classes.c), and the
 * printers (zprint.c). Not installed; internal symbols carry lpn__. */
#ifndef LPNEST_LPN_ANA_H
#define LPNEST_LPN_ANA_H

#include "lpn_analysis.h"
#include "lpn_impl.h"

#include <z3.h>

/* ---- Z3 session (zx.c) ---------------------------------------------------------*/
#define LPN_ZINF (INT64_MAX / 4)          /* an interval end meaning "unbounded" */

struct lpn_zrange {
    unsigned id;                          /* Z3 ast id + 1; 0: empty slot */
    int64_t lo, hi;
};

struct lpn_zkids {
    unsigned id;                          /* Z3 ast id + 1; 0: empty slot */
    int n;
    Z3_ast *k;
};

struct lpn_zx {
    Z3_context c;
    Z3_solver s;                          /* base level: the space's constraints */
    Z3_sort is, rs, bs;                   /* Int, Real, Bool */
    unsigned timeout_ms;
    Z3_ast *frames;                       /* assertions pushed above the base, one per level */
    int nframes, capframes;
    struct lpn_zrange *rng;               /* intervals: symbols' ranges and a memo */
    size_t rngcap, nrng;
    struct lpn_zkids *kids;               /* per term: the terms it dominates (a >= each) */
    size_t kidcap, nkid;
    unsigned *seen;                       /* per query of lpn__zgeq: visited ids (stamped) */
    unsigned *seenstamp, stamp;
    size_t seencap;
    uint64_t nchecks;
};

bool lpn__zx_init(struct lpn_zx *z, unsigned timeout_ms);
void lpn__zx_fini(struct lpn_zx *z);
void lpn__zx_timeout(struct lpn_zx *z, double seconds);
/* The message of the last Z3 error since the previous call, or NULL. */
const char *lpn__zx_error(void);

Z3_ast lpn__znum(struct lpn_zx *z, int64_t v);
Z3_ast lpn__zrat(struct lpn_zx *z, int64_t num, int64_t den);     /* Real */
/* An Int or Bool numeral's value (true/false: 1/0). */
bool lpn__zval(struct lpn_zx *z, Z3_ast a, int64_t *v);
/* A Real or Int numeral as a double. */
bool lpn__zdouble(struct lpn_zx *z, Z3_ast a, double *v);
bool lpn__zis_bool(struct lpn_zx *z, Z3_ast a);
Z3_ast lpn__zadd(struct lpn_zx *z, Z3_ast a, Z3_ast b);
Z3_ast lpn__zsub(struct lpn_zx *z, Z3_ast a, Z3_ast b);
Z3_ast lpn__zmul(struct lpn_zx *z, Z3_ast a, Z3_ast b);
Z3_ast lpn__zmax(struct lpn_zx *z, Z3_ast a, Z3_ast b);
Z3_ast lpn__zmin(struct lpn_zx *z, Z3_ast a, Z3_ast b);
Z3_ast lpn__zite(struct lpn_zx *z, Z3_ast c, Z3_ast a, Z3_ast b);
Z3_ast lpn__znot(struct lpn_zx *z, Z3_ast a);
Z3_ast lpn__zand(struct lpn_zx *z, Z3_ast a, Z3_ast b);
Z3_ast lpn__zor(struct lpn_zx *z, Z3_ast a, Z3_ast b);
Z3_ast lpn__zand_n(struct lpn_zx *z, const Z3_ast *a, int n);      /* n = 0: true */
Z3_ast lpn__ztrue(struct lpn_zx *z);
Z3_ast lpn__zreal(struct lpn_zx *z, Z3_ast a);                     /* Int -> Real */
Z3_ast lpn__zsimp(struct lpn_zx *z, Z3_ast a);

/* Intervals of Int terms (Bool: [0,1], [1,1] true, [0,0] false). */
void lpn__zset_range(struct lpn_zx *z, Z3_ast sym, int64_t lo, int64_t hi);
void lpn__zrange(struct lpn_zx *z, Z3_ast a, int64_t *lo, int64_t *hi);
/* A cheap proof that a >= b for every input (syntax and intervals). */
bool lpn__zgeq(struct lpn_zx *z, Z3_ast a, Z3_ast b);

/* Checks the base constraints, the path condition PC[0..n) and EXTRA (may be
 * NULL): 1 satisfiable, 0 unsatisfiable, -1 unknown (timeout). When MODEL is
 * not NULL and the answer is 1, *MODEL gets the model (the caller releases
 * it with Z3_model_dec_ref). */
int lpn__zcheck(struct lpn_zx *z, const Z3_ast *pc, int n, Z3_ast extra, Z3_model *model);
/* True when COND holds for every input satisfying the base and PC. */
bool lpn__zprove(struct lpn_zx *z, const Z3_ast *pc, int n, Z3_ast cond);
/* Evaluates Int/Real term A in model MD (completion on) as a double. */
bool lpn__zeval(struct lpn_zx *z, Z3_model md, Z3_ast a, double *v);

/* ---- printing (zprint.c) -------------------------------------------------------*/
/* How a constant is written: NULL keeps its Z3 name. */
typedef const char *lpn_zname_fn(void *ctx, Z3_ast constant);
struct lpn_zpr {
    bool c;                       /* C syntax (doubles, helper functions) */
    lpn_zname_fn *name;
    void *ctx;
    /* shared subterms named in the text: id -> name (latency listings) */
    unsigned *ids;
    const char **names;
    size_t nids;
    unsigned skip_id;             /* do not replace this id by its name (the definition itself) */
};
/* Writes A to OUT in infix syntax: max/min recognised, rationals as a/b. */
void lpn__zprint(struct lpn_zx *z, const struct lpn_zpr *pr, Z3_ast a, FILE *out);
/* The same into a malloc'd string. */
char *lpn__zstr(struct lpn_zx *z, const struct lpn_zpr *pr, Z3_ast a);

/* ---- input space (space.c) -----------------------------------------------------*/
struct lpn_sym {
    char *name;                   /* "dm" or "symbols[3]" */
    int64_t lo, hi;
    Z3_ast var;                   /* Int constant */
    int tok, prop;                /* per-token symbol: its token and property; shared: -1, -1 */
};

struct lpn_space {
    const struct lpn_model *m;
    char *path;
    struct lpn_zx zx;
    int place, ntok, nprops;
    Z3_ast *val;                  /* [ntok * nprops]: each token's property (numeral or symbol) */
    int *valsym;                  /* [ntok * nprops]: the symbol it is, or -1 */
    struct lpn_sym *syms;
    int nsyms;
    Z3_ast *cons;                 /* ranges and constraints, asserted at the solver's base */
    int ncons;
    Z3_ast *avg;                  /* [nprops]: Real "avg_p" for properties with per-token symbols */
    Z3_ast latency, pi;           /* Real placeholders of the query language */
    char *text;                   /* the file's text (queries keep pointers into nothing else) */
};

/* Where an expression of the query language comes from, for messages. */
struct lpn_qsrc {
    const char *file;
    const char *text;
    size_t len;
    unsigned line, col;           /* of text[0] */
    bool oneline;                 /* columns are exact */
};
enum { LPN_Q_ALLOW_LATENCY = 1, LPN_Q_ALLOW_PI = 2 };
/* Parses an expression of the query language (qexpr.c) into a Real or Bool
 * term (WANT_BOOL) over the space's symbols. NULL after printing an error. */
Z3_ast lpn__qparse(struct lpn_space *sp, const struct lpn_qsrc *src, unsigned flags, bool want_bool, FILE *diag);
/* The term of an input's symbols: substitutes the symbol values of PROPS. */
Z3_ast lpn__space_bind(const struct lpn_space *sp, Z3_ast a, const int64_t *props);
/* Reads symbol values of an input into a model-free array VALS[nsyms];
 * false when PROPS contradicts a shared symbol or a constant property. */
bool lpn__space_symvals(const struct lpn_space *sp, const int64_t *props, int64_t *vals);
/* Fills PROPS (tokens x props) from model MD. */
void lpn__space_from_model(const struct lpn_space *sp, Z3_model md, int64_t *props);

/* ---- symbolic execution state (symexec.c) --------------------------------------*/
struct lpn_stok {
    Z3_ast ts;                    /* timestamp (Int) */
    Z3_ast *props;                /* the place's nprops values, NULL for counters */
    bool made;                    /* produced by a firing (not initial or input) */
};

struct lpn_splace {
    struct lpn_stok *tok;         /* materialized tokens in FIFO (= time) order */
    int64_t n, cap;
    int64_t head;                 /* tokens locked (consumed) so far: a prefix */
    Z3_ast last_lock;             /* start of the firing that locked the latest tokens */
};

struct lpn_sfire {
    int t;
    Z3_ast start, commit, delay;
    int64_t *cnt;                 /* consumed per input, then produced per output */
};

struct lpn_sstate {
    struct lpn_splace *pl;
    struct lpn_sfire *fir;
    int64_t nfir, capfir;
    int64_t **tfir;               /* per transition: its firings, in order */
    int64_t *ntfir, *captfir;
    Z3_ast *pc;                   /* path condition */
    int npc, cappc;
};

/* One explored path: a set of inputs inside one class. */
struct lpn_set {
    Z3_ast *pc;
    int npc;
    Z3_ast cond;                  /* conjunction of pc */
    Z3_ast latency;               /* exact last done cycle (Int) */
    struct lpn_sfire *fir;
    int64_t nfir;
    int64_t *ncommits;            /* per transition */
    bool deadlock;
    uint64_t sig;                 /* hash of the abstract trace */
    int cls;
};

struct lpn_classes {
    struct lpn_space *sp;
    struct lpn_set *sets;
    int nsets, capsets;
    int ncls;
    int *rep;                     /* first set of each class */
    Z3_ast *cls_cond, *cls_lat;   /* per class: disjunction of its sets, ite over them */
    enum lpn_astatus status;
    char *limit_msg;
    double max_seconds;           /* the wall-time budget of the exploration, reused by lpn_smt_run */
    double seconds;
    uint64_t nchecks;
    void *arena;
};

void *lpn__aalloc(void **arena, size_t n);     /* zeroed, freed with lpn__afree */
void lpn__afree(void **arena);

/* ---- supported constructs (symcheck.c) -----------------------------------------*/
/* Checks that the analyses support M; fills ROUTE_VIA[place] with the routed
 * place a shared place's readers all take from (-1: none needed). False
 * after printing "model:line:col: error: ..." to DIAG. */
bool lpn__sx_check_model(const struct lpn_model *m, int *route_via, FILE *diag);

/* ---- symbolic evaluation of bytecode (symeval.c) -------------------------------*/
enum { LPN_SE_OK, LPN_SE_MISSING, LPN_SE_SPLIT, LPN_SE_FAIL };
struct lpn_sectx {
    struct lpn_zx *z;
    const struct lpn_model *m;
    const struct lpn_sstate *st;
    const struct lpn_transition *t;
    const int64_t *base;          /* per input: index of its first readable token */
    const int64_t *avail;         /* per input: readable tokens */
    int64_t idx;                  /* i */
    bool peek;
    int64_t *maxread;             /* per input: highest index read, or NULL */
    Z3_ast split;                 /* LPN_SE_SPLIT: decide this condition first */
    uint32_t pc;                  /* LPN_SE_FAIL/MISSING: the instruction */
    const char *why;              /* LPN_SE_FAIL: message */
};
int lpn__seval(struct lpn_sectx *cx, const struct lpn_expr *e, Z3_ast *out);

/* The conjunction of an explored set's path condition, etc. (classes.c) */
Z3_ast lpn__class_cond(const struct lpn_classes *cl, int k);
Z3_ast lpn__class_latency(const struct lpn_classes *cl, int k);

#endif
