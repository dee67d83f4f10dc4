/* module.c — loads .bc/.ll files with the LLVM C API, links them into one
 * module, verifies it, and names every unnamed block deterministically.
 *
 * Every input is first read by LLVM in an isolated child process
 * (support/isolate.c): a crash, a stack overflow or a fatal error of LLVM's
 * parser on a hostile file ends the child, and lpnest says which file. The
 * child parses and verifies the file; textual IR (after the checks of
 * module_text.c) comes back as bitcode with its use-list order, so lpnest
 * itself never runs the .ll parser and reads the module a direct parse
 * gives. Bitcode that passed in the child is read again in lpnest from the
 * original bytes (the module a normal build compiles). */
#define _POSIX_C_SOURCE 200809L
#include "estimator.h"
#include "exec.h"
#include "module_text.h"
#include "support.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

struct eng_module {
    LLVMContextRef ctx;
    LLVMModuleRef m;
    char *name;
    /* the inputs as bitcode (textual IR converted in the child), to parse
     * again for code generation; the text of textual inputs for messages */
    char **paths;
    char **data;
    size_t *len;
    char **text;
    size_t *text_len;
    size_t n;
    /* eng_module_set_call_plan */
    struct eng_call_plan *plan;
    size_t nplan;
    bool adopted; /* eng_module_adopt: the context is the caller's */
    struct exec_jit_cache *jit; /* compiled code of its runs, for the later ones */
};

struct exec_jit_cache **exec_module_jit_cache(struct eng_module *m) { return &m->jit; }

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
/* What a file that is not LLVM IR is (C or C++ source, an object file or
 * executable, an archive), or NULL when it may be textual IR: IR never
 * starts with '#' or '/', C sources usually do. */
static const char *not_ir(const char *path, const char *data, size_t len)
{
    if (len >= 4 && !memcmp(data, "\x7f" "ELF", 4))
        return "an object file or executable (ELF)";
    if (len >= 8 && !memcmp(data, "!<arch>\n", 8))
        return "an archive";
    const char *dot = strrchr(path, '.');
    if (dot && (!strcmp(dot, ".cc") || !strcmp(dot, ".cpp") || !strcmp(dot, ".cxx") || !strcmp(dot, ".hpp")))
        return "C++ source";
    if (dot && (!strcmp(dot, ".c") || !strcmp(dot, ".h") || !strcmp(dot, ".i")))
        return "C source";
    size_t i = 0;
    while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
        i++;
    if (i < len && (data[i] == '#' || data[i] == '/'))
        return "C source (or not LLVM IR)";
    return NULL;
}

