/* exec_jit.c — the compiled tier of the IR engine: when to compile which
 * functions, a compiler process, and ORC LLJIT (LLVM's C API) to load and
 * run what it compiled.
 *
 * The interpreter (exec_run.c) stays the reference: a function is compiled
 * from its ops (exec_jit_gen.c), not from the target's IR, so the compiled
 * code makes exactly the interpreter's decisions (data layout, byte order,
 * widths, counters, faults). A function the tier does not compile stays
 * interpreted; both tiers share frames, slots and counters, so a run moves
 * between them at calls and at loop edges (exec_run.c: body).
 *
 * Compiling happens in a forked child: it builds the host module from its
 * copy of the ops (every address the code embeds is the same in both
 * processes), optimises it, and writes an object file to a memory file; the
 * run goes on interpreting meanwhile, and links the object with LLJIT when
 * the child is done. So compiling costs the run nothing where a second core
 * is free, and LLVM's fatal errors or crashes end the child, not lpnest
 * (the run then stays interpreted). lpnest is single-threaded, so fork() is
 * safe; the child leaves by _exit (no stdio flush, no atexit handlers).
 *
 * Modes (eng_run_options.engine): ENG_ENGINE_JIT compiles every function
 * before main runs, and waits for it; ENG_ENGINE_AUTO interprets, and once
 * the run has executed JIT_FIRST IR instructions (a short run never
 * compiles) compiles the functions that ran, then looks
 * again at 4x, 16x... for functions that started running since. */
#define _GNU_SOURCE
#include "exec_jit.h"
#include "support.h"

#include <errno.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* IR instructions interpreted before the first compilation (auto): about
 * 0.2-0.4 s, so runs of the corpus's default sizes (up to 7e7) stay
 * interpreted, and a run that got this far is taken to run as long again,
 * long enough to win back the compiler's 0.2-1 s of CPU */
#define JIT_FIRST (1ull << 26)
#define JIT_GROWTH 4           /* later looks at 4x, 16x, ... of that */
#define JIT_POLL (1ull << 20)  /* IR instructions between looks at a compiling child */
/* The optimisation of the host code: slots to registers, the usual scalar
 * clean-ups, loads and counters out of loops. -O2 ran no faster on the
 * corpus (fir, sha256, crc32, adpcm within noise) and its SLP vectoriser
 * (which LLVMPassBuilderOptionsSetSLPVectorization did not keep out) took
 * 14 s on the 771 ops of embedded/longdouble.c for x86-64; -O1: 0.5 s. */
#define JIT_PASSES "default<O1>"

struct exec_jit {
    enum eng_engine mode;
    LLVMOrcLLJITRef lljit;
    bool broken;             /* LLJIT could not be set up, or a compilation failed: interpret */
    uint8_t *looked;         /* per function: a round has considered it */
    unsigned every;          /* LPNEST_JIT_EVERY */
    /* the round a child is compiling */
    pid_t child;
    int fd;                  /* the memory file its object goes to */
    uint32_t *chosen, nchosen;
    unsigned round;
    double started;
    /* what it cost */
    unsigned rounds;
    uint32_t functions, ops, refused;
    double wall, cpu;        /* seconds from fork to code; the compiler's CPU seconds */
};

static const bool *stats_on(void)
{
    static bool on, known;
    if (!known) {
        on = getenv("LPNEST_JIT_STATS") != NULL;
        known = true;
    }
    return &on;
}

static LLVMTargetMachineRef host_machine(void)
{
    char *triple = LLVMGetDefaultTargetTriple(), *err = NULL;
    LLVMTargetRef t;
    LLVMTargetMachineRef tm = NULL;
    if (!LLVMGetTargetFromTriple(triple, &t, &err)) {
        char *cpu = LLVMGetHostCPUName(), *feat = LLVMGetHostCPUFeatures();
        tm = LLVMCreateTargetMachine(t, triple, cpu, feat, LLVMCodeGenLevelDefault, LLVMRelocPIC, LLVMCodeModelSmall);
        LLVMDisposeMessage(cpu);
        LLVMDisposeMessage(feat);
    }
    LLVMDisposeMessage(err);
    LLVMDisposeMessage(triple);
    return tm;
}

