/* pi_emit.c — writes performance interfaces: readable text and JSON (the
 * formula per class, its bottleneck, loops used and its error against lpn
 * sim) and a self-contained C file (one function per class over the
 * interface variables and a dispatcher over the input tokens), in the
 * spirit of seed 000 Figs. 4-7. */
#include "pi.h"
#include "json.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>

const char *lpn__pi_cname(const char *name, char *buf, size_t cap)
{
    static const char *const kw[] = {"auto", "break", "case", "char", "const", "continue", "default", "do", "double",
                                     "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
                                     "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
                                     "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "tok",
                                     "ntokens", NULL};
    size_t n = 0;
    for (const char *c = name; *c && n + 2 < cap; c++)
        buf[n++] = ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')) ? *c : '_';
    buf[n] = '\0';
    for (const char *const *k = kw; *k; k++)
        if (!strcmp(buf, *k) && n + 2 < cap) {
            buf[n++] = '_';
            buf[n] = '\0';
        }
    return buf;
}

static void bottleneck(const struct lpn_pi *pi, int k, FILE *out, const char *sep)
{
    const struct lpn_pi_class *pc = &pi->k[k];
    for (int q = 0; q < pc->nterms; q++)
        fprintf(out, "%s%s", q ? sep : "", pc->owners[q]);
}

void lpn_pi_write(const struct lpn_pi *pi, FILE *out, bool json)
{
    struct lpn_classes *cl = pi->cl;
    struct lpn_space *sp = cl->sp;
    struct lpn_zx *z = &sp->zx;
    const struct lpn_model *m = sp->m;
    if (json) {
        struct sup_json w;
        sup_json_init(&w, out, true);
        sup_json_obj(&w);
        sup_json_key(&w, "model"), sup_json_str(&w, lpn_model_name(m));
        sup_json_key(&w, "space"), sup_json_str(&w, sp->path);
        sup_json_key(&w, "tokens"), sup_json_int(&w, sp->ntok);
        sup_json_key(&w, "status"), sup_json_str(&w, lpn_classes_status(cl) == LPN_A_COMPLETE ? "complete" : "limit");
        sup_json_key(&w, "explore_seconds"), sup_json_double(&w, cl->seconds);
        sup_json_key(&w, "seconds"), sup_json_double(&w, pi->seconds);
        sup_json_key(&w, "classes");
        sup_json_arr(&w);
        for (int k = 0; k < pi->ncls; k++) {
            const struct lpn_pi_class *pc = &pi->k[k];
            sup_json_obj(&w);
            sup_json_key(&w, "formula"), sup_json_str(&w, pc->text);
            char *c = lpn__zstr(z, NULL, lpn__zsimp(z, lpn__class_cond(cl, k)));
            sup_json_key(&w, "constraints"), sup_json_str(&w, c);
            free(c);
            sup_json_key(&w, "bottleneck");
            sup_json_arr(&w);
            for (int q = 0; q < pc->nterms; q++)
                sup_json_str(&w, pc->owners[q]);
            sup_json_end(&w);
            sup_json_key(&w, "transitions");
            sup_json_obj(&w);
            for (int t = 0; t < m->ntrans; t++) {
                if (!pc->gap[t])
                    continue;
                sup_json_key(&w, m->trans[t].name);
                sup_json_obj(&w);
                sup_json_key(&w, "commits"), sup_json_int(&w, lpn_class_commits(cl, k, t));
                char *g = lpn__zstr(z, NULL, pc->gap[t]), *d = lpn__zstr(z, NULL, pc->dbar[t]);
                sup_json_key(&w, "avg_delay"), sup_json_str(&w, d);
                sup_json_key(&w, "commit_gap"), sup_json_str(&w, g);
                free(g), free(d);
                sup_json_end(&w);
            }
            sup_json_end(&w);
            sup_json_key(&w, "loops"), sup_json_int(&w, pc->loops);
            sup_json_key(&w, "iterations"), sup_json_int(&w, pc->iterations);
            sup_json_key(&w, "samples"), sup_json_int(&w, pc->samples);
            sup_json_key(&w, "mean_error"), sup_json_double(&w, pc->mean_err);
            sup_json_key(&w, "max_error"), sup_json_double(&w, pc->max_err);
            sup_json_key(&w, "exact_mismatches"), sup_json_int(&w, pc->exact_mismatch);
            sup_json_end(&w);
        }
        sup_json_end(&w);
        sup_json_end(&w);
        fputc('\n', out);
        return;
    }
    fprintf(out, "interfaces of model %s over %s: %d tokens into '%s', %d class%s (explored in %.3f s, built in %.3f s)\n",
            lpn_model_name(m), sp->path, sp->ntok, lpn_place_name(m, sp->place), pi->ncls, pi->ncls == 1 ? "" : "es",
            cl->seconds, pi->seconds);
    if (lpn_classes_status(cl) != LPN_A_COMPLETE)
        fprintf(out, "  INCOMPLETE: %s\n", lpn_classes_limit_message(cl));
    for (int k = 0; k < pi->ncls; k++) {
        const struct lpn_pi_class *pc = &pi->k[k];
        char *c = lpn__zstr(z, NULL, lpn__zsimp(z, lpn__class_cond(cl, k)));
        fprintf(out, "class %d: %s\n", k + 1, strlen(c) > 300 ? "(see lpn classes)" : c);
        free(c);
        fprintf(out, "  latency ~ %s\n", pc->text);
        fputs("  bottleneck: ", out);
        bottleneck(pi, k, out, " | ");
        fputc('\n', out);
        fputs("  commit gaps:", out);
        for (int t = 0; t < m->ntrans; t++) {
            if (!pc->gap[t])
                continue;
            char *g = lpn__zstr(z, NULL, pc->gap[t]);
            fprintf(out, " %s %lld x %s;", m->trans[t].name, (long long)lpn_class_commits(cl, k, t), g);
            free(g);
        }
        fprintf(out, "\n  loops: %d used, %d pass%s\n", pc->loops, pc->iterations, pc->iterations == 1 ? "" : "es");
        if (pc->samples)
            fprintf(out, "  vs lpn sim on %d input%s: mean error %.2f%%, max %.2f%%\n", pc->samples,
                    pc->samples == 1 ? "" : "s", 100 * pc->mean_err, 100 * pc->max_err);
        if (pc->exact_mismatch)
            fprintf(out, "  INTERNAL ERROR: the exact latency differed from lpn sim on %d input%s\n", pc->exact_mismatch,
                    pc->exact_mismatch == 1 ? "" : "s");
    }
}

