/* lower_system.c — the constraint system of machine counts: linear
 * equalities and inequalities with coefficients +1/-1 over non-negative
 * variables, narrowed by interval propagation (each constraint bounds each
 * of its variables by the others' ranges) and, where that stalls, by
 * Gauss-Jordan elimination of the equalities over the open variables,
 * which finds what they determine jointly. A contradiction either way is
 * reported, never papered over. */
#include "lower_system.h"
#include "support.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void lsys_add(struct lsys_system *sy, const int *var, const signed char *coef, size_t n, double rhs, bool ge)
{
    if (sy->nc == sy->capc) {
        sy->capc = sy->capc ? sy->capc * 2 : 64;
        sy->c = sup_xrealloc(sy->c, sy->capc * sizeof *sy->c);
    }
    struct lsys_cons *c = &sy->c[sy->nc++];
    c->var = sup_xmalloc((n + 1) * sizeof *c->var);
    c->coef = sup_xmalloc(n + 1);
    memcpy(c->var, var, n * sizeof *var);
    memcpy(c->coef, coef, n);
    c->n = n;
    c->rhs = rhs;
    c->ge = ge;
}

/* Upper bounds above this are no bounds: counts never come near it, and
 * around a loop propagation would otherwise raise a bound a little each
 * pass until the sums lose integer precision (2^53) and invent a
 * contradiction. */
#define BOUND_MAX 1e13

/* Whether the double at A differs from B in any bit: a constraint whose
 * variables kept every bit since it was last evaluated would change nothing
 * if evaluated again. */
static bool differs(double a, double b) { return memcmp(&a, &b, sizeof a) != 0; }

/* Which constraints each variable is in (compressed rows), and which
 * constraints must be evaluated again because a variable of theirs changed
 * since their last evaluation began (a bit per constraint). Kept between
 * solves with lsys_keep, with the constraints left out and a checkpoint. */
struct lsys_index {
    size_t *first;  /* per variable: its constraints in cons[first[v] .. first[v+1]) */
    size_t *cons;
    uint64_t *dirty;
    size_t nwords;
    const bool *off; /* per constraint: left out (NULL: none) */
    double *saved_lo, *saved_hi; /* lsys_checkpoint */
    uint64_t *saved_dirty;
    struct lsys_echelon *saved_ech; /* a copy of the system's reduced rows then (NULL: none) */
    bool saved_conflict;
    long saved_first_conflict;
};

static void set_dirty(struct lsys_index *x, size_t i) { x->dirty[i / 64] |= (uint64_t)1 << (i % 64); }
static void clear_dirty(struct lsys_index *x, size_t i) { x->dirty[i / 64] &= ~((uint64_t)1 << (i % 64)); }

static void index_build(const struct lsys_system *sy, struct lsys_index *x)
{
    x->first = sup_xcalloc(sy->nvars + 2, sizeof *x->first);
    for (size_t i = 0; i < sy->nc; i++)
        for (size_t k = 0; k < sy->c[i].n; k++)
            x->first[sy->c[i].var[k] + 1]++;
    for (size_t v = 0; v < sy->nvars; v++)
        x->first[v + 1] += x->first[v];
    size_t *fill = sup_xmalloc((sy->nvars + 1) * sizeof *fill);
    memcpy(fill, x->first, sy->nvars * sizeof *fill);
    x->cons = sup_xmalloc((x->first[sy->nvars] + 1) * sizeof *x->cons);
    for (size_t i = 0; i < sy->nc; i++)
        for (size_t k = 0; k < sy->c[i].n; k++)
            x->cons[fill[sy->c[i].var[k]]++] = i;
    free(fill);
    x->nwords = sy->nc / 64 + 1;
    x->dirty = sup_xcalloc(x->nwords, sizeof *x->dirty);
    x->off = NULL;
    x->saved_lo = x->saved_hi = NULL;
    x->saved_dirty = NULL;
    x->saved_ech = NULL;
}

static void echelon_free(struct lsys_echelon *e);

static void index_free(struct lsys_index *x)
{
    echelon_free(x->saved_ech);
    free(x->first);
    free(x->cons);
    free(x->dirty);
    free(x->saved_lo);
    free(x->saved_hi);
    free(x->saved_dirty);
}

/* Every constraint in the system is to be evaluated. */
static void all_dirty(const struct lsys_system *sy, struct lsys_index *x)
{
    memset(x->dirty, 0, x->nwords * sizeof *x->dirty);
    for (size_t i = 0; i < sy->nc; i++)
        if (!x->off || !x->off[i])
            set_dirty(x, i);
}

static void touched(struct lsys_index *x, int v)
{
    for (size_t j = x->first[v]; j < x->first[v + 1]; j++)
        if (!x->off || !x->off[x->cons[j]])
            set_dirty(x, x->cons[j]);
}

