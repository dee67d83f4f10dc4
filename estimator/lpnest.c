/* lpnest.c — the lpnest command line: loads and links bitcode, runs it at IR
 * level and writes the exact execution counts (--counts). A thin layer over
 * the estimator library. */
#include "estimator.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *prog = "lpnest";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: lpnest [options] FILE.bc|FILE.ll... [-- PROGRAM-ARGS...]\n"
            "\n"
            "Runs the program's main() at LLVM IR level under the target's data layout\n"
            "(the triple and data layout of the bitcode) and counts exactly how often every\n"
            "block, edge, select and call executes. Several files are linked together.\n"
            "The program's stdin/stdout/stderr are lpnest's; its exit status is lpnest's.\n"
            "\n"
            "modes:\n"
            "  --counts              write the execution counts as JSON (lpnest_counts 1)\n"
            "\n"
            "options:\n"
            "  -o FILE               output file (default: stdout, after the program's output)\n"
            "  --max-steps=N         stop with an error after N IR instructions (suffix k/M/G)\n"
            "  --stack-size=BYTES    simulated stack (default 8M; 8k for 16-bit targets)\n"
            "  --quiet               no progress line on stderr\n"
            "  --help                this text\n"
            "  --version             print the version\n"
            "\n"
            "exit status: the program's own; 1 for a fault in the program or bad input;\n"
            "2 for bad usage.\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: error: ", prog);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s: see 'lpnest --help'\n", prog);
    return 2;
}

static int run_main(int argc, char **argv, const char **inputs);

int main(int argc, char **argv)
{
    const char **inputs = calloc((size_t)argc + 1, sizeof *inputs);
    int status = run_main(argc, argv, inputs);
    free(inputs);
    return status;
}

static int run_main(int argc, char **argv, const char **inputs)
{
    size_t ninputs = 0;
    const char *out = NULL, *v;
    bool counts = false, quiet = false;
    unsigned long long max_steps = 0, stack = 0;
    int prog_argc = 0;
    char **prog_argv = NULL;
    for (int i = 1; i < argc;) {
        const char *a = argv[i];
        int r;
        if (strcmp(a, "--") == 0) {
            prog_argc = argc - i - 1;
            prog_argv = argv + i + 1;
            break;
        }
        if (sup_cli_flag(argv, &i, "--help") || sup_cli_flag(argv, &i, "-h")) {
            usage(stdout);
            return 0;
        }
        if (sup_cli_flag(argv, &i, "--version")) {
            printf("lpnest %s (LLVM %s)\n", LPNEST_VERSION, "19");
            return 0;
        }
        if (sup_cli_flag(argv, &i, "--counts")) {
            counts = true;
            continue;
        }
        if (sup_cli_flag(argv, &i, "--quiet") || sup_cli_flag(argv, &i, "-q")) {
            quiet = true;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "-o", &out, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--max-steps", &v, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            if (!sup_parse_u64(v, &max_steps) || max_steps == 0)
                return bad_usage("invalid --max-steps value '%s' (expected a positive count, e.g. 500M)", v);
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--stack-size", &v, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            if (!sup_parse_u64(v, &stack) || stack < 256)
                return bad_usage("invalid --stack-size value '%s' (expected bytes >= 256, e.g. 64k)", v);
            continue;
        }
        if (a[0] == '-' && a[1] != '\0')
            return bad_usage("unknown option '%s'", a);
        inputs[ninputs++] = a;
        i++;
    }
    if (ninputs == 0)
        return bad_usage("no input files%s", "");
    if (!counts)
        return bad_usage("nothing to do: give --counts%s", "");

    struct est_module *m = est_module_load(inputs, ninputs, stderr);
    if (!m)
        return 1;
    /* the program sees argv[0] = its file name */
    char **pargv = calloc((size_t)prog_argc + 2, sizeof *pargv);
    pargv[0] = (char *)inputs[0];
    for (int i = 0; i < prog_argc; i++)
        pargv[i + 1] = prog_argv[i];
    struct est_run_options o = {
        .argc = prog_argc + 1,
        .argv = pargv,
        .max_steps = max_steps,
        .stack_bytes = stack,
        .progress = !quiet && isatty(2),
        .diag = stderr,
    };
    struct est_profile *p = est_run(m, &o);
    int status = 1;
    if (p) {
        status = est_profile_faulted(p) ? 1 : est_profile_exit_status(p);
        fflush(stdout);
        struct sup_outfile of;
        if (sup_outfile_open(&of, out, stderr) != 0)
            status = 1;
        else if (est_profile_write_json(p, of.f) != 0) {
            sup_outfile_abort(&of);
            fprintf(stderr, "%s: error: cannot write the counts\n", prog);
            status = 1;
        } else if (sup_outfile_commit(&of, stderr) != 0)
            status = 1;
        est_profile_free(p);
    }
    est_module_free(m);
    free(pargv);
    return status;
}
