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
 * The code embeds no address of the run (it loads them from the vm it is
 * given), and LLJIT and what it linked stay with the module (struct
 * exec_jit_cache): a later run of the module whose function has the same
 * ops, layout and form (exec_jit_key) runs the code compiled before, without
 * compiling again. An estimate's timed run so runs its counting run's code
 * (eng_run_options.jit_shared: both keep counters and the clock).
 *
 * Modes (eng_run_options.engine): ENG_ENGINE_JIT compiles every function
 * before main runs, and waits for it; ENG_ENGINE_AUTO interprets, and once
 * the run has executed JIT_FIRST IR instructions (a short run never
 * compiles) compiles the functions that ran, then looks
 * again at 4x, 16x... for functions that started running since. */
#define _GNU_SOURCE
#include "exec_jit.h"
#include "module_text.h"
#include "support.h"

#include <errno.h>
#include <limits.h>
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

/* A compiled function: its key (exec_jit_key) and its code's address. */
struct jit_entry {
    uint32_t func;
    uint8_t *key;
    size_t len;
    LLVMOrcExecutorAddress addr;
};

struct exec_jit_cache {
    /* the first jit_shared run's shape (exec_jit_shape), copied */
    bool shaped;
    struct eng_block_ref *pairs;
    size_t npairs;
    struct eng_probe *probes;
    size_t nprobes;
    struct eng_watch *watch;
    size_t nwatch;
    LLVMOrcLLJITRef lljit;
    unsigned round;          /* rounds linked into it (their symbols' names) */
    struct jit_entry *e;
    size_t n, cap;
};

void exec_jit_cache_free(struct exec_jit_cache *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++)
        free(c->e[i].key);
    free(c->e);
    for (size_t i = 0; i < c->npairs; i++) {
        free((char *)c->pairs[i].func);
        free((char *)c->pairs[i].block);
    }
    free(c->pairs);
    for (size_t i = 0; i < c->nprobes; i++)
        free((void *)c->probes[i].nodes);
    free(c->probes);
    free(c->watch);
    if (c->lljit)
        LLVMOrcDisposeLLJIT(c->lljit);
    free(c);
}

static struct exec_jit_cache *cache_of(struct eng_module *m)
{
    struct exec_jit_cache **cp = exec_module_jit_cache(m);
    if (!*cp)
        *cp = sup_xcalloc(1, sizeof **cp);
    return *cp;
}

void exec_jit_shape(struct eng_module *m, const struct eng_run_options *o, struct exec_run_shape *s)
{
    *s = (struct exec_run_shape){o->pairs, o->npairs, o->probes, o->nprobes, o->watch_fn ? o->watch : NULL,
                                 o->watch_fn ? o->nwatch : 0, NULL};
    if (!o->jit_shared || o->engine == ENG_ENGINE_INTERP)
        return;
    struct exec_jit_cache *c = cache_of(m);
    if (!c->shaped) { /* the first run: its shape kept */
        c->shaped = true;
        c->npairs = s->npairs;
        c->pairs = sup_xcalloc(s->npairs + 1, sizeof *c->pairs);
        for (size_t i = 0; i < s->npairs; i++)
            c->pairs[i] = (struct eng_block_ref){sup_strdup(s->pairs[i].func), sup_strdup(s->pairs[i].block)};
        c->nprobes = s->nprobes;
        c->probes = sup_xcalloc(s->nprobes + 1, sizeof *c->probes);
        for (size_t i = 0; i < s->nprobes; i++) {
            struct eng_probe_node *nd = sup_xcalloc(s->probes[i].nnodes + 1, sizeof *nd);
            if (s->probes[i].nnodes)
                memcpy(nd, s->probes[i].nodes, s->probes[i].nnodes * sizeof *nd);
            c->probes[i] = (struct eng_probe){s->probes[i].at, nd, s->probes[i].nnodes};
        }
        c->nwatch = s->nwatch;
        c->watch = sup_xcalloc(s->nwatch + 1, sizeof *c->watch);
        if (s->nwatch) /* none: s->watch may be NULL */
            memcpy(c->watch, s->watch, s->nwatch * sizeof *c->watch);
        return;
    }
    /* a later timed run (weights: its counts are not read): the first run's shape when it
     * compiled code and this run's fits in it */
    if (!o->weights || !c->n || s->npairs || s->nprobes || getenv("LPNEST_JIT_NO_REUSE"))
        return;
    size_t *map = sup_xcalloc(c->nwatch + 1, sizeof *map);
    for (size_t k = 0; k < c->nwatch; k++)
        map[k] = SIZE_MAX;
    for (size_t i = 0; i < s->nwatch; i++) {
        size_t k = 0;
        while (k < c->nwatch && (c->watch[k].inst != s->watch[i].inst || map[k] != SIZE_MAX ||
                                 (s->watch[i].before && !c->watch[k].before)))
            k++;
        if (k == c->nwatch) {
            free(map);
            return;
        }
        map[k] = i << 1 | s->watch[i].before;
    }
    *s = (struct exec_run_shape){c->pairs, c->npairs, c->probes, c->nprobes, c->watch, c->nwatch, map};
}

