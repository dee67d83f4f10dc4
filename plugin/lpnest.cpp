// lpnest.cpp — the clang pass plugin lpnest.so (plugin/README.md): pass
// registration at the end of the optimisation pipeline (every level, -O0
// included), the -lpnest-* options and LPNEST_OPTIONS, and the one thing
// the estimator's C library cannot compute itself: the probability of every
// CFG edge (LLVM's BranchProbabilityInfo heuristics, branch weights of a PGO
// profile, exact exit probabilities of loops whose trip count
// ScalarEvolution knows). The estimate, the report and the budget checks are
// the C library's (estimator/cost/include/estimate_static.h); this file turns its results
// into optimisation remarks and located diagnostics.
#include "lpnest.h"

#include "plugin_api.h"

#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfDataUtils.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace llvm;

namespace {

// The options. In LLVM 19 clang parses -mllvm before it loads a
// -fpass-plugin, so they exist for clang only when the same lpnest.so is
// also given to -fplugin= (which clang loads first); LPNEST_OPTIONS offers
// the same settings through the environment.
cl::opt<std::string> OptTarget("lpnest-target",
                               cl::desc("lpnest: estimate cycles per call on this core (a name of "
                                        "'lpnest --target=help', host for x86-64, or a description .yaml)"),
                               cl::value_desc("core"));
cl::opt<std::string> OptReport("lpnest-report",
                               cl::desc("lpnest: write the translation unit's JSON report here "
                                        "(%o: the object file's path without extension, %f: the "
                                        "source file's name without extension)"),
                               cl::value_desc("file"));
cl::opt<std::string> OptBudget("lpnest-budget",
                               cl::desc("lpnest: per-function cycle budgets (YAML); a function over "
                                        "budget is an error (or a warning, per the file)"),
                               cl::value_desc("file"));
cl::opt<bool> OptAllowIncomplete("lpnest-budget-allow-incomplete",
                                 cl::desc("lpnest: a budget that cannot be checked (no estimate, or cycles "
                                          "that leave out calls to other units, unpriced routines or "
                                          "indirect calls) is a warning, not an error"));
cl::opt<bool> OptInstrument("lpnest-instrument",
                            cl::desc("lpnest: count calls, edges and selects; the program writes the "
                                     "profile at exit (link liblpnest_rt.a)"));

struct Settings {
  std::string Target, Report, Budget;
  bool Instrument = false, AllowIncomplete = false;
  std::string Error;
};

bool parseBool(StringRef V, bool &Out) {
  if (V.empty() || V == "true" || V == "1") {
    Out = true;
    return true;
  }
  if (V == "false" || V == "0") {
    Out = false;
    return true;
  }
  return false;
}

// LPNEST_OPTIONS first ("-lpnest-target=ppc405 -lpnest-report=%f.json"),
// then the command line, whose options win.
Settings settings() {
  Settings S;
  if (const char *Env = std::getenv("LPNEST_OPTIONS")) {
    SmallVector<StringRef, 8> Tok;
    StringRef(Env).split(Tok, ' ', -1, false);
    for (size_t I = 0; I < Tok.size(); I++) {
      StringRef T = Tok[I].trim();
      if (T.empty())
        continue;
      StringRef Name = T.ltrim('-'), Value;
      bool HasValue = Name.contains('=');
      if (HasValue)
        std::tie(Name, Value) = Name.split('=');
      std::string *Dest = Name == "lpnest-target"   ? &S.Target
                          : Name == "lpnest-report" ? &S.Report
                          : Name == "lpnest-budget" ? &S.Budget
                                                    : nullptr;
      if (Dest) {
        if (!HasValue) {
          if (I + 1 == Tok.size()) {
            S.Error = ("LPNEST_OPTIONS: option '" + T + "' needs a value").str();
            return S;
          }
          Value = Tok[++I].trim();
        }
        *Dest = Value.str();
      } else if (Name == "lpnest-instrument" || Name == "lpnest-budget-allow-incomplete") {
        if (!parseBool(Value, Name == "lpnest-instrument" ? S.Instrument : S.AllowIncomplete)) {
          S.Error = ("LPNEST_OPTIONS: '" + T + "': expected true or false").str();
          return S;
        }
      } else {
        S.Error = ("LPNEST_OPTIONS: unknown option '" + T +
                   "' (known: -lpnest-target=, -lpnest-report=, -lpnest-budget=, "
                   "-lpnest-budget-allow-incomplete, -lpnest-instrument)")
                      .str();
        return S;
      }
    }
  }
  if (OptTarget.getNumOccurrences())
    S.Target = OptTarget;
  if (OptReport.getNumOccurrences())
    S.Report = OptReport;
  if (OptBudget.getNumOccurrences())
    S.Budget = OptBudget;
  if (OptInstrument.getNumOccurrences())
    S.Instrument = OptInstrument;
  if (OptAllowIncomplete.getNumOccurrences())
    S.AllowIncomplete = OptAllowIncomplete;
  return S;
}

// ---- the counts of a PGO profile --------------------------------------
// Clang writes a profile's counts as branch weights, each count + 1; the
// lowering of __builtin_expect (LowerExpectIntrinsicPass, early in the
// pipeline) then replaces the weights of every likely/unlikely branch with
// its fixed 2000:1, marked "expected". On a loop entered once that runs
// 70,000 times (lz4's compressor), 1:2000 exits make it run about 2,000 times
// and the +1 of branches taken once or never loses a third at each: the
// estimate was 16-77 times too low. So at the start of the pipeline the
// profile's weights of every branch are kept in !lpnest.pgo (with the
// successor __builtin_expect makes likely), and at the end a branch that is
// still the same one (its weights unchanged, or swapped by a pass that
// inverted its condition; for an "expected" branch, its likely successor)
// has its profile's counts back.
const char *const StashKind = "lpnest.pgo";

// The successor LowerExpectIntrinsic will make the likely one for branch
// BI (its rule: `br (icmp eq/ne (llvm.expect X, E), C)` or `br (llvm.expect
// X, E)`), or -1 when it does not lower an expectation there.
int expectedSuccessor(const BranchInst &BI) {
  if (!BI.isConditional())
    return -1;
  const Value *Cond = BI.getCondition();
  const auto *Cmp = dyn_cast<ICmpInst>(Cond);
  CmpInst::Predicate Pred = CmpInst::ICMP_NE;
  uint64_t Compared = 0;
  const CallInst *CI;
  if (Cmp) {
    Pred = Cmp->getPredicate();
    const auto *C = dyn_cast<ConstantInt>(Cmp->getOperand(1));
    if ((Pred != CmpInst::ICMP_NE && Pred != CmpInst::ICMP_EQ) || !C || C->getBitWidth() > 64)
      return -1;
    Compared = C->getZExtValue();
    CI = dyn_cast<CallInst>(Cmp->getOperand(0));
  } else
    CI = dyn_cast<CallInst>(Cond);
  const Function *Fn = CI ? CI->getCalledFunction() : nullptr;
  if (!Fn || (Fn->getIntrinsicID() != Intrinsic::expect && Fn->getIntrinsicID() != Intrinsic::expect_with_probability))
    return -1;
  const auto *E = dyn_cast<ConstantInt>(CI->getArgOperand(1));
  if (!E || E->getBitWidth() > 64)
    return -1;
  return (E->getZExtValue() == Compared) == (Pred == CmpInst::ICMP_EQ) ? 0 : 1;
}

// At the start of the pipeline: the profile's weights of every branch of a
// function with a profile, into !lpnest.pgo (the weights, then the
// expected successor or -1).
struct StashPgoPass : PassInfoMixin<StashPgoPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (settings().Target.empty())
      return PreservedAnalyses::all(); // no estimate in this compile
    LLVMContext &Ctx = M.getContext();
    Type *I32 = Type::getInt32Ty(Ctx);
    for (Function &F : M) {
      auto C = F.getEntryCount();
      if (F.isDeclaration() || !C || C->getType() != Function::PCT_Real)
        continue;
      for (BasicBlock &BB : F) {
        Instruction *TI = BB.getTerminator();
        SmallVector<uint32_t, 4> W;
        if (!TI || TI->getNumSuccessors() < 2 || hasBranchWeightOrigin(*TI) || !extractBranchWeights(*TI, W) ||
            W.size() != TI->getNumSuccessors())
          continue;
        SmallVector<Metadata *, 5> Ops;
        for (uint32_t X : W)
          Ops.push_back(ConstantAsMetadata::get(ConstantInt::get(I32, X)));
        const auto *BI = dyn_cast<BranchInst>(TI);
        Ops.push_back(ConstantAsMetadata::get(ConstantInt::getSigned(I32, BI ? expectedSuccessor(*BI) : -1)));
        TI->setMetadata(StashKind, MDNode::get(Ctx, Ops));
      }
    }
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

// The profile's counts of terminator TI's successors into W (its current
// weights), when its stash says they are known (see above).
bool profileCounts(const Instruction &TI, SmallVectorImpl<uint32_t> &W) {
  const MDNode *St = TI.getMetadata(StashKind);
  if (!St || St->getNumOperands() != W.size() + 1)
    return false;
  SmallVector<uint32_t, 4> S;
  for (unsigned K = 0; K < W.size(); K++)
    S.push_back(uint32_t(mdconst::extract<ConstantInt>(St->getOperand(K))->getZExtValue()));
  int64_t Likely = mdconst::extract<ConstantInt>(St->getOperand(W.size()))->getSExtValue();
  bool Same, Swapped;
  if (hasBranchWeightOrigin(TI)) {
    // "expected" weights: the order from their likely successor
    if (Likely < 0 || W.size() != 2 || W[0] == W[1])
      return false;
    Same = (W[0] > W[1] ? 0 : 1) == Likely;
    Swapped = !Same;
  } else {
    Same = ArrayRef<uint32_t>(W) == ArrayRef<uint32_t>(S);
    Swapped = W.size() == 2 && W[0] == S[1] && W[1] == S[0];
    if (!Same && !Swapped)
      return false; // weights a pass made: use them
  }
  if (!Same)
    std::swap(S[0], S[1]);
  uint64_t Total = 0;
  for (uint32_t &X : S) {
    X = X ? X - 1 : 0; // clang wrote count / scale + 1
    Total += X;
  }
  if (!Total)
    return false; // never reached in the profiled run: LLVM's weights
  W.assign(S.begin(), S.end());
  return true;
}

// The stashes go once read: the IR leaves the plugin as it came.
void dropStash(Module &M) {
  for (Function &F : M)
    for (BasicBlock &BB : F)
      if (Instruction *TI = BB.getTerminator(); TI && TI->hasMetadata(StashKind))
        TI->setMetadata(StashKind, nullptr);
}

// Loop rotation moves a loop's test from its header to its latch and
// re-estimates the latch's weights from the header's: from count + 1, so a
// loop entered once, exit weight 2, runs half its iterations (with the
// latch's stash, the header's profile weights, still on it). Where a
// rotated loop's latch leaves it and the loop was not unrolled,
// vectorized or peeled (whose latches run once per several iterations), its
// exit probability per iteration is the profile's: exits over body entries
// (the header's smaller count over its larger, the loop iterating), taking
// the entries that skip the loop as rare, as LoopRotate does.
void rotatedLatches(LoopInfo &LI, const DenseMap<const BasicBlock *, size_t> &Index, const std::vector<size_t> &Off,
                    std::vector<double> &Prob, DenseSet<const BasicBlock *> &FromProfile) {
  for (Loop *L : LI.getLoopsInPreorder()) {
    BasicBlock *Latch = L->getLoopLatch();
    auto *BI = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
    const MDNode *St = BI ? BI->getMetadata(StashKind) : nullptr;
    SmallVector<uint32_t, 4> W;
    if (!BI || !BI->isConditional() || L->contains(BI->getSuccessor(0)) == L->contains(BI->getSuccessor(1)) || !St ||
        St->getNumOperands() != 3 ||
        !extractBranchWeights(*BI, W) || W.size() != 2 || hasBranchWeightOrigin(*BI))
      continue;
    if (MDNode *ID = L->getLoopID())
      for (const MDOperand &Op : ID->operands())
        if (const auto *N = dyn_cast<MDNode>(Op.get()); N && N->getNumOperands())
          if (const auto *K = dyn_cast<MDString>(N->getOperand(0).get());
              K && (K->getString().starts_with("llvm.loop.isvectorized") || K->getString().starts_with("llvm.loop.unroll") ||
                    K->getString().starts_with("llvm.loop.peeled")))
            W.clear();
    uint64_t A = mdconst::extract<ConstantInt>(St->getOperand(0))->getZExtValue(),
             B = mdconst::extract<ConstantInt>(St->getOperand(1))->getZExtValue();
    if (W.empty() || (W[0] == A && W[1] == B) || (W[0] == B && W[1] == A))
      continue; // transformed, or the profile's own weights (already counts)
    uint64_t Body = std::max(A, B) - 1, Exits = std::min(A, B) - 1;
    if (!Exits || Body <= Exits)
      continue;
    size_t Out = L->contains(BI->getSuccessor(0)) ? 1 : 0, At = Off[Index.lookup(Latch)];
    Prob[At + Out] = double(Exits) / double(Body);
    Prob[At + 1 - Out] = 1 - Prob[At + Out];
    FromProfile.insert(Latch);
  }
}

// How a function's block counts per call are known.
enum class Counts { Exact, ExactLoops, Static };

// Probabilities of the successors of every block of F, in block and
// successor order (the layout cost_freqs_add takes). Returns whether they
// are exact: every conditional branch is the exit of a loop with a constant
// trip count (ExactLoops), or there is none (Exact).
Counts probabilities(Function &F, FunctionAnalysisManager &FAM, std::vector<size_t> &Off, std::vector<double> &Prob,
                     unsigned &Known, unsigned &Branching) {
  auto &BPI = FAM.getResult<BranchProbabilityAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  DenseMap<const BasicBlock *, size_t> Index;
  size_t Branches = 0, ExactExits = 0;
  DenseSet<const BasicBlock *> FromProfile; // branches whose probabilities are the profile's counts
  Off.clear();
  Prob.clear();
  for (BasicBlock &BB : F) {
    Index[&BB] = Off.size();
    Off.push_back(Prob.size());
    const Instruction *TI = BB.getTerminator();
    unsigned N = TI ? TI->getNumSuccessors() : 0;
    Branches += N > 1;
    // branch weights (a PGO profile, __builtin_expect) as exact ratios;
    // BranchProbabilityInfo rounds them to 31 bits
    SmallVector<uint32_t, 4> W;
    uint64_t Sum = 0;
    if (N > 1 && extractBranchWeights(*TI, W) && W.size() == N) {
      if (profileCounts(*TI, W))
        FromProfile.insert(&BB);
      for (uint32_t X : W)
        Sum += X;
    }
    for (unsigned K = 0; K < N; K++) {
      double P;
      if (N == 1)
        P = 1;
      else if (Sum)
        P = double(W[K]) / double(Sum);
      else {
        BranchProbability BP = BPI.getEdgeProbability(&BB, K);
        P = double(BP.getNumerator()) / double(BP.getDenominator());
      }
      Prob.push_back(P);
    }
  }
  Off.push_back(Prob.size());
  rotatedLatches(LI, Index, Off, Prob, FromProfile);
  // A loop left through one block that runs once per iteration, with a
  // constant trip count: its exit is taken once in (backedge count + 1).
  for (Loop *L : LI.getLoopsInPreorder()) {
    BasicBlock *X = L->getExitingBlock(), *Latch = L->getLoopLatch();
    if (!X || !Latch || LI.getLoopFor(X) != L || !DT.dominates(X, Latch))
      continue;
    auto *BI = dyn_cast<BranchInst>(X->getTerminator());
    auto *BTC = dyn_cast<SCEVConstant>(SE.getBackedgeTakenCount(L));
    if (!BI || !BI->isConditional() || !BTC || BTC->getAPInt().getActiveBits() > 52)
      continue;
    bool Out0 = !L->contains(BI->getSuccessor(0)), Out1 = !L->contains(BI->getSuccessor(1));
    if (Out0 == Out1)
      continue;
    double Trips = double(BTC->getAPInt().getZExtValue()) + 1;
    size_t B = Index[X];
    Prob[Off[B] + 0] = Out0 ? 1 / Trips : (Trips - 1) / Trips;
    Prob[Off[B] + 1] = Out1 ? 1 / Trips : (Trips - 1) / Trips;
    ExactExits++;
    FromProfile.insert(X);
  }
  Known = unsigned(FromProfile.size());
  Branching = unsigned(Branches);
  return !Branches ? Counts::Exact : ExactExits == Branches ? Counts::ExactLoops : Counts::Static;
}

// Functions whose counts per call, and those of every function of the unit
// they call, are exact (a function is as exact as its least exact callee).
void exactCallees(Module &M, DenseMap<const Function *, Counts> &C) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Function &F : M) {
      auto It = C.find(&F);
      if (It == C.end() || It->second == Counts::Static)
        continue;
      for (Instruction &I : instructions(F))
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (Function *G = CB->getCalledFunction(); G && !G->isDeclaration() && C.lookup(G) == Counts::Static) {
            It->second = Counts::Static;
            Changed = true;
            break;
          }
    }
  }
}

