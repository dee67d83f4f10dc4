/* exec_compile.c — translates one function: slots for parameters and values,
 * blocks in order, edges with their phi moves, terminators, and the
 * constant area; the instructions themselves are in exec_compile_inst.c. */
#include "exec_cc.h"
#include "support.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

uint32_t cc_emit(struct cc *c, enum opcode code, uint32_t d, uint32_t a, uint32_t b, uint64_t k, unsigned w, unsigned x)
{
    if (c->ncode == c->capcode) {
        c->capcode = c->capcode ? c->capcode * 2 : 64;
        c->code = sup_xrealloc(c->code, c->capcode * sizeof *c->code);
        c->op_inst = sup_xrealloc(c->op_inst, c->capcode * sizeof *c->op_inst);
        c->op_pos = sup_xrealloc(c->op_pos, c->capcode * sizeof *c->op_pos);
        c->op_block = sup_xrealloc(c->op_block, c->capcode * sizeof *c->op_block);
    }
    struct op *o = &c->code[c->ncode];
    o->code = (uint16_t)code;
    o->w = (uint8_t)w;
    o->x = (uint8_t)x;
    o->d = d;
    o->a = a;
    o->b = b;
    o->k = k;
    c->op_inst[c->ncode] = c->inst;
    c->op_pos[c->ncode] = c->pos;
    c->op_block[c->ncode] = c->block;
    return c->ncode++;
}

static void emit_unsupported(struct cc *c, bool whole, const char *fmt, va_list ap)
{
    char buf[600];
    vsnprintf(buf, sizeof buf, fmt, ap);
    cc_emit(c, OP_UNSUPPORTED, 0, 0, 0, (uint64_t)(uintptr_t)sup_strdup(buf), 0, whole);
}

void cc_unsupported(struct cc *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_unsupported(c, false, fmt, ap);
    va_end(ap);
}

void cc_refuse(struct cc *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_unsupported(c, true, fmt, ap);
    va_end(ap);
}

static uint32_t new_slots(struct cc *c, uint32_t n)
{
    uint32_t s = c->nslots;
    c->nslots += n;
    uint32_t need = c->nslots - c->value_end;
    if (need > c->capconst) {
        uint32_t old = c->capconst;
        c->capconst = need * 2 + 16;
        c->consts = sup_xrealloc(c->consts, c->capconst * sizeof *c->consts);
        memset(c->consts + old, 0, (c->capconst - old) * sizeof *c->consts);
    }
    return s;
}

uint32_t cc_temp(struct cc *c, uint32_t n) { return new_slots(c, n ? n : 1); }

uint32_t cc_const_u64(struct cc *c, uint64_t v)
{
    uint32_t s = new_slots(c, 1);
    c->consts[s - c->value_end] = v;
    return s;
}

bool cc_imm(LLVMValueRef v, uint64_t *k)
{
    if (LLVMGetValueKind(v) != LLVMConstantIntValueKind)
        return false;
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    if (w > 64)
        return false;
    *k = LLVMConstIntGetZExtValue(v) & mask_of(w);
    return true;
}

uint32_t cc_slot(struct cc *c, LLVMValueRef v)
{
    uint64_t s;
    if (ptrmap_get(&c->vslot, v, &s) || ptrmap_get(&c->cslot, v, &s))
        return (uint32_t)s;
    LLVMValueKind k = LLVMGetValueKind(v);
    if (k == LLVMInstructionValueKind || k == LLVMArgumentValueKind || k == LLVMBasicBlockValueKind ||
        k == LLVMMetadataAsValueValueKind || k == LLVMInlineAsmValueKind) {
        cc_unsupported(c, "%s cannot be used as a value here", exec_value_kind_name(k));
        return cc_temp(c, 1);
    }
    uint32_t n = exec_type_slots(LLVMTypeOf(v));
    uint32_t slot = new_slots(c, n ? n : 1);
    if (!exec_const_eval(c->vm, v, c->consts + (slot - c->value_end), n)) {
        cc_unsupported(c, "%s", c->vm->fault_msg);
        return slot;
    }
    ptrmap_put(&c->cslot, v, slot);
    return slot;
}