/* ---- C ----------------------------------------------------------------------------*/
struct cnames {
    const struct lpn_space *sp;
    char buf[400];
};

static const char *cname(void *ctx, Z3_ast a)
{
    struct cnames *n = ctx;
    const struct lpn_space *sp = n->sp;
    for (int p = 0; p < sp->nprops; p++)
        if (sp->avg[p] == a) {
            char tmp[300];
            snprintf(tmp, sizeof tmp, "avg_%s", lpn_place_prop(sp->m, sp->place, p));
            return lpn__pi_cname(tmp, n->buf, sizeof n->buf);
        }
    for (int q = 0; q < sp->nsyms; q++)
        if (sp->syms[q].var == a) {
            if (sp->syms[q].tok < 0)
                return lpn__pi_cname(sp->syms[q].name, n->buf, sizeof n->buf);
            snprintf(n->buf, sizeof n->buf, "(double)tok[%d * %d + %d]", sp->syms[q].tok, sp->nprops, sp->syms[q].prop);
            return n->buf;
        }
    return NULL;
}

/* The interface variables: averages, then shared symbols (DECL: as
 * parameters; VOIDS: as "(void)x;" statements; else as arguments). */
static void params(const struct lpn_space *sp, FILE *out, bool decl, bool voids)
{
    char buf[400], tmp[300];
    bool first = true;
    for (int p = 0; p < sp->nprops; p++)
        if (sp->avg[p]) {
            snprintf(tmp, sizeof tmp, "avg_%s", lpn_place_prop(sp->m, sp->place, p));
            if (voids)
                fprintf(out, "    (void)%s;\n", lpn__pi_cname(tmp, buf, sizeof buf));
            else
                fprintf(out, "%s%s%s", first ? "" : ", ", decl ? "double " : "", lpn__pi_cname(tmp, buf, sizeof buf));
            first = false;
        }
    for (int q = 0; q < sp->nsyms; q++)
        if (sp->syms[q].tok < 0) {
            if (voids)
                fprintf(out, "    (void)%s;\n", lpn__pi_cname(sp->syms[q].name, buf, sizeof buf));
            else
                fprintf(out, "%s%s%s", first ? "" : ", ", decl ? "double " : "", lpn__pi_cname(sp->syms[q].name, buf, sizeof buf));
            first = false;
        }
    if (first && decl && !voids)
        fputs("void", out);
}

