/* lower_codegen.c — compiles a copy of the module with the target's LLVM
 * backend (the same options a normal -O2 build uses) to assembly text. No
 * profile is attached: weights would change block placement and code, and
 * the code to price is the code a normal build produces (lower_emit.cpp
 * gives the back end the library info clang gives it). The module given is
 * consumed in the sense that code generation rewrites its IR. */
#include "lower.h"
#include "support.h"

#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <stdlib.h>
#include <string.h>

static void init_llvm(void)
{
    static bool done;
    if (done)
        return;
    done = true;
    LLVMInitializeAllTargetInfos();
    LLVMInitializeAllTargets();
    LLVMInitializeAllTargetMCs();
    LLVMInitializeAllAsmPrinters();
    LLVMInitializeAllAsmParsers();
    /* PowerPC registers as "r3" rather than "3", so operands are unambiguous. */
    const char *argv[] = {"lpnest", "-ppc-asm-full-reg-names"};
    LLVMParseCommandLineOptions(2, argv, "lpnest");
}

/* Architecture part of a triple ("riscv32" of "riscv32-unknown-elf"). */
static size_t arch_len(const char *t)
{
    const char *d = strchr(t, '-');
    return d ? (size_t)(d - t) : strlen(t);
}

bool lower_same_arch(const char *a, const char *b)
{
    size_t n = arch_len(a);
    return n == arch_len(b) && strncmp(a, b, n) == 0;
}

/* x86 bitcode built position-independent (clang's default PIE on Linux
 * hosts: the "PIC Level" module flag) is compiled as such, so the code
 * priced is the host binary's (GOT loads, PC-relative jump tables); every
 * other target keeps the static model. */
static LLVMRelocMode reloc_model(LLVMModuleRef m, const char *triple)
{
    bool x86 = !strncmp(triple, "x86_64", 6) || !strncmp(triple, "i386", 4) || !strncmp(triple, "i686", 4);
    return x86 && LLVMGetModuleFlag(m, "PIC Level", 9) ? LLVMRelocPIC : LLVMRelocStatic;
}

struct emit_job {
    LLVMTargetMachineRef tm;
    LLVMModuleRef m;
    LLVMCodeGenFileType type;
    bool both; /* assembly and the object assembled from it (lower_codegen_asm_obj) */
    LLVMValueRef only; /* the one function to compile (the others are skipped), or NULL: all */
};

/* In the child: LLVM's diagnostics. An error ends the child with its text
 * (LLVM's own handler would print it and exit(1), the text lost); a
 * warning goes to stderr, which the parent reads. */
static void child_diag(LLVMDiagnosticInfoRef di, void *ctx)
{
    (void)ctx;
    char *d = LLVMGetDiagInfoDescription(di);
    LLVMDiagnosticSeverity sev = LLVMGetDiagInfoSeverity(di);
    if (sev == LLVMDSError)
        sup_isolated_fail(d);
    if (sev == LLVMDSWarning)
        fprintf(stderr, "%s\n", d);
    LLVMDisposeMessage(d);
}