uint32_t cc_select(struct cc *c, uint32_t lanes)
{
    if (c->nselects == c->capselects) {
        c->capselects = c->capselects ? c->capselects * 2 : 8;
        c->selects = sup_xrealloc(c->selects, c->capselects * sizeof *c->selects);
    }
    uint32_t base = c->nlanes;
    c->selects[c->nselects++] =
        (struct cnt_select){.block = c->block, .index = c->pos, .lanes = lanes, .base = base, .ties = UINT32_MAX,
                            .probe = UINT32_MAX};
    c->nlanes += lanes;
    return base;
}

uint32_t cc_edge(struct cc *c, LLVMBasicBlockRef to, enum cnt_edge_kind kind, uint64_t lo, uint64_t hi)
{
    if (c->nedges == c->capedges) {
        c->capedges = c->capedges ? c->capedges * 2 : 16;
        c->edges = sup_xrealloc(c->edges, c->capedges * sizeof *c->edges);
        c->einfo = sup_xrealloc(c->einfo, c->capedges * sizeof *c->einfo);
        c->edge_from = sup_xrealloc(c->edge_from, c->capedges * sizeof *c->edge_from);
        c->edge_to = sup_xrealloc(c->edge_to, c->capedges * sizeof *c->edge_to);
    }
    uint64_t to_idx = 0;
    ptrmap_get(&c->bidx, to, &to_idx);
    uint32_t e = c->nedges++;
    c->edges[e] = (struct edge){0};
    c->einfo[e] = (struct cnt_edge_info){.from = c->block, .to = (uint32_t)to_idx, .kind = kind, .case_lo = lo, .case_hi = hi};
    c->edge_from[e] = c->f->blocks[c->block].bb;
    c->edge_to[e] = to;
    return e;
}

void cc_move(struct cc *c, uint32_t d, uint32_t s, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (d + i != s + i)
            cc_emit(c, OP_MOV, d + i, s + i, 0, 0, 64, 0);
}

static bool is_debug_intrinsic(LLVMValueRef inst)
{
    if (LLVMGetInstructionOpcode(inst) != LLVMCall)
        return false;
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    if (!callee || LLVMGetValueKind(callee) != LLVMFunctionValueKind)
        return false;
    size_t n;
    const char *name = LLVMGetValueName2(callee, &n);
    return n > 9 && strncmp(name, "llvm.dbg.", 9) == 0;
}

/* A cast that leaves the canonical bits unchanged (zext, freeze, same-width
 * bitcast and pointer casts) of a value that already has a slot: the result
 * shares that slot instead of costing a move. SSA values never change while
 * they are live, so sharing is safe; phi moves check slots for overlap. */
static bool noop_cast(struct cc *c, LLVMValueRef i, uint64_t *slot)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    if (op != LLVMZExt && op != LLVMFreeze && op != LLVMBitCast && op != LLVMPtrToInt && op != LLVMIntToPtr &&
        op != LLVMAddrSpaceCast)
        return false;
    LLVMValueRef src = LLVMGetOperand(i, 0);
    LLVMValueKind k = LLVMGetValueKind(src);
    if ((k != LLVMInstructionValueKind && k != LLVMArgumentValueKind) || !ptrmap_get(&c->vslot, src, slot))
        return false;
    LLVMTypeRef st = LLVMTypeOf(src), dt = LLVMTypeOf(i);
    uint16_t sb, db;
    enum vkind sk = exec_kind(st, &sb), dk = exec_kind(dt, &db);
    if (op == LLVMFreeze)
        return true;
    if (sk == VK_PTR)
        sb = (uint16_t)(LLVMPointerSizeForAS(c->vm->td, LLVMGetPointerAddressSpace(st)) * 8);
    if (dk == VK_PTR)
        db = (uint16_t)(LLVMPointerSizeForAS(c->vm->td, LLVMGetPointerAddressSpace(dt)) * 8);
    bool scalar = (sk == VK_INT || sk == VK_PTR) && (dk == VK_INT || dk == VK_PTR);
    if (op == LLVMBitCast)
        return sk == dk && sb == db && sk != VK_VEC && sk != VK_AGG;
    return scalar && db >= sb; /* zero extension keeps canonical bits */
}

