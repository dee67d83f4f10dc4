/* exec_fault.c — faults of the simulated program: the message, where it
 * happened (function, block, source line from debug info) and the calls that
 * led there. */
#include "exec.h"
#include "support.h"
#include "source_path.h"

#include <llvm-c/DebugInfo.h>
#include <stdarg.h>
#include <string.h>

bool exec_fault(struct vm *vm, const char *fmt, ...)
{
    if (vm->faulted)
        return false; /* keep the first, innermost message */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(vm->fault_msg, sizeof vm->fault_msg, fmt, ap);
    va_end(ap);
    return false;
}

void exec_warn(struct vm *vm, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fflush(vm->out);
    sup_fputs_escaped(vm->diag, buf); /* the input's bytes it quotes cannot act on the terminal */
    fputc('\n', vm->diag);
    vm->warnings = sup_xrealloc(vm->warnings, (vm->nwarnings + 1) * sizeof *vm->warnings);
    vm->warnings[vm->nwarnings++] = sup_strdup(buf);
}

void eng_inst_loc(LLVMValueRef inst, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!inst)
        return;
    char file[1024];
    size_t len = eng_inst_file(inst, file, sizeof file);
    unsigned line = LLVMGetDebugLocLine(inst);
    if (!len || !line)
        return;
    unsigned col = LLVMGetDebugLocColumn(inst);
    if (col)
        snprintf(buf, n, "%s:%u:%u", file, line, col);
    else
        snprintf(buf, n, "%s:%u", file, line);
}

/* The source line nearest to INST when INST has none of its own (a phi, an
 * instruction an optimisation made): the closest located instruction before
 * it in its block, else after it, else the function's own line. */
static void nearest_loc(LLVMValueRef inst, LLVMValueRef fn, char *loc, size_t nloc)
{
    loc[0] = '\0';
    for (LLVMValueRef i = inst ? LLVMGetPreviousInstruction(inst) : NULL; i && !loc[0]; i = LLVMGetPreviousInstruction(i))
        eng_inst_loc(i, loc, nloc);
    for (LLVMValueRef i = inst ? LLVMGetNextInstruction(inst) : NULL; i && !loc[0]; i = LLVMGetNextInstruction(i))
        eng_inst_loc(i, loc, nloc);
    LLVMMetadataRef sp = loc[0] || !fn ? NULL : LLVMGetSubprogram(fn);
    if (sp && LLVMDISubprogramGetLine(sp)) {
        char file[1024];
        eng_difile_path(LLVMGetGlobalParent(fn), LLVMDIScopeGetFile(sp), file, sizeof file);
        if (file[0])
            snprintf(loc, nloc, "%.400s:%u", file, LLVMDISubprogramGetLine(sp));
    }
}

/* Whether M was compiled with debug information (-g). */
static bool has_debug_info(LLVMModuleRef m) { return m && LLVMGetNamedMetadataNumOperands(m, "llvm.dbg.cu") > 0; }

/* Where op PC of function F is: block name and instruction position; its
 * IR instruction in *INST. */
static void describe(struct xfunc *f, const struct op *pc, char *loc, size_t nloc, const char **block, unsigned *pos,
                     LLVMValueRef *inst)
{
    *block = "?";
    *pos = 0;
    *inst = NULL;
    loc[0] = '\0';
    if (!f || !f->code || pc < f->code || pc >= f->code + f->ncode)
        return;
    size_t i = (size_t)(pc - f->code);
    *inst = f->op_inst[i];
    eng_inst_loc(f->op_inst[i], loc, nloc);
    *block = f->blocks[f->op_block[i]].name;
    *pos = f->op_pos[i];
}

void exec_fault_report(struct vm *vm, FILE *diag)
{
    char loc[512];
    const char *block;
    unsigned pos;
    LLVMValueRef inst;
    struct xfunc *f = vm->fault_fn;
    describe(f, vm->fault_pc, loc, sizeof loc, &block, &pos, &inst);
    /* advice that fits the module: -g only when it has no debug information */
    const char *why = "";
    if (!loc[0] && has_debug_info(vm->m)) {
        nearest_loc(inst, f ? f->fn : NULL, loc, sizeof loc);
        why = loc[0] ? " (it has no source line of its own: the nearest one is given)"
                     : " (it has no source line of its own)";
    } else if (!loc[0]) {
        why = " (no debug information: compile with -g for source lines)";
    }
    sup_diag(diag, loc[0] ? loc : eng_module_name(vm->mod), 0, 0, "error", "%s", vm->fault_msg);
    sup_diag(diag, NULL, 0, 0, "note", "in function '%s', block '%s', instruction %u%s", f ? f->name : "?", block, pos,
             why);
    /* the calls that led here, innermost first */
    unsigned shown = 0;
    for (uint32_t d = vm->depth; d > 0 && shown < 16; d--, shown++) {
        struct frame *fr = &vm->frames[d];
        struct xfunc *caller = vm->frames[d - 1].fn;
        describe(caller, fr->call_op, loc, sizeof loc, &block, &pos, &inst);
        sup_diag(diag, NULL, 0, 0, "note", "called from '%s'%s%s (block '%s')", caller->name, loc[0] ? " at " : "", loc,
                 block);
    }
    if (vm->depth > 16)
        sup_diag(diag, NULL, 0, 0, "note", "... %u more frames", vm->depth - 16);
    fflush(diag);
}