/* An LLVM error: said with LPNEST_JIT_STATS, and gone. */
static bool failed(struct vm *vm, LLVMErrorRef e, const char *what)
{
    if (!e)
        return false;
    char *m = LLVMGetErrorMessage(e);
    if (*stats_on())
        fprintf(vm->diag, "lpnest: jit: %s: %s (the run goes on interpreted)\n", what, m);
    LLVMDisposeErrorMessage(m);
    return true;
}

static void symbol(char *buf, size_t n, unsigned round, uint32_t f) { snprintf(buf, n, "lpnest.f%u.%u", round, f); }

/* ---- the compiler process ---- */

static void child_fatal(const char *reason)
{
    (void)reason;
    _exit(4);
}

static void write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            _exit(5);
        p += k;
        n -= (size_t)k;
    }
}

/* In the child: the chosen functions as an object file into FD. Never returns. */
static double child_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void compile_child(struct vm *vm, struct exec_jit *j)
{
    double c0 = child_cpu();
    LLVMInstallFatalErrorHandler(child_fatal);
    LLVMTargetMachineRef tm = host_machine();
    if (!tm)
        _exit(2);
    LLVMContextRef cx = LLVMContextCreate();
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("lpnest.jit", cx);
    char *triple = LLVMGetDefaultTargetTriple();
    LLVMSetTarget(m, triple);
    LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
    LLVMSetModuleDataLayout(m, td);
    struct jit_mod jm;
    exec_jit_mod_init(&jm, vm, cx, m);
    char name[64];
    for (uint32_t k = 0; k < j->nchosen; k++) {
        symbol(name, sizeof name, j->round, j->chosen[k]);
        if (!exec_jit_gen(&jm, &vm->funcs[j->chosen[k]], name))
            _exit(3);
    }
    exec_jit_mod_free(&jm);
    double c1 = child_cpu();
    char *msg = NULL;
    if (getenv("LPNEST_JIT_VERIFY") && LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
        fprintf(stderr, "lpnest: jit: internal error: the host module does not verify: %s\n", msg);
        _exit(6);
    }
    if (getenv("LPNEST_JIT_DUMP_RAW"))
        LLVMPrintModuleToFile(m, getenv("LPNEST_JIT_DUMP_RAW"), NULL);
    const char *passes = getenv("LPNEST_JIT_PASSES");
    LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
    LLVMPassBuilderOptionsSetSLPVectorization(po, 0);
    LLVMPassBuilderOptionsSetLoopVectorization(po, 0);
    LLVMPassBuilderOptionsSetLoopUnrolling(po, 0);
    LLVMErrorRef e = LLVMRunPasses(m, passes ? passes : JIT_PASSES, tm, po);
    if (e)
        _exit(7);
    double c2 = child_cpu();
    const char *dump = getenv("LPNEST_JIT_DUMP");
    if (dump)
        LLVMPrintModuleToFile(m, dump, NULL);
    LLVMMemoryBufferRef obj;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, LLVMObjectFile, &msg, &obj))
        _exit(8);
    write_all(j->fd, LLVMGetBufferStart(obj), LLVMGetBufferSize(obj));
    if (*stats_on())
        fprintf(stderr, "lpnest: jit: compiler CPU: %.3f s host IR, %.3f s optimising, %.3f s code generation\n",
                c1 - c0, c2 - c1, child_cpu() - c2);
    _exit(0);
}

/* Starts compiling the functions that ran (all defined ones with ALL) in a
 * child; WAIT: until it is done. */
