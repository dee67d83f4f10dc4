/* exec_jit.h — the compiled tier's parts, shared by exec_jit.c (ORC LLJIT,
 * when to compile what) and exec_jit_gen.c (host LLVM IR from a function's
 * ops). Private to engine/. */
#ifndef LPNEST_EXEC_JIT_H
#define LPNEST_EXEC_JIT_H

#include "exec.h"

/* One host module being built: its context, the types and metadata every
 * function of it uses. */
struct jit_mod {
    struct vm *vm;
    LLVMContextRef cx;
    LLVMModuleRef m;
    LLVMBuilderRef b;
    LLVMTypeRef i1, i8, i16, i32, i64, i128, f32, f64, ptr, vd;
    LLVMTypeRef body_t;        /* i32 (ptr vm, ptr R, i32 at) */
    unsigned tbaa_kind;        /* type-based alias analysis: the engine's memories never alias */
    LLVMValueRef tag_mem;      /* the program's memory (the arena) */
    LLVMValueRef tag_count;    /* counters: edges, selects, paths */
    LLVMValueRef tag_vm;       /* fields of struct vm and its frames */
    LLVMValueRef tag_slot;     /* the frame's slots in vm->slots (spilled for helpers) */
    LLVMAttributeRef strictfp; /* the attribute calls of constrained FP intrinsics carry */
};

void exec_jit_mod_init(struct jit_mod *jm, struct vm *vm, LLVMContextRef cx, LLVMModuleRef m);
void exec_jit_mod_free(struct jit_mod *jm);
/* F->osr: where the interpreter may enter F's compiled code (the entry, loop
 * edges). Made by the process that runs the code, before a compiler
 * process is forked. */
void exec_jit_prepare(struct xfunc *f);
/* Adds F's body to the module as function NAME; false (nothing added) when
 * the tier does not compile one of its ops. */
bool exec_jit_gen(struct jit_mod *jm, struct xfunc *f, const char *name);
/* Whether the tier can compile F's ops (without building anything). */
bool exec_jit_supports(const struct vm *vm, const struct xfunc *f);
/* Everything F's compiled code depends on, as bytes (*OUT, malloc'd; its
 * length returned; 0 when the tier cannot compile F): a function of a later
 * run of the module with the same bytes can run the same code. */
size_t exec_jit_key(const struct vm *vm, const struct xfunc *f, uint8_t **out);

/* The C functions the compiled code calls, by the names it calls them
 * (exec_jit_gen.c); the process linking the code defines each name at its
 * address there. Ends with {NULL, NULL}. */
struct exec_jit_helper {
    const char *name;
    const void *addr;
};
extern const struct exec_jit_helper exec_jit_helpers[];

/* ---- the code cache on disk (exec_jit_store.c; --jit-cache=DIR) ---- */

/* What a round's object depends on, as bytes: this lpnest build, LLVM's
 * version, the host CPU, the optimisation passes (PASSES), the module (its
 * bitcode's hash, MODHASH), the round's number (its symbols' names) and its
 * functions' keys (exec_jit_key). A malloc'd buffer, its length in *LEN. */
uint8_t *exec_jit_store_key(const char *passes, const uint64_t modhash[2], unsigned round, uint32_t n,
                            const uint32_t *funcs, uint8_t *const *keys, const size_t *klen, size_t *len);
/* A 128-bit hash of N bytes at P into OUT (not cryptographic: it names files and
 * tells modules apart; the key itself is compared byte for byte). */
void exec_jit_store_hash(const void *p, size_t n, uint64_t out[2]);
/* Whether DIR can hold the cache (created if missing, mode 0700; it must be
 * the user's own and writable by nobody else): NULL, or why not (static). */
const char *exec_jit_store_usable(const char *dir);
/* The object stored in DIR under KEY (LEN bytes): malloc'd, its size in
 * *OBJLEN; NULL when none is, or the file is not one this build wrote for
 * this key (a damaged or foreign file is ignored, and replaced later). */
char *exec_jit_store_load(const char *dir, const uint8_t *key, size_t len, size_t *objlen);
/* Stores OBJ (N bytes) in DIR under KEY: written to a temporary file and
 * renamed, so a reader sees a whole file or none; false when it could not. */
bool exec_jit_store_save(const char *dir, const uint8_t *key, size_t len, const char *obj, size_t n);

/* The cache's folder for OPT (--jit-cache's value; NULL: LPNEST_JIT_CACHE), NULL
 * when none is given or it cannot serve (why said once on DIAG). */
const char *exec_jit_store_folder(const char *opt, FILE *diag);

#endif
