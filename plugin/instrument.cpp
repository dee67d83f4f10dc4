// instrument.cpp — -lpnest-instrument: counters for host programs. For
// every function it can count, the pass records the CFG as it is at the end
// of the pipeline (the IR `clang -emit-llvm` writes with the same flags,
// which lpnest later lowers) and then counts, in one array per module: the
// calls, every edge (in block and successor order; conditional edges go
// through a new block of their own), the outcomes of selects, of the first
// operand of an and/or a branch tests, of comparisons used as values and of
// integer min/max (which operand, and ties)
// (the records the IR engine keeps, matched by block and position), and the
// paths through merge points (which in-edge, then which out-edge), which
// lpnest needs where code generation duplicates blocks. A constructor
// registers the array and its description (plugin/PROFILE.md) with the
// runtime, lpnest_rt.c, which writes the profile at exit.
#include "lpnest.h"

#include "estimate_static.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstdio>
#include <map>
#include <string>
#include <vector>

using namespace llvm;

namespace {

enum SiteKind { SiteSelect, SiteLogic, SiteCmp, SiteMinMax };
const char *const SiteNames[] = {"select", "logic", "cmp", "minmax"};
// counters per lane: outcome (true, false); min/max also (equal, not equal)
unsigned perLane(SiteKind K) { return K == SiteMinMax ? 4 : 2; }

struct Site {
  Instruction *I;
  unsigned Block, Pos, Lanes;
  SiteKind Kind;
  uint64_t Counter;
};

struct Pairs {
  unsigned Block;
  std::vector<std::pair<unsigned, unsigned>> In; // (predecessor block, successor number)
  unsigned NOut;
  uint64_t Counter;
};

struct Plan {
  Function *F;
  std::vector<BasicBlock *> Blocks;
  uint64_t Base;                     // first counter: calls, then edges
  std::vector<uint64_t> EdgeOff;     // per block: counter of its first out-edge
  std::vector<Site> Sites;
  std::vector<Pairs> Paths;
  std::map<unsigned, size_t> PathOf; // block -> index in Paths
};

bool countable(const Function &F) {
  if (F.isDeclaration() || F.getName().starts_with("__lpnest_"))
    return false;
  for (char C : F.getName())
    if (C == ' ' || C == '\t' || C == '\n')
      return false;
  for (const BasicBlock &BB : F) {
    const Instruction *T = BB.getTerminator();
    if (!T || !(llvm::isa<BranchInst>(T) || llvm::isa<SwitchInst>(T) || llvm::isa<ReturnInst>(T) || llvm::isa<UnreachableInst>(T)))
      return false; // invoke, indirectbr, callbr: edges that cannot be split
  }
  return true;
}

// A comparison used as a value (not only by branches, select conditions, and/or).
bool materialized(const ICmpInst *C) {
  for (const User *U : C->users()) {
    auto *I = dyn_cast<Instruction>(U);
    if (!I)
      return true;
    if (llvm::isa<BranchInst>(I) || (llvm::isa<SelectInst>(I) && I->getOperand(0) == C) || I->getOpcode() == Instruction::And ||
        I->getOpcode() == Instruction::Or)
      continue;
    return true;
  }
  return false;
}

// An i1 and/or whose only use is a conditional branch of its block.
bool branchCondition(const Instruction &I) {
  if (!I.getType()->isIntegerTy(1) || !I.hasOneUse())
    return false;
  auto *Br = dyn_cast<BranchInst>(*I.user_begin());
  return Br && Br->getParent() == I.getParent();
}

void planSites(Plan &P) {
  for (unsigned B = 0; B < P.Blocks.size(); B++) {
    unsigned Pos = 0;
    for (Instruction &I : *P.Blocks[B]) {
      if (llvm::isa<DbgInfoIntrinsic>(I))
        continue;
      unsigned Here = Pos++;
      if (auto *S = dyn_cast<SelectInst>(&I)) {
        Type *CT = S->getCondition()->getType();
        unsigned Lanes = 1;
        if (auto *VT = dyn_cast<FixedVectorType>(CT))
          Lanes = VT->getNumElements();
        else if (!CT->isIntegerTy(1))
          continue;
        P.Sites.push_back({&I, B, Here, Lanes, SiteSelect, 0});
      } else if ((I.getOpcode() == Instruction::And || I.getOpcode() == Instruction::Or) && branchCondition(I)) {
        P.Sites.push_back({&I, B, Here, 1, SiteLogic, 0});
      } else if (auto *C = dyn_cast<ICmpInst>(&I)) {
        if (C->getType()->isIntegerTy(1) && materialized(C))
          P.Sites.push_back({&I, B, Here, 1, SiteCmp, 0});
      } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
        Intrinsic::ID ID = II->getIntrinsicID();
        if (ID != Intrinsic::smin && ID != Intrinsic::smax && ID != Intrinsic::umin && ID != Intrinsic::umax)
          continue;
        Type *T = II->getType();
        unsigned Lanes = 1;
        if (auto *VT = dyn_cast<FixedVectorType>(T)) {
          Lanes = VT->getNumElements();
          T = VT->getElementType();
        } else if (T->isVectorTy())
          continue;
        if (T->isIntegerTy() && T->getIntegerBitWidth() <= 64)
          P.Sites.push_back({&I, B, Here, Lanes, SiteMinMax, 0});
      }
    }
  }
}