/* The error for a file that is WHAT instead of IR, with what to do. False. */
static bool refuse_not_ir(const char *path, const char *what, FILE *diag)
{
    sup_diag(diag, path, 0, 0, "error",
             "%s, not LLVM bitcode: compile it for the core with clang first, e.g. clang-19 "
             "--target=riscv32-unknown-elf -march=rv32im -O2 -g -emit-llvm -c %s -o app.bc",
             what, path);
    return false;
}

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
        const char *what = not_ir(path, data, len);
        if (what) {
            refuse_not_ir(path, what, diag);
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
            if (msg && strncmp(msg, path, strlen(path)) == 0) {
                if (diag) {
                    sup_fputs_escaped(diag, msg);
                    fputc('\n', diag);
                }
            } else
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

/* The verifier's report (several lines: the problem, then the IR it is
 * about) as an error and notes. */
static void verifier_diag(FILE *out, const char *path, char *msg)
{
    char *save = NULL;
    char *line = strtok_r(msg, "\n", &save);
    sup_diag(out, path, 0, 0, "error", "the module is not valid LLVM IR: %s", line ? line : "");
    for (int k = 0; k < 8 && (line = strtok_r(NULL, "\n", &save));) {
        while (*line == ' ')
            line++;
        if (*line) {
            sup_diag(out, NULL, 0, 0, "note", "%s", line);
            k++;
        }
    }
}

/* The pointer size the engine runs (2, 4 or 8 bytes) is the data layout's:
 * anything else is refused at the data layout's place in the text. */
static bool check_pointer_size(struct eng_module *em, FILE *diag)
{
    const char *layout = LLVMGetDataLayoutStr(em->m);
    LLVMTargetDataRef td = LLVMCreateTargetData(layout ? layout : "");
    unsigned bytes = LLVMPointerSize(td);
    LLVMDisposeTargetData(td);
    if (bytes == 2 || bytes == 4 || bytes == 8)
        return true;
    unsigned line = 0, col = 0;
    const char *text = em->text ? em->text[0] : NULL;
    if (text && eng_text_find(text, em->text_len[0], "target datalayout", &line, &col)) {
        /* the pointer specification itself: "p:" or "p0:" in the string */
        unsigned l2, c2;
        const char *spec[] = {"\"p:", "-p:", "\"p0:", "-p0:"};
        for (size_t k = 0; k < 4; k++)
            if (eng_text_find(text, em->text_len[0], spec[k], &l2, &c2) && l2 == line) {
                col = c2 + 1;
                break;
            }
    }
    sup_diag(diag, em->name, line, col, "error", "the data layout gives pointers of %u bytes: lpnest runs programs "
             "with 2-, 4- or 8-byte pointers", bytes);
    return false;
}

/* Verifies a loaded module and names its blocks; frees EM (NULL) on failure. */
static struct eng_module *finish_load(struct eng_module *em, FILE *diag)
{
    char *msg = NULL;
    if (LLVMVerifyModule(em->m, LLVMReturnStatusAction, &msg)) {
        char none[1] = "";
        verifier_diag(diag, em->name, msg ? msg : none);
        LLVMDisposeMessage(msg);
        LLVMContextSetDiagnosticHandler(em->ctx, NULL, NULL);
        eng_module_free(em);
        return NULL;
    }
    LLVMDisposeMessage(msg);
    if (!check_pointer_size(em, diag)) {
        LLVMContextSetDiagnosticHandler(em->ctx, NULL, NULL);
        eng_module_free(em);
        return NULL;
    }
    eng_name_blocks(em->m);
    /* Later diagnostics (target backends) must not write into a dead sink. */
    LLVMContextSetDiagnosticHandler(em->ctx, NULL, NULL);
    return em;
}

/* ---- the child: LLVM reads one file ---------------------------------------- */
struct parse_job {
    const char *path;
    const char *data;
    size_t len;
    bool text;
};

static void child_fatal(const char *reason) { sup_isolated_fail(reason); }

static void child_setup(void)
{
    LLVMResetFatalErrorHandler();
    LLVMInstallFatalErrorHandler(child_fatal);
}

/* Runs in the isolated child: parses and verifies the file; gives textual IR
 * back as bitcode, bitcode as nothing (it passed); or NULL with *MSG, the
 * complete diagnostic lines. */
static char *parse_in_child(void *arg, size_t *len, char **msg)
{
    struct parse_job *job = arg;
    struct diag_sink sink = {0};
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, on_llvm_diag, &sink);
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(job->data, job->len, job->path, 0);
    LLVMModuleRef mod = NULL;
    size_t mlen = 0;
    FILE *out = open_memstream(msg, &mlen);
    if (!out)
        return NULL;
    char *err = NULL;
    if (job->text) {
        if (LLVMParseIRInContext(ctx, buf, &mod, &err)) {
            /* "path:line:col: error: text", the source line and a caret: the first line */
            if (err)
                err[strcspn(err, "\n")] = '\0';
            if (err && !strncmp(err, job->path, strlen(job->path)))
                sup_write_escaped(out, err, strlen(err)), fputc('\n', out);
            else
                sup_diag(out, job->path, 0, 0, "error", "invalid LLVM IR: %s", err ? err : "unreadable");
            fclose(out);
            return NULL;
        }
    } else if (LLVMParseBitcodeInContext2(ctx, buf, &mod)) {
        sup_diag(out, job->path, 0, 0, "error", "invalid bitcode: %s", sink.len ? sink.buf : "unreadable");
        fclose(out);
        return NULL;
    }
    if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &err)) {
        char none[1] = "";
        verifier_diag(out, job->path, err ? err : none);
        fclose(out);
        return NULL;
    }
    fclose(out);
    if (!job->text) {
        *len = 0;
        return "";
    }
    char *bc = eng_module_bitcode(mod, len);
    if (!bc) {
        *msg = "cannot write the module as bitcode";
        return NULL;
    }
    /* what lpnest will read: it must read back here first */
    LLVMContextRef back = LLVMContextCreate();
    sink.len = 0;
    LLVMContextSetDiagnosticHandler(back, on_llvm_diag, &sink);
    LLVMMemoryBufferRef bbuf = LLVMCreateMemoryBufferWithMemoryRange(bc, *len, job->path, 0);
    LLVMModuleRef again = NULL;
    if (LLVMParseBitcodeInContext2(back, bbuf, &again)) {
        out = open_memstream(msg, &mlen);
        sup_diag(out, job->path, 0, 0, "error", "LLVM parses this module but cannot read it back from the bitcode it "
                 "writes of it (%s)", sink.len ? sink.buf : "unreadable");
        fclose(out);
        return NULL;
    }
    return bc;
}

