// capture.cpp — reads the machine code clang's own code generation produces
// for the unit (capture.h), instead of compiling the unit a second time.
//
// After the optimisation pipeline clang runs its code generator (legacy pass
// manager, then the AsmPrinter and the object writer). The plugin follows it
// through LLVM's public extension points only, and changes nothing of the
// object file (tests/plugin: byte for byte the same as without the plugin):
//  - when code generation starts (the target's code emitter is created, for
//    an object file; its instruction printer, for -S), a copy of the IR is
//    kept for the estimate, and each IR instruction is given a provenance:
//    a debug location of its own. Where the unit has debug information, a
//    distinct copy of the instruction's own location (same file, line,
//    column, scope); where it has none, a location in a compile unit that
//    emits nothing (DICompileUnit::NoDebug, what clang uses for remarks
//    without -g), in a subprogram the function does not hold (so no debug
//    pass works on it), whose line is the instruction's ordinal. Code generation
//    carries locations to the machine instructions made from an IR
//    instruction, and neither kind changes the code (LLVM's debug info
//    invariant) nor, with NoDebug, what is written;
//  - clang's diagnostic handler is wrapped: a machine pass asks it whether
//    the "stack-frame-layout" analysis is wanted right before the AsmPrinter
//    emits each function. There each machine instruction's provenance is
//    read and, with debug information, its own location put back (so the
//    line table is clang's), and it gets a temporary label after it (never
//    written to the object: .L labels no relocation refers to);
//  - the code emitter is wrapped: every instruction the AsmPrinter encodes
//    is recorded (its MCInst and, on x86, its bytes) against the first
//    machine instruction whose label is not yet placed;
//  - the AsmPrinter's "InstructionCount" remark closes the function: its
//    blocks and instructions are written out as assembly text in the form
//    LLVM's AsmPrinter gives (lower_asm.c reads it), with the target's own
//    instruction printer.
// When clang restores its handler after code generation, the IR locations
// are put back and the estimate runs (DONE). Targets whose object streamer
// reaches into the code emitter (PowerPC; x86 with branch alignment) and -S
// compiles are not read: DONE gets an incomplete capture and compiles a
// copy of the unit itself, as lpnest does.
#include "capture.h"
#include "lpnest.h"

#include "plugin_api.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineJumpTableInfo.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LLVMRemarkStreamer.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <cstdlib>

using namespace llvm;