/* The first constraint from I on to be evaluated, or N. */
static size_t next_dirty(const struct lsys_index *x, size_t i, size_t n)
{
    size_t w = i / 64;
    if (w >= x->nwords)
        return n;
    uint64_t bits = x->dirty[w] & (~(uint64_t)0 << (i % 64));
    while (!bits) {
        if (++w >= x->nwords)
            return n;
        bits = x->dirty[w];
    }
    size_t at = w * 64 + (size_t)__builtin_ctzll(bits);
    return at < n ? at : n;
}

/* Narrows V's interval to [lo, hi]; true when its bounds were written with
 * a narrower value (the rounds go on while they are), and the constraints
 * of V marked for evaluation when a bound changed at all. */
static bool tighten(struct lsys_system *sy, struct lsys_index *x, int v, double lo, double hi)
{
    bool changed = false;
    double lo0 = sy->lo[v], hi0 = sy->hi[v];
    if (hi > BOUND_MAX)
        hi = LSYS_INF;
    if (lo > sy->hi[v] + 0.5 || hi < sy->lo[v] - 0.5) {
        sy->conflict = true;
        return false;
    }
    if (lo > sy->lo[v] + 1e-6) {
        sy->lo[v] = lo > sy->hi[v] ? sy->hi[v] : lo;
        changed = true;
    }
    if (hi < sy->hi[v] - 1e-6) {
        sy->hi[v] = hi < sy->lo[v] ? sy->lo[v] : hi;
        changed = true;
    }
    if (changed && (differs(sy->lo[v], lo0) || differs(sy->hi[v], hi0)))
        touched(x, v);
    return changed;
}

/* Narrows the intervals by constraint I. */
static void evaluate(struct lsys_system *sy, struct lsys_index *x, size_t i)
{
    struct lsys_cons *c = &sy->c[i];
    /* sum of the terms' minima and maxima */
    double smin = 0, smax = 0;
    size_t nmax_inf = 0, nmin_inf = 0;
    for (size_t k = 0; k < c->n; k++) {
        int v = c->var[k];
        if (c->coef[k] > 0) {
            smin += sy->lo[v];
            if (sy->hi[v] >= LSYS_INF)
                nmax_inf++;
            else
                smax += sy->hi[v];
        } else {
            smax -= sy->lo[v];
            if (sy->hi[v] >= LSYS_INF)
                nmin_inf++;
            else
                smin -= sy->hi[v];
        }
    }
    for (size_t k = 0; k < c->n; k++) {
        int v = c->var[k];
        bool pos = c->coef[k] > 0;
        /* the other terms' range */
        double omin = smin, omax = smax;
        size_t omin_inf = nmin_inf, omax_inf = nmax_inf;
        if (pos) {
            omin -= sy->lo[v];
            if (sy->hi[v] >= LSYS_INF)
                omax_inf--;
            else
                omax -= sy->hi[v];
        } else {
            omax += sy->lo[v];
            if (sy->hi[v] >= LSYS_INF)
                omin_inf--;
            else
                omin += sy->hi[v];
        }
        /* coef * x = rhs - others */
        double lo = -LSYS_INF, hi = LSYS_INF;
        if (pos) {
            if (!omax_inf)
                lo = c->rhs - omax;
            if (!c->ge && !omin_inf)
                hi = c->rhs - omin;
        } else {
            /* -x = rhs - others  =>  x = others - rhs */
            if (!c->ge && !omin_inf)
                lo = omin - c->rhs;
            if (!omax_inf)
                hi = omax - c->rhs;
        }
        if (lo < 0)
            lo = 0;
        bool before = sy->conflict;
        tighten(sy, x, v, lo, hi);
        if (!before && sy->conflict)
            sy->first_conflict = (long)i;
    }
}

/* Rounds over the constraints in order, each narrowing the intervals by
 * the others' ranges, until a round narrows nothing (or 400 rounds). A
 * round evaluates only the constraints a variable of which changed since
 * their last evaluation began (or that were just put in): evaluating the
 * others again would write what their variables hold, so the intervals
 * after every round are, bit for bit, those of evaluating every constraint
 * every round. */
static void sys_propagate(struct lsys_system *sy, struct lsys_index *x)
{
    for (int round = 0; round < 400; round++) {
        bool any = false;
        for (size_t i = next_dirty(x, 0, sy->nc); i < sy->nc; i = next_dirty(x, i + 1, sy->nc)) {
            clear_dirty(x, i);
            evaluate(sy, x, i);
            any = true;
        }
        /* a round that evaluated nothing changed nothing: the next would
         * see the same intervals */
        if (!any || next_dirty(x, 0, sy->nc) == sy->nc)
            break;
    }
}

