/* lpnest.c — the lpnest command line: loads and links bitcode, runs it at IR
 * level and writes the exact execution counts (--counts) or the estimate on
 * a core (--target) in any report format; `lpnest report` and `lpnest diff`
 * work on saved reports (cli_report.c). A thin layer over the estimator
 * library. */
#include "cli_report.h"
#include "estimate_static.h"
#include "estimator.h"
#include "system.h"
#include "timed.h"
#include "isa.h"
#include "lower.h"
#include "progress.h"
#include "support.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *prog = "lpnest";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: lpnest [options] FILE.bc|FILE.ll... --target=CORE [-- PROGRAM-ARGS...]\n"
            "       lpnest [options] FILE.bc|FILE.ll... --counts [-- PROGRAM-ARGS...]\n"
            "       lpnest report REPORT.json|DIR... [report options]\n"
            "       lpnest diff OLD NEW [diff options]   (reports or build trees)\n"
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
            "  --max-steps=N         stop with an error after N IR instructions (default 100G;\n"
            "                        0: no limit). The time that takes is the engine's rate:\n"
            "                        benchmarks/engine/step_rate.py measured 48-158 M steps/s\n"
            "                        on a loaded 2-core machine (100G: 11-37 minutes); bound\n"
            "                        the time itself with --time-limit\n"
            "  --time-limit=SECONDS  stop with an error after this wall-clock time, the run,\n"
            "                        code generation and the report together (default: none)\n"
            "  --engine=interp|jit|auto  how the program runs: the IR interpreter (the\n"
            "                        reference), compiled to host code (ORC JIT) from the\n"
            "                        start, or interpreted first and compiled once the run\n"
            "                        passes 2^26 IR instructions (default: auto; a shorter run\n"
            "                        is interpreted); the counts, output and faults are the same\n"
            "  --jit-cache=DIR       keep the compiled code in DIR (made if missing, 0700) and\n"
            "                        link it in later runs of the same module and memory\n"
            "                        layout by this lpnest instead of compiling (default: the\n"
            "                        environment's LPNEST_JIT_CACHE, else none), and the core's\n"
            "                        code of an estimate too; DIR must be the user's own and\n"
            "                        writable by nobody else; the least recently used files go\n"
            "                        past LPNEST_JIT_CACHE_MAX bytes (default 256M; 0: no limit)\n"
            "  --stack-size=BYTES    simulated stack (default 8M; 8k for 16-bit targets)\n"
            "                        (numbers take the suffixes k, M, G: powers of 1024)\n"
            "  --memory=linked       globals in the linker's order (constants, data, bss); a read\n"
            "                        past a global reads its neighbour with one warning per site,\n"
            "                        a write past one is an error (default: module order, unchecked)\n"
            "  --fs-root=DIR         the program opens files only under DIR, by relative\n"
            "                        paths (default: the current directory); regular files\n"
            "                        only (a FIFO or a device is refused)\n"
            "  --allow-writes        let the program create and write files there\n"
            "  --write-limit=BYTES   with --allow-writes: the most bytes the program may write\n"
            "                        to its files, each file it creates counting 4k (default\n"
            "                        64M; 0: no limit)\n"

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
    char msg[1024];
    snprintf(msg, sizeof msg, fmt, arg);
    fprintf(stderr, "%s: error: ", prog);
    sup_fputs_escaped(stderr, msg); /* ARG is the user's: escaped */
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
    sup_diag(stderr, prog, 0, 0, "error", "unknown target '%s'%s%s%s", t, near ? "; did you mean '" : "",
             near ? near : "", near ? "'?" : "");
    fprintf(stderr, "%s: 'lpnest --target=help' lists the cores\n", prog);
    return false;
}

static int run_main(int argc, char **argv, const char **inputs, struct cli_out *co);

/* --fs-root must name a directory that exists (else every fopen of the
 * program would fail, and only then say why). */
static bool fs_root_usable(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        sup_diag(stderr, prog, 0, 0, "error", "--fs-root '%s': %s", dir, strerror(errno));
    else if (!S_ISDIR(st.st_mode))
        sup_diag(stderr, prog, 0, 0, "error", "--fs-root '%s' is not a directory", dir);
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
}