namespace {

// One machine function as the AsmPrinter emits it.
struct Func {
  MachineFunction *MF = nullptr;
  std::vector<MachineInstr *> MIs;  // top level (bundles as one), layout order
  std::vector<MCSymbol *> After;    // the label placed after each
  std::vector<int> Ord;             // provenance: N > 0, 0 another location, -1 none
  size_t Cursor = 0;                // the first MI whose label is not placed yet
  struct Inst {
    size_t MI;
    MCInst I;
    SmallString<16> Bytes; // x86
  };
  std::vector<Inst> Insts;
  bool Broken = false;
  // x86 layout: the blocks' alignments, where each block's instructions start
  struct Block {
    Align A;
    unsigned MaxBytes;
    size_t FirstInst;
  };
  std::vector<Block> Blocks;
  Align FnAlign;
  const void *Section = nullptr;
  bool ExtraBytes = false; // prefix data, patchable entries: layout unknown
  std::string Name;
};

struct Session {
  enum State { Idle, Armed, Object, Assembly, Done };
  State St = Idle;
  Module *M = nullptr;
  lpnest::Finish OnDone;
  lpnest::Capture Cap;
  bool X86 = false;
  bool Readable = false;     // the target's object writing can be followed
  bool Debug = false;        // the unit has debug locations: provenance by identity
  DICompileUnit *OwnCU = nullptr;
  // case Debug: each distinct copy -> the location it copies, its ordinal
  DenseMap<const DILocation *, std::pair<DILocation *, unsigned>> Copies;
  // the IR block of each machine block, in the snapshot
  DenseMap<const BasicBlock *, std::pair<WeakVH, const BasicBlock *>> Blocks;
  MachineModuleInfo *MMI = nullptr;
  DenseSet<const Function *> Emitted;
  std::vector<std::unique_ptr<Func>> Funcs;
  Func *Cur = nullptr;
  DenseMap<const MCExpr *, std::pair<Func *, size_t>> Relaxable; // x86
  std::unique_ptr<MCAsmBackend> Backend;                           // x86: its no-ops
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCRegisterInfo> MRI;
  std::string Why;
};

Session S;

// The targets whose code emitter and instruction printer are wrapped, each
// with a copy of its registry entry as it was (the original constructors).
std::vector<std::pair<const Target *, Target>> Hooked;

const Target *original(const Triple &T) {
  std::string Err;
  const Target *Tg = TargetRegistry::lookupTarget(T.str(), Err);
  for (auto &H : Hooked)
    if (H.first == Tg)
      return &H.second;
  return nullptr;
}

void startCodegen(bool Object);

struct CaptureEmitter : MCCodeEmitter {
  std::unique_ptr<MCCodeEmitter> Inner;
  explicit CaptureEmitter(MCCodeEmitter *E) : Inner(E) {}
  void reset() override { Inner->reset(); }
  void encodeInstruction(const MCInst &I, SmallVectorImpl<char> &CB, SmallVectorImpl<MCFixup> &Fixups,
                         const MCSubtargetInfo &STI) const override {
    size_t Before = CB.size();
    Inner->encodeInstruction(I, CB, Fixups, STI);
    if (S.St != Session::Object)
      return;
    if (Func *F = S.Cur) {
      while (F->Cursor < F->MIs.size() && F->After[F->Cursor]->getFragment(false))
        F->Cursor++;
      F->Insts.push_back({F->Cursor, I, {}});
      if (S.X86) {
        F->Insts.back().Bytes.assign(CB.begin() + Before, CB.end());
        for (const MCOperand &Op : I)
          if (Op.isExpr()) {
            S.Relaxable[Op.getExpr()] = {F, F->Insts.size() - 1};
            break;
          }
      }
    } else if (S.X86) {
      // the assembler relaxing an instruction at the end (a short jump made
      // long): it keeps the original's operands
      for (const MCOperand &Op : I)
        if (Op.isExpr()) {
          auto It = S.Relaxable.find(Op.getExpr());
          if (It != S.Relaxable.end())
            It->second.first->Insts[It->second.second].Bytes.assign(CB.begin() + Before, CB.end());
          break;
        }
    }
  }
};

// The first code emitter code generation creates is the object streamer's;
// others (x86's AsmPrinter makes one per function to measure instructions)
// encode nothing that is written.
MCCodeEmitter *makeEmitter(const MCInstrInfo &II, MCContext &Ctx) {
  const Target *T = original(Ctx.getTargetTriple());
  MCCodeEmitter *E = T ? T->createMCCodeEmitter(II, Ctx) : nullptr;
  if (!E || S.St != Session::Armed)
    return E;
  startCodegen(S.Readable);
  return S.St == Session::Object ? new CaptureEmitter(E) : E;
}

MCInstPrinter *makePrinter(const Triple &TT, unsigned Variant, const MCAsmInfo &MAI, const MCInstrInfo &MII,
                           const MCRegisterInfo &MRI) {
  const Target *T = original(TT);
  if (S.St == Session::Armed) {
    S.Why = "clang writes assembly (-S)";
    startCodegen(false);
  }
  return T ? T->createMCInstPrinter(TT, Variant, MAI, MII, MRI) : nullptr;
}

// Whether x86's object streamer could reach into the code emitter: it pads
// instructions with prefixes for branch alignment (-mbranches-within-32B-
// boundaries and friends), through the emitter's own class.
bool x86PadsBranches() {
  auto &Opts = cl::getRegisteredOptions();
  for (const char *Name : {"x86-align-branch-boundary", "x86-branches-within-32B-boundaries", "x86-align-branch",
                           "x86-pad-max-prefix-size", "x86-pad-for-align"})
    if (auto It = Opts.find(Name); It != Opts.end() && It->second->getNumOccurrences())
      return true;
  return false;
}

// ---- provenance --------------------------------------------------------

void giveProvenance(Module &M) {
  LLVMContext &Ctx = M.getContext();
  for (Function &F : M)
    S.Debug |= !F.isDeclaration() && F.getSubprogram();
  if (S.Debug) {
    for (Function &F : M) {
      unsigned K = 0;
      for (BasicBlock &BB : F)
        for (Instruction &I : BB) {
          ++K;
          if (DILocation *L = I.getDebugLoc().get()) {
            DILocation *C = DILocation::getDistinct(Ctx, L->getLine(), L->getColumn(), L->getScope(),
                                                    L->getInlinedAt(), L->isImplicitCode());
            S.Copies[C] = {L, K};
            I.setDebugLoc(DebugLoc(C));
          }
        }
    }
    return;
  }
  DIBuilder B(M, /*AllowUnresolved=*/false);
  DIFile *File = B.createFile(sys::path::filename(M.getSourceFileName()), ".");
  S.OwnCU = B.createCompileUnit(dwarf::DW_LANG_C, File, "lpnest", true, "", 0, "", DICompileUnit::NoDebug);
  DISubroutineType *Ty = B.createSubroutineType(B.getOrCreateTypeArray({}));
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    // the locations' scope only: a function with a subprogram of its own
    // has LiveDebugValues track every register through its machine code
    // (15 % of what the plugin added to cJSON.c's compile), for nothing
    DISubprogram *SP = B.createFunction(S.OwnCU, F.getName(), StringRef(), File, 0, Ty, 0, DINode::FlagZero,
                                        DISubprogram::SPFlagDefinition | DISubprogram::SPFlagOptimized);
    unsigned K = 0;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        I.setDebugLoc(DILocation::get(Ctx, ++K, COST_PROVENANCE_COLUMN, SP));
  }
  B.finalize();
}

