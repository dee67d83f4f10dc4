/* module.c — loads .bc/.ll files with the LLVM C API, links them into one
 * module, verifies it, and names every unnamed block deterministically. */
#include "estimator.h"
#include "support.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <stdlib.h>
#include <string.h>

struct eng_module {
    LLVMContextRef ctx;
    LLVMModuleRef m;
    char *name;
    /* the inputs as read, to parse again for code generation */
    char **paths;
    char **data;
    size_t *len;
    size_t n;
    /* eng_module_set_call_plan */
    LLVMValueRef *plan_inst, *plan_callee;
    size_t nplan;
    bool adopted; /* eng_module_adopt: the context is the caller's */
};

/* Collects LLVM's diagnostics (bitcode reader, linker) as text. */
struct diag_sink {
    char buf[2048];
    size_t len;
    bool error;
};

static void on_llvm_diag(LLVMDiagnosticInfoRef di, void *ctx)
{
    struct diag_sink *s = ctx;
    char *msg = LLVMGetDiagInfoDescription(di);
    if (LLVMGetDiagInfoSeverity(di) == LLVMDSError)
        s->error = true;
    if (s->len < sizeof s->buf - 1) {
        int n = snprintf(s->buf + s->len, sizeof s->buf - s->len, "%s%s", s->len ? "; " : "", msg);
        if (n > 0)
            s->len += (size_t)n < sizeof s->buf - s->len ? (size_t)n : sizeof s->buf - s->len - 1;
    }
    LLVMDisposeMessage(msg);
}

static bool is_bitcode(const char *data, size_t len)
{
    const unsigned char *u = (const unsigned char *)data;
    if (len >= 4 && u[0] == 'B' && u[1] == 'C' && u[2] == 0xC0 && u[3] == 0xDE)
        return true;
    /* bitcode wrapper header (Darwin style) */
    return len >= 4 && u[0] == 0xDE && u[1] == 0xC0 && u[2] == 0x17 && u[3] == 0x0B;
}

/* Parses one file's bytes into CTX. Text IR errors already carry path:line:col. */
static LLVMModuleRef parse_one(LLVMContextRef ctx, struct diag_sink *sink, const char *path, const char *data, size_t len,
                               FILE *diag)
{
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, len, path);
    bool bc = is_bitcode(data, len);
    LLVMModuleRef mod = NULL;
    if (bc) {
        sink->len = 0;
        sink->error = false;
        if (LLVMParseBitcodeInContext2(ctx, buf, &mod)) {
            sup_diag(diag, path, 0, 0, "error", "invalid bitcode: %s", sink->len ? sink->buf : "unreadable");
            LLVMDisposeMemoryBuffer(buf);
            return NULL;
        }
        LLVMDisposeMemoryBuffer(buf);
    } else {
        if (len == 0) {
            sup_diag(diag, path, 0, 0, "error", "empty file: expected LLVM bitcode or textual IR");
            LLVMDisposeMemoryBuffer(buf);
            return NULL;
        }
        char *msg = NULL;
        /* LLVMParseIRInContext takes ownership of the buffer. */
        if (LLVMParseIRInContext(ctx, buf, &mod, &msg)) {
            /* The message is "path:line:col: error: text" followed by the
             * source line and a caret; keep the first line. */
            char *nl = msg ? strchr(msg, '\n') : NULL;
            if (nl)
                *nl = '\0';
            if (msg && strncmp(msg, path, strlen(path)) == 0)
                fprintf(diag, "%s\n", msg);
            else
                sup_diag(diag, path, 0, 0, "error", "invalid LLVM IR: %s", msg ? msg : "unreadable");
            LLVMDisposeMessage(msg);
            return NULL;
        }
    }
    return mod;
}

void eng_name_blocks(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        unsigned i = 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb), i++) {
            LLVMValueRef v = LLVMBasicBlockAsValue(bb);
            size_t n;
            LLVMGetValueName2(v, &n);
            if (n == 0) {
                char name[32];
                int len = snprintf(name, sizeof name, "bb%u", i);
                LLVMSetValueName2(v, name, (size_t)len);
            }
        }
    }
}

