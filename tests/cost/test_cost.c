/* test_cost.c — the cost layer alone: machine blocks priced with a core's
 * ISA description (estimator/cost_machine.c: issue cycles, the in-order
 * scoreboard's load-use and result latencies, conditional branches by
 * direction and static prediction, AVR skips, pseudo-instruction expansion,
 * calls to runtime routines) and runtime formulas evaluated at given
 * arguments (isa_runtime_eval). No compiler, simulator or run: each file of
 * tests/data/cost is assembly with its block and edge counts as directives,
 *   # isa: NAME                 isa/NAME.yaml (or NAME.yaml beside the file)
 *   # count: FUNC BLOCK N       block BLOCK (its .LBB/%bb number) runs N times
 *   # edge: FUNC FROM TO N      the edge FROM -> TO is taken N times
 *   # split: FUNC BLOCK         the block's count is exact, its split over
 *                               the edges an estimate
 *   # call: SYM NAME=V ...      a runtime routine's cost at these arguments
 * and, derived by hand from the ISA table (the derivation is in comments),
 *   # expect: block FUNC BLOCK cycles C branch B runtime R instructions I [estimated E] [unknown U]
 *   # expect: call SYM cycles C instructions I
 * in the order of the blocks in the file, then of the calls.
 * A .code file is a description's runtime code (isa/SCHEMA.md) whose routines the
 * cost layer's interpreters run (estimator/cost/routine.h), with
 *   # isa: NAME                 the description whose runtime_code: is this file
 *   # memory: HEXADDR HEXBYTES  the program's memory pointer operands point into
 *   # run: SYM OPERAND...       one call (at most ROUTINE_MAX_ARGS operands); OPERAND:
 *                               BYTES:VALUE, p:HEXADDR (a 32-bit pointer), p2:HEXADDR
 *                               (16-bit) or c:R,R... (a callback, 16-bit, whose calls
 *                               return R in turn: a comparator)
 *   # poke: HEXADDR HEXBYTES    from here on, the memory holds these bytes there
 *   # shrink: N                 from here on, only the memory's first N bytes are readable
 *   # expect: run SYM cycles C instructions I [calls A:B...] [kept]   (or "run SYM fails"; the
 *                               callback's pointer operands A, B at each call; a run that
 *                               leaves results unused fails; kept: served by a kept run of
 *                               the same operands, routine_runs.c)
 * in the order of the runs. */
#define _GNU_SOURCE
#include "case_file.h"
#include "cost.h"
#include "isa.h"
#include "routine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef LPNEST_ISA_DIR
#error "LPNEST_ISA_DIR must name isa/"
#endif
#ifndef COST_DATA
#error "COST_DATA must name tests/data/cost"
#endif

static struct mblock *find_block(struct mmodule *mm, const char *func, int number, size_t *index)
{
    for (size_t f = 0; f < mm->nfuncs; f++) {
        if (strcmp(mm->funcs[f].name, func))
            continue;
        for (size_t b = 0; b < mm->funcs[f].nblocks; b++)
            if (mm->funcs[f].blocks[b].number == number) {
                if (index)
                    *index = b;
                return &mm->funcs[f].blocks[b];
            }
    }
    return NULL;
}

/* Applies the count and edge directives; false after a message. */
static bool set_counts(const struct case_file *cf, struct mmodule *mm, FILE *err)
{
    for (size_t i = 0; i < cf->nlines; i++) {
        const struct case_line *l = &cf->lines[i];
        char func[128];
        int from, to;
        double n;
        if (!strcmp(l->key, "count")) {
            struct mblock *b;
            if (sscanf(l->value, "%127s %d %lf", func, &from, &n) != 3 || !(b = find_block(mm, func, from, NULL))) {
                fprintf(err, "%s:%u: bad count (FUNC BLOCK N of a block in the file)\n", cf->path, l->line);
                return false;
            }
            b->count = n;
        } else if (!strcmp(l->key, "split")) {
            struct mblock *b;
            if (sscanf(l->value, "%127s %d", func, &from) != 2 || !(b = find_block(mm, func, from, NULL))) {
                fprintf(err, "%s:%u: bad split (FUNC BLOCK of a block in the file)\n", cf->path, l->line);
                return false;
            }
            b->split_estimated = true;
        } else if (!strcmp(l->key, "edge")) {
            struct mblock *b;
            size_t ti;
            if (sscanf(l->value, "%127s %d %d %lf", func, &from, &to, &n) != 4 ||
                !(b = find_block(mm, func, from, NULL)) || !find_block(mm, func, to, &ti)) {
                fprintf(err, "%s:%u: bad edge (FUNC FROM TO N of blocks in the file)\n", cf->path, l->line);
                return false;
            }
            size_t k = 0;
            while (k < b->nsucc && b->succ[k] != (int)ti)
                k++;
            if (k == b->nsucc) {
                fprintf(err, "%s:%u: block %d is not a successor of block %d\n", cf->path, l->line, to, from);
                return false;
            }
            b->succ_count[k] = n;
        }
    }
    return true;
}

