/* lpnest.c — the lpnest command line: loads and links bitcode, runs it at IR
 * level and writes the exact execution counts (--counts) or the estimate on
 * a core (--target) in any report format; `lpnest report` and `lpnest diff`
 * work on saved reports (cli_report.c). A thin layer over the estimator
 * library. */
#include "cli_report.h"
#include "estimate_static.h"
#include "estimator.h"
#include "system.h"
#include "isa.h"
#include "lower.h"
#include "support.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *prog = "lpnest";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: lpnest [options] FILE.bc|FILE.ll... --target=CORE [-- PROGRAM-ARGS...]\n"
            "       lpnest [options] FILE.bc|FILE.ll... --counts [-- PROGRAM-ARGS...]\n"
            "       lpnest report REPORT.json [report options]\n"
            "       lpnest diff OLD.json NEW.json [diff options]\n"
            "\n"
            "Runs the program's main() at LLVM IR level under the target's data layout\n"
            "(the triple and data layout of the bitcode), counting exactly how often every\n"
            "block, edge, select and call executes, then prices the machine code the core's\n"
            "LLVM backend makes of it. Several files are linked together. The program's\n"
            "stdin/stdout/stderr are lpnest's, except that with --target and the report on\n"
            "stdout (no -o) the program's stdout goes to stderr.\n"
            "\n"
            "modes:\n"
            "  --target=CORE         estimate cycles on CORE (a bundled name or a .yaml file;\n"
            "                        --target=help lists the cores)\n"
            "  --counts              write the execution counts as JSON (lpnest_counts 1)\n"
            "  --accel=SYSTEM.yaml   (with --target) offloaded functions run on accelerator\n"
            "                        LPNs described by SYSTEM.yaml (estimator/SYSTEM.md)\n"
            "\n"
            "options:\n"
            "  -o FILE               output file (default: stdout; the program's own stdout then\n"
            "                        goes to stderr)\n"
            "  --max-steps=N         stop with an error after N IR instructions (default 100G,\n"
            "                        about four minutes; 0: no limit)\n"
            "  --stack-size=BYTES    simulated stack (default 8M; 8k for 16-bit targets)\n"
            "                        (numbers take the suffixes k, M, G: powers of 1024)\n"
            "  --memory=linked       globals in the linker's order (constants, data, bss); a read\n"
            "                        past a global reads its neighbour with one warning per site,\n"
            "                        a write past one is an error (default: module order, unchecked)\n"
            "  --fs-root=DIR         the program opens files only under DIR, by relative\n"
            "                        paths (default: the current directory)\n"
            "  --allow-writes        let the program create and write files there\n"
            "  --allow-unpriced      (with --target) a call to a routine the core's runtime table does\n"
            "                        not price counts as 0 cycles, with a warning and the routine\n"
            "                        marked \"priced\": false in the report (default: an error naming\n"
            "                        the routine, the core and the call's file:line; exit 1)\n"
            "  --quiet               no progress line on stderr (shown only when stderr is a\n"
            "                        terminal and the run takes over 1.5 s)\n"
            "  --help                this text\n"
            "  --version             print the version\n"
            "\n"
            "  --dump-machine        (with --target) list machine blocks and their counts on stderr\n"
            "  --profile=FILE        (with --target) price the counts a program built with the plugin's\n"
            "                        -lpnest-instrument wrote at exit instead of running it\n"
            "                        (plugin/README.md); --target=host is the x86-64 host\n"
            "\n");
    fputs(cli_out_help, f);
    fprintf(f,
            "\n"
            "exit status: with --counts the program's own; with --target 0 when the estimate\n"
            "was made; 1 for a fault in the program or bad input; 2 for bad usage; 3 when a\n"
            "budget was exceeded (--budget) or a diff found a regression.\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: error: ", prog);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s: see 'lpnest --help'\n", prog);
    return 2;
}