static void start_round(struct vm *vm, struct exec_jit *j, bool all)
{
    j->nchosen = 0;
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        struct xfunc *f = &vm->funcs[i];
        if (j->looked[i] || !f->defined || !f->code || f->jit)
            continue;
        bool ran = false;
        for (uint32_t e = 0; e < f->nedges && !ran; e++)
            ran = f->edges[e].count != 0;
        if (!all && !ran)
            continue;
        j->looked[i] = 1;
        /* LPNEST_JIT_EVERY=N: only every Nth function compiled, the others left
         * to the interpreter, for tests of calls between the tiers */
        if (!exec_jit_supports(vm, f) || (j->every > 1 && i % j->every)) {
            j->refused++;
            continue;
        }
        exec_jit_prepare(f);
        j->chosen[j->nchosen++] = i;
    }
    if (!j->nchosen)
        return;
    if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter()) {
        j->broken = true;
        return;
    }
    j->fd = memfd_create("lpnest-jit", MFD_CLOEXEC);
    if (j->fd < 0) {
        j->broken = true;
        return;
    }
    j->started = exec_now();
    pid_t pid = fork();
    if (pid == 0)
        compile_child(vm, j);
    if (pid < 0) {
        close(j->fd);
        j->broken = true;
        return;
    }
    j->child = pid;
}