void lsys_free(struct lsys_system *sy)
{
    for (size_t i = 0; i < sy->nc; i++) {
        free(sy->c[i].var);
        free(sy->c[i].coef);
    }
    free(sy->c);
    free(sy->lo);
    free(sy->hi);
    free(sy->tainted);
    lsys_unkeep(sy);
    lsys_memo_free(sy->memo);
}


/* Elimination is dense: it is skipped above this many open variables
 * (propagation leaves few open in practice), and a system stops eliminating
 * after this much work, about a tenth of a second (the corpus's largest,
 * AVR interp's main with 175 blocks, spends 1.4e7): what it found by then
 * holds, every row being implied by the equalities. The work is what the
 * eliminations did: per row operation the row's width from the pivot
 * column on, plus one per value copied when an elimination starts from
 * the last one's reduced rows (struct lsys_echelon). lz4.c's largest
 * function spent 1.76e8 when every elimination started from the
 * constraints; all of lz4.c's functions together now spend 5.9e7. */
enum { ELIM_MAX_OPEN = 600 };
#define ELIM_BUDGET 2e8

/* What an elimination depends on when it fixes nothing: the open
 * variables' number and, per equality row (ROWS: the constraints that are
 * rows, in order), its right-hand side with the
 * fixed variables moved over and its open variables' columns and signs
 * (the row's entries are their sums). Whether it fixes something or finds
 * a contradiction depends on nothing else; the bounds of the open
 * variables matter only once a row gives a value. */
static uint64_t *elim_key(const struct lsys_system *sy, const size_t *rows, const int *col, size_t nopen, size_t nrows,
                          size_t *n)
{
    size_t cap = 2;
    for (size_t r = 0; r < nrows; r++)
        cap += 2 + sy->c[rows[r]].n;
    uint64_t *key = sup_xmalloc(cap * sizeof *key);
    size_t m = 0;
    key[m++] = nopen;
    key[m++] = nrows;
    for (size_t r = 0; r < nrows; r++) {
        const struct lsys_cons *c = &sy->c[rows[r]];
        size_t at = m;
        m += 2;
        double rhs = c->rhs;
        for (size_t k = 0; k < c->n; k++) {
            int v = c->var[k];
            if (col[v] >= 0)
                key[m++] = (uint64_t)col[v] << 1 | (c->coef[k] > 0);
            else
                rhs -= c->coef[k] * sy->lo[v];
        }
        memcpy(&key[at], &rhs, sizeof rhs);
        key[at + 1] = m - at - 2;
    }
    *n = m;
    return key;
}

struct elim_list {
    size_t *at;
    size_t n, cap;
};

/* An elimination's outcome, which its key determines: the work it took, a
 * row with no variable left and something on the right (a contradiction),
 * else the values its rows give, per column in the order of the rows (each
 * then checked against its variable's bounds, which the key leaves out). */
struct elim_outcome {
    double work;
    bool empty_row;
    size_t nvalues;
    size_t *col;
    double *value;
};

/* Eliminations that ran to the end within the budget, by their key, with
 * their outcome; and the dense rows eliminations use, kept zero between
 * them, with their lists (emptied, their memory kept). */
enum { MEMO_SIZE = 32 };
struct lsys_memo {
    uint64_t *key[MEMO_SIZE];
    uint64_t hash[MEMO_SIZE];
    size_t n[MEMO_SIZE];
    struct elim_outcome out[MEMO_SIZE];
    size_t next;
    double *cells;
    unsigned char *seen;
    size_t cap;
    struct elim_list *lists;
    size_t nlists;
};

/* An elimination's rows: dense values, and for each row the columns and
 * for each column the rows where a value was ever not zero (every other
 * value is zero). The rows change places through ID (row at a place) and
 * POS (place of a row). */
struct elim {
    double **row;
    unsigned char *seen;  /* per cell: in the lists */
    struct elim_list *rowcols, *col;
    size_t *id, *pos;
    size_t nrows, w;
    double *cells;
};

static void elim_open(struct elim *m, struct lsys_memo *memo, size_t nrows, size_t w)
{
    size_t n = nrows * w;
    if (memo && memo->cap < n) {
        free(memo->cells);
        free(memo->seen);
        memo->cells = sup_xcalloc(n + 1, sizeof *memo->cells);
        memo->seen = sup_xcalloc(n + 1, 1);
        memo->cap = n;
    }
    m->cells = memo ? memo->cells : sup_xcalloc(n + 1, sizeof *m->cells);
    m->seen = memo ? memo->seen : sup_xcalloc(n + 1, 1);
    m->nrows = nrows;
    m->w = w;
    m->row = sup_xmalloc((nrows + 1) * sizeof *m->row);
    m->id = sup_xmalloc((nrows + 1) * sizeof *m->id);
    m->pos = sup_xmalloc((nrows + 1) * sizeof *m->pos);
    for (size_t i = 0; i < nrows; i++) {
        m->row[i] = &m->cells[i * w];
        m->id[i] = m->pos[i] = i;
    }
    struct elim_list *lists;
    if (memo) {
        if (memo->nlists < nrows + w) {
            memo->lists = sup_xrealloc(memo->lists, (nrows + w) * sizeof *memo->lists);
            memset(memo->lists + memo->nlists, 0, (nrows + w - memo->nlists) * sizeof *memo->lists);
            memo->nlists = nrows + w;
        }
        lists = memo->lists;
    } else
        lists = sup_xcalloc(nrows + w + 1, sizeof *lists);
    m->rowcols = lists;
    m->col = lists + nrows;
}