/* A GEP with constant indices whose every user loads or stores through it can
 * be folded into those accesses as an offset. */
static bool foldable_gep(struct cc *c, LLVMValueRef g, int64_t *off)
{
    if (LLVMGetInstructionOpcode(g) != LLVMGetElementPtr || LLVMGetTypeKind(LLVMTypeOf(g)) != LLVMPointerTypeKind)
        return false;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(g);
    unsigned n = (unsigned)LLVMGetNumOperands(g);
    int64_t total = 0;
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(g, i);
        if (LLVMGetValueKind(idx) != LLVMConstantIntValueKind || LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64)
            return false;
        int64_t k = LLVMConstIntGetSExtValue(idx);
        if (i == 1)
            total += k * (int64_t)LLVMABISizeOfType(c->vm->td, t);
        else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            total += (int64_t)LLVMOffsetOfElement(c->vm->td, t, (unsigned)k);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)k);
        } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
            t = LLVMGetElementType(t);
            total += k * (int64_t)LLVMABISizeOfType(c->vm->td, t);
        } else
            return false;
    }
    bool any = false;
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMGetValueKind(user) != LLVMInstructionValueKind)
            return false;
        LLVMOpcode op = LLVMGetInstructionOpcode(user);
        if (op == LLVMLoad && LLVMGetOperand(user, 0) == g)
            any = true;
        else if (op == LLVMStore && LLVMGetOperand(user, 1) == g && LLVMGetOperand(user, 0) != g)
            any = true;
        else
            return false;
    }
    *off = total;
    return any;
}

/* A GEP with exactly one variable index (scale below 2^32, constant part
 * within 32 bits) whose every user loads or stores full-width scalars
 * through it: the loads/stores compute the address themselves. */
static bool indexable_gep(struct cc *c, LLVMValueRef g)
{
    if (LLVMGetInstructionOpcode(g) != LLVMGetElementPtr || LLVMGetTypeKind(LLVMTypeOf(g)) != LLVMPointerTypeKind)
        return false;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(g);
    unsigned n = (unsigned)LLVMGetNumOperands(g);
    int vars = 0;
    int64_t off = 0;
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(g, i);
        uint64_t scale;
        if (i == 1)
            scale = LLVMABISizeOfType(c->vm->td, t);
        else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            unsigned f = (unsigned)LLVMConstIntGetZExtValue(idx);
            off += (int64_t)LLVMOffsetOfElement(c->vm->td, t, f);
            t = LLVMStructGetTypeAtIndex(t, f);
            continue;
        } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
            t = LLVMGetElementType(t);
            scale = LLVMABISizeOfType(c->vm->td, t);
        } else
            return false;
        if (LLVMGetValueKind(idx) == LLVMConstantIntValueKind && LLVMGetIntTypeWidth(LLVMTypeOf(idx)) <= 64) {
            off += LLVMConstIntGetSExtValue(idx) * (int64_t)scale;
            continue;
        }
        if (LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64 ||
            scale > 0xffffffffu)
            return false;
        vars++;
    }
    if (vars != 1 || off < INT32_MIN || off > INT32_MAX)
        return false;
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMGetValueKind(user) != LLVMInstructionValueKind)
            return false;
        LLVMOpcode op = LLVMGetInstructionOpcode(user);
        LLVMTypeRef vt;
        if (op == LLVMLoad && LLVMGetOperand(user, 0) == g)
            vt = LLVMTypeOf(user);
        else if (op == LLVMStore && LLVMGetOperand(user, 1) == g && LLVMGetOperand(user, 0) != g)
            vt = LLVMTypeOf(LLVMGetOperand(user, 0));
        else
            return false;
        uint16_t bits;
        enum vkind k = exec_kind(vt, &bits);
        if (k == VK_PTR)
            bits = (uint16_t)(c->vm->t.ptr_bytes * 8);
        else if (k != VK_INT && k != VK_F32 && k != VK_F64)
            return false;
        if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
            return false;
    }
    return true;
}

/* Emits the phi moves of edge FROM -> TO, reading all sources before
 * writing any destination (phis are parallel copies). */