struct exec_jit {
    enum eng_engine mode;
    struct exec_jit_cache *cache; /* the module's: LLJIT and the code of earlier rounds and runs */
    bool broken;             /* LLJIT could not be set up, or a compilation failed: interpret */
    uint8_t *looked;         /* per function: a round has considered it */
    unsigned every;          /* LPNEST_JIT_EVERY */
    /* the round a child is compiling */
    pid_t child;
    int fd;                  /* the memory file its object goes to */
    uint32_t *chosen, nchosen;
    uint8_t **keys;          /* of the chosen functions */
    size_t *klen;
    unsigned round;
    double started;
    /* the code cache on disk (--jit-cache): its folder (NULL: none), the
     * module's hash, the pending round's key there */
    const char *store;
    bool hashed;
    uint64_t modhash[2];
    uint8_t *skey;
    size_t sklen;
    unsigned loaded, stored; /* rounds linked from it, and stored into it */
    /* what it cost */
    unsigned rounds;
    uint32_t functions, ops, refused, reused;
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

/* The module's LLJIT, made at its first use with the helpers the code calls
 * (exec_jit_helpers) defined at their addresses in this process. */
static bool lljit_ready(struct vm *vm, struct exec_jit_cache *c)
{
    if (c->lljit)
        return true;
    if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter())
        return false;
    LLVMOrcLLJITBuilderRef b = LLVMOrcCreateLLJITBuilder();
    if (failed(vm, LLVMOrcCreateLLJIT(&c->lljit, b), "cannot create the JIT")) {
        c->lljit = NULL;
        return false;
    }
    size_t n = 0;
    while (exec_jit_helpers[n].name)
        n++;
    LLVMOrcCSymbolMapPair *sym = sup_xcalloc(n, sizeof *sym);
    for (size_t i = 0; i < n; i++) {
        sym[i].Name = LLVMOrcLLJITMangleAndIntern(c->lljit, exec_jit_helpers[i].name);
        sym[i].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)exec_jit_helpers[i].addr;
        sym[i].Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
        sym[i].Sym.Flags.TargetFlags = 0;
    }
    LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(sym, n); /* takes the names */
    free(sym);
    LLVMErrorRef e = LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(c->lljit), mu);
    if (e) /* then it is still ours */
        LLVMOrcDisposeMaterializationUnit(mu);
    if (failed(vm, e, "defining the helpers")) {
        LLVMOrcDisposeLLJIT(c->lljit);
        c->lljit = NULL;
        return false;
    }
    return true;
}

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

static bool link_round(struct vm *vm, struct exec_jit *j, const char *buf, size_t n);