int main(int argc, char **argv)
{
    sup_set_prog(prog);
    lower_install_fatal_handler();
    isa_set_backend_check(lower_check_backend);
    if (argc > 1 && !strcmp(argv[1], "report"))
        return cli_report_main(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "diff"))
        return cli_diff_main(argc - 1, argv + 1);
    const char **inputs = calloc((size_t)argc + 1, sizeof *inputs);
    struct cli_out co;
    cli_out_init(&co, argc);
    int status = run_main(argc, argv, inputs, &co);
    eng_progress_clear();
    cli_out_free(&co);
    free(inputs);
    return status;
}

/* The options of an estimate or a counts run (the report's from cli_out). */
struct run_opts {
    const char *target, *accel, *profile, *fs_root, *jit_cache;
    bool counts, quiet, dump_machine, allow_writes, allow_unpriced, memory_linked;
    unsigned long long max_steps, stack, write_limit;
    double time_limit;
    enum eng_engine engine;
    int version_at, rest_at;   /* argv index after --version / -- (0: not given) */
};

static int opt_max_steps(void *ctx, const char *v)
{
    struct run_opts *ro = ctx;
    if (!sup_parse_u64(v, &ro->max_steps))
        return bad_usage("invalid --max-steps value '%s' (expected a count, e.g. 500M, or 0 for no limit)", v);
    return 0;
}

static int opt_engine(void *ctx, const char *v)
{
    struct run_opts *ro = ctx;
    if (!strcmp(v, "interp"))
        ro->engine = ENG_ENGINE_INTERP;
    else if (!strcmp(v, "jit"))
        ro->engine = ENG_ENGINE_JIT;
    else if (!strcmp(v, "auto"))
        ro->engine = ENG_ENGINE_AUTO;
    else
        return bad_usage("invalid --engine value '%s' (expected interp, jit or auto)", v);
    return 0;
}

static int opt_time_limit(void *ctx, const char *v)
{
    struct run_opts *ro = ctx;
    char *end;
    double t = strtod(v, &end);
    if (end == v || *end || !(t >= 0) || t > 1e7)
        return bad_usage("invalid --time-limit value '%s' (expected seconds, e.g. 600 or 0.5; 0: no limit)", v);
    ro->time_limit = t;
    return 0;
}

static int opt_write_limit(void *ctx, const char *v)
{
    struct run_opts *ro = ctx;
    if (!sup_parse_u64(v, &ro->write_limit))
        return bad_usage("invalid --write-limit value '%s' (expected bytes, e.g. 64M, or 0 for no limit)", v);
    return 0;
}

static int opt_memory(void *ctx, const char *v)
{
    struct run_opts *ro = ctx;
    if (strcmp(v, "linked") && strcmp(v, "module"))
        return bad_usage("invalid --memory value '%s' (expected linked or module)", v);
    ro->memory_linked = !strcmp(v, "linked");
    return 0;
}

static int opt_stack_size(void *ctx, const char *v)
{
    struct run_opts *ro = ctx;
    if (!sup_parse_u64(v, &ro->stack) || ro->stack < 256)
        return bad_usage("invalid --stack-size value '%s' (expected bytes >= 256, e.g. 64k)", v);
    return 0;
}

/* Parses lpnest's command line into RO, CO and INPUTS (*NINPUTS). Returns
 * -1 to go on, else the exit status (0 after --help or --version). */