// The compiler's command line (this process's: clang runs its cc1 in
// process, or the cc1 itself), for the object file's name.
std::vector<std::string> commandLine() {
  std::vector<std::string> Args;
  if (FILE *F = std::fopen("/proc/self/cmdline", "rb")) {
    std::string Cur;
    for (int C; (C = std::fgetc(F)) != EOF;)
      if (C)
        Cur += char(C);
      else {
        Args.push_back(Cur);
        Cur.clear();
      }
    std::fclose(F);
  }
  return Args;
}

// The output file of the compile (-o FILE, -oFILE, --output=FILE), or "".
std::string outputFile() {
  std::vector<std::string> Args = commandLine();
  std::string Out;
  for (size_t I = 1; I < Args.size(); I++) {
    StringRef A = Args[I];
    if ((A == "-o" || A == "--output") && I + 1 < Args.size())
      Out = Args[++I];
    else if (A.starts_with("--output="))
      Out = A.substr(9).str();
    else if (A.starts_with("-o") && A.size() > 2 && !A.starts_with("-objc") && !A.starts_with("-object"))
      Out = A.substr(2).str();
  }
  return Out == "-" || Out == "/dev/null" ? std::string() : Out;
}

// A compile CMake makes to identify the compiler or try a flag
// (CMakeFiles/<version>/CompilerIdC, CMakeFiles/CMakeScratch/TryCompile-*,
// CMakeFiles/CMakeTmp): no estimate, no report.
bool cmakeProbe(const Module &M) {
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  for (StringRef P : {StringRef(M.getSourceFileName()), StringRef(Cwd), StringRef(outputFile())})
    if (P.contains("CMakeFiles/CMakeScratch") || P.contains("CMakeFiles/CMakeTmp") ||
        (P.contains("CMakeFiles/") && P.contains("/CompilerId")) || sys::path::filename(P).starts_with("CMakeCCompilerId") ||
        sys::path::filename(P).starts_with("CMakeCXXCompilerId"))
      return true;
  return false;
}