// The IR as it was: locations and subprograms back (after code generation).
void takeProvenanceBack(Module &M) {
  if (S.Debug) {
    for (Function &F : M)
      for (Instruction &I : instructions(F))
        if (DILocation *L = I.getDebugLoc().get()) {
          auto It = S.Copies.find(L);
          if (It != S.Copies.end())
            I.setDebugLoc(DebugLoc(It->second.first));
        }
    return;
  }
  if (!S.OwnCU)
    return;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (DILocation *L = I.getDebugLoc().get();
          L && L->getScope()->getSubprogram() && L->getScope()->getSubprogram()->getUnit() == S.OwnCU)
        I.setDebugLoc(DebugLoc());
  if (NamedMDNode *CUs = M.getNamedMetadata("llvm.dbg.cu")) {
    SmallVector<MDNode *, 2> Keep;
    for (MDNode *N : CUs->operands())
      if (N != S.OwnCU)
        Keep.push_back(N);
    CUs->clearOperands();
    for (MDNode *N : Keep)
      CUs->addOperand(N);
    if (!CUs->getNumOperands())
      CUs->eraseFromParent();
  }
  S.OwnCU = nullptr;
}

// Code generation starts: the copy of the IR, and (when it is followed) the
// provenance.
void startCodegen(bool Follow) {
  Module &M = *S.M;
  if (!Follow) {
    S.St = Session::Assembly;
    std::vector<Function *> Library = lpnest::markLibrary(M);
    raw_string_ostream OS(S.Cap.Bitcode);
    WriteBitcodeToFile(M, OS, /*ShouldPreserveUseListOrder=*/true);
    lpnest::unmarkLibrary(Library);
    return;
  }
  ValueToValueMapTy VMap;
  S.Cap.Snapshot = CloneModule(M, VMap);
  lpnest::markLibrary(*S.Cap.Snapshot);
  // the estimate names blocks (clang's context drops the names of values
  // unless told otherwise; the unit's own IR is not named)
  LLVMContext &Ctx = M.getContext();
  bool Discard = Ctx.shouldDiscardValueNames();
  Ctx.setDiscardValueNames(false);
  tool_plugin_name_blocks(wrap(S.Cap.Snapshot.get()));
  Ctx.setDiscardValueNames(Discard);
  for (Function &F : M)
    for (BasicBlock &BB : F)
      if (auto It = VMap.find(&BB); It != VMap.end())
        S.Blocks[&BB] = {WeakVH(&BB), cast<BasicBlock>(It->second)};
  giveProvenance(M);
  S.St = Session::Object;
}