static int parse_run_options(int argc, char **argv, struct run_opts *ro, struct cli_out *co, const char **inputs,
                             size_t *ninputs)
{
    struct sup_opt opts[24 + CLI_OUT_NOPTS] = {
        {.name = "--version", .kind = SUP_OPT_REST, .dest = &ro->version_at},
        {.name = "--counts", .kind = SUP_OPT_FLAG, .dest = &ro->counts},
        {.name = "--dump-machine", .kind = SUP_OPT_FLAG, .dest = &ro->dump_machine},
        {.name = "--target", .kind = SUP_OPT_STR, .dest = &ro->target},
        {.name = "--accel", .kind = SUP_OPT_STR, .dest = &ro->accel},
        {.name = "--profile", .kind = SUP_OPT_STR, .dest = &ro->profile},
        {.name = "--fs-root", .kind = SUP_OPT_STR, .dest = &ro->fs_root},
        {.name = "--allow-writes", .kind = SUP_OPT_FLAG, .dest = &ro->allow_writes},
        {.name = "--allow-unpriced", .kind = SUP_OPT_FLAG, .dest = &ro->allow_unpriced},
        {.name = "--quiet", .alias = "-q", .kind = SUP_OPT_FLAG, .dest = &ro->quiet},
        {.name = "--max-steps", .kind = SUP_OPT_CALL, .call = opt_max_steps, .ctx = ro},
        {.name = "--memory", .kind = SUP_OPT_CALL, .call = opt_memory, .ctx = ro},
        {.name = "--engine", .kind = SUP_OPT_CALL, .call = opt_engine, .ctx = ro},
        {.name = "--jit-cache", .kind = SUP_OPT_STR, .dest = &ro->jit_cache},
        {.name = "--stack-size", .kind = SUP_OPT_CALL, .call = opt_stack_size, .ctx = ro},
        {.name = "--time-limit", .kind = SUP_OPT_CALL, .call = opt_time_limit, .ctx = ro},
        {.name = "--write-limit", .kind = SUP_OPT_CALL, .call = opt_write_limit, .ctx = ro},
        {.name = "--", .kind = SUP_OPT_REST, .dest = &ro->rest_at},
    };
    size_t n = 0;
    while (opts[n].name) /* the entries above; the rest of OPTS is zeroed */
        n++;
    n += cli_out_options(co, prog, opts + n);
    /* the names for "did you mean" */
    const char *known[24 + CLI_OUT_NOPTS + 1];
    size_t nk = 0;
    known[nk++] = "--help";
    for (size_t k = 0; k < n; k++)
        if (opts[k].name && strcmp(opts[k].name, "--"))
            known[nk++] = opts[k].name;
    known[nk] = NULL;
    co->known = known;
    int pr = sup_cli_parse(argc, argv, 1, opts, n, prog, inputs, (size_t)argc, ninputs, stderr);
    co->known = NULL;
    if (pr == 1) {
        usage(stdout);
        return 0;
    }
    if (pr)
        return 2;
    if (ro->version_at) {
        printf("lpnest %s (LLVM %s)\n", LPNEST_VERSION, "19");
        return 0;
    }
    return -1;
}