/* The chosen functions' code from the code cache, when it holds it: linked,
 * true. Else false, with the round's key in j->skey to store the object under
 * once compiled (none when the cache cannot serve this round). */
/* The code cache's key of the chosen functions as round ROUND, in *LEN
 * (N = 0: the key of the module's index, below); NULL when there is none. */
static uint8_t *store_key(struct vm *vm, struct exec_jit *j, unsigned round, uint32_t n, size_t *len)
{
    if (!j->hashed) { /* the module's hash, once per run */
        size_t bl;
        char *bc = eng_module_bitcode(eng_module_llvm(vm->mod), &bl);
        if (!bc)
            return NULL;
        exec_jit_store_hash(bc, bl, j->modhash);
        free(bc);
        j->hashed = true;
    }
    /* the code's form besides the functions' keys: the passes, and whether loops have entries */
    const char *passes = getenv("LPNEST_JIT_PASSES");
    if (!passes)
        passes = JIT_PASSES;
    size_t fl = strlen(passes) + 8;
    char *form = sup_xmalloc(fl);
    snprintf(form, fl, "%s%s", passes, getenv("LPNEST_JIT_NOOSR") ? " no-osr" : "");
    uint8_t *key = exec_jit_store_key(form, j->modhash, round, n, j->chosen, j->keys, j->klen, len);
    free(form);
    return key;
}

static bool from_store(struct vm *vm, struct exec_jit *j)
{
    free(j->skey);
    j->skey = NULL;
    for (uint32_t k = 0; k < j->nchosen; k++)
        if (!j->klen[k]) /* a function without a key: the round's key would not be whole */
            return false;
    j->skey = store_key(vm, j, j->round, j->nchosen, &j->sklen);
    size_t n;
    char *obj = j->skey ? exec_jit_store_load(j->store, j->skey, j->sklen, &n) : NULL;
    if (!obj)
        return false;
    free(j->skey);
    j->skey = NULL;
    double t0 = exec_now();
    if (link_round(vm, j, obj, n)) {
        j->loaded++;
        j->wall += exec_now() - t0;
    } else /* its symbols may be half defined: no compiling this round again */
        j->broken = true;
    free(obj);
    return true;
}

/* Starts compiling the functions that ran (all defined ones with ALL) in a
 * child; WAIT: until it is done. */
static void start_round(struct vm *vm, struct exec_jit *j, bool all)
{
    for (uint32_t k = 0; k < j->nchosen; k++) { /* a round that failed */
        free(j->keys[k]);
        j->keys[k] = NULL;
    }
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
        j->klen[j->nchosen] = exec_jit_key(vm, f, &j->keys[j->nchosen]);
        j->chosen[j->nchosen++] = i;
    }
    if (!j->nchosen)
        return;
    j->round = j->cache->round++;
    if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter()) {
        j->broken = true;
        return;
    }
    if (j->store && from_store(vm, j))
        return;
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

/* The round's object (N bytes at BUF, from the compiler process or the code
 * cache) linked and its functions installed; false (nothing installed) when
 * LLJIT refused it. */
static bool link_round(struct vm *vm, struct exec_jit *j, const char *buf, size_t n)
{
    struct exec_jit_cache *c = j->cache;
    if (!lljit_ready(vm, c))
        return false;
    char name[64];
    snprintf(name, sizeof name, "lpnest.jit.%u", j->round);
    LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(buf, n, name);
    if (failed(vm, LLVMOrcLLJITAddObjectFile(c->lljit, LLVMOrcLLJITGetMainJITDylib(c->lljit), mb), "loading code"))
        return false;
    LLVMOrcExecutorAddress *addr = sup_xcalloc(j->nchosen + 1, sizeof *addr);
    bool ok = true;
    for (uint32_t k = 0; k < j->nchosen && ok; k++) {
        symbol(name, sizeof name, j->round, j->chosen[k]);
        ok = !failed(vm, LLVMOrcLLJITLookup(c->lljit, &addr[k], name), "linking");
    }
    for (uint32_t k = 0; k < j->nchosen && ok; k++) {
        struct xfunc *f = &vm->funcs[j->chosen[k]];
        f->jit = (int (*)(struct vm *, slot_t *, uint32_t))(uintptr_t)addr[k];
        j->functions++;
        j->ops += f->ncode;
        if (j->klen[k]) { /* kept for later runs of the module */
            if (c->n == c->cap) {
                c->cap = c->cap ? c->cap * 2 : 64;
                c->e = sup_xrealloc(c->e, c->cap * sizeof *c->e);
            }
            c->e[c->n++] = (struct jit_entry){j->chosen[k], j->keys[k], j->klen[k], addr[k]};
            j->keys[k] = NULL;
        }
    }
    free(addr);
    return ok;
}

