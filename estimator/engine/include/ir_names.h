/* ir_names.h — the names LLVM's textual IR uses for opcodes ("fptrunc"),
 * atomicrmw operations ("uinc_wrap") and value kinds, for messages and for
 * the IR-level cost tables (cost_ir.c). Defined in ir_names.c; needs only
 * the LLVM C API, so every layer may include it. */
#ifndef LPNEST_IR_NAMES_H
#define LPNEST_IR_NAMES_H

#include <llvm-c/Core.h>

const char *exec_opcode_name(LLVMOpcode op);
const char *exec_atomicrmw_name(LLVMAtomicRMWBinOp op);
const char *exec_value_kind_name(LLVMValueKind k);

#endif