static void phi_moves(struct cc *c, LLVMBasicBlockRef from, LLVMBasicBlockRef to)
{
    LLVMValueRef phis[256];
    uint32_t nph = 0;
    bool conflict = false;
    for (LLVMValueRef i = LLVMGetFirstInstruction(to); i && LLVMGetInstructionOpcode(i) == LLVMPHI; i = LLVMGetNextInstruction(i)) {
        if (nph == 256) {
            conflict = true; /* too many to check pairwise: be safe */
            break;
        }
        phis[nph++] = i;
    }
    /* a source slot that is also the destination of another phi would be
     * overwritten before it is read (values can share slots, see noop_cast) */
    for (uint32_t p = 0; p < nph && !conflict; p++) {
        LLVMValueRef v = NULL;
        for (unsigned j = 0; j < LLVMCountIncoming(phis[p]); j++)
            if (LLVMGetIncomingBlock(phis[p], j) == from) {
                v = LLVMGetIncomingValue(phis[p], j);
                break;
            }
        uint64_t vs;
        if (!v || !ptrmap_get(&c->vslot, v, &vs))
            continue;
        uint32_t vn = exec_type_slots(LLVMTypeOf(v));
        for (uint32_t q = 0; q < nph && !conflict; q++) {
            uint64_t ds = 0;
            ptrmap_get(&c->vslot, phis[q], &ds);
            uint32_t dn = exec_type_slots(LLVMTypeOf(phis[q]));
            if (q != p && vs < ds + dn && ds < vs + vn)
                conflict = true;
        }
    }
    uint32_t temps[256];
    LLVMValueRef i = LLVMGetFirstInstruction(to);
    for (uint32_t p = 0; i && LLVMGetInstructionOpcode(i) == LLVMPHI; i = LLVMGetNextInstruction(i), p++) {
        unsigned n = LLVMCountIncoming(i);
        LLVMValueRef v = NULL;
        for (unsigned j = 0; j < n; j++)
            if (LLVMGetIncomingBlock(i, j) == from) {
                v = LLVMGetIncomingValue(i, j);
                break;
            }
        uint64_t d = 0;
        ptrmap_get(&c->vslot, i, &d);
        uint32_t ns = exec_type_slots(LLVMTypeOf(i));
        if (!v)
            continue;
        uint64_t k;
        if (conflict && p < 256) {
            temps[p] = cc_temp(c, ns);
            cc_move(c, temps[p], cc_slot(c, v), ns);
        } else if (ns == 1 && cc_imm(v, &k)) {
            cc_emit(c, OP_MOVK, (uint32_t)d, 0, 0, k, 64, 0);
        } else {
            cc_move(c, (uint32_t)d, cc_slot(c, v), ns);
        }
    }
    if (conflict) {
        i = LLVMGetFirstInstruction(to);
        for (uint32_t p = 0; i && LLVMGetInstructionOpcode(i) == LLVMPHI && p < 256; i = LLVMGetNextInstruction(i), p++) {
            uint64_t d = 0;
            ptrmap_get(&c->vslot, i, &d);
            bool has = false;
            for (unsigned j = 0; j < LLVMCountIncoming(i); j++)
                has |= LLVMGetIncomingBlock(i, j) == from;
            if (has)
                cc_move(c, (uint32_t)d, temps[p], exec_type_slots(LLVMTypeOf(i)));
        }
    }
}

static void params(struct cc *c)
{
    struct xfunc *f = c->f;
    unsigned np = LLVMCountParams(f->fn);
    f->nparams = np;
    f->param_slot = sup_xcalloc(np + 1, sizeof *f->param_slot);
    f->param_byval = sup_xcalloc(np + 1, sizeof *f->param_byval);
    f->param_byval_align = sup_xcalloc(np + 1, sizeof *f->param_byval_align);
    unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
    for (unsigned i = 0; i < np; i++) {
        LLVMValueRef p = LLVMGetParam(f->fn, i);
        f->param_slot[i] = c->nslots;
        ptrmap_put(&c->vslot, p, c->nslots);
        c->nslots += exec_type_slots(LLVMTypeOf(p));
        LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(f->fn, i + 1, byval_kind);
        if (a) {
            LLVMTypeRef bt = LLVMGetTypeAttributeValue(a);
            f->param_byval[i] = LLVMABISizeOfType(c->vm->td, bt);
            f->param_byval_align[i] = LLVMABIAlignmentOfType(c->vm->td, bt);
            if (f->param_byval[i] == 0)
                f->param_byval[i] = 1;
            f->has_byval = true;
        }
    }
    f->nparam_slots = c->nslots;
}

