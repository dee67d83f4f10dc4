/* exec_fault.c — faults of the simulated program: the message, where it
 * happened (function, block, source line from debug info) and the calls that
 * led there. */
#include "exec.h"
#include "support.h"
#include "source_path.h"

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
    fprintf(vm->diag, "%s\n", buf);
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

/* Where op PC of function F is: block name and instruction position. */
static void describe(struct xfunc *f, const struct op *pc, char *loc, size_t nloc, const char **block, unsigned *pos)
{
    *block = "?";
    *pos = 0;
    loc[0] = '\0';
    if (!f || !f->code || pc < f->code || pc >= f->code + f->ncode)
        return;
    size_t i = (size_t)(pc - f->code);
    eng_inst_loc(f->op_inst[i], loc, nloc);
    *block = f->blocks[f->op_block[i]].name;
    *pos = f->op_pos[i];
}

void exec_fault_report(struct vm *vm, FILE *diag)
{
    char loc[512];
    const char *block;
    unsigned pos;
    struct xfunc *f = vm->fault_fn;
    describe(f, vm->fault_pc, loc, sizeof loc, &block, &pos);
    if (loc[0])
        fprintf(diag, "%s: error: %s\n", loc, vm->fault_msg);
    else
        fprintf(diag, "%s: error: %s\n", eng_module_name(vm->mod), vm->fault_msg);
    fprintf(diag, "note: in function '%s', block '%s', instruction %u%s\n", f ? f->name : "?", block, pos,
            loc[0] ? "" : " (no debug information: compile with -g for source lines)");
    /* the calls that led here, innermost first */
    unsigned shown = 0;
    for (uint32_t d = vm->depth; d > 0 && shown < 16; d--, shown++) {
        struct frame *fr = &vm->frames[d];
        struct xfunc *caller = vm->frames[d - 1].fn;
        describe(caller, fr->call_op, loc, sizeof loc, &block, &pos);
        fprintf(diag, "note: called from '%s'%s%s (block '%s')\n", caller->name, loc[0] ? " at " : "", loc, block);
    }
    if (vm->depth > 16)
        fprintf(diag, "note: ... %u more frames\n", vm->depth - 16);
    fflush(diag);
}