void planPaths(Plan &P, const std::map<BasicBlock *, unsigned> &Index) {
  std::vector<std::vector<std::pair<unsigned, unsigned>>> In(P.Blocks.size());
  for (unsigned B = 0; B < P.Blocks.size(); B++) {
    const Instruction *T = P.Blocks[B]->getTerminator();
    for (unsigned K = 0; K < T->getNumSuccessors(); K++)
      In[Index.at(T->getSuccessor(K))].push_back({B, K});
  }
  for (unsigned Y = 0; Y < P.Blocks.size(); Y++) {
    unsigned NOut = P.Blocks[Y]->getTerminator()->getNumSuccessors();
    if (In[Y].size() < 2 || NOut < 2 || In[Y].size() * NOut > 4096)
      continue;
    P.PathOf[Y] = P.Paths.size();
    P.Paths.push_back({Y, In[Y], NOut, 0});
  }
}

// counters[Index] += 1
void bump(IRBuilder<> &B, GlobalVariable *Ctr, Value *Index) {
  Type *I64 = B.getInt64Ty();
  Value *Slot = B.CreateInBoundsGEP(Ctr->getValueType(), Ctr, {B.getInt64(0), Index}, "lpnest.slot");
  Value *Old = B.CreateLoad(I64, Slot, "lpnest.old");
  B.CreateStore(B.CreateAdd(Old, B.getInt64(1)), Slot);
}

// counters[Base + (V ? 0 : 1)] += 1 (outcome 0 is "true")
void bumpOutcome(IRBuilder<> &B, GlobalVariable *Ctr, uint64_t Base, Value *V) {
  Value *Off = B.CreateZExt(B.CreateNot(V), B.getInt64Ty());
  bump(B, Ctr, B.CreateAdd(B.getInt64(Base), Off));
}

