// lpnest.cpp — the clang pass plugin lpnest.so (plugin/README.md): pass
// registration at the end of the optimisation pipeline (every level, -O0
// included), the -lpnest-* options and LPNEST_OPTIONS, and the one thing
// the estimator's C library cannot compute itself: the probability of every
// CFG edge (LLVM's BranchProbabilityInfo heuristics, branch weights of a PGO
// profile, exact exit probabilities of loops whose trip count
// ScalarEvolution knows). The estimate, the report and the budget checks are
// the C library's (estimator/cost/include/estimate_static.h); in a clang
// compile they run once clang has generated the unit's code, which they
// price (capture.cpp). This file turns their results into optimisation
// remarks and located diagnostics; it also names the report (beside the
// compile's output) and leaves build systems' probe compiles alone.
#include "lpnest.h"

#include "capture.h"

#include "plugin_api.h"

#include "llvm/Analysis/BranchProbabilityInfo.h"
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
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
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
cl::opt<bool> OptInstrument("lpnest-instrument",
                            cl::desc("lpnest: count calls, edges and selects; the program writes the "
                                     "profile at exit (link liblpnest_rt.a)"));

struct Settings {
  std::string Target, Report, Budget;
  bool Instrument = false;
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
      } else if (Name == "lpnest-instrument") {
        if (!parseBool(Value, S.Instrument)) {
          S.Error = ("LPNEST_OPTIONS: '" + T + "': expected true or false").str();
          return S;
        }
      } else {
        S.Error = ("LPNEST_OPTIONS: unknown option '" + T +
                   "' (known: -lpnest-target=, -lpnest-report=, -lpnest-budget=, -lpnest-instrument)")
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
  return S;
}

// How a function's block counts per call are known.
enum class Counts { Exact, ExactLoops, Static };

// Probabilities of the successors of every block of F, in block and
// successor order (the layout cost_freqs_add takes). Returns whether they
// are exact: every conditional branch is the exit of a loop with a constant
// trip count (ExactLoops), or there is none (Exact).
Counts probabilities(Function &F, FunctionAnalysisManager &FAM, std::vector<size_t> &Off, std::vector<double> &Prob) {
  auto &BPI = FAM.getResult<BranchProbabilityAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  DenseMap<const BasicBlock *, size_t> Index;
  size_t Branches = 0, ExactExits = 0;
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
    if (N > 1 && extractBranchWeights(*TI, W) && W.size() == N)
      for (uint32_t X : W)
        Sum += X;
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
  // A loop left through one block that runs once per iteration, with a
  // constant trip count: its exit is taken once in (backedge count + 1).
  if (LI.empty())
    return !Branches ? Counts::Exact : Counts::Static;
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
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
  }
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

// The compiler's command line (this process's: the clang driver, which
// runs its cc1 in process, or a cc1 of its own), response files expanded.
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
  BumpPtrAllocator A;
  StringSaver Saver(A);
  SmallVector<const char *, 64> Argv;
  for (const std::string &S : Args)
    Argv.push_back(Saver.save(S).data());
  if (!cl::ExpandResponseFiles(Saver, cl::TokenizeGNUCommandLine, Argv))
    return Args;
  return std::vector<std::string>(Argv.begin(), Argv.end());
}

// What the compile writes: the object file (cc1's -o; the driver's with
// -c or -S), or, when the unit is compiled and linked in one step, the
// prefix clang gives its other outputs (-dumpdir; by default the linked
// file's name and "-", as for -gsplit-dwarf's .dwo and -ftime-trace's
// file: `clang a.c b.c -o out/prog` gives out/prog-a.*, out/prog-b.*).
struct Outputs {
  std::string Object;  // "" when -o names none
  std::string DumpDir; // set for a unit whose object is a temporary of the link
  bool Discarded = false; // -o /dev/null or -
};

Outputs outputs() {
  std::vector<std::string> Args = commandLine();
  Outputs O;
  bool CC1 = Args.size() > 1 && Args[1] == "-cc1", Link = !CC1, DumpDirGiven = false;
  std::string Out;
  for (size_t I = 1; I < Args.size(); I++) {
    StringRef A = Args[I];
    if ((A == "-o" || A == "--output") && I + 1 < Args.size())
      Out = Args[++I];
    else if (A.starts_with("--output="))
      Out = A.substr(9).str();
    else if (A.starts_with("-o") && A.size() > 2 && !A.starts_with("-objc") && !A.starts_with("-object"))
      Out = A.substr(2).str();
    else if (A == "-dumpdir" && I + 1 < Args.size()) {
      O.DumpDir = Args[++I];
      DumpDirGiven = true;
    } else if (A == "-c" || A == "-S" || A == "-E" || A == "-fsyntax-only" || A == "-emit-llvm")
      Link = false;
  }
  O.Discarded = Out == "-" || Out == "/dev/null";
  if (CC1 || !Link) {
    O.Object = O.Discarded ? std::string() : Out;
    return O;
  }
  // the driver, compiling and linking: the object is a temporary
  if (!DumpDirGiven && !O.Discarded)
    O.DumpDir = (Out.empty() ? std::string("a") : Out) + "-";
  return O;
}