// ---- the machine code ----------------------------------------------------

// The function the AsmPrinter emits next: the first of the module that has
// machine code and is not emitted yet (functions go through the machine
// passes in module order).
Func *nextFunction() {
  if (!S.MMI)
    return nullptr;
  for (Function &F : *S.M)
    if (!F.isDeclaration() && !S.Emitted.count(&F))
        if (MachineFunction *MF = S.MMI->getMachineFunction(F)) {
          S.Funcs.push_back(std::make_unique<Func>());
          S.Funcs.back()->MF = MF;
          return S.Funcs.back().get();
        }
  return nullptr;
}

// Right before the AsmPrinter: provenance read (and the function's own
// locations back), a label after each machine instruction.
void beforeEmission() {
  Func *F = nextFunction();
  S.Cur = F;
  if (!F)
    return;
  MachineFunction &MF = *F->MF;
  for (MachineBasicBlock &MBB : MF) {
    for (MachineInstr &MI : MBB.instrs()) {
      int Ord = -1;
      if (DILocation *L = MI.getDebugLoc().get()) {
        Ord = 0;
        if (S.Debug) {
          auto It = S.Copies.find(L);
          if (It != S.Copies.end()) {
            Ord = int(It->second.second);
            MI.setDebugLoc(DebugLoc(It->second.first));
          }
        } else if (L->getColumn() == COST_PROVENANCE_COLUMN && L->getScope()->getSubprogram() &&
                   L->getScope()->getSubprogram()->getUnit() == S.OwnCU)
          Ord = int(L->getLine());
      }
      if (MI.isBundledWithPred())
        continue;
      MCSymbol *After = MI.getPostInstrSymbol();
      if (!After) {
        After = MF.getContext().createTempSymbol();
        MI.setPostInstrSymbol(MF, After);
      }
      F->MIs.push_back(&MI);
      F->After.push_back(After);
      F->Ord.push_back(Ord);
    }
  }
}

// The name a block of the snapshot has (eng_name_blocks named them all).
std::string blockName(const MachineBasicBlock &MBB) {
  const BasicBlock *BB = MBB.getBasicBlock();
  if (!BB)
    return "";
  auto It = S.Blocks.find(BB);
  if (It != S.Blocks.end() && It->second.first == BB)
    return It->second.second->getName().str();
  return BB->hasName() ? BB->getName().str() : ""; // made by code generation
}

// A copy of I whose branch targets name their block: in an object file's
// compile, block labels are temporary symbols without names.
MCInst named(const MCInst &I, const DenseMap<const MCSymbol *, MCSymbol *> &Names, MCContext &Ctx) {
  MCInst Out = I;
  for (unsigned K = 0; K < Out.getNumOperands(); K++) {
    MCOperand &Op = Out.getOperand(K);
    if (!Op.isExpr())
      continue;
    if (const auto *R = dyn_cast<MCSymbolRefExpr>(Op.getExpr()))
      if (auto It = Names.find(&R->getSymbol()); It != Names.end())
        Op.setExpr(MCSymbolRefExpr::create(It->second, R->getKind(), Ctx));
  }
  return Out;
}

