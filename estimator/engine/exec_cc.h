/* exec_cc.h — the translation context shared by exec_compile*.c: turns one
 * function's IR into ops, assigning slots to values and constants. */
#ifndef LPNEST_EXEC_CC_H
#define LPNEST_EXEC_CC_H

#include "exec.h"

struct cc {
    struct vm *vm;
    struct xfunc *f;
    struct ptrmap vslot;      /* instruction/argument -> first slot */
    struct ptrmap cslot;      /* constant -> first slot (in the constant area) */
    struct ptrmap bidx;       /* basic block -> index */
    struct ptrmap folded;     /* GEPs folded into their loads/stores */
    struct ptrmap aliased;    /* casts that share their operand's slot */
    struct ptrmap indexed;    /* GEPs with one variable index folded into their loads/stores */
    /* ops */
    struct op *code;
    LLVMValueRef *op_inst;
    uint32_t *op_pos, *op_block;
    uint32_t ncode, capcode;
    /* slots: [0, value_end) params and values, then constants and temps */
    uint32_t nslots;
    uint32_t value_end;
    slot_t *consts;           /* indexed from value_end */
    uint32_t capconst;
    /* edges */
    struct edge *edges;
    struct cnt_edge_info *einfo;
    LLVMBasicBlockRef *edge_from, *edge_to;
    uint32_t nedges, capedges;
    /* selects */
    struct cnt_select *selects;
    uint32_t nselects, capselects, nlanes;
    /* where we are */
    LLVMValueRef inst;
    uint32_t pos, block;
    bool failed;              /* a construct the engine cannot translate at all */
};

/* Appends an op; returns its index. */
uint32_t cc_emit(struct cc *c, enum opcode code, uint32_t d, uint32_t a, uint32_t b, uint64_t k, unsigned w, unsigned x);
/* Emits an op that faults with MSG (copied) when reached. */
void cc_unsupported(struct cc *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Like cc_unsupported, for code lpnest understands but will not run: the
 * message is the whole error, without the "unsupported IR" prefix. */
void cc_refuse(struct cc *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* --memory=linked (exec_bounds.c): whether PTR is a getelementptr on a
 * global (its loads and stores are then checked, not folded), and the check
 * of one access through it. */
bool cc_linked_gep(struct cc *c, LLVMValueRef ptr);
void cc_bounds(struct cc *c, LLVMValueRef inst, LLVMValueRef ptr, LLVMTypeRef vt, bool store);
/* Slot of an operand: an instruction/argument's slot, or a constant's slot
 * in the constant area (evaluated once). UINT32_MAX after a message. */
uint32_t cc_slot(struct cc *c, LLVMValueRef v);
/* A fresh temporary slot range. */
uint32_t cc_temp(struct cc *c, uint32_t n);
/* Slot holding the immediate value V. */
uint32_t cc_const_u64(struct cc *c, uint64_t v);
/* True when V is an integer constant of at most 64 bits; *k gets its value. */
bool cc_imm(LLVMValueRef v, uint64_t *k);
/* Records a select (or each lane of a vector select); returns its counter base. */
uint32_t cc_select(struct cc *c, uint32_t lanes);
/* Adds an edge from the current block to TO; returns its index. */
uint32_t cc_edge(struct cc *c, LLVMBasicBlockRef to, enum cnt_edge_kind kind, uint64_t lo, uint64_t hi);

/* Instruction translation (exec_compile_inst.c / exec_compile_call.c). */
void cc_inst(struct cc *c, LLVMValueRef inst);
void cc_call(struct cc *c, LLVMValueRef inst);
/* A scalar leaf descriptor of a value type (ints, floats, pointers). */
enum vkind cc_scalar(struct cc *c, LLVMTypeRef t, unsigned *bits);
/* Loads/stores a whole value of type T at (base slot + offset). */
void cc_load_value(struct cc *c, LLVMTypeRef t, uint32_t d, uint32_t base, uint64_t off, unsigned align);
void cc_store_value(struct cc *c, LLVMTypeRef t, uint32_t v, uint32_t base, uint64_t off, unsigned align);
/* Copies N slots. */
void cc_move(struct cc *c, uint32_t d, uint32_t s, uint32_t n);

#endif