// A compile a build system makes to probe the compiler, not to build:
// CMake's (CMakeFiles/<version>/CompilerIdC, CMakeFiles/CMakeScratch/
// TryCompile-*, CMakeFiles/CMakeTmp: try_compile, check_c_source_compiles),
// autoconf's (conftest.c), Meson's (meson-private/), SCons' (.sconf_temp/),
// Waf's (.conf_check_*/) and zlib's configure (ztest<pid>.c). No estimate,
// no report.
bool probe(const Module &M) {
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  Outputs O = outputs();
  for (StringRef P : {StringRef(M.getSourceFileName()), StringRef(Cwd), StringRef(O.Object), StringRef(O.DumpDir)})
    if (P.contains("CMakeFiles/CMakeScratch") || P.contains("CMakeFiles/CMakeTmp") ||
        (P.contains("CMakeFiles/") && P.contains("/CompilerId")) || P.contains("meson-private") ||
        P.contains(".sconf_temp") || P.contains(".conf_check_"))
      return true;
  StringRef Stem = sys::path::stem(M.getSourceFileName());
  return Stem == "conftest" || Stem.starts_with("CMakeCCompilerId") || Stem.starts_with("CMakeCXXCompilerId") ||
         (Stem.starts_with("ztest") && Stem.size() > 5 && Stem.substr(5).find_first_not_of("0123456789") == StringRef::npos);
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
// source's name in the working directory when the compile names no object),
// or in a compile and link in one step the other outputs' prefix and the
// source's name (outputs()). "" when the object is discarded (-o /dev/null):
// no report beside nothing.
std::string reportPath(const std::string &Pattern, const Module &M) {
  std::string Out;
  StringRef Stem = sys::path::stem(M.getSourceFileName());
  std::string Object;
  if (Pattern.find("%o") != std::string::npos) {
    Outputs O = outputs();
    if (O.Discarded)
      return "";
    if (!O.DumpDir.empty())
      Object = O.DumpDir + Stem.str();
    else {
      SmallString<256> P(O.Object.empty() ? Stem : StringRef(O.Object));
      sys::path::replace_extension(P, "");
      Object = P.str().str();
    }
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

// A remark's place: the function's name (a DISubprogram's own location is
// its opening brace).
DiagnosticLocation remarkLoc(Function &F) {
  if (DISubprogram *SP = F.getSubprogram())
    return DiagnosticLocation(DILocation::get(F.getContext(), SP->getLine(), 0, SP));
  return DiagnosticLocation();
}

// What the estimate of a unit takes from the optimisation pipeline: the
// branch probabilities (and how exact they are), measured where the
// analyses are; the estimate itself runs once clang has generated the code.
struct Job {
  Module *M;
  Settings S;
  cost_freqs *FQ = cost_freqs_new();
  bool Profile = false;
  StringMap<Counts> Exact; // by function name, callees' exactness included
  std::string Name, Report;
  ~Job() { cost_freqs_free(FQ); }
};

std::shared_ptr<Job> prepare(Module &M, ModuleAnalysisManager &MAM, const Settings &S) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  auto J = std::make_shared<Job>();
  J->M = &M;
  J->S = S;
  std::vector<size_t> Off;
  std::vector<double> Prob;
  DenseMap<const Function *, Counts> Exact;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (auto C = F.getEntryCount(); C && C->getType() == Function::PCT_Real)
      J->Profile = true;
    Exact[&F] = probabilities(F, FAM, Off, Prob);
    cost_freqs_add(J->FQ, F.getName().str().c_str(), F.size(), Off.data(), Prob.data());
  }
  exactCallees(M, Exact);
  for (auto &E : Exact)
    J->Exact[E.first->getName()] = E.second;
  J->Name = M.getSourceFileName().empty() ? M.getModuleIdentifier() : M.getSourceFileName();
  J->Report = S.Report.empty() ? std::string() : reportPath(S.Report, M);
  return J;
}

// The estimate of the unit and what the compile says of it: from the
// machine code clang built when the capture has it, else from the IR
// (compiled by lpnest as clang would). EMIT delivers diagnostics.
void finish(Job &J, lpnest::Capture &Cap, const lpnest::Emit &Emit) {
  Module &M = *J.M;
  const Settings &S = J.S;
  tool_plugin_options O = {};
  O.target = S.Target.c_str();
  O.report = J.Report.empty() ? nullptr : J.Report.c_str();
  O.budget = S.Budget.empty() ? nullptr : S.Budget.c_str();
  O.profile = J.Profile;
  O.name = J.Name.c_str();
  tool_plugin_result *R;
  if (Cap.Complete) {
    std::vector<cost_code_bytes> Bytes;
    for (size_t I = 0; I < Cap.Names.size(); I++)
      Bytes.push_back({Cap.Names[I].c_str(), reinterpret_cast<const unsigned char *>(Cap.Bytes[I].data()),
                       Cap.Bytes[I].size()});
    cost_machine_code MC = {Cap.Assembly.c_str(), Bytes.data(), Bytes.size()};
    R = tool_plugin_estimate_code(&O, wrap(Cap.Snapshot.release()), &MC, J.FQ, stderr);
  } else {
    if (Cap.Bitcode.empty()) { // no code generation: the module is as the pipeline left it
      raw_string_ostream OS(Cap.Bitcode);
      WriteBitcodeToFile(M, OS, /*ShouldPreserveUseListOrder=*/true);
    }
    R = tool_plugin_estimate(&O, Cap.Bitcode.data(), Cap.Bitcode.size(), J.FQ, stderr);
  }
  if (!R) {
    Emit(lpnest::Diagnostic("lpnest: no estimate for '" + J.Name + "' (see the messages above)", DS_Error));
    return;
  }
  DenseSet<const Function *> Estimated;
  for (size_t I = 0; I < R->nfuncs; I++) {
    const tool_plugin_func &PF = R->funcs[I];
    Function *F = M.getFunction(PF.name);
    if (!F || F->isDeclaration())
      continue;
    Estimated.insert(F);
    // what the counts rest on, for this function and the ones it calls
    Counts C = J.Exact.lookup(PF.name);
    const char *Source = J.Profile                 ? "profile block frequencies"
                         : C == Counts::Exact      ? "exact block counts"
                         : C == Counts::ExactLoops ? "exact trip counts"
                                                   : "static block frequencies";
    Emit(OptimizationRemarkAnalysis("lpnest", "CyclesPerCall", remarkLoc(*F), &F->getEntryBlock())
         << ore::NV("Function", F->getName()) << ": " << ore::NV("Cycles", number(PF.inclusive))
         << " cycles per call on " << ore::NV("Core", R->core) << " (" << ore::NV("Counts", Source)
         << (PF.estimated ? ", some split evenly" : "") << "; own code " << ore::NV("SelfCycles", number(PF.self))
         << " cycles, " << ore::NV("Instructions", number(PF.instructions)) << " instructions)");
  }
  // a remark for every function: those lpnest could not price say why
  for (Function &F : M) {
    if (F.isDeclaration() || Estimated.contains(&F) || !J.Exact.count(F.getName()))
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
    Emit(OptimizationRemarkAnalysis("lpnest", "NoEstimate", remarkLoc(F), &F.getEntryBlock())
         << ore::NV("Function", F.getName()) << ": no estimate on " << ore::NV("Core", R->core) << " ("
         << ore::NV("Reason", Why) << ")");
  }
  for (size_t I = 0; I < R->nover; I++) {
    const tool_plugin_over &Ov = R->over[I];
    Function *F = Ov.func ? M.getFunction(Ov.func) : nullptr;
    if (!F)
      continue;
    std::string What = std::string("lpnest: ") + Ov.what + " on " + R->core;
    Emit(DiagnosticInfoResourceLimit(*F, What.c_str(), uint64_t(std::ceil(Ov.actual)),
                                     uint64_t(std::llround(Ov.limit)), Ov.warning ? DS_Warning : DS_Error));
    // located at the limit in the budgets file, as a compiler's notes are
    // (clang's diagnostics can only point into the unit's own sources)
    errs() << Ov.where << ": note: lpnest: the budget of '" << Ov.func << "' is set here\n";
  }
  tool_plugin_result_free(R);
}

// The estimate of M: after clang's code generation, from the code it
// generates (capture.h), when this is a clang compile; else (opt) now.
void estimate(Module &M, ModuleAnalysisManager &MAM, const Settings &S, bool AfterCodegen) {
  std::shared_ptr<Job> J = prepare(M, MAM, S);
  if (AfterCodegen &&
      lpnest::watchCodegen(M, [J](lpnest::Capture &Cap, const lpnest::Emit &Emit) { finish(*J, Cap, Emit); }))
    return;
  lpnest::Capture None;
  finish(*J, None, [&M](const DiagnosticInfo &DI) { M.getContext().diagnose(DI); });
}

struct LpnestPass : PassInfoMixin<LpnestPass> {
  bool ForceInstrument, AtPipelineEnd;
  LpnestPass(bool ForceInstrument, bool AtPipelineEnd) : ForceInstrument(ForceInstrument), AtPipelineEnd(AtPipelineEnd) {}

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
    // in a clang compile (the pass at the end of its pipeline) the estimate
    // waits for clang's code generation, and prices its code; instrumented
    // code is not the code estimated
    if (!S.Target.empty() && !probe(M))
      estimate(M, MAM, S, AtPipelineEnd && !S.Instrument && !ForceInstrument);
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
            PB.registerOptimizerLastEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(LpnestPass(false, true)); });
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name == "lpnest" || Name == "lpnest-instrument") {
                    MPM.addPass(LpnestPass(Name == "lpnest-instrument", false));
                    return true;
                  }
                  return false;
                });
          }};
}
