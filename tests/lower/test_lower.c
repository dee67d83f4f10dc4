/* test_lower.c — the lowering layer alone, without a compiler or simulator:
 * the assembly reader (estimator/lower_asm.c: functions, machine blocks,
 * instructions, IR block names, jump tables), the control-flow graph built
 * from it with a core's instruction kinds (lower_cfg.c), and the machine
 * block counts derived from exact IR counts (lower_counts.c and the solver
 * of lower_*.c). Each file of tests/data/lower is assembly (written by hand,
 * or captured once with LPNEST_DUMP_ASM from the IR module beside it) with
 *   # isa: NAME              isa/NAME.yaml (instruction kinds, triple)
 *   # ir: FILE.ll            optional: the IR the assembly was made from; it is
 *                            run by the IR engine (no compiler) with the path
 *                            counts the machine code needs, then the machine
 *                            counts are derived
 * and the expected result, in this order:
 *   # expect: ir FUNC BLOCK N                  with # ir: every IR block's count
 *   # expect: func NAME blocks N
 *   # expect: block FUNC NUM IRNAME insns N [exits] [jt] succ NUM...
 *                                              without # ir:
 *   # expect: block FUNC NUM IRNAME insns N [exits] [jt] count C HOW succ NUM:C...
 *                                              with # ir:; HOW is "exact SOURCE"
 *                                              (SOURCE: block, edge, flow,
 *                                              select), "exact SOURCE split
 *                                              estimated" (the count is exact, its
 *                                              split over the edges is not) or
 *                                              "estimated"
 *
 * The solver of machine counts alone (lower_system.c) has files NAME.sys:
 * non-negative variables x1..xN and constraints with coefficients +1/-1,
 *   # vars: N
 *   # c: x1 - x2 - x3 = 0        (or ">= RHS")
 * expected as the solver leaves them after "solved", or only "conflict at
 * constraint K" (K counts the # c: lines from 1; "conflict" alone when only
 * the elimination finds it):
 *   # expect: x1 = 300           a fixed count
 *   # expect: x2 in [0, 10]      what the constraints leave ("inf": no bound) */
#define _GNU_SOURCE
#include "case_file.h"
#include "isa.h"
#include "lower.h"
#include "lower_system.h"

#include <stdlib.h>
#include <string.h>

#ifndef LPNEST_ISA_DIR
#error "LPNEST_ISA_DIR must name isa/"
#endif
#ifndef LOWER_DATA
#error "LOWER_DATA must name tests/data/lower"
#endif

static void print_ir_counts(const struct eng_profile *p, struct case_out *o)
{
    for (size_t f = 0; f < eng_profile_nfuncs(p); f++)
        for (size_t b = 0; b < eng_profile_nblocks(p, f); b++)
            case_printf(o, "ir %s %s %llu", eng_profile_func_name(p, f), eng_profile_block_name(p, f, b),
                        (unsigned long long)eng_profile_block_count(p, f, b));
}

static void print_blocks(const struct mmodule *mm, bool counted, struct case_out *o)
{
    for (size_t f = 0; f < mm->nfuncs; f++) {
        const struct mfunc *mf = &mm->funcs[f];
        case_printf(o, "func %s blocks %zu", mf->name, mf->nblocks);
        for (size_t b = 0; b < mf->nblocks; b++) {
            const struct mblock *mb = &mf->blocks[b];
            char *line;
            size_t len;
            FILE *s = open_memstream(&line, &len);
            fprintf(s, "block %s %d %s insns %zu%s%s", mf->name, mb->number, mb->ir_name ? mb->ir_name : "-",
                    mb->ninsns, mb->exits ? " exits" : "", mb->jt >= 0 ? " jt" : "");
            if (counted) {
                fprintf(s, " count %.0f", mb->count);
                if (mb->source == MC_ESTIMATE)
                    fprintf(s, " estimated");
                else
                    fprintf(s, " exact %s%s", lower_source_name(mb->source), mb->split_estimated ? " split estimated" : "");
            }
            fprintf(s, " succ");
            for (size_t k = 0; k < mb->nsucc; k++) {
                fprintf(s, " %d", mf->blocks[mb->succ[k]].number);
                if (counted)
                    fprintf(s, ":%.0f", mb->succ_count[k]);
            }
            if (!mb->nsucc)
                fprintf(s, " -");
            fclose(s);
            case_printf(o, "%s", line);
            free(line);
        }
    }
}

/* Runs the IR of the case with the path counts MM needs; NULL after a message. */
static struct eng_profile *count_ir(struct eng_module *em, struct mmodule *mm, FILE *err)
{
    struct eng_block_ref *req = NULL;
    size_t nreq = lower_pair_requests(mm, eng_module_llvm(em), &req);
    lower_call_plan(mm, em);
    char *argv[] = {"lower-test", NULL};
    struct eng_run_options ro = {.argc = 1, .argv = argv, .max_steps = 10000000, .diag = err,
                                 .pairs = req, .npairs = nreq};
    struct eng_profile *p = eng_run(em, &ro);
    lower_pair_requests_free(req, nreq);
    if (p && eng_profile_faulted(p)) {
        fprintf(err, "the IR faulted\n");
        eng_profile_free(p);
        return NULL;
    }
    return p;
}