static void list_push(struct elim_list *l, size_t x)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->at = sup_xrealloc(l->at, l->cap * sizeof *l->at);
    }
    l->at[l->n++] = x;
}

/* Row R's value in column J was written (every cell written is in the
 * lists, so that closing leaves them all zero). */
static void elim_note(struct elim *m, size_t r, size_t j)
{
    unsigned char *s = &m->seen[r * m->w + j];
    if (*s)
        return;
    *s = 1;
    list_push(&m->rowcols[r], j);
    list_push(&m->col[j], r);
}

/* Frees M, leaving the memo's cells zero again. */
static void elim_close(struct elim *m, struct lsys_memo *memo)
{
    for (size_t r = 0; r < m->nrows; r++)
        for (size_t k = 0; k < m->rowcols[r].n; k++) {
            m->row[r][m->rowcols[r].at[k]] = 0;
            m->seen[r * m->w + m->rowcols[r].at[k]] = 0;
        }
    for (size_t i = 0; i < m->nrows + m->w; i++) {
        if (memo)
            m->rowcols[i].n = 0;
        else
            free(m->rowcols[i].at);
    }
    if (!memo)
        free(m->rowcols);
    free(m->row);
    free(m->id);
    free(m->pos);
    if (!memo) {
        free(m->cells);
        free(m->seen);
    }
}

struct lsys_memo *lsys_memo_new(void) { return sup_xcalloc(1, sizeof(struct lsys_memo)); }

void lsys_memo_free(struct lsys_memo *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < MEMO_SIZE; i++) {
        free(m->key[i]);
        free(m->out[i].col);
        free(m->out[i].value);
    }
    free(m->cells);
    free(m->seen);
    for (size_t i = 0; i < m->nlists; i++)
        free(m->lists[i].at);
    free(m->lists);
    free(m);
}

static uint64_t key_hash(const uint64_t *key, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ key[i]) * 1099511628211ull;
    return h;
}

/* The outcome of an elimination of KEY made before that ran to the end
 * without reaching the budget from where *WORK stands, or NULL: then *WORK
 * grows by what that one spent, as it would again. */
static const struct elim_outcome *memo_seen(const struct lsys_memo *m, const uint64_t *key, size_t n, uint64_t hash,
                                            double *work)
{
    for (size_t i = 0; m && i < MEMO_SIZE; i++)
        if (m->key[i] && m->hash[i] == hash && m->n[i] == n && *work + m->out[i].work < ELIM_BUDGET &&
            !memcmp(m->key[i], key, n * sizeof *key)) {
            *work += m->out[i].work;
            return &m->out[i];
        }
    return NULL;
}

/* Keeps KEY (taken over) with its elimination's outcome (taken over). */
static void memo_put(struct lsys_memo *m, uint64_t *key, size_t n, uint64_t hash, struct elim_outcome *out)
{
    if (!m) {
        free(key);
        free(out->col);
        free(out->value);
        return;
    }
    free(m->key[m->next]);
    free(m->out[m->next].col);
    free(m->out[m->next].value);
    m->key[m->next] = key;
    m->hash[m->next] = hash;
    m->n[m->next] = n;
    m->out[m->next] = *out;
    m->next = (m->next + 1) % MEMO_SIZE;
}

/* Applies an elimination's outcome: the values its rows give, each within
 * its variable's bounds, else a contradiction; true when it fixed one. */
static bool apply_outcome(struct lsys_system *sy, struct lsys_index *ix, const struct elim_outcome *o,
                          const int *var_of)
{
    bool fixed = false;
    if (o->empty_row) {
        sy->conflict = true;
        return false;
    }
    for (size_t i = 0; i < o->nvalues; i++) {
        int v = var_of[o->col[i]];
        double rx = o->value[i];
        if (rx < sy->lo[v] - 0.5 || rx > sy->hi[v] + 0.5) {
            sy->conflict = true;
            break;
        }
        sy->lo[v] = sy->hi[v] = rx;
        touched(ix, v);
        fixed = true;
    }
    return fixed;
}