/* The last non-empty line of M (cut in place). */
static const char *last_line(char *m)
{
    size_t n = strlen(m);
    while (n && (m[n - 1] == '\n' || m[n - 1] == ' '))
        m[--n] = '\0';
    char *nl = strrchr(m, '\n');
    return nl ? nl + 1 : m;
}

/* Reads file I of EM through the child: on success em->data[i] is bitcode
 * lpnest can parse. False after a message. */
static bool check_in_child(struct eng_module *em, size_t i, FILE *diag)
{
    const char *path = em->paths[i];
    bool text = !is_bitcode(em->data[i], em->len[i]);
    if (text && em->len[i] == 0) {
        sup_diag(diag, path, 0, 0, "error", "empty file: expected LLVM bitcode or textual IR");
        return false;
    }
    const char *what_else = text ? not_ir(path, em->data[i], em->len[i]) : NULL;
    if (what_else) {
        return refuse_not_ir(path, what_else, diag);
    }
    if (text && !eng_ir_text_check(path, em->data[i], em->len[i], diag))
        return false;
    struct parse_job job = {path, em->data[i], em->len[i], text};
    struct sup_isolated r;
    bool ok = sup_isolated_run(parse_in_child, &job, child_setup, false, &r);
    const char *what = text ? "LLVM's IR parser" : "LLVM's bitcode reader";
    if (ok && text) {
        em->text[i] = em->data[i];
        em->text_len[i] = em->len[i];
        em->data[i] = r.text;
        em->len[i] = r.len;
        r.text = NULL;
    } else if (!ok) {
        size_t n = strlen(r.message);
        if (r.system)
            sup_diag(diag, path, 0, 0, "error", "cannot run %s in a child process: %s", what, r.message);
        else if (r.out_of_memory)
            sup_diag(diag, path, 0, 0, "error", "%s ran %s", what, r.message);
        else if (r.status == 4 && n) /* the child's own diagnostics */
            fputs(r.message, diag);
        else if (r.status == 3 && n) /* LLVM's fatal error: the last line */
            sup_diag(diag, path, 0, 0, "error", "%s stopped: %s", what, last_line(r.message));
        else if (r.signal)
            sup_diag(diag, path, 0, 0, "error", "%s crashed on this file (%s); it was not run", what,
                     strsignal(r.signal));
        else
            sup_diag(diag, path, 0, 0, "error", "%s stopped with status %d%s%.*s", what, r.status, n ? ": " : "",
                     (int)strcspn(r.message, "\n"), r.message);
        if (diag)
            fflush(diag);
    }
    free(r.text);
    free(r.message);
    return ok;
}