/* Verifies a loaded module and names its blocks; frees EM (NULL) on failure. */
static struct eng_module *finish_load(struct eng_module *em, FILE *diag)
{
    char *msg = NULL;
    if (LLVMVerifyModule(em->m, LLVMReturnStatusAction, &msg)) {
        char *nl = msg ? strchr(msg, '\n') : NULL;
        if (nl && nl[1] == '\0')
            *nl = '\0';
        sup_diag(diag, em->name, 0, 0, "error", "the module is not valid LLVM IR: %s", msg ? msg : "");
        LLVMDisposeMessage(msg);
        LLVMContextSetDiagnosticHandler(em->ctx, NULL, NULL);
        eng_module_free(em);
        return NULL;
    }
    LLVMDisposeMessage(msg);
    eng_name_blocks(em->m);
    /* Later diagnostics (target backends) must not write into a dead sink. */
    LLVMContextSetDiagnosticHandler(em->ctx, NULL, NULL);
    return em;
}

struct eng_module *eng_module_load(const char *const *paths, size_t n, FILE *diag)
{
    if (n == 0) {
        sup_diag(diag, "lpnest", 0, 0, "error", "no input files");
        return NULL;
    }
    struct eng_module *em = sup_xcalloc(1, sizeof *em);
    struct diag_sink sink = {0};
    em->ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(em->ctx, on_llvm_diag, &sink);
    em->name = sup_strdup(paths[0]);
    em->paths = sup_xcalloc(n, sizeof *em->paths);
    em->data = sup_xcalloc(n, sizeof *em->data);
    em->len = sup_xcalloc(n, sizeof *em->len);
    for (size_t i = 0; i < n; i++) {
        em->paths[i] = sup_strdup(paths[i]);
        em->data[i] = sup_read_file(paths[i], &em->len[i], 0, diag);
        em->n = i + 1;
        if (!em->data[i])
            goto fail;
        LLVMModuleRef mod = parse_one(em->ctx, &sink, paths[i], em->data[i], em->len[i], diag);
        if (!mod)
            goto fail;
        if (!em->m) {
            em->m = mod;
            continue;
        }
        sink.len = 0;
        sink.error = false;
        if (LLVMLinkModules2(em->m, mod)) {
            sup_diag(diag, paths[i], 0, 0, "error", "cannot link with %s: %s", paths[0],
                     sink.len ? sink.buf : "link failed");
            goto fail;
        }
    }
    return finish_load(em, diag);
fail:
    LLVMContextSetDiagnosticHandler(em->ctx, NULL, NULL);
    eng_module_free(em);
    return NULL;
}

struct eng_module *eng_module_load_memory(const char *name, const void *data, size_t len, FILE *diag)
{
    struct eng_module *em = sup_xcalloc(1, sizeof *em);
    struct diag_sink sink = {0};
    em->ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(em->ctx, on_llvm_diag, &sink);
    em->name = sup_strdup(name);
    em->paths = sup_xcalloc(1, sizeof *em->paths);
    em->data = sup_xcalloc(1, sizeof *em->data);
    em->len = sup_xcalloc(1, sizeof *em->len);
    em->paths[0] = sup_strdup(name);
    em->data[0] = sup_xmalloc(len + 1);
    memcpy(em->data[0], data, len);
    em->len[0] = len;
    em->n = 1;
    em->m = parse_one(em->ctx, &sink, name, em->data[0], len, diag);
    if (!em->m) {
        LLVMContextSetDiagnosticHandler(em->ctx, NULL, NULL);
        eng_module_free(em);
        return NULL;
    }
    return finish_load(em, diag);
}

struct eng_module *eng_module_adopt(const char *name, LLVMModuleRef m)
{
    struct eng_module *em = sup_xcalloc(1, sizeof *em);
    em->ctx = LLVMGetModuleContext(m);
    em->m = m;
    em->adopted = true;
    em->name = sup_strdup(name);
    eng_name_blocks(m);
    return em;
}

void eng_module_free(struct eng_module *m)
{
    if (!m)
        return;
    if (m->m)
        LLVMDisposeModule(m->m);
    if (!m->adopted)
        LLVMContextDispose(m->ctx);
    for (size_t i = 0; i < m->n; i++) {
        free(m->paths[i]);
        free(m->data[i]);
    }
    free(m->paths);
    free(m->data);
    free(m->len);
    free(m->name);
    free(m->plan_inst);
    free(m->plan_callee);
    free(m);
}

/* Every instruction gets a debug location whose line is its ordinal in the
 * function (1-based), so each machine instruction's ".loc" names the IR
 * instruction it came from. The module's own debug metadata stays (removing
 * it would change code generation: e.g. PowerPC merges only strings no debug
 * record refers to); only instruction locations change, which LLVM keeps
 * from influencing code generation. */
