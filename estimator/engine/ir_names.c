/* ir_names.c — the names LLVM's textual IR uses for opcodes, atomicrmw
 * operations and value kinds, so that messages say "fptrunc" or
 * "uinc_wrap" instead of the numbers of the LLVM-C enums. */
#include "ir_names.h"

const char *exec_opcode_name(LLVMOpcode op)
{
    switch (op) {
    case LLVMRet: return "ret";
    case LLVMBr: return "br";
    case LLVMSwitch: return "switch";
    case LLVMIndirectBr: return "indirectbr";
    case LLVMInvoke: return "invoke";
    case LLVMUnreachable: return "unreachable";
    case LLVMCallBr: return "callbr";
    case LLVMFNeg: return "fneg";
    case LLVMAdd: return "add";
    case LLVMFAdd: return "fadd";
    case LLVMSub: return "sub";
    case LLVMFSub: return "fsub";
    case LLVMMul: return "mul";
    case LLVMFMul: return "fmul";
    case LLVMUDiv: return "udiv";
    case LLVMSDiv: return "sdiv";
    case LLVMFDiv: return "fdiv";
    case LLVMURem: return "urem";
    case LLVMSRem: return "srem";
    case LLVMFRem: return "frem";
    case LLVMShl: return "shl";
    case LLVMLShr: return "lshr";
    case LLVMAShr: return "ashr";
    case LLVMAnd: return "and";
    case LLVMOr: return "or";
    case LLVMXor: return "xor";
    case LLVMAlloca: return "alloca";
    case LLVMLoad: return "load";
    case LLVMStore: return "store";
    case LLVMGetElementPtr: return "getelementptr";
    case LLVMTrunc: return "trunc";
    case LLVMZExt: return "zext";
    case LLVMSExt: return "sext";
    case LLVMFPToUI: return "fptoui";
    case LLVMFPToSI: return "fptosi";
    case LLVMUIToFP: return "uitofp";
    case LLVMSIToFP: return "sitofp";
    case LLVMFPTrunc: return "fptrunc";
    case LLVMFPExt: return "fpext";
    case LLVMPtrToInt: return "ptrtoint";
    case LLVMIntToPtr: return "inttoptr";
    case LLVMBitCast: return "bitcast";
    case LLVMAddrSpaceCast: return "addrspacecast";
    case LLVMICmp: return "icmp";
    case LLVMFCmp: return "fcmp";
    case LLVMPHI: return "phi";
    case LLVMCall: return "call";
    case LLVMSelect: return "select";
    case LLVMUserOp1: return "userop1";
    case LLVMUserOp2: return "userop2";
    case LLVMVAArg: return "va_arg";
    case LLVMExtractElement: return "extractelement";
    case LLVMInsertElement: return "insertelement";
    case LLVMShuffleVector: return "shufflevector";
    case LLVMExtractValue: return "extractvalue";
    case LLVMInsertValue: return "insertvalue";
    case LLVMFreeze: return "freeze";
    case LLVMFence: return "fence";
    case LLVMAtomicCmpXchg: return "cmpxchg";
    case LLVMAtomicRMW: return "atomicrmw";
    case LLVMResume: return "resume";
    case LLVMLandingPad: return "landingpad";
    case LLVMCleanupRet: return "cleanupret";
    case LLVMCatchRet: return "catchret";
    case LLVMCatchPad: return "catchpad";
    case LLVMCleanupPad: return "cleanuppad";
    case LLVMCatchSwitch: return "catchswitch";
    }
    return "an unknown opcode";
}

const char *exec_atomicrmw_name(LLVMAtomicRMWBinOp op)
{
    switch (op) {
    case LLVMAtomicRMWBinOpXchg: return "xchg";
    case LLVMAtomicRMWBinOpAdd: return "add";
    case LLVMAtomicRMWBinOpSub: return "sub";
    case LLVMAtomicRMWBinOpAnd: return "and";
    case LLVMAtomicRMWBinOpNand: return "nand";
    case LLVMAtomicRMWBinOpOr: return "or";
    case LLVMAtomicRMWBinOpXor: return "xor";
    case LLVMAtomicRMWBinOpMax: return "max";
    case LLVMAtomicRMWBinOpMin: return "min";
    case LLVMAtomicRMWBinOpUMax: return "umax";
    case LLVMAtomicRMWBinOpUMin: return "umin";
    case LLVMAtomicRMWBinOpFAdd: return "fadd";
    case LLVMAtomicRMWBinOpFSub: return "fsub";
    case LLVMAtomicRMWBinOpFMax: return "fmax";
    case LLVMAtomicRMWBinOpFMin: return "fmin";
    case LLVMAtomicRMWBinOpUIncWrap: return "uinc_wrap";
    case LLVMAtomicRMWBinOpUDecWrap: return "udec_wrap";
    }
    return "an unknown operation";
}

const char *exec_value_kind_name(LLVMValueKind k)
{
    switch (k) {
    case LLVMArgumentValueKind: return "argument";
    case LLVMBasicBlockValueKind: return "basic block";
    case LLVMMemoryUseValueKind: return "memory use";
    case LLVMMemoryDefValueKind: return "memory def";
    case LLVMMemoryPhiValueKind: return "memory phi";
    case LLVMFunctionValueKind: return "function";
    case LLVMGlobalAliasValueKind: return "global alias";
    case LLVMGlobalIFuncValueKind: return "ifunc";
    case LLVMGlobalVariableValueKind: return "global variable";
    case LLVMBlockAddressValueKind: return "blockaddress";
    case LLVMConstantExprValueKind: return "constant expression";
    case LLVMConstantArrayValueKind: return "constant array";
    case LLVMConstantStructValueKind: return "constant struct";
    case LLVMConstantVectorValueKind: return "constant vector";
    case LLVMUndefValueValueKind: return "undef";
    case LLVMConstantAggregateZeroValueKind: return "zeroinitializer";
    case LLVMConstantDataArrayValueKind: return "constant data array";
    case LLVMConstantDataVectorValueKind: return "constant data vector";
    case LLVMConstantIntValueKind: return "integer constant";
    case LLVMConstantFPValueKind: return "floating-point constant";
    case LLVMConstantPointerNullValueKind: return "null";
    case LLVMConstantTokenNoneValueKind: return "token none";
    case LLVMMetadataAsValueValueKind: return "metadata";
    case LLVMInlineAsmValueKind: return "inline assembly";
    case LLVMInstructionValueKind: return "instruction";
    case LLVMPoisonValueValueKind: return "poison";
    case LLVMConstantTargetNoneValueKind: return "target none";
    case LLVMConstantPtrAuthValueKind: return "ptrauth constant";
    }
    return "an unknown kind of value";
}