struct eng_module *eng_module_load(const char *const *paths, size_t n, FILE *diag)
{
    if (n == 0) {
        sup_diag(diag, sup_prog(), 0, 0, "error", "no input files");
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
    em->text = sup_xcalloc(n, sizeof *em->text);
    em->text_len = sup_xcalloc(n, sizeof *em->text_len);
    for (size_t i = 0; i < n; i++) {
        em->paths[i] = sup_strdup(paths[i]);
        em->data[i] = sup_read_file(paths[i], &em->len[i], 0, diag);
        em->n = i + 1;
        if (!em->data[i] || !check_in_child(em, i, diag))
            goto fail;
        sup_set_activity("loading", paths[i]);
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
    sup_set_activity(NULL, NULL);
    return finish_load(em, diag);
fail:
    sup_set_activity(NULL, NULL);
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
    exec_jit_cache_free(m->jit);
    if (m->m)
        LLVMDisposeModule(m->m);
    if (!m->adopted)
        LLVMContextDispose(m->ctx);
    for (size_t i = 0; i < m->n; i++) {
        free(m->paths[i]);
        free(m->data[i]);
        if (m->text)
            free(m->text[i]);
    }
    free(m->paths);
    free(m->data);
    free(m->len);
    free(m->text);
    free(m->text_len);
    free(m->name);
    free(m->plan);
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

/* The names an LLVM diagnostic quotes: the word after "attribute " (an
 * attribute's key, quoted in the text: "\"KEY\""), and each '...' span. */
static bool locate_one(const struct eng_module *m, const char *needle, size_t n, struct eng_text_loc *loc)
{
    if (!n || n > 200)
        return false;
    char buf[256];
    memcpy(buf, needle, n);
    buf[n] = '\0';
    for (size_t i = 0; i < m->n; i++)
        if (m->text && m->text[i] && eng_text_find(m->text[i], m->text_len[i], buf, &loc->line, &loc->col)) {
            loc->file = m->paths[i];
            return true;
        }
    return false;
}

bool eng_module_locate(const struct eng_module *m, const char *message, struct eng_text_loc *loc)
{
    memset(loc, 0, sizeof *loc);
    if (!m || !message)
        return false;
    const char *a = strstr(message, "attribute ");
    if (a) {
        a += 10;
        size_t k = strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.");
        char key[208];
        if (k && k < 200) {
            snprintf(key, sizeof key, "\"%.*s\"", (int)k, a);
            if (locate_one(m, key, strlen(key), loc))
                return true;
        }
    }
    for (const char *q = strchr(message, '\''); q; q = strchr(q + 1, '\'')) {
        const char *e = strchr(q + 1, '\'');
        if (!e)
            break;
        if (locate_one(m, q + 1, (size_t)(e - q - 1), loc))
            return true;
        q = e;
    }
    return false;
}

void eng_module_set_call_plan(struct eng_module *m, const struct eng_call_plan *plan, size_t n)
{
    free(m->plan);
    m->plan = sup_xcalloc(n + 1, sizeof *m->plan);
    if (n)
        memcpy(m->plan, plan, n * sizeof *plan);
    m->nplan = n;
}

size_t eng_module_call_plan(const struct eng_module *m, const struct eng_call_plan **plan)
{
    *plan = m->plan;
    return m->nplan;
}
const char *eng_module_name(const struct eng_module *m) { return m->name; }

bool eng_module_has_debug_info(const struct eng_module *m)
{
    LLVMModuleRef mod = eng_module_llvm(m);
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f) && LLVMGetSubprogram(f))
            return true;
    return false;
}