static void provenance_locations(LLVMModuleRef m)
{
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMDIBuilderRef b = LLVMCreateDIBuilder(m);
    LLVMMetadataRef file = NULL, type = NULL;
    bool any_new = false;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f))
            continue;
        LLVMMetadataRef sp = LLVMGetSubprogram(f);
        if (!sp) {
            if (!file) {
                file = LLVMDIBuilderCreateFile(b, "lpnest-ir", 9, ".", 1);
                LLVMDIBuilderCreateCompileUnit(b, LLVMDWARFSourceLanguageC, file, "lpnest", 6, 1, "", 0, 0, "", 0,
                                               LLVMDWARFEmissionLineTablesOnly, 0, 0, 0, "", 0, "", 0);
                type = LLVMDIBuilderCreateSubroutineType(b, file, NULL, 0, LLVMDIFlagZero);
            }
            size_t n;
            const char *name = LLVMGetValueName2(f, &n);
            sp = LLVMDIBuilderCreateFunction(b, file, name, n, name, n, file, 1, type, 1, 1, 1, LLVMDIFlagZero, 1);
            LLVMSetSubprogram(f, sp);
            any_new = true;
        }
        unsigned k = 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                LLVMInstructionSetDebugLoc(i, LLVMDIBuilderCreateDebugLocation(ctx, ++k, ENG_PROVENANCE_COLUMN, sp, NULL));
    }
    LLVMDIBuilderFinalize(b);
    if (any_new && !LLVMGetModuleFlag(m, "Debug Info Version", 18))
        LLVMAddModuleFlag(m, LLVMModuleFlagBehaviorWarning, "Debug Info Version", 18,
                          LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), LLVMDebugMetadataVersion(), 0)));
    LLVMDisposeDIBuilder(b);
}

/* The module's files parsed and linked again in CTX, blocks named. */
static LLVMModuleRef parse_linked(const struct eng_module *m, LLVMContextRef ctx, FILE *diag)
{
    if (!m->n) {
        sup_diag(diag, m->name, 0, 0, "error", "no bitcode to compile the module from (its machine code was given)");
        return NULL;
    }
    struct diag_sink sink = {0};
    LLVMContextSetDiagnosticHandler(ctx, on_llvm_diag, &sink);
    LLVMModuleRef first = NULL;
    for (size_t i = 0; i < m->n; i++) {
        LLVMModuleRef mod = parse_one(ctx, &sink, m->paths[i], m->data[i], m->len[i], diag);
        if (!mod || (first && LLVMLinkModules2(first, mod))) {
            if (first)
                LLVMDisposeModule(first);
            LLVMContextSetDiagnosticHandler(ctx, NULL, NULL);
            return NULL;
        }
        if (!first)
            first = mod;
    }
    LLVMContextSetDiagnosticHandler(ctx, NULL, NULL);
    eng_name_blocks(first);
    return first;
}

LLVMModuleRef eng_module_fresh(const struct eng_module *m, LLVMContextRef ctx, FILE *diag)
{
    LLVMModuleRef first = parse_linked(m, ctx, diag);
    if (first)
        provenance_locations(first);
    return first;
}

LLVMModuleRef eng_module_plain(const struct eng_module *m, LLVMContextRef ctx, FILE *diag)
{
    return parse_linked(m, ctx, diag);
}

LLVMModuleRef eng_module_llvm(const struct eng_module *m) { return m->m; }

void eng_module_set_call_plan(struct eng_module *m, const LLVMValueRef *inst, const LLVMValueRef *callee, size_t n)
{
    free(m->plan_inst);
    free(m->plan_callee);
    m->plan_inst = sup_xcalloc(n + 1, sizeof *m->plan_inst);
    m->plan_callee = sup_xcalloc(n + 1, sizeof *m->plan_callee);
    if (n) {
        memcpy(m->plan_inst, inst, n * sizeof *inst);
        memcpy(m->plan_callee, callee, n * sizeof *callee);
    }
    m->nplan = n;
}

size_t eng_module_call_plan(const struct eng_module *m, const LLVMValueRef **inst, const LLVMValueRef **callee)
{
    *inst = m->plan_inst;
    *callee = m->plan_callee;
    return m->nplan;
}
const char *eng_module_name(const struct eng_module *m) { return m->name; }