/* Runs in the isolated child: the backend's output, or NULL with *MSG. */
static char *emit_in_child(void *arg, size_t *len, char **msg)
{
    struct emit_job *job = arg;
    LLVMContextSetDiagnosticHandler(LLVMGetModuleContext(job->m), child_diag, NULL);
    if (job->only)
        /* the backend emits no code for available_externally definitions */
        for (LLVMValueRef f = LLVMGetFirstFunction(job->m); f; f = LLVMGetNextFunction(f))
            if (f != job->only && !LLVMIsDeclaration(f))
                LLVMSetLinkage(f, LLVMAvailableExternallyLinkage);
    /* as clang's back end emits it (lower_emit.cpp); the child exits right after writing it */
    char *text = lower_emit_as_clang(job->tm, job->m, job->type == LLVMObjectFile, len);
    if (!text)
        *msg = job->type == LLVMObjectFile ? "the backend cannot emit an object file"
                                           : "the backend cannot emit assembly";
    if (text && job->both) {
        /* the text (which may hold NULs: a string's bytes in a comment), a NUL, the object
         * (none when the assembler refused it), then the text's length (8 bytes) */
        size_t olen = 0;
        if (getenv("LPNEST_TEST_ASSEMBLER_CRASH")) /* (cores.layout-assembled: the text alone, again) */
            abort();
        char *obj = lower_assemble(job->tm, text, *len, &olen);
        uint64_t alen = *len;
        text = sup_xrealloc(text, *len + 1 + olen + sizeof alen + 1);
        if (obj)
            memcpy(text + *len + 1, obj, olen);
        free(obj);
        memcpy(text + *len + 1 + olen, &alen, sizeof alen);
        *len += 1 + olen + sizeof alen;
        text[*len] = '\0';
    }
    return text;
}

/* The function whose code generation alone fails (the first such), or NULL. */
static LLVMValueRef failing_function(struct emit_job job)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(job.m); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f))
            continue;
        job.only = f;
        struct lower_isolated r;
        bool ok = lower_isolated_run(emit_in_child, &job, true, &r);
        free(r.text);
        free(r.message);
        free(r.log);
        if (!ok && !r.system)
            return f;
    }
    return NULL;
}

/* What LLVM said on stderr while it compiled (LOG: unknown features, its
 * warnings), as lpnest's warnings: escaped, at their place in the module's
 * text when it has one. Each once, and once per process: the module is
 * compiled again for objects, with the same warnings. */
static void llvm_warnings(const char *log, const struct lower_codegen_target *t, FILE *diag)
{
    static bool shown;
    if (shown || !log || !*log)
        return;
    shown = true;
    for (const char *p = log; *p;) {
        size_t k = strcspn(p, "\n");
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(k < sizeof line ? k : sizeof line - 1), p);
        const char *text = !strncmp(line, "warning: ", 9) ? line + 9 : line;
        struct eng_text_loc at;
        /* LLVM says it again for every function: once is enough */
        bool seen = false;
        for (const char *q = log; q < p && !seen;) {
            size_t kq = strcspn(q, "\n");
            seen = kq == k && !memcmp(q, p, k);
            q += kq + (q[kq] != '\0');
        }
        if (*text && !seen) {
            if (eng_module_locate(t->module, text, &at))
                sup_diag(diag, at.file, at.line, at.col, "warning", "LLVM: %s", text);
            else
                sup_diag(diag, t->file, 0, 0, "warning", "LLVM: %s", text);
        }
        p += k;
        if (*p)
            p++;
    }
}

/* ---- the code cache (--jit-cache): the backend's output kept on disk ----
 * Code generation of a module takes 0.03-0.1 s of CPU (more than the whole run
 * of a short program) and gives the same bytes for the same bitcode, target
 * machine and lpnest build, so its output and what LLVM said are stored in the
 * compiled tier's folder under all of these (eng_code_store_key). */
static bool cache_on;
static const char *cache_opt;

void lower_code_cache(const char *dir)
{
    cache_on = true;
    cache_opt = dir;
}

/* The key of M's output of TYPE on T (malloc'd, *KLEN bytes), or NULL. */
static uint8_t *emit_key(LLVMModuleRef m, const char *triple, const struct lower_codegen_target *t,
                         LLVMCodeGenFileType type, bool both, LLVMRelocMode reloc, size_t *klen)
{
    uint64_t h[2];
    if (!eng_module_hash(m, h))
        return NULL;
    int32_t form[3] = {both ? 2 : (int32_t)type, (int32_t)reloc, 1 /* asm verbosity */};
    const char *cpu = t->cpu ? t->cpu : "", *feat = t->features ? t->features : "";
    const void *parts[] = {triple, cpu, feat, form, h};
    size_t lens[] = {strlen(triple), strlen(cpu), strlen(feat), sizeof form, sizeof h};
    return eng_code_store_key("lower", parts, lens, 5, klen);
}

