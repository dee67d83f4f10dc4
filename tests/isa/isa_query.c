/* isa_query.c — a small command over the isa library for scripts: checks
 * that mnemonics are known to a core (the isa.coverage test) and prints a
 * core's table (the runtime calibration prices instruction traces with it).
 *
 * usage: isa_query check CORE [MNEMONIC...]   (mnemonics also read from stdin,
 *                                               one per line, when none given)
 *        isa_query table CORE                  (mnemonics read from stdin)
 *        isa_query info CORE
 *        isa_query runtime CORE
 * CORE is a bundled name ("picorv32") or a path to a .yaml file.
 * check prints every unknown mnemonic and exits 1 if there is one;
 * table prints "mnemonic kind cycles latency taken not_taken mispredict count
 * expand_to formula" per line for the mnemonics given on stdin; info prints
 * "triple", "cpu", "features", "forbidden" and "model" lines; runtime prints
 * "SYMBOL code|formula|constant" for every priced routine (code: its machine code
 * is in the description's runtime_code file, which prices a call by running it)
 * and "refused SYMBOL REASON" for every refused one ("*": every other routine).
 * Exit 2 on bad usage or a description that does not load. */
#include "isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kinds[] = {
    "alu", "load", "store", "cond_branch", "jump", "indirect_jump", "call", "indirect_call",
    "return", "tail_call", "skip", "nop", "cond_return",
};

static struct isa *open_core(const char *core)
{
    if (strchr(core, '/') || strstr(core, ".yaml"))
        return isa_load_file(core, stderr);
    return isa_load_named(core, stderr);
}

static int check_one(const struct isa *isa, const char *m)
{
    if (isa_lookup(isa, m))
        return 0;
    printf("%s\n", m);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 3 || (strcmp(argv[1], "check") && strcmp(argv[1], "table") && strcmp(argv[1], "info") &&
                     strcmp(argv[1], "runtime"))) {
        fputs("usage: isa_query check CORE [MNEMONIC...] | isa_query table CORE | isa_query info CORE | "
              "isa_query runtime CORE\n", stderr);
        return 2;
    }
    struct isa *isa = open_core(argv[2]);
    if (!isa)
        return 2;
    int bad = 0;
    if (!strcmp(argv[1], "runtime")) {
        const struct isa_code *code = isa_runtime_code(isa);
        for (size_t i = 0; i < isa_nruntime(isa); i++) {
            const struct isa_runtime *rt = isa_runtime_at(isa, i);
            uint32_t entry;
            bool run = code && isa_code_arch(code) != ISA_CODE_NONE && isa_code_entry(code, rt->symbol, &entry) &&
                       strcmp(rt->symbol, "_start");
            printf("%s %s\n", rt->symbol, run ? "code" : rt->formula ? "formula" : "constant");
        }
        for (size_t i = 0; i < isa_nrefusals(isa); i++) {
            const char *const *names;
            size_t n;
            const char *why = isa_refusal(isa, i, &names, &n);
            for (size_t k = 0; k < n; k++)
                printf("refused %s %s\n", names[k], why);
        }
    } else if (!strcmp(argv[1], "info")) {
        printf("model %s\n", isa_model(isa) == ISA_MODEL_IR ? "ir" : "machine");
        printf("triple %s\ncpu %s\nfeatures %s\nforbidden", isa_triple(isa) ? isa_triple(isa) : "",
               isa_cpu(isa) ? isa_cpu(isa) : "", isa_features(isa) ? isa_features(isa) : "");
        for (size_t i = 0; i < isa_nforbidden(isa); i++)
            printf(" %s", isa_forbidden(isa, i));
        printf("\n");
    } else if (!strcmp(argv[1], "check")) {
        if (argc > 3)
            for (int i = 3; i < argc; i++)
                bad |= check_one(isa, argv[i]);
        else {
            char line[256];
            while (fgets(line, sizeof line, stdin)) {
                line[strcspn(line, "\r\n")] = '\0';
                if (*line)
                    bad |= check_one(isa, line);
            }
        }
    } else {
        printf("# %s: %s (clock %.0f Hz, relax %d)\n", isa_name(isa), isa_description(isa), isa_clock_hz(isa),
               isa_relax(isa));
        /* every mnemonic given on stdin, or none: the caller names them */
        char line[256];
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\r\n")] = '\0';
            const struct isa_insn *in = *line ? isa_lookup(isa, line) : NULL;
            if (!in) {
                if (*line)
                    printf("%s unknown\n", line);
                continue;
            }
            printf("%s %s %u %u %u %u %u %u %s %s\n", line, kinds[in->kind], in->cycles, in->latency, in->taken,
                   in->not_taken, in->mispredict, in->count, in->expand_to ? in->expand_to : "-",
                   in->cycles_formula ? "formula" : "-");
        }
    }
    isa_free(isa);
    return bad;
}