/* "# call: SYM a=1 b=2": the routine's cycles and instructions at those values. */
static bool price_calls(const struct case_file *cf, const struct isa *isa, struct case_out *o, FILE *err)
{
    for (size_t i = 0; i < cf->nlines; i++) {
        const struct case_line *l = &cf->lines[i];
        if (strcmp(l->key, "call"))
            continue;
        char *s = strdup(l->value), *save = NULL;
        char *sym = strtok_r(s, " ", &save);
        const char *names[16];
        double values[16];
        size_t n = 0;
        for (char *t; n < 16 && (t = strtok_r(NULL, " ", &save));) {
            char *eq = strchr(t, '=');
            if (!eq) {
                fprintf(err, "%s:%u: expected NAME=VALUE, found '%s'\n", cf->path, l->line, t);
                free(s);
                return false;
            }
            *eq = '\0';
            names[n] = t;
            values[n++] = strtod(eq + 1, NULL);
        }
        const struct isa_runtime *rt = sym ? isa_runtime(isa, sym) : NULL;
        if (!rt) {
            fprintf(err, "%s:%u: %s has no runtime routine '%s'\n", cf->path, l->line, isa_name(isa), sym ? sym : "");
            free(s);
            return false;
        }
        double c = isa_runtime_eval(rt, names, values, n, err), k = isa_runtime_eval_ninstr(rt, names, values, n, err);
        case_printf(o, "call %s cycles %g instructions %g", sym, c, k);
        free(s);
    }
    return true;
}

/* The description "# isa:" names; NULL after a message. */
static struct isa *case_isa(const struct case_file *cf, FILE *err)
{
    char path[1024];
    return case_isa_path(cf, LPNEST_ISA_DIR, path, sizeof path, err) ? isa_load_file(path, err) : NULL;
}

static bool run(const struct case_file *cf, struct case_out *o, FILE *err)
{
    struct isa *isa = case_isa(cf, err);
    if (!isa)
        return false;
    /* no IR: every called symbol is a routine of the core's runtime */
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("cost-test", ctx);
    struct mmodule mm;
    bool ok = lower_parse_asm(cf->text, isa_triple(isa), &mm, err) && lower_build_cfg(&mm, isa, m, err);
    for (size_t f = 0; ok && f < mm.nfuncs; f++)
        for (size_t b = 0; b < mm.funcs[f].nblocks; b++) {
            struct mblock *mb = &mm.funcs[f].blocks[b];
            mb->succ_count = calloc(mb->nsucc + 1, sizeof *mb->succ_count);
        }
    ok = ok && set_counts(cf, &mm, err);
    struct cost_estimate *e = calloc(1, sizeof *e);
    struct cost_ctx cx = {.isa = isa, .e = e, .m = m, .diag = err};
    for (size_t f = 0; ok && f < mm.nfuncs; f++) {
        const struct mfunc *mf = &mm.funcs[f];
        for (size_t b = 0; b < mf->nblocks; b++) {
            struct block_price bp;
            cost_price_block(&cx, mf, b, &bp);
            char extra[128] = "";
            if (bp.estimated_cycles != 0)
                snprintf(extra, sizeof extra, " estimated %g", bp.estimated_cycles);
            if (bp.unknown != 0)
                snprintf(extra + strlen(extra), sizeof extra - strlen(extra), " unknown %g", bp.unknown);
            case_printf(o, "block %s %d cycles %g branch %g runtime %g instructions %g%s", mf->name,
                        mf->blocks[b].number, bp.cycles, bp.branch_cycles, bp.runtime_cycles, bp.instructions, extra);
        }
    }
    ok = ok && price_calls(cf, isa, o, err);
    cost_estimate_free(e);
    lower_mmodule_free(&mm);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    isa_free(isa);
    return ok;
}

/* The "# memory:" bytes, read by the routine runner at the engine's addresses. */
struct memory {
    uint64_t addr;
    uint8_t bytes[256];
    size_t n;
    /* a run's callback: its results, the pointers of its calls */
    int64_t result[16];
    unsigned nresults, calls;
    char pairs[256];
};

static bool serve_callback(void *ctx, uint64_t a, uint64_t b, int64_t *result)
{
    struct memory *m = ctx;
    if (m->calls == m->nresults)
        return false;
    size_t len = strlen(m->pairs);
    snprintf(m->pairs + len, sizeof m->pairs - len, " %llx:%llx", (unsigned long long)a, (unsigned long long)b);
    *result = m->result[m->calls++];
    return true;
}

static const uint8_t *memory_read(void *ctx, uint64_t addr, uint64_t n)
{
    const struct memory *m = ctx;
    return addr >= m->addr && addr - m->addr + n <= m->n ? &m->bytes[addr - m->addr] : NULL;
}