void lpn_pi_write_c(const struct lpn_pi *pi, FILE *out)
{
    struct lpn_classes *cl = pi->cl;
    struct lpn_space *sp = cl->sp;
    struct lpn_zx *z = &sp->zx;
    const struct lpn_model *m = sp->m;
    struct cnames names = {.sp = sp};
    struct lpn_zpr prc = {.c = true, .name = cname, .ctx = &names};
    char buf[400], tmp[300];
    fprintf(out, "/* %s — performance interface of LPN model '%s' over the input space %s,\n"
                 " * generated by `lpn pi` (lpnest %s; lpn/ANALYSIS.md). Each class function returns\n"
                 " * the approximate cycles from the first input token to the last done token. */\n",
            pi->c_name, lpn_model_name(m), sp->path, LPN_VERSION);
    fputs("#include <math.h>\n\n", out);
    fputs("static inline double lpn_pi_max(double a, double b) { return a > b ? a : b; }\n"
          "static inline double lpn_pi_min(double a, double b) { return a < b ? a : b; }\n"
          "/* Z3's integer division and modulo (Euclidean: 0 <= mod < |b|) */\n"
          "static inline double lpn_pi_div(double a, double b) { return b > 0 ? floor(a / b) : ceil(a / b); }\n"
          "static inline double lpn_pi_mod(double a, double b) { return a - b * lpn_pi_div(a, b); }\n\n", out);
    for (int k = 0; k < pi->ncls; k++) {
        fprintf(out, "/* class %d: %s */\n", k + 1, pi->k[k].text);
        fprintf(out, "double %s_class%d(", pi->c_name, k + 1);
        params(sp, out, true, false);
        fputs(")\n{\n", out);
        params(sp, out, false, true);
        fputs("    return ", out);
        lpn__zprint(z, &prc, pi->k[k].formula, out);
        fputs(";\n}\n\n", out);
    }
    fprintf(out, "/* The interface for one input: NTOKENS tokens entering place '%s', token i's\n"
                 " * properties at TOK[i * %d + k] (", lpn_place_name(m, sp->place), sp->nprops);
    for (int p = 0; p < sp->nprops; p++)
        fprintf(out, "%s%d: %s", p ? ", " : "", p, lpn_place_prop(m, sp->place, p));
    fprintf(out, "%s). Returns -1 for an input outside the\n * analysed space. */\n", sp->nprops ? "" : "none");
    fprintf(out, "double %s(long ntokens, const long long *tok)\n{\n", pi->c_name);
    fprintf(out, "    if (ntokens != %d)\n        return -1;\n", sp->ntok);
    fputs("    (void)tok;\n", out);
    for (int p = 0; p < sp->nprops; p++)
        if (sp->avg[p]) {
            snprintf(tmp, sizeof tmp, "avg_%s", lpn_place_prop(m, sp->place, p));
            const char *v = lpn__pi_cname(tmp, buf, sizeof buf);
            fprintf(out, "    double %s = 0;\n    for (long i = 0; i < ntokens; i++)\n        %s += (double)tok[i * %d + %d];\n"
                         "    %s /= (double)ntokens;\n", v, v, sp->nprops, p, v);
        }
    for (int q = 0; q < sp->nsyms; q++) {
        if (sp->syms[q].tok >= 0)
            continue;
        int at = -1;
        for (size_t s = 0; s < (size_t)sp->ntok * (size_t)sp->nprops && at < 0; s++)
            if (sp->valsym[s] == q)
                at = (int)s;
        fprintf(out, "    double %s = %s;\n", lpn__pi_cname(sp->syms[q].name, buf, sizeof buf),
                at < 0 ? "0" : (snprintf(tmp, sizeof tmp, "(double)tok[%d]", at), tmp));
    }
    for (int k = 0; k < pi->ncls; k++) {
        fputs("    if (", out);
        lpn__zprint(z, &prc, lpn__zsimp(z, lpn__class_cond(cl, k)), out);
        fprintf(out, ")\n        return %s_class%d(", pi->c_name, k + 1);
        params(sp, out, false, false);
        fputs(");\n", out);
    }
    fputs("    return -1;\n}\n", out);
}