std::string number(double V) {
  char Buf[64];
  if (std::fabs(V - std::round(V)) < 0.005)
    std::snprintf(Buf, sizeof Buf, "%.0f", V);
  else
    std::snprintf(Buf, sizeof Buf, "%.2f", V);
  return Buf;
}

// "%f" in a report path: the source file's name without directory and
// extension; "%o": the object file's path without extension (unique per
// compile, next to the object, as -fsave-optimization-record's file; the
// source's name in the working directory when the compile names no output).
std::string reportPath(const std::string &Pattern, const Module &M) {
  std::string Out;
  StringRef Stem = sys::path::stem(M.getSourceFileName());
  std::string Object;
  if (Pattern.find("%o") != std::string::npos) {
    SmallString<256> O(outputFile());
    if (O.empty())
      O = Stem;
    sys::path::replace_extension(O, "");
    Object = O.str().str();
  }
  for (size_t I = 0; I < Pattern.size(); I++) {
    if (Pattern[I] == '%' && I + 1 < Pattern.size() && Pattern[I + 1] == 'f') {
      Out += Stem.str();
      I++;
    } else if (Pattern[I] == '%' && I + 1 < Pattern.size() && Pattern[I + 1] == 'o') {
      Out += Object;
      I++;
    } else
      Out += Pattern[I];
  }
  return Out;
}