/* Every option of lpnest's own command line, for "did you mean". */
static const char *const known_options[] = {
    "--target", "--counts", "--accel", "--profile", "-o", "--max-steps", "--stack-size", "--quiet", "--help",
    "--version", "--dump-machine", "--format", "--top", "--source-dir", "--budget", "--junit", "--allow-writes",
    "--allow-unpriced", "--memory", "--fs-root", NULL};

/* An unknown option A: exit 2, naming the closest known one. */
static int unknown_option(const char *a)
{
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(a, "="), a);
    const char *near = sup_closest(name, known_options);
    fprintf(stderr, "%s: error: unknown option '%s'", prog, a);
    if (near)
        fprintf(stderr, "; did you mean '%s'?", near);
    fprintf(stderr, "\n%s: see 'lpnest --help'\n", prog);
    return 2;
}

/* A --target that is neither a bundled core nor a .yaml file: exit 2. */
static bool known_target(const char *t)
{
    size_t tl = strlen(t);
    if ((tl > 5 && !strcmp(t + tl - 5, ".yaml")) || !strcmp(t, "help"))
        return true;
    const char *const *names = isa_list(NULL);
    for (size_t k = 0; names && names[k]; k++)
        if (!strcmp(names[k], t))
            return true;
    const char *near = sup_closest(t, names);
    fprintf(stderr, "%s: error: unknown target '%s'", prog, t);
    if (near)
        fprintf(stderr, "; did you mean '%s'?", near);
    fprintf(stderr, "\n%s: 'lpnest --target=help' lists the cores\n", prog);
    return false;
}

static int run_main(int argc, char **argv, const char **inputs, struct cli_out *co);

int main(int argc, char **argv)
{
    est_install_fatal_handler();
    isa_set_backend_check(est_check_backend);
    if (argc > 1 && !strcmp(argv[1], "report"))
        return cli_report_main(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "diff"))
        return cli_diff_main(argc - 1, argv + 1);
    const char **inputs = calloc((size_t)argc + 1, sizeof *inputs);
    struct cli_out co;
    cli_out_init(&co, argc);
    int status = run_main(argc, argv, inputs, &co);
    cli_out_free(&co);
    free(inputs);
    return status;
}