/* The reduced rows the last elimination ended with (its rows at the
 * pivots, the rows left empty dropped), kept so that the next elimination
 * starts from them instead of from the constraints: between two
 * eliminations propagation only fixes variables and the solve only puts
 * constraints in, so the next system is this one with the newly fixed
 * columns moved to the right-hand side plus the equalities put in since:
 * the same row space, hence the same reduced form, the same values and the
 * same contradictions, for a fraction of the work. echelon_match checks
 * that this holds (a rollback, a restart or an estimate set back undoes
 * it: then the elimination starts from the constraints). */
struct lsys_echelon {
    unsigned shares;       /* owners besides the first (an echelon is never changed once made) */
    size_t nvars;
    int *col;              /* per variable: its column then, -1 fixed then */
    double *lo;            /* per variable: its lower bound then (a fixed one's value was moved over) */
    int *var;              /* per column: its variable */
    size_t ncons;
    size_t *cons;          /* the equalities the rows combine */
    const int **id;        /* ... and their variable lists (what identifies a constraint) */
    size_t nrows;
    size_t *start;         /* row r's values in at/val[start[r] .. start[r + 1]) */
    size_t *at;
    double *val;
    double *rhs;
};

static void echelon_free(struct lsys_echelon *e)
{
    if (!e)
        return;
    if (e->shares) {
        e->shares--;
        return;
    }
    free(e->col);
    free(e->lo);
    free(e->var);
    free(e->cons);
    free(e->id);
    free(e->start);
    free(e->at);
    free(e->val);
    free(e->rhs);
    free(e);
}

/* E with one more owner: reduced rows are never changed once made, so a
 * checkpoint or a restart shares them instead of copying them. */
static struct lsys_echelon *echelon_share(struct lsys_echelon *e)
{
    if (e)
        e->shares++;
    return e;
}

void lsys_echelon_set(struct lsys_system *sy, struct lsys_echelon *e)
{
    echelon_free(sy->ech);
    sy->ech = echelon_share(e);
}

void lsys_echelon_free(struct lsys_echelon *e) { echelon_free(e); }

/* Whether the elimination of ROWS over the open columns COL can start from
 * E: every variable fixed then is fixed now at the same value, and every
 * equality E combines is still in the system, a row now or with all its
 * variables fixed at values that satisfy it (it then adds nothing). The
 * rows not in E go to FRESH. MARK (per constraint) is zero before and
 * after. */
static bool echelon_match(const struct lsys_system *sy, const struct lsys_index *ix, const struct lsys_echelon *e,
                          const int *col, const size_t *rows, size_t nrows, unsigned char *mark, size_t *fresh,
                          size_t *nfresh)
{
    if (!e || e->nvars != sy->nvars)
        return false;
    for (size_t v = 0; v < sy->nvars; v++)
        if (e->col[v] < 0 && (col[v] >= 0 || differs(sy->lo[v], e->lo[v])))
            return false;
    for (size_t r = 0; r < nrows; r++)
        mark[rows[r]] = 1;
    bool ok = true;
    for (size_t k = 0; k < e->ncons && ok; k++) {
        size_t i = e->cons[k];
        if (i >= sy->nc || sy->c[i].var != e->id[k] || (ix->off && ix->off[i])) {
            ok = false;
            break;
        }
        if (mark[i] == 1) {
            mark[i] = 2;
            continue;
        }
        const struct lsys_cons *c = &sy->c[i];
        double res = c->rhs;
        for (size_t q = 0; q < c->n; q++)
            res -= c->coef[q] * sy->lo[c->var[q]];
        ok = fabs(res) <= 1e-9 * (1 + fabs(c->rhs));
    }
    *nfresh = 0;
    for (size_t r = 0; r < nrows; r++) {
        if (mark[rows[r]] == 1)
            fresh[(*nfresh)++] = rows[r];
        mark[rows[r]] = 0;
    }
    return ok;
}

/* The reduced rows of elimination M (its first RANK rows in place order)
 * over the open columns COL, combining E's equalities (when FROM_E) and
 * ADDED. */