// What a function's cycles leave out, for its remark: "" when nothing.
std::string excluded(const tool_plugin_func &PF) {
  std::string Out;
  auto Add = [&](double N, const char *One, const char *Many) {
    if (N > 0)
      Out += (Out.empty() ? "" : ", ") + (N < 0.005 ? std::string("<0.01") : number(N)) + " " +
             (std::fabs(N - 1) < 0.005 ? One : Many);
  };
  Add(PF.other_units, "call to a function defined elsewhere", "calls to functions defined elsewhere");
  Add(PF.unpriced, "call to an unpriced routine", "calls to unpriced routines");
  Add(PF.indirect, "indirect call", "indirect calls");
  if (!Out.empty() && PF.callees)
    Out += std::string(" (") + PF.callees + ")";
  unsigned Own = (PF.other_units > 0 ? 1 : 0) | (PF.unpriced > 0 ? 2 : 0) | (PF.indirect > 0 ? 4 : 0);
  if (PF.incomplete & ~Own)
    Out += std::string(Out.empty() ? "" : "; ") + "what the functions it calls leave out";
  return Out.empty() ? Out : "; not included: " + Out;
}

// The subprogram of function NAME as debug info knows it: its own, or that
// of a copy inlined into another function (whose Function goes to *HOLDER).
DISubprogram *findSubprogram(Module &M, StringRef Name, Function *&Holder) {
  Holder = nullptr;
  if (Function *F = M.getFunction(Name); F && !F->isDeclaration() && F->getSubprogram()) {
    Holder = F;
    return F->getSubprogram();
  }
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      for (DILocation *L = I.getDebugLoc().get(); L; L = L->getInlinedAt())
        if (DISubprogram *SP = L->getScope()->getSubprogram(); SP && SP->getName() == Name) {
          Holder = &F;
          return SP;
        }
  return nullptr;
}