/* Path counting for block Y: every in-edge first records which it was (in a
 * frame slot), every out-edge then counts (in, out) before continuing. */
static void add_pairs(struct cc *c, uint32_t y)
{
    struct xfunc *f = c->f;
    struct cnt_pairs *xp = &f->pairs[f->npairs++];
    memset(xp, 0, sizeof *xp);
    xp->block = y;
    xp->in_edges = sup_xcalloc(c->nedges + 1, sizeof *xp->in_edges);
    xp->out_edges = sup_xcalloc(c->nedges + 1, sizeof *xp->out_edges);
    for (uint32_t e = 0; e < c->nedges; e++) {
        if (c->einfo[e].to == y && (e > 0 || y == 0))
            xp->in_edges[xp->nin++] = e;
        if (e > 0 && c->einfo[e].from == y)
            xp->out_edges[xp->nout++] = e;
    }
    if (xp->nout > 255 || !xp->nin || !xp->nout) {
        xp->nin = xp->nout = 0; /* nothing to learn, or too wide to count */
        return;
    }
    xp->counts = sup_xcalloc((size_t)xp->nin * xp->nout, sizeof *xp->counts);
    uint32_t slot = cc_temp(c, 1);
    c->block = y;
    c->inst = LLVMGetFirstInstruction(f->blocks[y].bb);
    c->pos = 0;
    for (uint32_t i = 0; i < xp->nin; i++) {
        struct edge *e = &c->edges[xp->in_edges[i]];
        uint32_t at = cc_emit(c, OP_SETIN, slot, 0, e->pc, i, 0, 0);
        e->pc = at;
    }
    for (uint32_t j = 0; j < xp->nout; j++) {
        struct edge *e = &c->edges[xp->out_edges[j]];
        uint32_t at = cc_emit(c, OP_PAIRINC, j, slot, e->pc, (uint64_t)(uintptr_t)xp->counts, 0, xp->nout);
        e->pc = at;
    }
}

static void finish(struct cc *c)
{
    struct xfunc *f = c->f;
    /* the edges' continuations: phi moves, then a jump into the block */
    for (uint32_t e = 1; e < c->nedges; e++) {
        uint32_t to = c->einfo[e].to;
        c->edges[e].ninst = f->blocks[to].ninst;
        LLVMValueRef first = LLVMGetFirstInstruction(c->edge_to[e]);
        if (!first || LLVMGetInstructionOpcode(first) != LLVMPHI) {
            c->edges[e].pc = f->blocks[to].pc;
            continue;
        }
        uint32_t same = 0;
        for (uint32_t p = 1; p < e && !same; p++)
            if (c->edge_from[p] == c->edge_from[e] && c->edge_to[p] == c->edge_to[e])
                same = p;
        if (same) {
            c->edges[e].pc = c->edges[same].pc;
            continue;
        }
        c->block = c->einfo[e].from;
        c->inst = first;
        c->pos = 0;
        c->edges[e].pc = c->ncode;
        uint32_t first_move = c->ncode;
        phi_moves(c, c->edge_from[e], c->edge_to[e]);
        /* fold the jump into the last one or two moves */
        uint32_t nm = c->ncode - first_move;
        struct op *last = nm ? &c->code[c->ncode - 1] : NULL;
        struct op *prev = nm >= 2 ? &c->code[c->ncode - 2] : NULL;
        if (prev && prev->code == OP_MOV && last->code == OP_MOV) {
            prev->code = OP_MOV2GOTO;
            prev->b = last->d;
            prev->k = (uint64_t)last->a | (uint64_t)f->blocks[to].pc << 32;
            c->ncode--;
        } else if (last && last->code == OP_MOV) {
            last->code = OP_MOVGOTO;
            last->k = f->blocks[to].pc;
        } else {
            cc_emit(c, OP_GOTO, f->blocks[to].pc, 0, 0, 0, 0, 0);
        }
    }
    c->edges[0].pc = f->blocks[0].pc;
    c->edges[0].ninst = f->blocks[0].ninst;
    /* requested path counts */
    const struct vm *vm = c->vm;
    for (size_t r = 0; r < vm->npair_req; r++) {
        if (strcmp(vm->pair_req[r].func, f->name))
            continue;
        for (uint32_t y = 0; y < f->nblocks; y++)
            if (!strcmp(f->blocks[y].name, vm->pair_req[r].block)) {
                if (!f->pairs)
                    f->pairs = sup_xcalloc(f->nblocks, sizeof *f->pairs);
                bool dup = false;
                for (uint32_t k = 0; k < f->npairs; k++)
                    dup |= f->pairs[k].block == y;
                if (!dup)
                    add_pairs(c, y);
            }
    }

    f->code = c->code;
    f->ncode = c->ncode;
    f->op_inst = c->op_inst;
    f->op_pos = c->op_pos;
    f->op_block = c->op_block;
    f->nslots = c->nslots;
    f->nconst = c->nslots - c->value_end;
    f->consts = c->consts;
    f->edges = c->edges;
    f->einfo = c->einfo;
    f->nedges = c->nedges;
    f->selects = c->selects;
    f->nselects = c->nselects;
    f->nsel_lanes = c->nlanes;
    f->sel_counts = sup_xcalloc(2 * (size_t)c->nlanes + 1, sizeof *f->sel_counts);
    free(c->edge_from);
    free(c->edge_to);
}