/* A stored output: the text (*LEN bytes, NUL-terminated) and what LLVM said (*LOG). */
static char *unpack(char *blob, size_t n, size_t *len, char **log)
{
    uint64_t l[2];
    if (n < sizeof l)
        return NULL;
    memcpy(l, blob, sizeof l);
    if (!l[0] || l[0] > n - sizeof l || l[1] != n - sizeof l - l[0])
        return NULL;
    char *text = sup_xmalloc(l[0] + 1), *lg = sup_xmalloc(l[1] + 1);
    memcpy(text, blob + sizeof l, l[0]);
    text[l[0]] = 0;
    memcpy(lg, blob + sizeof l + l[0], l[1]);
    lg[l[1]] = 0;
    *len = l[0];
    *log = lg;
    return text;
}

static bool pack_save(const char *dir, const uint8_t *key, size_t klen, const char *text, size_t len, const char *log)
{
    uint64_t l[2] = {len, log ? strlen(log) : 0};
    size_t n = sizeof l + l[0] + l[1];
    char *blob = sup_xmalloc(n);
    memcpy(blob, l, sizeof l);
    memcpy(blob + sizeof l, text, len);
    if (l[1])
        memcpy(blob + sizeof l + len, log, l[1]);
    bool ok = eng_code_store_save(dir, key, klen, blob, n);
    free(blob);
    return ok;
}

/* The backend's output of TYPE for M (malloc'd, *LEN bytes, NUL-terminated),
 * or NULL after a message. Code generation runs in a child process (see
 * lower_isolate.c): a fatal error or crash of the backend becomes "FILE:
 * error: code generation failed for 'FUNC' on CORE: <LLVM's message>", the
 * function found by compiling each one alone. */
