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

#endif