static int run_main(int argc, char **argv, const char **inputs, struct cli_out *co)
{
    size_t ninputs = 0;
    const char *v, *target = NULL, *accel = NULL, *profile = NULL, *fs_root = NULL;
    bool counts = false, quiet = false, dump_machine = false, allow_writes = false, allow_unpriced = false;
    /* a program that never stops must not hang lpnest: 100G IR instructions */
    unsigned long long max_steps = 100ULL << 30, stack = 0;
    bool memory_linked = false;
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
        if (sup_cli_flag(argv, &i, "--dump-machine")) {
            dump_machine = true;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--target", &target, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--accel", &accel, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--profile", &profile, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            continue;
        }
        if ((r = cli_out_option(co, argc, argv, &i, prog)) != 0) {
            if (r == 2)
                return 2;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--fs-root", &fs_root, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            continue;
        }
        if (sup_cli_flag(argv, &i, "--allow-unpriced")) {
            allow_unpriced = true;
            continue;
        }
        if (sup_cli_flag(argv, &i, "--allow-writes")) {
            allow_writes = true;
            continue;
        }
        if (sup_cli_flag(argv, &i, "--quiet") || sup_cli_flag(argv, &i, "-q")) {
            quiet = true;
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--max-steps", &v, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            if (!sup_parse_u64(v, &max_steps))
                return bad_usage("invalid --max-steps value '%s' (expected a count, e.g. 500M, or 0 for no limit)", v);
            continue;
        }
        if ((r = sup_cli_value(argc, argv, &i, "--memory", &v, prog, stderr)) != 0) {
            if (r < 0)
                return 2;
            if (strcmp(v, "linked") && strcmp(v, "module"))
                return bad_usage("invalid --memory value '%s' (expected linked or module)", v);
            memory_linked = !strcmp(v, "linked");
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
            return unknown_option(a);
        inputs[ninputs++] = a;
        i++;
    }
    if (target && !strcmp(target, "help")) {
        const char *const *desc;
        const char *const *names = isa_list(&desc);
        printf("cores (--target=NAME, or a path to a description .yaml):\n");
        for (size_t k = 0; names && names[k]; k++)
            printf("  %-16s %s\n", names[k], desc && desc[k] ? desc[k] : "");
        return 0;
    }
    if (ninputs == 0)
        return bad_usage("no input files%s", "");
    if (!counts && !target)
        return bad_usage("nothing to do: give --target=CORE or --counts%s", "");
    if (counts && target)
        return bad_usage("--counts and --target are separate modes%s", "");
    if (counts && (co->budget_path || co->junit))
        return bad_usage("--budget and --junit need an estimate (--target)%s", "");
    if (accel && !target)
        return bad_usage("--accel needs an estimate (--target)%s", "");
    if (profile && (!target || accel))
        return bad_usage("--profile needs --target and cannot be combined with --accel%s", "");
    if (target && !strcmp(target, "host"))
        target = "x86-64"; /* the host an instrumented program ran on */
    if (target && !known_target(target))
        return 2;
    if (!cli_out_prepare(co, stderr))
        return co->bad_usage ? 2 : 1;
    struct isa *isa = NULL;
    if (target) {
        size_t tl = strlen(target);
        isa = tl > 5 && !strcmp(target + tl - 5, ".yaml") ? isa_load_file(target, stderr) : isa_load_named(target, stderr);
        if (!isa)
            return 1;
    }

    struct est_system *sys = NULL;
    if (accel && !(sys = est_system_load(accel, stderr))) {
        isa_free(isa);
        return 1;
    }
    struct est_module *m = est_module_load(inputs, ninputs, stderr);
    if (!m) {
        isa_free(isa);
        est_system_free(sys);
        return 1;
    }
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
        .memory_linked = memory_linked,
        .progress = !quiet && isatty(2),
        .diag = stderr,
        .fs_root = fs_root,
        .allow_writes = allow_writes,
    };
    /* the report on stdout never mixes with the program's output: that goes to stderr */
    if (!counts && !co->out)
        o.out = stderr;
    if (!counts) {
        int prog_status;
        struct est_estimate *e = profile ? est_estimate_profile(m, isa, &profile, 1, stderr, dump_machine ? stderr : NULL)
                                         : est_estimate_timed(m, isa, &o, sys, dump_machine ? stderr : NULL, &prog_status);
        int status = 1;
        if (e && !allow_unpriced && est_estimate_unpriced_errors(e, stderr) > 0) {
            est_estimate_free(e); /* no report: its total would miss those calls */
            e = NULL;
        }
        if (e) {
            struct est_report r = {.e = e};
            est_report_find_loops(&r, est_module_llvm(m));
            status = cli_out_emit(co, &r, prog);
            est_report_clear(&r);
        }
        isa_free(isa);
        est_system_free(sys);
        est_module_free(m);
        free(pargv);
        return status;
    }
    struct est_profile *p = est_run(m, &o);
    int status = 1;
    if (p) {
        status = est_profile_faulted(p) ? 1 : est_profile_exit_status(p);
        fflush(stdout);
        struct sup_outfile of;
        if (sup_outfile_open(&of, co->out, stderr) != 0)
            status = 1;
        else if (est_profile_write_json(p, of.f) != 0) {
            sup_outfile_abort(&of);
            fprintf(stderr, "%s: error: cannot write the counts\n", prog);
            status = 1;
        } else if (sup_outfile_commit(&of, stderr) != 0)
            status = 1;
        est_profile_free(p);
    }
    isa_free(isa);
    est_module_free(m);
    free(pargv);
    return status;
}