/* Reports the values of watched instruction I (eng_run_options.watch):
 * its operands' slots (a call's arguments only) and, after it, its result's. */
static void watch_op(struct cc *c, LLVMValueRef i, size_t index, int phase)
{
    bool call = LLVMGetInstructionOpcode(i) == LLVMCall;
    unsigned nops = call ? LLVMGetNumArgOperands(i) : (unsigned)LLVMGetNumOperands(i);
    uint32_t slots[ENG_WATCH_MAX_WORDS], n = 0;
    for (unsigned k = 0; k < nops; k++) {
        LLVMValueRef v = LLVMGetOperand(i, k);
        LLVMValueKind vk = LLVMGetValueKind(v);
        uint32_t ns = exec_type_slots(LLVMTypeOf(v));
        bool value = vk != LLVMBasicBlockValueKind && vk != LLVMMetadataAsValueValueKind && vk != LLVMInlineAsmValueKind;
        uint32_t s = value && ns ? cc_slot(c, v) : UINT32_MAX;
        for (uint32_t j = 0; j < ns && n < ENG_WATCH_MAX_WORDS; j++)
            slots[n++] = s == UINT32_MAX ? UINT32_MAX : s + j;
    }
    uint64_t d;
    if (phase == 1 && LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind && ptrmap_get(&c->vslot, i, &d))
        for (uint32_t j = 0; j < exec_type_slots(LLVMTypeOf(i)) && n < ENG_WATCH_MAX_WORDS; j++)
            slots[n++] = (uint32_t)d + j;
    struct watch_desc *wd = sup_xcalloc(1, sizeof *wd + (n + 1) * sizeof wd->slots[0]);
    wd->index = index;
    wd->phase = phase;
    wd->n = n;
    memcpy(wd->slots, slots, n * sizeof slots[0]);
    cc_emit(c, OP_WATCH, 0, 0, 0, (uint64_t)(uintptr_t)wd, 0, 0);
}

/* Probe P (eng_run_options.probes[INDEX]) at the current instruction: its
 * expression in ops on temporary slots, and its value's histogram (a
 * CNT_SEL_PROBE record). A node the engine cannot hold (a wider value, an
 * operand that is not an earlier node) leaves the probe without a record. */