// The InstructionCount remark: the function is emitted; its text.
void afterEmission(const MachineFunction &MF) {
  Func *F = S.Cur;
  S.Cur = nullptr;
  S.Emitted.insert(&MF.getFunction());
  if (!F || F->MF != &MF) {
    S.Why = "function '" + MF.getName().str() + "' was not followed through code generation";
    return;
  }
  const TargetMachine &TM = MF.getTarget();
  const MCAsmInfo &MAI = *TM.getMCAsmInfo();
  const Target *T = original(TM.getTargetTriple());
  std::unique_ptr<MCInstPrinter> IP(T ? T->createMCInstPrinter(TM.getTargetTriple(), MAI.getAssemblerDialect(), MAI,
                                                                   *TM.getMCInstrInfo(), *TM.getMCRegisterInfo())
                                        : nullptr);
  if (!IP) {
    S.Why = "no instruction printer for " + TM.getTargetTriple().str();
    return;
  }
  // block labels by name, in a context of our own
  MCContext Names(TM.getTargetTriple(), &MAI, TM.getMCRegisterInfo(), TM.getMCSubtargetInfo());
  DenseMap<const MCSymbol *, MCSymbol *> Label;
  std::string Prefix = MAI.getPrivateLabelPrefix().str();
  unsigned FnNum = MF.getFunctionNumber();
  for (const MachineBasicBlock &MBB : MF)
    Label[MBB.getSymbol()] =
        Names.getOrCreateSymbol(Prefix + "BB" + Twine(FnNum) + "_" + Twine(MBB.getNumber()));
  StringRef C = MAI.getCommentString();
  std::string &Out = S.Cap.Assembly;
  raw_string_ostream OS(Out);
  OS << "\t.type\t" << MF.getName() << ",@function\n" << MF.getName() << ":\n\t.loc\t1 0 0\n";
  const MachineBasicBlock *PrevReal = nullptr;
  int Loc = 0; // the provenance in force, as DwarfDebug would write it
  size_t I = 0, K = 0;
  const MCSubtargetInfo &STI = MF.getSubtarget();
  for (const MachineBasicBlock &MBB : MF) {
    // the entry block has the function's label, the others their own
    if (&MBB == &MF.front())
      OS << C << " %bb." << MBB.getNumber() << ":";
    else
      OS << Prefix << "BB" << FnNum << "_" << MBB.getNumber() << ":";
    if (std::string N = blockName(MBB); !N.empty())
      OS << "\t" << C << " %" << N;
    OS << "\n";
    if (S.X86)
      F->Blocks.push_back({MBB.getAlignment(), MBB.getMaxBytesForAlignment(), K});
    for (; I < F->MIs.size() && F->MIs[I]->getParent() == &MBB; I++) {
      const MachineInstr &MI = *F->MIs[I];
      if (!MI.isMetaInstruction()) {
        if (!MI.getFlag(MachineInstr::FrameSetup)) {
          // an instruction without a location continues the one before
          // it, but not from another block
          int Now = F->Ord[I] >= 0 ? F->Ord[I] : PrevReal != &MBB ? 0 : Loc;
          if (Now != Loc) {
            OS << "\t.loc\t1 " << Now << (Now ? " 60001\n" : " 0\n");
            Loc = Now;
          }
        }
        PrevReal = &MBB;
      }
      for (; K < F->Insts.size() && F->Insts[K].MI == I; K++) {
        std::string Text;
        raw_string_ostream TS(Text);
        MCInst Inst = named(F->Insts[K].I, Label, Names);
        IP->printInst(&Inst, 0, "", STI, TS);
        OS << Text;
        if (S.X86 && MI.isCall() && MI.isReturn())
          OS << "\t" << C << " TAILCALL";
        OS << "\n";
      }
    }
  }
  if (I != F->MIs.size() || K != F->Insts.size()) {
    S.Why = "the instructions of '" + MF.getName().str() + "' are not those of its blocks";
    F->Broken = true;
  }
  OS << Prefix << "func_end" << FnNum << ":\n";
  if (const MachineJumpTableInfo *JT = MF.getJumpTableInfo()) {
    const auto &Tables = JT->getJumpTables();
    for (size_t J = 0; J < Tables.size(); J++) {
      if (Tables[J].MBBs.empty())
        continue;
      OS << Prefix << "JTI" << FnNum << "_" << J << ":\n";
      for (const MachineBasicBlock *B : Tables[J].MBBs)
        OS << "\t.word\t" << Prefix << "BB" << FnNum << "_" << B->getNumber() << "\n";
    }
  }
  if (S.X86) {
    const Function &Fn = MF.getFunction();
    F->Name = Fn.getName().str();
    F->FnAlign = MF.getAlignment();
    if (MaybeAlign A = Fn.getAlign(); A && (*A > F->FnAlign || Fn.hasSection()))
      F->FnAlign = *A;
    F->ExtraBytes = Fn.hasPrefixData() || Fn.hasPrologueData() || Fn.hasFnAttribute("patchable-function-entry") ||
                    Fn.hasFnAttribute("function-instrument") || Fn.hasFnAttribute("xray-instruction-threshold");
    if (MCSymbol *Sym = MF.getContext().lookupSymbol(TM.getSymbol(&Fn)->getName()); Sym && Sym->getFragment(false))
      F->Section = Sym->getFragment(false)->getParent();
    if (!S.Backend) {
      S.MRI.reset(T->createMCRegInfo(TM.getTargetTriple().str()));
      S.STI.reset(T->createMCSubtargetInfo(TM.getTargetTriple().str(), STI.getCPU(), STI.getFeatureString()));
      if (S.MRI && S.STI)
        S.Backend.reset(T->createMCAsmBackend(*S.STI, *S.MRI, MCTargetOptions()));
    }
  }
}