void instrumentFunction(Plan &P, GlobalVariable *Ctr) {
  Function &F = *P.F;
  LLVMContext &C = F.getContext();
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  bump(B, Ctr, B.getInt64(P.Base));
  AllocaInst *InSlot = nullptr;
  if (!P.Paths.empty()) {
    IRBuilder<> A(&F.getEntryBlock(), F.getEntryBlock().begin());
    InSlot = A.CreateAlloca(A.getInt32Ty(), nullptr, "lpnest.in");
  }
  for (Site &S : P.Sites) {
    if (S.Kind == SiteMinMax) {
      // the first operand is chosen (ties: smin/umin a <= b, smax/umax a >= b), and ties
      IRBuilder<> Before(S.I);
      Intrinsic::ID ID = cast<IntrinsicInst>(S.I)->getIntrinsicID();
      CmpInst::Predicate Pred = ID == Intrinsic::smin   ? CmpInst::ICMP_SLE
                                : ID == Intrinsic::smax ? CmpInst::ICMP_SGE
                                : ID == Intrinsic::umin ? CmpInst::ICMP_ULE
                                                        : CmpInst::ICMP_UGE;
      Value *A = S.I->getOperand(0), *Bv = S.I->getOperand(1);
      for (unsigned L = 0; L < S.Lanes; L++) {
        Value *X = S.Lanes > 1 ? Before.CreateExtractElement(A, Before.getInt64(L)) : A;
        Value *Y = S.Lanes > 1 ? Before.CreateExtractElement(Bv, Before.getInt64(L)) : Bv;
        bumpOutcome(Before, Ctr, S.Counter + 4 * L, Before.CreateICmp(Pred, X, Y));
        bumpOutcome(Before, Ctr, S.Counter + 4 * L + 2, Before.CreateICmpEQ(X, Y));
      }
      continue;
    }
    if (S.Kind == SiteCmp) {
      IRBuilder<> After(S.I->getNextNode());
      bumpOutcome(After, Ctr, S.Counter, S.I);
      continue;
    }
    IRBuilder<> Before(S.I);
    Value *V = S.I->getOperand(0);
    if (S.Lanes == 1) {
      bumpOutcome(Before, Ctr, S.Counter, V);
      continue;
    }
    for (unsigned L = 0; L < S.Lanes; L++)
      bumpOutcome(Before, Ctr, S.Counter + 2 * L, Before.CreateExtractElement(V, Before.getInt64(L)));
  }
  // in-edge numbers of each tracked block, by (predecessor, successor number)
  std::map<std::pair<unsigned, unsigned>, std::pair<size_t, unsigned>> InNumber;
  for (size_t Q = 0; Q < P.Paths.size(); Q++)
    for (unsigned I = 0; I < P.Paths[Q].In.size(); I++)
      InNumber[P.Paths[Q].In[I]] = {Q, I};
  for (unsigned Bk = 0; Bk < P.Blocks.size(); Bk++) {
    BasicBlock *BB = P.Blocks[Bk];
    Instruction *T = BB->getTerminator();
    unsigned N = T->getNumSuccessors();
    for (unsigned K = 0; K < N; K++) {
      uint64_t Edge = P.EdgeOff[Bk] + K;
      auto In = InNumber.find({Bk, K});
      if (N == 1) {
        // the block's count is the edge's: count it in place
        IRBuilder<> At(T);
        bump(At, Ctr, At.getInt64(Edge));
        if (In != InNumber.end())
          At.CreateStore(At.getInt32(In->second.second), InSlot);
        continue;
      }
      BasicBlock *Dest = T->getSuccessor(K);
      BasicBlock *NB = BasicBlock::Create(C, "lpnest.edge", &F);
      IRBuilder<> At(NB);
      bump(At, Ctr, At.getInt64(Edge));
      auto Out = P.PathOf.find(Bk);
      if (Out != P.PathOf.end()) {
        // leaving a tracked block: count (in-edge, this out-edge)
        const Pairs &Pr = P.Paths[Out->second];
        Value *InIdx = At.CreateZExt(At.CreateLoad(At.getInt32Ty(), InSlot, "lpnest.from"), At.getInt64Ty());
        Value *Idx = At.CreateAdd(At.CreateMul(InIdx, At.getInt64(Pr.NOut)), At.getInt64(Pr.Counter + K));
        bump(At, Ctr, Idx);
      }
      if (In != InNumber.end())
        At.CreateStore(At.getInt32(In->second.second), InSlot);
      At.CreateBr(Dest);
      T->setSuccessor(K, NB);
      for (PHINode &Phi : Dest->phis()) {
        int Idx = Phi.getBasicBlockIndex(BB);
        if (Idx >= 0)
          Phi.setIncomingBlock(unsigned(Idx), NB);
      }
    }
  }
}