static int run_main(int argc, char **argv, const char **inputs, struct cli_out *co)
{
    size_t ninputs = 0;
    /* a program that never stops must not hang lpnest: 100G IR instructions */
    struct run_opts ro = {.max_steps = 100ULL << 30, .write_limit = 64ULL << 20, .engine = ENG_ENGINE_AUTO};
    int pst = parse_run_options(argc, argv, &ro, co, inputs, &ninputs);
    if (pst >= 0)
        return pst;
    const char *target = ro.target, *accel = ro.accel, *profile = ro.profile;
    bool counts = ro.counts, dump_machine = ro.dump_machine;
    int prog_argc = ro.rest_at ? argc - ro.rest_at : 0;
    char **prog_argv = ro.rest_at ? argv + ro.rest_at : NULL;
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
    if (ro.fs_root && !fs_root_usable(ro.fs_root))
        return 2;
    sup_set_time_limit(ro.time_limit);
    if (!cli_out_prepare(co, stderr))
        return co->bad_usage ? 2 : 1;
    struct isa *isa = NULL;
    if (target) {
        size_t tl = strlen(target);
        isa = tl > 5 && !strcmp(target + tl - 5, ".yaml") ? isa_load_file(target, stderr) : isa_load_named(target, stderr);
        if (!isa)
            return 1;
    }

    struct offload_system *sys = NULL;
    if (accel && !(sys = offload_system_load(accel, stderr))) {
        isa_free(isa);
        return 1;
    }
    cli_out_default_source(co, inputs[0]);
    eng_progress_enable(!ro.quiet && isatty(2));
    if (target)
        lower_code_cache(ro.jit_cache); /* the core's code too, with --jit-cache or LPNEST_JIT_CACHE */
    eng_progress_phase("loading");
    struct eng_module *m = eng_module_load(inputs, ninputs, stderr);
    if (!m) {
        isa_free(isa);
        offload_system_free(sys);
        return 1;
    }
    if (!counts && !eng_module_has_debug_info(m)) {
        eng_progress_clear();
        fprintf(stderr, "%s: warning: no debug information (compile with -g): the report has no source lines, and "
                        "a budget cannot see the copies of a function clang inlined\n",
                inputs[0]);
    }
    /* the program sees argv[0] = its file name */
    char **pargv = calloc((size_t)prog_argc + 2, sizeof *pargv);
    pargv[0] = (char *)inputs[0];
    for (int i = 0; i < prog_argc; i++)
        pargv[i + 1] = prog_argv[i];
    struct eng_run_options o = {
        .argc = prog_argc + 1,
        .argv = pargv,
        .max_steps = ro.max_steps,
        .engine = ro.engine,
        .jit_cache = ro.jit_cache,
        .stack_bytes = ro.stack,
        .memory_linked = ro.memory_linked,
        .progress = eng_progress_enabled(),
        .diag = stderr,
        .fs_root = ro.fs_root,
        .allow_writes = ro.allow_writes,
        .write_limit = ro.write_limit,
    };
    o.builtins = offload_builtins(&o.nbuiltins); /* lpnest_token (estimator/app/lpnest.h) */
    /* --memory=linked: the board's read-only data after the program's (isa/SCHEMA.md, "Runtime
     * code"), from the core's description; with --counts, the bundled core of the bitcode's triple */
    struct isa *board = NULL;
    if (ro.memory_linked && !isa) {
        const char *triple = LLVMGetTarget(eng_module_llvm(m));
        const char *core = !strncmp(triple, "riscv32", 7) ? "picorv32" : !strncmp(triple, "powerpc-", 8) ? "ppc405"
                           : !strncmp(triple, "avr", 3) ? "atmega2560" : NULL;
        board = core ? isa_load_named(core, stderr) : NULL;
    }
    if (ro.memory_linked && (isa || board))
        o.board_rodata = isa_code_rodata(isa_runtime_code(isa ? isa : board), &o.board_rodata_len,
                                         &o.board_rodata_align);
    /* the report on stdout never mixes with the program's output: that goes to stderr */
    if (!counts && !co->out)
        o.out = stderr;
    if (!counts) {
        int prog_status;
        struct cost_estimate *e = profile ? cost_estimate_profile(m, isa, &profile, 1, stderr, dump_machine ? stderr : NULL)
                                         : offload_estimate_timed(m, isa, &o, sys, dump_machine ? stderr : NULL, &prog_status);
        int status = 1;
        if (e && !ro.allow_unpriced && cost_estimate_unpriced_errors(e, stderr) > 0) {
            cost_estimate_free(e); /* no report: its total would miss those calls */
            e = NULL;
        }
        if (e) {
            struct report_data r = {.e = e};
            eng_progress_phase("report");
            report_find_loops(&r, eng_module_llvm(m));
            status = cli_out_emit(co, &r, prog);
            report_clear(&r);
        }
        isa_free(isa);
        offload_system_free(sys);
        eng_module_free(m);
        free(pargv);
        eng_progress_clear();
        return status;
    }
    eng_progress_phase("run");
    struct eng_profile *p = eng_run(m, &o);
    int status = 1;
    if (p) {
        status = eng_profile_faulted(p) ? 1 : eng_profile_exit_status(p);
        fflush(stdout);
        struct sup_outfile of;
        if (sup_outfile_open(&of, co->out, stderr) != 0)
            status = 1;
        else if (eng_profile_write_json(p, of.f) != 0) {
            sup_outfile_abort(&of);
            fprintf(stderr, "%s: error: cannot write the counts\n", prog);
            status = 1;
        } else if (sup_outfile_commit(&of, stderr) != 0)
            status = 1;
        eng_profile_free(p);
    }
    isa_free(isa);
    isa_free(board);
    eng_module_free(m);
    free(pargv);
    return status;
}