// x86: each function's bytes as the object lays them out (its blocks'
// alignment no-ops included, lpnest counts the executed ones).
void layOut() {
  DenseMap<const void *, uint64_t> End; // per section, where the last function ended
  for (auto &P : S.Funcs) {
    Func &F = *P;
    if (F.Broken || F.Name.empty())
      continue;
    uint64_t Start = alignTo(End.lookup(F.Section), F.FnAlign);
    std::string Bytes;
    raw_string_ostream OS(Bytes);
    bool Known = !F.ExtraBytes && S.Backend;
    for (size_t B = 0; B < F.Blocks.size() && Known; B++) {
      const Func::Block &Bl = F.Blocks[B];
      size_t Last = B + 1 < F.Blocks.size() ? F.Blocks[B + 1].FirstInst : F.Insts.size();
      if (Bl.A > Align(1)) {
        uint64_t Pad = offsetToAlignment(Start + Bytes.size(), Bl.A);
        uint64_t Max = Bl.MaxBytes ? Bl.MaxBytes : Bl.A.value();
        if (Pad && Pad <= Max)
          Known = S.Backend->writeNopData(OS, Pad, S.STI.get());
      }
      for (size_t K = Bl.FirstInst; K < Last; K++)
        OS << F.Insts[K].Bytes;
    }
    End[F.Section] = Start + Bytes.size();
    if (!Known)
      continue;
    S.Cap.Names.push_back(F.Name);
    S.Cap.Bytes.push_back(std::move(Bytes));
  }
}

// ---- clang's diagnostic handler, wrapped -----------------------------------

struct Watch : DiagnosticHandler {
  std::unique_ptr<DiagnosticHandler> Inner;
  LLVMContext &Ctx;
  Watch(std::unique_ptr<DiagnosticHandler> I, LLVMContext &C) : Inner(std::move(I)), Ctx(C) {
    DiagnosticContext = Inner->DiagnosticContext;
  }
  ~Watch() override;

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (auto *R = dyn_cast<DiagnosticInfoMIROptimization>(&DI); R && S.St == Session::Object) {
      const MachineFunction *MF = R->getBlock()->getParent();
      if (R->getPassName() == "prologepilog" && R->getRemarkName() == "StackSize")
        S.MMI = &MF->getMMI();
      else if (R->getPassName() == "asm-printer" && R->getRemarkName() == "InstructionCount")
        afterEmission(*MF);
    }
    Inner->HasErrors |= HasErrors;
    return Inner->handleDiagnostics(DI);
  }
  bool isAnalysisRemarkEnabled(StringRef Pass) const override {
    if (Pass == "stack-frame-layout" && S.St == Session::Object)
      beforeEmission();
    return Inner->isAnalysisRemarkEnabled(Pass);
  }
  bool isMissedOptRemarkEnabled(StringRef Pass) const override { return Inner->isMissedOptRemarkEnabled(Pass); }
  bool isPassedOptRemarkEnabled(StringRef Pass) const override { return Inner->isPassedOptRemarkEnabled(Pass); }
  // the machine passes build their remarks (PrologEpilogInserter's says which
  // machine functions exist); clang's handler shows only those asked for
  bool isAnyRemarkEnabled() const override { return S.St == Session::Object || Inner->isAnyRemarkEnabled(); }

  // LLVMContext::diagnose, while the handler is being replaced
  void deliver(const DiagnosticInfo &DI) {
    if (auto *O = dyn_cast<DiagnosticInfoOptimizationBase>(&DI))
      if (LLVMRemarkStreamer *RS = Ctx.getLLVMRemarkStreamer())
        RS->emit(*O);
    if (DI.getSeverity() == DS_Error)
      Inner->HasErrors = true;
    if (Inner->handleDiagnostics(DI))
      return;
    if (auto *O = dyn_cast<DiagnosticInfoOptimizationBase>(&DI); O && !O->isEnabled())
      return;
    DiagnosticPrinterRawOStream DP(errs());
    errs() << LLVMContext::getDiagnosticMessagePrefix(DI.getSeverity()) << ": ";
    DI.print(DP);
    errs() << "\n";
  }
};

