// capture.h — the machine code clang's own code generation produces for a
// translation unit, read while clang emits its object file (capture.cpp), so
// that lpnest prices exactly that code without compiling the unit again.
#ifndef LPNEST_PLUGIN_CAPTURE_H
#define LPNEST_PLUGIN_CAPTURE_H

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace lpnest {

// What the unit's compile left for the estimate (estimate_static.h's
// cost_machine_code, plus the IR it was made from).
struct Capture {
  // The IR as code generation received it (a copy: code generation rewrites
  // the module), when the capture is complete.
  std::unique_ptr<llvm::Module> Snapshot;
  // Otherwise, when code generation ran: that IR as bitcode (use-list order
  // kept, which code generation depends on), for lpnest to compile itself.
  // Both empty: code generation did not start (-emit-llvm), the module is
  // still as the optimisation pipeline left it.
  std::string Bitcode;
  // Every function's machine code as LLVM's AsmPrinter writes assembly, each
  // instruction after the ".loc 1 N 60001" of the IR instruction it came from
  // (the N-th of its function in the snapshot), and on x86 each function's
  // bytes as laid out in the object (alignment padding included).
  std::string Assembly;
  std::vector<std::string> Names, Bytes;
  // The assembly is that of the object clang wrote, every function of the
  // snapshot included (false: -S, -emit-llvm, a target lpnest does not read).
  bool Complete = false;
  std::string Why; // when not complete and code generation ran: why not
};

// Delivers a diagnostic or remark to clang as LLVMContext::diagnose does.
using Emit = std::function<void(const llvm::DiagnosticInfo &)>;
using Finish = std::function<void(Capture &, const Emit &)>;

// In a clang compile: watches the code generation that follows the
// optimisation pipeline of M and calls DONE once clang has emitted the unit
// (or, without code generation, once it is done with M). False when this
// process is not a clang compile (then nothing is watched).
bool watchCodegen(llvm::Module &M, Finish Done);

} // namespace lpnest

#endif