// A remark's place: the function's name (a DISubprogram's own location is
// its opening brace).
DiagnosticLocation remarkLoc(Function &F) {
  if (DISubprogram *SP = F.getSubprogram())
    return DiagnosticLocation(DILocation::get(F.getContext(), SP->getLine(), 0, SP));
  return DiagnosticLocation();
}

bool estimate(Module &M, ModuleAnalysisManager &MAM, const Settings &S) {
  LLVMContext &Ctx = M.getContext();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  cost_freqs *FQ = cost_freqs_new();
  bool Profile = false;
  std::vector<size_t> Off;
  std::vector<double> Prob;
  DenseMap<const Function *, Counts> Exact;
  DenseMap<const Function *, std::pair<unsigned, unsigned>> Known; // branches the profile gives, of all
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (auto C = F.getEntryCount(); C && C->getType() == Function::PCT_Real)
      Profile = true;
    unsigned K = 0, B = 0;
    Exact[&F] = probabilities(F, FAM, Off, Prob, K, B);
    Known[&F] = {K, B};
    cost_freqs_add(FQ, F.getName().str().c_str(), F.size(), Off.data(), Prob.data());
  }
  // declarations of the C library (LLVM's TargetLibraryInfo knows them):
  // a call to one is to an unpriced routine, not into another unit of the
  // program; marked in the bitcode the estimator reads, then unmarked
  TargetLibraryInfoImpl TLII{Triple(M.getTargetTriple())};
  TargetLibraryInfo TLI(TLII);
  std::vector<Function *> Library;
  for (Function &F : M)
    if (LibFunc LF; F.isDeclaration() && !F.isIntrinsic() && TLI.getLibFunc(F, LF)) {
      F.setMetadata("lpnest.library", MDNode::get(Ctx, {}));
      Library.push_back(&F);
    }
  SmallVector<char, 0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(M, OS);
  for (Function *F : Library)
    F->setMetadata("lpnest.library", nullptr);
  std::string Name = M.getSourceFileName().empty() ? M.getModuleIdentifier() : M.getSourceFileName();
  std::string Report = S.Report.empty() ? std::string() : reportPath(S.Report, M);
  tool_plugin_options O = {};
  O.target = S.Target.c_str();
  O.report = Report.empty() ? nullptr : Report.c_str();
  O.budget = S.Budget.empty() ? nullptr : S.Budget.c_str();
  O.profile = Profile;
  O.allow_incomplete = S.AllowIncomplete;
  O.name = Name.c_str();
  tool_plugin_result *R = tool_plugin_estimate(&O, Bitcode.data(), Bitcode.size(), FQ, stderr);
  cost_freqs_free(FQ);
  if (!R) {
    Ctx.diagnose(lpnest::Diagnostic("lpnest: no estimate for '" + Name + "' (see the messages above)", DS_Error));
    return false;
  }
  exactCallees(M, Exact);
  DenseSet<const Function *> Estimated;
  for (size_t I = 0; I < R->nfuncs; I++) {
    const tool_plugin_func &PF = R->funcs[I];
    Function *F = M.getFunction(PF.name);
    if (!F || F->isDeclaration())
      continue;
    Estimated.insert(F);
    // what the counts rest on, for this function and the ones it calls
    Counts C = Exact.lookup(F);
    std::string Source = Profile                   ? "profile block frequencies"
                         : C == Counts::Exact      ? "exact block counts"
                         : C == Counts::ExactLoops ? "exact trip counts"
                                                   : "static block frequencies";
    // the optimizer re-estimates the weights of branches it makes or merges
    // (and __builtin_expect's replace the profile's): say how many are the profile's
    if (auto [K, B] = Known.lookup(F); Profile && K < B)
      Source += " (" + std::to_string(K) + " of " + std::to_string(B) +
                " branches from the profile, the others as the optimizer re-estimated them)";
    OptimizationRemarkEmitter ORE(F);
    ORE.emit([&] {
      return OptimizationRemarkAnalysis("lpnest", "CyclesPerCall", remarkLoc(*F), &F->getEntryBlock())
             << ore::NV("Function", F->getName()) << ": " << ore::NV("Cycles", number(PF.inclusive))
             << " cycles per call on " << ore::NV("Core", R->core) << " (" << ore::NV("Counts", Source)
             << (PF.estimated ? ", some split evenly" : "") << "; own code "
             << ore::NV("SelfCycles", number(PF.self)) << " cycles, "
             << ore::NV("Instructions", number(PF.instructions)) << " instructions"
             << ore::NV("Excluded", excluded(PF)) << ")";
    });
  }
  // a remark for every function: those lpnest could not price say why
  for (Function &F : M) {
    if (F.isDeclaration() || Estimated.contains(&F))
      continue;
    std::string Why = "not priced";
    std::string Key = "function '" + F.getName().str() + "'";
    for (size_t I = 0; I < R->nwarnings; I++)
      if (StringRef(R->warnings[I]).contains(Key)) {
        Why = StringRef(R->warnings[I]).split(Key + ": ").second.str();
        if (Why.empty())
          Why = R->warnings[I];
        break;
      }
    OptimizationRemarkEmitter ORE(&F);
    ORE.emit([&] {
      return OptimizationRemarkAnalysis("lpnest", "NoEstimate", remarkLoc(F), &F.getEntryBlock())
             << ore::NV("Function", F.getName()) << ": no estimate on " << ore::NV("Core", R->core) << " ("
             << ore::NV("Reason", Why) << ")";
    });
  }
  for (size_t I = 0; I < R->nover; I++) {
    const tool_plugin_over &Ov = R->over[I];
    Function *F = Ov.func ? M.getFunction(Ov.func) : nullptr;
    if (Ov.message) {
      // a function inlined everywhere (located at its definition, in the
      // function holding a copy), or a budget that cannot be checked
      Function *Holder = nullptr;
      DISubprogram *SP = Ov.func ? findSubprogram(M, Ov.func, Holder) : nullptr;
      if (!Holder && F && !F->isDeclaration())
        Holder = F;
      if (!Holder)
        continue;
      DiagnosticLocation Loc = SP ? DiagnosticLocation(DILocation::get(Ctx, SP->getLine(), 0, SP)) : remarkLoc(*Holder);
      Ctx.diagnose(DiagnosticInfoUnsupported(*Holder, std::string("lpnest: on ") + R->core + ": " + Ov.message, Loc,
                                             Ov.warning ? DS_Warning : DS_Error));
    } else if (F) {
      std::string What = std::string("lpnest: ") + Ov.what + " on " + R->core;
      Ctx.diagnose(DiagnosticInfoResourceLimit(*F, What.c_str(), uint64_t(std::ceil(Ov.actual)),
                                               uint64_t(std::llround(Ov.limit)), Ov.warning ? DS_Warning : DS_Error));
    } else
      continue;
    // located at the limit in the budgets file, as a compiler's notes are
    // (clang's diagnostics can only point into the unit's own sources)
    errs() << Ov.where << ": note: lpnest: the budget of '" << Ov.func << "' is set here\n";
  }
  tool_plugin_result_free(R);
  return true;
}