// Clang puts its own handler back after code generation (or after writing
// bitcode): the unit is done.
Watch::~Watch() {
  Session::State St = S.St;
  if (St == Session::Object) {
    bool Complete = S.Why.empty();
    for (Function &F : *S.M)
      if (!F.isDeclaration() && !F.hasAvailableExternallyLinkage() && !S.Emitted.count(&F))
        Complete = false, S.Why = "function '" + F.getName().str() + "' was not emitted";
    for (auto &F : S.Funcs)
      Complete &= !F->Broken;
    if (S.X86 && Complete)
      layOut();
    S.Cap.Complete = Complete;
    takeProvenanceBack(*S.M);
    if (!Complete) {
      // the IR code generation had, for lpnest to compile
      S.Cap.Snapshot->setModuleIdentifier(S.M->getModuleIdentifier());
      raw_string_ostream OS(S.Cap.Bitcode);
      WriteBitcodeToFile(*S.Cap.Snapshot, OS);
      S.Cap.Snapshot.reset();
    }
  }
  S.Cap.Why = S.Why;
  S.St = Session::Done;
  lpnest::Finish Done = std::move(S.OnDone);
  lpnest::Capture Cap = std::move(S.Cap);
  S = Session();
  Done(Cap, [this](const DiagnosticInfo &DI) { deliver(DI); });
}

// The unit is compiled by clang (its frontend, -cc1, in this process).
bool inClang() {
  SmallString<256> Exe;
  if (sys::fs::real_path("/proc/self/exe", Exe))
    return false;
  return sys::path::filename(Exe).contains("clang");
}

bool readable(const Triple &T) {
  switch (T.getArch()) {
  case Triple::riscv32:
  case Triple::riscv64:
  case Triple::avr:
    return true;
  case Triple::x86_64:
  case Triple::x86:
    return !x86PadsBranches();
  default:
    return false; // PowerPC's object streamer uses its code emitter's own class
  }
}

} // namespace

bool lpnest::watchCodegen(Module &M, Finish Done) {
  if (!inClang())
    return false;
  S = Session();
  S.M = &M;
  S.OnDone = std::move(Done);
  Triple TT(M.getTargetTriple());
  S.X86 = TT.isX86();
  std::string Err;
  if (const Target *T = TargetRegistry::lookupTarget(TT.str(), Err)) {
    bool Seen = false;
    for (auto &H : Hooked)
      Seen |= H.first == T;
    if (!Seen) {
      Hooked.push_back({T, *T});
      TargetRegistry::RegisterMCCodeEmitter(const_cast<Target &>(*T), makeEmitter);
      TargetRegistry::RegisterMCInstPrinter(const_cast<Target &>(*T), makePrinter);
    }
  }
  S.Readable = readable(TT);
  if (!S.Readable)
    S.Why = "lpnest does not follow " + TT.getArchName().str() + " code generation";
  S.St = Session::Armed;
  LLVMContext &Ctx = M.getContext();
  Ctx.setDiagnosticHandler(std::make_unique<Watch>(Ctx.getDiagnosticHandler(), Ctx));
  return true;
}