/* The child is done (STATUS from wait4, RU its resources): its object linked, its functions installed. */
static void finish_round(struct vm *vm, struct exec_jit *j, int status, const struct rusage *ru)
{
    j->child = 0;
    j->cpu += (double)ru->ru_utime.tv_sec + ru->ru_utime.tv_usec * 1e-6 + (double)ru->ru_stime.tv_sec +
              ru->ru_stime.tv_usec * 1e-6;
    unsigned round = j->round++;
    j->rounds++;
    struct stat st;
    char *buf = NULL;
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && fstat(j->fd, &st) == 0 && st.st_size > 0;
    if (ok) {
        buf = sup_xmalloc((size_t)st.st_size);
        ok = pread(j->fd, buf, (size_t)st.st_size, 0) == st.st_size;
    }
    close(j->fd);
    j->fd = -1;
    if (!ok) {
        if (*stats_on())
            fprintf(vm->diag, "lpnest: jit: the compiler process failed (%s %d): the run goes on interpreted\n",
                    WIFSIGNALED(status) ? "signal" : "status", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        free(buf);
        j->broken = true;
        return;
    }
    if (!j->lljit) {
        LLVMOrcLLJITBuilderRef b = LLVMOrcCreateLLJITBuilder();
        if (failed(vm, LLVMOrcCreateLLJIT(&j->lljit, b), "cannot create the JIT")) {
            free(buf);
            j->broken = true;
            return;
        }
    }
    char name[64];
    snprintf(name, sizeof name, "lpnest.jit.%u", round);
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(buf, (size_t)st.st_size, name);
    free(buf);
    if (failed(vm, LLVMOrcLLJITAddObjectFile(j->lljit, LLVMOrcLLJITGetMainJITDylib(j->lljit), mb), "loading code")) {
        j->broken = true;
        return;
    }
    int (**fns)(struct vm *, slot_t *, uint32_t) = sup_xcalloc(j->nchosen + 1, sizeof *fns);
    for (uint32_t k = 0; k < j->nchosen && !j->broken; k++) {
        LLVMOrcExecutorAddress addr = 0;
        symbol(name, sizeof name, round, j->chosen[k]);
        if (failed(vm, LLVMOrcLLJITLookup(j->lljit, &addr, name), "linking"))
            j->broken = true;
        fns[k] = (int (*)(struct vm *, slot_t *, uint32_t))(uintptr_t)addr;
    }
    for (uint32_t k = 0; k < j->nchosen && !j->broken; k++) {
        struct xfunc *f = &vm->funcs[j->chosen[k]];
        f->jit = fns[k];
        j->functions++;
        j->ops += f->ncode;
    }
    free(fns);
    j->wall += exec_now() - j->started;
}

static void wait_child(struct vm *vm, struct exec_jit *j, bool block)
{
    int status;
    struct rusage ru;
    pid_t r;
    do
        r = wait4(j->child, &status, block ? 0 : WNOHANG, &ru);
    while (r < 0 && errno == EINTR);
    if (r == j->child)
        finish_round(vm, j, status, &ru);
    else if (r < 0) {
        j->child = 0;
        j->broken = true;
    }
}

/* The lowest host stack address compiled code may reach: half of the stack
 * limit below here (at most 256 MiB), the other half left to the built-ins,
 * the C library and linking a later round's code, which may all run at the
 * deepest point. */
static uintptr_t stack_floor(void)
{
    struct rlimit rl;
    uint64_t lim = 8u << 20;
    if (getrlimit(RLIMIT_STACK, &rl) == 0)
        lim = rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > (256u << 20) ? 256u << 20 : rl.rlim_cur;
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    return here > lim / 2 ? here - lim / 2 : UINTPTR_MAX;
}

bool exec_jit_start(struct vm *vm, enum eng_engine mode)
{
    vm->jit_poll_at = UINT64_MAX;
    if (mode == ENG_ENGINE_INTERP)
        return true;
    vm->jit_stack_floor = stack_floor();
    struct exec_jit *j = sup_xcalloc(1, sizeof *j);
    j->mode = mode;
    j->fd = -1;
    j->looked = sup_xcalloc(vm->nfuncs + 1, 1);
    const char *every = getenv("LPNEST_JIT_EVERY");
    j->every = every ? (unsigned)strtoul(every, NULL, 10) : 1;
    j->chosen = sup_xcalloc(vm->nfuncs + 1, sizeof *j->chosen);
    vm->jit = j;
    if (mode == ENG_ENGINE_JIT) {
        start_round(vm, j, true);
        if (j->child)
            wait_child(vm, j, true);
    } else {
        /* LPNEST_JIT_FIRST: another threshold, for tests (engine_diff.py
         * moves the switch to compiled code early into short runs) */
        const char *first = getenv("LPNEST_JIT_FIRST");
        vm->jit_poll_at = first ? strtoull(first, NULL, 10) : JIT_FIRST;
    }
    return true;
}

void exec_jit_poll(struct vm *vm)
{
    struct exec_jit *j = vm->jit;
    if (!j || vm->steps < vm->jit_poll_at)
        return;
    if (j->child)
        wait_child(vm, j, false);
    else if (!j->broken)
        start_round(vm, j, false);
    if (j->child)
        vm->jit_poll_at = vm->steps + JIT_POLL;
    else if (j->broken || vm->steps > UINT64_MAX / JIT_GROWTH)
        vm->jit_poll_at = UINT64_MAX;
    else
        vm->jit_poll_at = vm->steps * JIT_GROWTH;
    exec_set_next_check(vm);
}

void exec_jit_end(struct vm *vm)
{
    struct exec_jit *j = vm->jit;
    if (!j)
        return;
    if (j->child) { /* the run ended first */
        kill(j->child, SIGKILL);
        while (waitpid(j->child, NULL, 0) < 0 && errno == EINTR)
            ;
        close(j->fd);
    }
    if (*stats_on())
        fprintf(vm->diag, "lpnest: jit: %u rounds, %u functions (%u ops) compiled, %u left to the interpreter%s; "
                "%.3f s from start to code, %.3f s CPU in the compiler\n", j->rounds, j->functions, j->ops,
                j->refused, j->broken ? " (the JIT failed)" : "", j->wall, j->cpu);
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        vm->funcs[i].jit = NULL;
        free(vm->funcs[i].osr);
        vm->funcs[i].osr = NULL;
    }
    if (j->lljit)
        LLVMOrcDisposeLLJIT(j->lljit);
    free(j->looked);
    free(j->chosen);
    free(j);
    vm->jit = NULL;
    vm->jit_poll_at = UINT64_MAX;
}