static void probe_ops(struct cc *c, const struct eng_probe *p, uint32_t index)
{
    if (!p->nnodes)
        return;
    uint32_t *slot = sup_xcalloc(p->nnodes + 1, sizeof *slot);
    uint32_t first_op = c->ncode;
    bool ok = true;
    for (uint32_t k = 0; k < p->nnodes && ok; k++) {
        const struct eng_probe_node *n = &p->nodes[k];
        unsigned w = n->width >= 1 && n->width <= 64 ? n->width : 64;
        uint64_t mask = mask_of(w);
        bool binary = n->op == ENG_PROBE_ICMP || n->op == ENG_PROBE_AND || n->op == ENG_PROBE_OR ||
                      n->op == ENG_PROBE_XOR || n->op == ENG_PROBE_ADD || n->op == ENG_PROBE_MEMDIFF ||
                      n->op == ENG_PROBE_SELECT;
        if ((n->op != ENG_PROBE_VALUE && n->op != ENG_PROBE_CONST && n->a >= k) || (binary && n->b >= k) ||
            (n->op == ENG_PROBE_SELECT && n->c >= k)) {
            ok = false;
            break;
        }
        uint32_t d = n->op == ENG_PROBE_VALUE || n->op == ENG_PROBE_CONST ? 0 : cc_temp(c, 1);
        switch (n->op) {
        case ENG_PROBE_VALUE: {
            uint16_t bits = 0;
            enum vkind kd = n->value ? exec_kind(LLVMTypeOf(n->value), &bits) : VK_BAD;
            ok = kd == VK_INT || kd == VK_PTR;
            if (ok)
                slot[k] = cc_slot(c, n->value);
            ok &= slot[k] != UINT32_MAX;
            continue;
        }
        case ENG_PROBE_CONST:
            slot[k] = cc_const_u64(c, n->imm & mask);
            continue;
        case ENG_PROBE_ICMP: {
            uint32_t a = slot[n->a], b = slot[n->b];
            if (w < 64) { /* the operands at the comparison's width */
                uint32_t ta = cc_temp(c, 1), tb = cc_temp(c, 1);
                cc_emit(c, OP_ANDI, ta, a, 0, mask, w, 0);
                cc_emit(c, OP_ANDI, tb, b, 0, mask, w, 0);
                a = ta, b = tb;
            }
            enum opcode op;
            bool swap = false;
            switch ((LLVMIntPredicate)n->imm) {
            case LLVMIntEQ: op = OP_EQ; break;
            case LLVMIntNE: op = OP_NE; break;
            case LLVMIntULT: op = OP_ULT; break;
            case LLVMIntULE: op = OP_ULE; break;
            case LLVMIntUGT: op = OP_ULT, swap = true; break;
            case LLVMIntUGE: op = OP_ULE, swap = true; break;
            case LLVMIntSLT: op = OP_SLT; break;
            case LLVMIntSLE: op = OP_SLE; break;
            case LLVMIntSGT: op = OP_SLT, swap = true; break;
            case LLVMIntSGE: op = OP_SLE, swap = true; break;
            default: op = OP_EQ, ok = false; break;
            }
            cc_emit(c, op, d, swap ? b : a, swap ? a : b, 0, w, 0);
            break;
        }
        case ENG_PROBE_LSHR:
            cc_emit(c, OP_LSHRI, d, slot[n->a], 0, n->imm < 64 ? n->imm : 63, w, 0);
            cc_emit(c, OP_ANDI, d, d, 0, mask, w, 0);
            break;
        case ENG_PROBE_AND: cc_emit(c, OP_AND, d, slot[n->a], slot[n->b], 0, w, 0); break;
        case ENG_PROBE_OR: cc_emit(c, OP_OR, d, slot[n->a], slot[n->b], 0, w, 0); break;
        case ENG_PROBE_XOR: cc_emit(c, OP_XOR, d, slot[n->a], slot[n->b], 0, w, 0); break;
        case ENG_PROBE_ADD: cc_emit(c, OP_ADD, d, slot[n->a], slot[n->b], mask, w, 0); break;
        case ENG_PROBE_SELECT: cc_emit(c, OP_SELECTU, d, slot[n->a], slot[n->b], slot[n->c], w, 0); break;
        case ENG_PROBE_MEMDIFF:
            ok = n->imm > 0 && n->imm <= 4096;
            cc_emit(c, OP_MEMDIFF, d, slot[n->a], slot[n->b], n->imm, 64, 0);
            break;
        default:
            ok = false;
            break;
        }
        if (n->op != ENG_PROBE_ICMP && n->op != ENG_PROBE_MEMDIFF && n->op != ENG_PROBE_LSHR && w < 64)
            cc_emit(c, OP_ANDI, d, d, 0, mask, w, 0);
        slot[k] = d;
    }
    if (ok) {
        uint32_t base = cc_select(c, ENG_PROBE_VALUES / 2);
        c->selects[c->nselects - 1].kind = CNT_SEL_PROBE;
        c->selects[c->nselects - 1].probe = index;
        cc_emit(c, OP_SHIFTHIST, 2 * base, slot[p->nnodes - 1], 0, ~0ULL, 0, 0);
    } else {
        c->ncode = first_op; /* (no op of it stays) */
    }
    free(slot);
}