static bool parse_memory(const struct case_file *cf, struct memory *m, FILE *err)
{
    const char *v = case_get(cf, "memory");
    m->n = 0;
    if (!v)
        return true;
    char *end;
    m->addr = strtoull(v, &end, 16);
    for (end += strspn(end, " "); end[0] && end[1] && m->n < sizeof m->bytes; end += 2) {
        unsigned b;
        if (sscanf(end, "%2x", &b) != 1) {
            fprintf(err, "%s: bad memory (HEXADDR HEXBYTES)\n", cf->path);
            return false;
        }
        m->bytes[m->n++] = (uint8_t)b;
    }
    return true;
}

/* A "# poke: HEXADDR HEXBYTES" or "# shrink: N" line: the memory changed between runs. */
static bool change_memory(const struct case_file *cf, const struct case_line *l, struct memory *m, FILE *err)
{
    char *end;
    if (!strcmp(l->key, "shrink")) {
        unsigned long n = strtoul(l->value, &end, 0);
        if (end == l->value || *end || n > m->n) {
            fprintf(err, "%s:%u: expected 'shrink N' (N at most the memory's length)\n", cf->path, l->line);
            return false;
        }
        m->n = n;
        return true;
    }
    uint64_t a = strtoull(l->value, &end, 16);
    for (end += strspn(end, " "); end[0] && end[1]; end += 2, a++) {
        unsigned b;
        if (sscanf(end, "%2x", &b) != 1 || a < m->addr || a - m->addr >= m->n) {
            fprintf(err, "%s:%u: expected 'poke HEXADDR HEXBYTES' inside the memory\n", cf->path, l->line);
            return false;
        }
        m->bytes[a - m->addr] = (uint8_t)b;
    }
    return true;
}

/* One "# run: SYM OPERAND..." line; false after a message when it is malformed. */
static bool run_routine(const struct case_file *cf, const struct case_line *l, struct routine_runner *runner,
                        struct memory *mem, struct case_out *o, FILE *err)
{
    char *s = strdup(l->value), *save = NULL;
    char *sym = strtok_r(s, " ", &save);
    struct routine_arg args[ROUTINE_MAX_ARGS];
    unsigned n = 0;
    bool ok = sym != NULL;
    mem->nresults = mem->calls = 0;
    mem->pairs[0] = '\0';
    for (char *t; ok && (t = strtok_r(NULL, " ", &save)); n++) {
        if (n == ROUTINE_MAX_ARGS) {
            ok = false;
            break;
        }
        char *colon = strchr(t, ':');
        ok = colon != NULL;
        if (ok && t[0] == 'p')
            args[n] = (struct routine_arg){.lo = strtoull(colon + 1, NULL, 16), .bytes = t[1] == '2' ? 2 : 4,
                                           .pointer = true};
        else if (ok && t[0] == 'c') {
            args[n] = (struct routine_arg){.bytes = 2, .callback = true};
            for (char *r = colon + 1, *e; ok && *r; r = e + (*e == ',')) {
                long long v = strtoll(r, &e, 0);
                ok = e != r && (*e == ',' || !*e) && mem->nresults < 16;
                if (ok)
                    mem->result[mem->nresults++] = v;
            }
        } else if (ok)
            args[n] = (struct routine_arg){.lo = strtoull(colon + 1, NULL, 0), .bytes = (unsigned)atoi(t)};
    }
    uint32_t entry;
    if (!ok || !routine_entry(runner, sym, &entry)) {
        fprintf(err, "%s:%u: expected 'run SYM OPERAND...' of a routine of the code\n", cf->path, l->line);
        free(s);
        return false;
    }
    double cycles = 0, instr = 0;
    struct routine_memory pm = {.read = memory_read, .callback = serve_callback, .ctx = mem};
    if (routine_run(runner, entry, args, n, 4, &pm, NULL, &cycles, &instr) && mem->calls == mem->nresults)
        case_printf(o, "run %s cycles %g instructions %g%s%s%s", sym, cycles, instr, mem->calls ? " calls" : "",
                    mem->pairs, routine_last_kept(runner) ? " kept" : "");
    else
        case_printf(o, "run %s fails", sym);
    free(s);
    return true;
}

static bool run_code(const struct case_file *cf, struct case_out *o, FILE *err)
{
    struct isa *isa = case_isa(cf, err);
    if (!isa)
        return false;
    struct routine_runner *runner = routine_runner_new(isa);
    struct memory mem;
    bool ok = runner && parse_memory(cf, &mem, err);
    if (!runner)
        fprintf(err, "%s: %s has no runtime code lpnest runs\n", cf->path, isa_name(isa));
    for (size_t i = 0; ok && i < cf->nlines; i++)
        if (!strcmp(cf->lines[i].key, "run"))
            ok = run_routine(cf, &cf->lines[i], runner, &mem, o, err);
        else if (!strcmp(cf->lines[i].key, "poke") || !strcmp(cf->lines[i].key, "shrink"))
            ok = change_memory(cf, &cf->lines[i], &mem, err);
    routine_runner_free(runner);
    isa_free(isa);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct case_kind kinds[] = {{".s", run, 4}, {".code", run_code, 1}};
    return case_main(argc, argv, COST_DATA, kinds, 2);
}