struct LpnestPass : PassInfoMixin<LpnestPass> {
  bool ForceInstrument;
  explicit LpnestPass(bool ForceInstrument) : ForceInstrument(ForceInstrument) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    Settings S = settings();
    if (!S.Error.empty()) {
      M.getContext().diagnose(lpnest::Diagnostic("lpnest: " + S.Error, DS_Error));
      return PreservedAnalyses::all();
    }
    if (S.Target.empty() && (!S.Report.empty() || !S.Budget.empty())) {
      M.getContext().diagnose(
          lpnest::Diagnostic("lpnest: -lpnest-report and -lpnest-budget need -lpnest-target=CORE", DS_Error));
      return PreservedAnalyses::all();
    }
    if (!S.Target.empty() && !cmakeProbe(M))
      estimate(M, MAM, S);
    dropStash(M);
    if ((S.Instrument || ForceInstrument) && lpnest::instrument(M))
      return PreservedAnalyses::none();
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

} // namespace

static int pluginKind() {
  static int Kind = getNextAvailablePluginDiagnosticKind();
  return Kind;
}

lpnest::Diagnostic::Diagnostic(std::string Msg, DiagnosticSeverity Severity)
    : DiagnosticInfo(pluginKind(), Severity), Msg(std::move(Msg)) {}

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default"))) PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "lpnest", LPNEST_VERSION_STRING, [](PassBuilder &PB) {
            PB.registerPipelineStartEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(StashPgoPass()); });
            PB.registerOptimizerLastEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(LpnestPass(false)); });
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name == "lpnest" || Name == "lpnest-instrument") {
                    MPM.addPass(LpnestPass(Name == "lpnest-instrument"));
                    return true;
                  }
                  return false;
                });
          }};
}