static struct lsys_echelon *echelon_keep(const struct lsys_system *sy, const struct elim *m,
                                         const struct lsys_echelon *e, const size_t *added, size_t nadded, bool from_e,
                                         const int *col, const int *var_of, size_t nopen, size_t rank)
{
    struct lsys_echelon *k = sup_xcalloc(1, sizeof *k);
    k->nvars = sy->nvars;
    k->col = sup_xmalloc((sy->nvars + 1) * sizeof *k->col);
    memcpy(k->col, col, sy->nvars * sizeof *col);
    k->lo = sup_xmalloc((sy->nvars + 1) * sizeof *k->lo);
    memcpy(k->lo, sy->lo, sy->nvars * sizeof *k->lo);
    k->var = sup_xmalloc((nopen + 1) * sizeof *k->var);
    memcpy(k->var, var_of, nopen * sizeof *var_of);
    size_t nold = from_e ? e->ncons : 0;
    k->ncons = nold + nadded;
    k->cons = sup_xmalloc((k->ncons + 1) * sizeof *k->cons);
    k->id = sup_xmalloc((k->ncons + 1) * sizeof *k->id);
    for (size_t i = 0; i < nold; i++) {
        k->cons[i] = e->cons[i];
        k->id[i] = e->id[i];
    }
    for (size_t i = 0; i < nadded; i++) {
        k->cons[nold + i] = added[i];
        k->id[nold + i] = sy->c[added[i]].var;
    }
    k->nrows = rank;
    k->start = sup_xmalloc((rank + 1) * sizeof *k->start);
    size_t n = 0;
    for (size_t i = 0; i < rank; i++) {
        size_t id = m->id[i];
        for (size_t q = 0; q < m->rowcols[id].n; q++)
            n += m->rowcols[id].at[q] < nopen && m->row[id][m->rowcols[id].at[q]] != 0;
    }
    k->at = sup_xmalloc((n + 1) * sizeof *k->at);
    k->val = sup_xmalloc((n + 1) * sizeof *k->val);
    k->rhs = sup_xmalloc((rank + 1) * sizeof *k->rhs);
    n = 0;
    for (size_t i = 0; i < rank; i++) {
        size_t id = m->id[i];
        k->start[i] = n;
        for (size_t q = 0; q < m->rowcols[id].n; q++) {
            size_t j = m->rowcols[id].at[q];
            if (j < nopen && m->row[id][j] != 0) {
                k->at[n] = j;
                k->val[n++] = m->row[id][j];
            }
        }
        k->rhs[i] = m->row[id][nopen];
    }
    k->start[rank] = n;
    return k;
}

/* Fixes the open variables the equalities determine jointly; true when it
 * fixed one. The rows are the equalities with the fixed variables moved to
 * the right-hand side; after Gauss-Jordan elimination, a row left with one
 * variable gives its value. */