std::string hex(uint64_t V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%016llx", (unsigned long long)V);
  return Buf;
}

} // namespace

unsigned lpnest::instrument(Module &M) {
  LLVMContext &C = M.getContext();
  std::vector<Plan> Plans;
  uint64_t N = 0;
  std::string Desc = "module " + (M.getSourceFileName().empty() ? M.getModuleIdentifier() : M.getSourceFileName());
  for (char &Ch : Desc)
    if (Ch == '\n')
      Ch = ' ';
  Desc += "\n";
  for (Function &F : M) {
    if (!countable(F))
      continue;
    Plan P;
    P.F = &F;
    std::map<BasicBlock *, unsigned> Index;
    for (BasicBlock &BB : F) {
      Index[&BB] = P.Blocks.size();
      P.Blocks.push_back(&BB);
    }
    P.Base = N;
    uint64_t Edges = 0;
    for (BasicBlock *BB : P.Blocks) {
      P.EdgeOff.push_back(P.Base + 1 + Edges);
      Edges += BB->getTerminator()->getNumSuccessors();
    }
    N += 1 + Edges;
    planSites(P);
    for (Site &S : P.Sites) {
      S.Counter = N;
      N += perLane(S.Kind) * uint64_t(S.Lanes);
    }
    planPaths(P, Index);
    for (Pairs &Pr : P.Paths) {
      Pr.Counter = N;
      N += uint64_t(Pr.In.size()) * Pr.NOut;
    }
    // the description: counters follow in this order
    Desc += "function " + F.getName().str() + " " + hex(cost_cfg_hash(wrap(&F))) + " " +
            std::to_string(P.Blocks.size()) + " " + std::to_string(Edges) + " " + std::to_string(P.Sites.size()) +
            " " + std::to_string(P.Paths.size()) + "\n";
    for (const Site &S : P.Sites)
      Desc += "s " + std::to_string(S.Block) + " " + std::to_string(S.Pos) + " " + SiteNames[S.Kind] + " " +
              std::to_string(S.Lanes) + "\n";
    for (const Pairs &Pr : P.Paths)
      Desc += "p " + std::to_string(Pr.Block) + " " + std::to_string(Pr.In.size()) + " " + std::to_string(Pr.NOut) +
              "\n";
    Plans.push_back(std::move(P));
  }
  if (Plans.empty())
    return 0;
  Desc += "counters " + std::to_string(N) + "\n";

  Type *I64 = Type::getInt64Ty(C);
  PointerType *Ptr = PointerType::getUnqual(C);
  ArrayType *AT = ArrayType::get(I64, N);
  auto *Ctr = new GlobalVariable(M, AT, false, GlobalValue::InternalLinkage, ConstantAggregateZero::get(AT),
                                 "__lpnest_counters");
  for (Plan &P : Plans)
    instrumentFunction(P, Ctr);

  Constant *Text = ConstantDataArray::getString(C, Desc);
  auto *DescVar = new GlobalVariable(M, Text->getType(), true, GlobalValue::PrivateLinkage, Text, "__lpnest_desc");
  // struct lpnest_rt_module { const char *desc; uint64_t *counters; uint64_t n; void *next; }
  StructType *RecTy = StructType::get(C, {Ptr, Ptr, I64, Ptr});
  Constant *Init = ConstantStruct::get(RecTy, {DescVar, Ctr, ConstantInt::get(I64, N), ConstantPointerNull::get(Ptr)});
  auto *Rec = new GlobalVariable(M, RecTy, false, GlobalValue::InternalLinkage, Init, "__lpnest_module");
  FunctionCallee Register =
      M.getOrInsertFunction("__lpnest_rt_register", FunctionType::get(Type::getVoidTy(C), {Ptr}, false));
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(C), false), GlobalValue::InternalLinkage,
                                    "__lpnest_register_module", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Ctor));
  B.CreateCall(Register, {Rec});
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);
  return unsigned(Plans.size());
}