static char *emit(LLVMModuleRef m, const struct lower_codegen_target *t, LLVMCodeGenFileType type, bool both,
                  size_t *len, FILE *diag)
{
    init_llvm();
    char *norm = LLVMNormalizeTargetTriple(t->triple);
    LLVMTargetRef target;
    char *err = NULL;
    if (LLVMGetTargetFromTriple(norm, &target, &err)) {
        sup_diag(diag, t->file, 0, 0, "error", "no LLVM backend for '%s': %s", norm, err ? err : "");
        LLVMDisposeMessage(err);
        LLVMDisposeMessage(norm);
        return NULL;
    }
    LLVMTargetMachineRef tm =
        LLVMCreateTargetMachine(target, norm, t->cpu ? t->cpu : "", t->features ? t->features : "",
                                LLVMCodeGenLevelDefault, reloc_model(m, t->triple), LLVMCodeModelDefault);
    const char *dir = cache_on && tm ? eng_code_store_folder(cache_opt, diag) : NULL;
    size_t klen = 0;
    uint8_t *key = dir ? emit_key(m, norm, t, type, both, reloc_model(m, t->triple), &klen) : NULL;
    LLVMDisposeMessage(norm);
    if (key) {
        size_t n;
        char *blob = eng_code_store_load(dir, key, klen, &n), *log = NULL;
        char *text = blob ? unpack(blob, n, len, &log) : NULL;
        free(blob);
        if (text) {
            if (getenv("LPNEST_JIT_STATS"))
                fprintf(diag, "lpnest: jit: lowering: the core's code from the code cache\n");
            llvm_warnings(log, t, diag);
            free(log);
            free(key);
            LLVMDisposeTargetMachine(tm);
            return text;
        }
    }
    if (!tm) {
        sup_diag(diag, t->file, 0, 0, "error", "cannot create a target machine for '%s' (cpu '%s')", t->triple,
                 t->cpu ? t->cpu : "");
        return NULL;
    }
    LLVMSetTargetMachineAsmVerbosity(tm, 1);
    struct emit_job job = {tm, m, type, both, NULL};
    struct lower_isolated r;
    char *text = NULL;
    struct eng_text_loc at;
    bool ok = lower_isolated_run(emit_in_child, &job, true, &r);
    if (!ok && !r.system && both) {
        /* the assembler, not the code generator, may have ended the child (a fatal error of
         * LLVM's MC layer): the text alone, with no object after it (the caller then has the
         * object compiled) */
        free(r.text);
        free(r.message);
        free(r.log);
        job.both = false;
        ok = lower_isolated_run(emit_in_child, &job, true, &r);
        if (ok) {
            uint64_t alen = r.len;
            r.text = sup_xrealloc(r.text, r.len + 1 + sizeof alen + 1);
            r.text[r.len] = '\0';
            memcpy(r.text + r.len + 1, &alen, sizeof alen);
            r.len += 1 + sizeof alen;
            r.text[r.len] = '\0';
        }
    }
    if (ok) {
        text = r.text;
        *len = r.len;
        llvm_warnings(r.log, t, diag);
        if (key && pack_save(dir, key, klen, text, r.len, r.log) && getenv("LPNEST_JIT_STATS"))
            fprintf(diag, "lpnest: jit: lowering: the core's code compiled and stored\n");
    } else if (r.system) {
        sup_diag(diag, t->file, 0, 0, "error", "cannot run code generation: %s", r.message);
    } else {
        LLVMValueRef f = failing_function(job);
        size_t n = 0;
        const char *name = f ? LLVMGetValueName2(f, &n) : NULL;
        char fn[300] = "";
        if (name && n)
            snprintf(fn, sizeof fn, " for '%.*s'", (int)(n > 256 ? 256 : n), name);
        if (eng_module_locate(t->module, r.message, &at)) {
            /* LLVM's diagnostic about something the text says: there */
            sup_diag(diag, at.file, at.line, at.col, "error", "%s", r.message);
            sup_diag(diag, NULL, 0, 0, "note", "code generation failed%s on %s", fn, t->core);
        } else {
            sup_diag(diag, t->file, 0, 0, "error", "code generation failed%s on %s: %s", fn, t->core, r.message);
        }
    }
    free(r.message);
    free(r.log);
    free(key);
    LLVMDisposeTargetMachine(tm);
    return text;
}

static void dump_asm(const char *text)
{
    const char *dump = getenv("LPNEST_DUMP_ASM"); /* development aid: the assembly that was priced */
    FILE *df = text && dump ? fopen(dump, "w") : NULL;
    if (df) {
        fputs(text, df);
        fclose(df);
    }
}

char *lower_codegen_asm(LLVMModuleRef m, const struct lower_codegen_target *t, FILE *diag)
{
    size_t len;
    char *text = emit(m, t, LLVMAssemblyFile, false, &len, diag);
    dump_asm(text);
    return text;
}

char *lower_codegen_obj(LLVMModuleRef m, const struct lower_codegen_target *t, size_t *len, FILE *diag)
{
    return emit(m, t, LLVMObjectFile, false, len, diag);
}

/* Whether the N bytes at P (NULs allowed) hold an `.option` directive. */
static bool has_option(const char *p, size_t n)
{
    static const char d[] = "\t.option\t";
    for (size_t i = 0; i + sizeof d - 1 <= n; i++)
        if (p[i] == '\t' && !memcmp(p + i, d, sizeof d - 1))
            return true;
    return false;
}