static bool run(const struct case_file *cf, struct case_out *o, FILE *err)
{
    const char *ir = case_get(cf, "ir");
    char path[1024];
    if (!case_isa_path(cf, LPNEST_ISA_DIR, path, sizeof path, err))
        return false;
    struct isa *isa = isa_load_file(path, err);
    if (!isa)
        return false;
    struct eng_module *em = NULL;
    LLVMContextRef ctx = NULL;
    LLVMModuleRef m;
    if (ir) {
        case_sibling(cf, ir, path, sizeof path);
        const char *paths[] = {path};
        em = eng_module_load(paths, 1, err);
        if (!em) {
            isa_free(isa);
            return false;
        }
        m = eng_module_llvm(em);
    } else {
        ctx = LLVMContextCreate();
        m = LLVMModuleCreateWithNameInContext("lower-test", ctx);
    }
    struct mmodule mm;
    bool ok = lower_parse_asm(cf->text, ir ? LLVMGetTarget(m) : isa_triple(isa), &mm, err) &&
              lower_build_cfg(&mm, isa, m, err);
    struct eng_profile *p = ok && em ? count_ir(em, &mm, err) : NULL;
    if (em && !p)
        ok = false;
    if (ok && p)
        ok = lower_machine_counts(&mm, p, err);
    if (ok) {
        if (p)
            print_ir_counts(p, o);
        print_blocks(&mm, p != NULL, o);
    }
    eng_profile_free(p);
    lower_mmodule_free(&mm);
    if (em)
        eng_module_free(em);
    else {
        LLVMDisposeModule(m);
        LLVMContextDispose(ctx);
    }
    isa_free(isa);
    return ok;
}

/* "x1 - x2 = 0" / "x3 >= 5": fills VAR, COEF (at most MAX terms); false on a syntax error. */
static bool parse_constraint(const char *s, int nvars, int *var, signed char *coef, size_t *n, size_t max, double *rhs,
                             bool *ge)
{
    *n = 0;
    signed char sign = 1;
    for (;;) {
        while (*s == ' ')
            s++;
        if (*s == '+' || *s == '-') {
            sign = *s++ == '-' ? -1 : 1;
            continue;
        }
        if (*s != 'x')
            break;
        char *e;
        long v = strtol(s + 1, &e, 10);
        if (e == s + 1 || v < 1 || v > nvars || *n == max)
            return false;
        var[*n] = (int)v - 1;
        coef[(*n)++] = sign;
        sign = 1;
        s = e;
    }
    *ge = s[0] == '>' && s[1] == '=';
    if (!*ge && s[0] != '=')
        return false;
    char *e;
    *rhs = strtod(s + (*ge ? 2 : 1), &e);
    return e != s + (*ge ? 2 : 1) && *n > 0;
}

static bool run_system(const struct case_file *cf, struct case_out *o, FILE *err)
{
    const char *nv = case_get(cf, "vars");
    int nvars = nv ? atoi(nv) : 0;
    if (nvars < 1 || nvars > 1000) {
        fprintf(err, "%s: needs '# vars: N' (1 to 1000)\n", cf->path);
        return false;
    }
    struct lsys_system sy = {.nvars = (size_t)nvars, .first_conflict = -1};
    sy.lo = calloc((size_t)nvars, sizeof *sy.lo);
    sy.hi = calloc((size_t)nvars, sizeof *sy.hi);
    sy.tainted = calloc((size_t)nvars, sizeof *sy.tainted);
    for (int v = 0; v < nvars; v++)
        sy.hi[v] = LSYS_INF;
    bool ok = true;
    for (size_t k = 0; ok && k < cf->nlines; k++) {
        const struct case_line *l = &cf->lines[k];
        if (strcmp(l->key, "c"))
            continue;
        int var[32];
        signed char coef[32];
        size_t n;
        double rhs;
        bool ge;
        if (!(ok = parse_constraint(l->value, nvars, var, coef, &n, 32, &rhs, &ge)))
            fprintf(err, "%s:%u: expected 'x1 - x2 ... = N' or '... >= N' over x1..x%d\n", cf->path, l->line, nvars);
        else
            lsys_add(&sy, var, coef, n, rhs, ge);
    }
    if (ok) {
        lsys_solve(&sy);
        if (!sy.conflict)
            case_printf(o, "solved");
        else if (sy.first_conflict >= 0)
            case_printf(o, "conflict at constraint %ld", sy.first_conflict + 1);
        else
            case_printf(o, "conflict");
        for (int v = 0; v < nvars && !sy.conflict; v++) {
            if (lsys_fixed(&sy, v))
                case_printf(o, "x%d = %.0f", v + 1, sy.lo[v]);
            else if (sy.hi[v] >= LSYS_INF)
                case_printf(o, "x%d in [%.0f, inf)", v + 1, sy.lo[v]);
            else
                case_printf(o, "x%d in [%.0f, %.0f]", v + 1, sy.lo[v], sy.hi[v]);
        }
    }
    lsys_free(&sy);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct case_kind kinds[] = {{".s", run, 4}, {".sys", run_system, 3}};
    return case_main(argc, argv, LOWER_DATA, kinds, 2);
}