static bool sys_eliminate(struct lsys_system *sy, struct lsys_index *ix)
{
    if (sy->work >= ELIM_BUDGET)
        return false;
    int *col = sup_xmalloc((sy->nvars + 1) * sizeof *col);
    size_t nopen = 0;
    for (size_t v = 0; v < sy->nvars; v++)
        col[v] = lsys_fixed(sy, (int)v) ? -1 : (int)nopen++;
    /* the rows: the equalities included with an open variable */
    size_t nrows = 0, *rows = sup_xmalloc((sy->nc + 1) * sizeof *rows);
    for (size_t i = 0; i < sy->nc && nopen && nopen <= ELIM_MAX_OPEN; i++) {
        const struct lsys_cons *c = &sy->c[i];
        if (c->ge || (ix->off && ix->off[i]))
            continue;
        bool open = false;
        for (size_t k = 0; k < c->n && !open; k++)
            open = col[c->var[k]] >= 0;
        if (open)
            rows[nrows++] = i;
    }
    if (!nrows) {
        free(rows);
        free(col);
        return false;
    }
    size_t nkey;
    uint64_t *key = elim_key(sy, rows, col, nopen, nrows, &nkey), hash = key_hash(key, nkey);
    double work0 = sy->work;
    const struct elim_outcome *seen = memo_seen(sy->memo, key, nkey, hash, &sy->work);
    if (seen) {
        bool fixed = false;
        if (seen->empty_row || seen->nvalues) {
            int *var_of = sup_xmalloc((nopen + 1) * sizeof *var_of);
            for (size_t v = 0; v < sy->nvars; v++)
                if (col[v] >= 0)
                    var_of[col[v]] = (int)v;
            fixed = apply_outcome(sy, ix, seen, var_of);
            free(var_of);
        }
        free(key);
        free(rows);
        free(col);
        return fixed;
    }
    size_t w = nopen + 1; /* the last column is the right-hand side */
    /* the rows: the last elimination's reduced rows and the equalities put
     * in since, when that holds (echelon_match), else the equalities */
    const struct lsys_echelon *e = sy->ech;
    unsigned char *mark = sup_xcalloc(sy->nc + 1, 1);
    size_t *fresh = sup_xmalloc((nrows + 1) * sizeof *fresh), nfresh = 0;
    bool from_e = echelon_match(sy, ix, e, col, rows, nrows, mark, fresh, &nfresh);
    free(mark);
    size_t ne = from_e ? e->nrows : 0, nm = from_e ? ne + nfresh : nrows;
    const size_t *src = from_e ? fresh : rows;
    struct elim m;
    elim_open(&m, sy->memo, nm, w);
    int *var_of = sup_xmalloc((nopen + 1) * sizeof *var_of);
    for (size_t v = 0; v < sy->nvars; v++)
        if (col[v] >= 0)
            var_of[col[v]] = (int)v;
    for (size_t r = 0; r < ne; r++) {
        double *row = m.row[r];
        row[nopen] = e->rhs[r];
        for (size_t q = e->start[r]; q < e->start[r + 1]; q++) {
            int v = e->var[e->at[q]];
            if (col[v] >= 0)
                row[col[v]] += e->val[q];
            else
                row[nopen] -= e->val[q] * sy->lo[v];
        }
        for (size_t q = e->start[r]; q < e->start[r + 1]; q++)
            if (col[e->var[e->at[q]]] >= 0)
                elim_note(&m, r, (size_t)col[e->var[e->at[q]]]);
        elim_note(&m, r, nopen);
        sy->work += (double)(e->start[r + 1] - e->start[r]); /* a value copied */
    }
    for (size_t r = ne; r < nm; r++) {
        const struct lsys_cons *c = &sy->c[src[r - ne]];
        double *row = m.row[r];
        row[nopen] = c->rhs;
        for (size_t k = 0; k < c->n; k++) {
            int v = c->var[k];
            if (col[v] >= 0)
                row[col[v]] += c->coef[k];
            else
                row[nopen] -= c->coef[k] * sy->lo[v];
        }
        for (size_t k = 0; k < c->n; k++)
            if (col[c->var[k]] >= 0)
                elim_note(&m, r, (size_t)col[c->var[k]]);
        elim_note(&m, r, nopen);
    }
    /* Gauss-Jordan with partial pivoting; the coefficients stay small
     * integers on these systems, the tolerance only absorbs rounding. The
     * rows are sparse: a column's pivot and the rows it changes are found
     * among the rows that ever held a nonzero in it, and a row changes only
     * where the pivot row is not zero (x - f * 0 is x); every value is the
     * dense elimination's, and the work is counted as its whole rows. */
    const double eps = 1e-9;
    size_t rank = 0;
    int *pivot_col = sup_xmalloc((nm + 1) * sizeof *pivot_col);
    size_t *nz = sup_xmalloc(w * sizeof *nz);
    for (size_t c = 0; c < nopen && rank < nm && sy->work < ELIM_BUDGET; c++) {
        /* the first row from RANK on with the largest magnitude */
        size_t best = nm;
        double big = 0;
        for (size_t k = 0; k < m.col[c].n; k++) {
            size_t id = m.col[c].at[k], at = m.pos[id];
            double f = fabs(m.row[id][c]);
            if (at >= rank && (best == nm || f > big || (f == big && at < m.pos[best]))) {
                big = f;
                best = id;
            }
        }
        if (best == nm || big < eps)
            continue;
        /* the rows at RANK and at BEST's place change places */
        size_t other = m.id[rank], bat = m.pos[best];
        m.id[rank] = best;
        m.pos[best] = rank;
        m.id[bat] = other;
        m.pos[other] = bat;
        double *pr = m.row[best];
        double p = pr[c];
        size_t nnz = 0;
        for (size_t k = 0; k < m.rowcols[best].n; k++) {
            size_t j = m.rowcols[best].at[k];
            if (j < c)
                continue;
            pr[j] /= p;
            if (pr[j] != 0)
                nz[nnz++] = j;
        }
        for (size_t k = 0; k < m.col[c].n; k++) {
            size_t id = m.col[c].at[k];
            double *ri = m.row[id];
            double f = ri[c];
            if (id == best || fabs(f) < eps)
                continue;
            const unsigned char *si = &m.seen[id * w];
            for (size_t q = 0; q < nnz; q++) {
                size_t j = nz[q];
                ri[j] -= f * pr[j];
                if (!si[j])
                    elim_note(&m, id, j);
            }
            sy->work += (double)(w - c);
            ri[c] = 0;
        }
        pivot_col[rank++] = (int)c;
    }
    /* a row with no variable left must have nothing on the right */
    struct elim_outcome out = {.empty_row = false};
    for (size_t i = rank; i < nm && !out.empty_row; i++)
        if (fabs(m.row[m.id[i]][nopen]) > 1e-6 * (1 + fabs(m.row[m.id[i]][nopen])) + 0.5)
            out.empty_row = true;
    out.col = sup_xmalloc((rank + 1) * sizeof *out.col);
    out.value = sup_xmalloc((rank + 1) * sizeof *out.value);
    for (size_t i = 0; i < rank && !out.empty_row; i++) {
        size_t id = m.id[i];
        const double *ri = m.row[id];
        bool alone = true;
        for (size_t k = 0; k < m.rowcols[id].n && alone; k++) {
            size_t j = m.rowcols[id].at[k];
            alone = j <= (size_t)pivot_col[i] || j >= nopen || fabs(ri[j]) < eps;
        }
        if (!alone)
            continue;
        double x = ri[nopen], rx = floor(x + 0.5);
        if (fabs(x - rx) > 1e-6 * (1 + fabs(x)))
            continue; /* not a count: leave it to the bounds */
        out.col[out.nvalues] = (size_t)pivot_col[i];
        out.value[out.nvalues++] = rx;
    }
    bool fixed = apply_outcome(sy, ix, &out, var_of);
    out.work = sy->work - work0;
    if (sy->work < ELIM_BUDGET)
        memo_put(sy->memo, key, nkey, hash, &out);
    else {
        free(key);
        free(out.col);
        free(out.value);
    }
    /* the next elimination starts from these rows (if it can) */
    struct lsys_echelon *ech = NULL;
    if (sy->work < ELIM_BUDGET && !out.empty_row)
        ech = echelon_keep(sy, &m, e, from_e ? fresh : rows, from_e ? nfresh : nrows, from_e, col, var_of, nopen,
                           rank);
    echelon_free(sy->ech);
    sy->ech = ech;
    elim_close(&m, sy->memo);
    free(pivot_col);
    free(nz);
    free(var_of);
    free(fresh);
    free(rows);
    free(col);
    return fixed;
}