/* The child is done (STATUS from wait4, RU its resources): its object linked, its functions installed. */
static void finish_round(struct vm *vm, struct exec_jit *j, int status, const struct rusage *ru)
{
    j->child = 0;
    j->cpu += (double)ru->ru_utime.tv_sec + ru->ru_utime.tv_usec * 1e-6 + (double)ru->ru_stime.tv_sec +
              ru->ru_stime.tv_usec * 1e-6;
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
    if (!link_round(vm, j, buf, (size_t)st.st_size))
        j->broken = true;
    else if (j->skey && exec_jit_store_save(j->store, j->skey, j->sklen, buf, (size_t)st.st_size)) {
        j->stored++;
        if (j->mode == ENG_ENGINE_AUTO) { /* the module's index: this round's functions */
            size_t klen;
            uint8_t *key = store_key(vm, j, UINT_MAX - j->round, 0, &klen);
            if (key)
                exec_jit_store_save(j->store, key, klen, (const char *)j->chosen, j->nchosen * sizeof *j->chosen);
            free(key);
        }
    }
    free(buf);
    free(j->skey);
    j->skey = NULL;
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

/* Functions whose code an earlier run (or round) of the module compiled,
 * with the same key: they run it. */
static void reuse(struct vm *vm, struct exec_jit *j)
{
    struct exec_jit_cache *c = j->cache;
    if (!c->n || c->lljit == NULL || getenv("LPNEST_JIT_NO_REUSE"))
        return;
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        struct xfunc *f = &vm->funcs[i];
        if (!f->defined || !f->code || f->jit)
            continue;
        uint8_t *key = NULL;
        size_t len = 0;
        for (size_t k = 0; k < c->n; k++) {
            if (c->e[k].func != i)
                continue;
            if (!key && !(len = exec_jit_key(vm, f, &key)))
                break;
            if (c->e[k].len == len && !memcmp(c->e[k].key, key, len)) {
                exec_jit_prepare(f);
                f->jit = (int (*)(struct vm *, slot_t *, uint32_t))(uintptr_t)c->e[k].addr;
                j->looked[i] = 1;
                j->reused++;
                break;
            }
        }
        free(key);
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

/* auto with a code cache: the functions that an earlier process's auto run
 * compiled in its round of the number this run's next round has (the cache's
 * index of the module), linked from the cache before main runs when it holds
 * their code for this run; so a run that compiled before runs compiled from
 * its start. */
static void from_index(struct vm *vm, struct exec_jit *j)
{
    size_t klen, n = 0;
    uint8_t *key = store_key(vm, j, UINT_MAX - j->cache->round, 0, &klen);
    char *list = key ? exec_jit_store_load(j->store, key, klen, &n) : NULL;
    free(key);
    j->nchosen = 0;
    bool bad = false;
    for (size_t at = 0; list && at + sizeof(uint32_t) <= n && !bad; at += sizeof(uint32_t)) {
        uint32_t i;
        memcpy(&i, list + at, sizeof i);
        struct xfunc *f = i < vm->nfuncs ? &vm->funcs[i] : NULL;
        if (!f || j->looked[i] || !f->defined || !f->code || f->jit || !exec_jit_supports(vm, f)) {
            bad = true; /* not this module's functions as they are now */
            break;
        }
        j->looked[i] = 1; /* (a function listed twice: not this module's either) */
        exec_jit_prepare(f);
        j->klen[j->nchosen] = exec_jit_key(vm, f, &j->keys[j->nchosen]);
        j->chosen[j->nchosen++] = i;
    }
    free(list);
    j->round = j->cache->round;
    unsigned linked = j->loaded;
    bool hit = !bad && j->nchosen && from_store(vm, j) && j->loaded > linked;
    if (hit)
        j->cache->round++;
    for (uint32_t k = 0; k < j->nchosen; k++) {
        if (!hit)
            j->looked[j->chosen[k]] = 0;
        free(j->keys[k]);
        j->keys[k] = NULL;
    }
    free(j->skey);
    j->skey = NULL;
    j->nchosen = 0;
}

bool exec_jit_start(struct vm *vm, enum eng_engine mode)
{
    vm->jit_poll_at = UINT64_MAX;
    if (mode == ENG_ENGINE_INTERP)
        return true;
    vm->jit_stack_floor = stack_floor();
    vm->jit_brk0 = vm->brk;
    struct exec_jit *j = sup_xcalloc(1, sizeof *j);
    j->mode = mode;
    j->fd = -1;
    j->looked = sup_xcalloc(vm->nfuncs + 1, 1);
    const char *every = getenv("LPNEST_JIT_EVERY");
    j->every = every ? (unsigned)strtoul(every, NULL, 10) : 1;
    j->chosen = sup_xcalloc(vm->nfuncs + 1, sizeof *j->chosen);
    j->keys = sup_xcalloc(vm->nfuncs + 1, sizeof *j->keys);
    j->klen = sup_xcalloc(vm->nfuncs + 1, sizeof *j->klen);
    j->cache = cache_of(vm->mod);
    j->store = exec_jit_store_folder(vm->jit_cache, vm->diag);
    vm->jit = j;
    reuse(vm, j);
    if (mode == ENG_ENGINE_JIT) {
        start_round(vm, j, true);
        if (j->child)
            wait_child(vm, j, true);
    } else {
        if (j->store)
            from_index(vm, j);
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
    /* the run ended first: its code finished all the same for the code cache, and
     * for an estimate's timed run, which runs as long and would compile it again */
    if (j->child && (j->skey || (vm->jit_shared && !vm->uncounted)))
        wait_child(vm, j, true);
    if (j->child) { /* the run ended first */
        kill(j->child, SIGKILL);
        while (waitpid(j->child, NULL, 0) < 0 && errno == EINTR)
            ;
        close(j->fd);
    }
    if (*stats_on())
        fprintf(vm->diag, "lpnest: jit: %u rounds, %u functions (%u ops) compiled, %u run compiled code of an "
                "earlier run, %u left to the interpreter%s; %.3f s from start to code, %.3f s CPU in the compiler\n",
                j->rounds + j->loaded, j->functions, j->ops, j->reused, j->refused,
                j->broken ? " (the JIT failed)" : "", j->wall, j->cpu);
    if (*stats_on() && j->store)
        fprintf(vm->diag, "lpnest: jit: code cache: %u rounds linked from it, %u compiled and stored\n", j->loaded,
                j->stored);
    free(j->skey);
    for (uint32_t i = 0; i < vm->nfuncs; i++) {
        vm->funcs[i].jit = NULL;
        free(vm->funcs[i].osr);
        vm->funcs[i].osr = NULL;
    }
    for (uint32_t k = 0; k < vm->nfuncs; k++)
        free(j->keys[k]);
    free(j->keys);
    free(j->klen);
    free(j->looked);
    free(j->chosen);
    free(j);
    vm->jit = NULL;
    vm->jit_poll_at = UINT64_MAX;
}