char *lower_codegen_asm_obj(LLVMModuleRef m, const struct lower_codegen_target *t, char **obj, size_t *olen,
                            FILE *diag)
{
    size_t len;
    *obj = NULL;
    *olen = 0;
    char *both = emit(m, t, LLVMAssemblyFile, true, &len, diag);
    uint64_t alen;
    if (!both)
        return NULL;
    if (len < 1 + sizeof alen || (memcpy(&alen, both + len - sizeof alen, sizeof alen), alen > len - 1 - sizeof alen)) {
        free(both); /* (not the child's pair: cannot be) */
        sup_diag(diag, t->file, 0, 0, "error", "code generation gave no assembly");
        return NULL;
    }
    /* A function whose features differ from the target machine's (bitcode built for
     * another -march) is printed inside `.option arch`; its code generator compresses with
     * the machine's features all the same, so the text assembled is not the object it emits
     * (rv32im code: 4-byte instructions where the object has 2-byte ones): such text gets
     * the object compiled. */
    bool same = !has_option(both, alen);
    if (same && alen + 1 + sizeof alen < len && !getenv("LPNEST_LAYOUT_CODEGEN")) {
        *olen = len - alen - 1 - sizeof alen;
        *obj = sup_xmalloc(*olen);
        memcpy(*obj, both + alen + 1, *olen);
    }
    char *text = sup_xrealloc(both, alen + 1);
    text[alen] = '\0';
    dump_asm(text);
    return text;
}

struct probe_job {
    const char *triple, *cpu, *features;
};

/* Runs in the isolated child: compiles an empty function for the target;
 * LLVM reports an unknown cpu or feature on stderr, a bad combination as a
 * fatal error. */
static char *probe_in_child(void *arg, size_t *len, char **msg)
{
    struct probe_job *job = arg;
    LLVMTargetRef target;
    if (LLVMGetTargetFromTriple(job->triple, &target, msg))
        return NULL;
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, job->triple, job->cpu, job->features,
                                                      LLVMCodeGenLevelDefault, LLVMRelocStatic, LLVMCodeModelDefault);
    if (!tm) {
        *msg = sup_strdup("no target machine");
        return NULL;
    }
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("probe", ctx);
    LLVMSetTarget(m, job->triple);
    LLVMValueRef f = LLVMAddFunction(m, "probe", LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0));
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, f, "entry"));
    LLVMBuildRetVoid(b);
    LLVMMemoryBufferRef buf;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, LLVMAssemblyFile, msg, &buf))
        return NULL;
    *len = 0;
    return "";
}

static bool probe(const char *triple, const char *cpu, const char *features, char **why)
{
    struct probe_job job = {triple, cpu, features};
    struct lower_isolated r;
    bool ok = lower_isolated_run(probe_in_child, &job, true, &r) && !r.message[0];
    free(r.text);
    free(r.log);
    if (ok || r.system) { /* a machine that cannot fork lowers nothing either: that run says so */
        free(r.message);
    } else {
        char *ign = strstr(r.message, " (ignoring "); /* LLVM goes on; lpnest does not */
        if (ign)
            *ign = '\0';
        *why = r.message;
    }
    return ok || r.system;
}

bool lower_check_backend(const char *triple, const char *cpu, const char *features, int *bad, char **why)
{
    init_llvm();
    char *norm = LLVMNormalizeTargetTriple(triple);
    bool ok = probe(norm, cpu, features, why);
    *bad = -1;
    /* the feature to blame: the first whose removal satisfies the backend */
    size_t n = strlen(features);
    for (int k = 0, start = 0; !ok && (size_t)start < n; k++) {
        size_t len = strcspn(features + start, ",");
        char *rest = sup_xmalloc(n + 1);
        memcpy(rest, features, (size_t)start);
        const char *after = features + start + len + (features[start + len] ? 1 : 0);
        strcpy(rest + start, after);
        if (start && !*after && rest[start - 1] == ',')
            rest[start - 1] = '\0';
        char *w = NULL;
        if (probe(norm, cpu, rest, &w)) {
            *bad = k;
            free(rest);
            break;
        }
        free(w);
        free(rest);
        start += (int)len + 1;
    }
    LLVMDisposeMessage(norm);
    return ok;
}