/* An elimination that fixes variables leaves their constraints to be
 * evaluated (touched): the others would write what they hold. */
static void solve(struct lsys_system *sy, struct lsys_echelon **first)
{
    struct lsys_index own, *x = sy->keep;
    if (!x) {
        index_build(sy, &own);
        x = &own;
        all_dirty(sy, x);
    }
    for (bool fixed = true, once = false; fixed;) {
        sys_propagate(sy, x);
        if (sy->conflict)
            break;
        fixed = sys_eliminate(sy, x);
        if (first && !once)
            *first = echelon_share(sy->ech);
        once = true;
    }
    if (x == &own)
        index_free(&own);
}

void lsys_solve(struct lsys_system *sy) { solve(sy, NULL); }

struct lsys_echelon *lsys_solve_first_rows(struct lsys_system *sy)
{
    struct lsys_echelon *first = NULL;
    solve(sy, &first);
    return first;
}

void lsys_keep(struct lsys_system *sy)
{
    lsys_unkeep(sy);
    sy->keep = sup_xmalloc(sizeof *sy->keep);
    index_build(sy, sy->keep);
    sy->off = sup_xcalloc(sy->nc + 1, sizeof *sy->off);
    sy->keep->off = sy->off;
    all_dirty(sy, sy->keep);
}

void lsys_unkeep(struct lsys_system *sy)
{
    echelon_free(sy->ech);
    sy->ech = NULL;
    if (!sy->keep)
        return;
    index_free(sy->keep);
    free(sy->keep);
    free(sy->off);
    sy->keep = NULL;
    sy->off = NULL;
}

void lsys_include(struct lsys_system *sy, size_t i, bool in)
{
    sy->off[i] = !in;
    if (in)
        set_dirty(sy->keep, i);
    else
        clear_dirty(sy->keep, i);
}

void lsys_restart(struct lsys_system *sy)
{
    for (size_t v = 0; v < sy->nvars; v++) {
        sy->lo[v] = 0;
        sy->hi[v] = LSYS_INF;
    }
    sy->conflict = false;
    sy->first_conflict = -1;
    all_dirty(sy, sy->keep);
}

void lsys_checkpoint(struct lsys_system *sy)
{
    struct lsys_index *x = sy->keep;
    if (!x->saved_lo) {
        x->saved_lo = sup_xmalloc((sy->nvars + 1) * sizeof *x->saved_lo);
        x->saved_hi = sup_xmalloc((sy->nvars + 1) * sizeof *x->saved_hi);
        x->saved_dirty = sup_xmalloc(x->nwords * sizeof *x->saved_dirty);
    }
    memcpy(x->saved_lo, sy->lo, sy->nvars * sizeof *sy->lo);
    memcpy(x->saved_hi, sy->hi, sy->nvars * sizeof *sy->hi);
    memcpy(x->saved_dirty, x->dirty, x->nwords * sizeof *x->dirty);
    echelon_free(x->saved_ech);
    x->saved_ech = echelon_share(sy->ech);
    x->saved_conflict = sy->conflict;
    x->saved_first_conflict = sy->first_conflict;
}

void lsys_rollback(struct lsys_system *sy)
{
    struct lsys_index *x = sy->keep;
    memcpy(sy->lo, x->saved_lo, sy->nvars * sizeof *sy->lo);
    memcpy(sy->hi, x->saved_hi, sy->nvars * sizeof *sy->hi);
    memcpy(x->dirty, x->saved_dirty, x->nwords * sizeof *x->dirty);
    /* the reduced rows go back too (once: a second rollback to the same
     * checkpoint starts its next elimination from the constraints) */
    echelon_free(sy->ech);
    sy->ech = x->saved_ech;
    x->saved_ech = NULL;
    sy->conflict = x->saved_conflict;
    sy->first_conflict = x->saved_first_conflict;
}