/* The probes at instruction I. */
static void probes_at(struct cc *c, LLVMValueRef i)
{
    uint64_t k;
    if (!ptrmap_get(&c->vm->probe_at, i, &k))
        return;
    for (; k; k = c->vm->probe_next[k - 1])
        probe_ops(c, &c->vm->probes[k - 1], (uint32_t)(k - 1));
}

bool exec_compile(struct vm *vm, struct xfunc *f)
{
    struct cc c = {.vm = vm, .f = f};
    params(&c);
    /* pass 1: blocks, instruction counts, value slots, foldable GEPs */
    f->nblocks = (uint32_t)LLVMCountBasicBlocks(f->fn);
    f->blocks = sup_xcalloc(f->nblocks + 1, sizeof *f->blocks);
    uint32_t bi = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb), bi++) {
        struct xblock *b = &f->blocks[bi];
        size_t len;
        b->bb = bb;
        b->name = LLVMGetValueName2(LLVMBasicBlockAsValue(bb), &len);
        ptrmap_put(&c.bidx, bb, bi);
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (is_debug_intrinsic(i))
                continue;
            b->ninst++;
            LLVMTypeRef t = LLVMTypeOf(i);
            uint64_t alias;
            if (noop_cast(&c, i, &alias)) {
                ptrmap_put(&c.vslot, i, alias);
                ptrmap_put(&c.aliased, i, 1);
            } else if (LLVMGetTypeKind(t) != LLVMVoidTypeKind) {
                ptrmap_put(&c.vslot, i, c.nslots);
                c.nslots += exec_type_slots(t);
            }
            int64_t off;
            if (cc_linked_gep(&c, i))
                ; /* materialised: its loads and stores are checked */
            else if (foldable_gep(&c, i, &off))
                ptrmap_put(&c.folded, i, (uint64_t)off);
            else if (indexable_gep(&c, i))
                ptrmap_put(&c.indexed, i, 1);
        }
    }
    c.value_end = c.nslots;
    /* entry edge */
    c.block = 0;
    cc_edge(&c, f->blocks[0].bb, CNT_EK_UNCOND, 0, 0);
    /* pass 2: ops */
    for (bi = 0; bi < f->nblocks; bi++) {
        c.block = bi;
        f->blocks[bi].pc = c.ncode;
        c.pos = 0;
        for (LLVMValueRef i = LLVMGetFirstInstruction(f->blocks[bi].bb); i; i = LLVMGetNextInstruction(i)) {
            if (is_debug_intrinsic(i))
                continue;
            c.inst = i;
            uint64_t w;
            if (ptrmap_get(&vm->watched, i, &w) && vm->watch[w - 1].before)
                watch_op(&c, i, (size_t)w - 1, 0);
            bool terminator = LLVMIsATerminatorInst(i) != NULL;
            if (terminator)
                probes_at(&c, i);
            cc_inst(&c, i);
            if (!terminator)
                probes_at(&c, i);
            if (ptrmap_get(&vm->watched, i, &w))
                watch_op(&c, i, (size_t)w - 1, 1);
            c.pos++;
        }
    }
    finish(&c);
    ptrmap_free(&c.vslot);
    ptrmap_free(&c.cslot);
    ptrmap_free(&c.bidx);
    ptrmap_free(&c.folded);
    ptrmap_free(&c.aliased);
    ptrmap_free(&c.indexed);
    f->ret_slots = exec_type_slots(LLVMGetReturnType(LLVMGlobalGetValueType(f->fn)));
    f->compiled = true;
    return !c.failed;
}
