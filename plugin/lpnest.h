// lpnest.h — what the plugin's two files share: the instrumentation
// (instrument.cpp) that lpnest.cpp runs in -lpnest-instrument mode, and the
// plugin's own diagnostics.
#ifndef LPNEST_PLUGIN_H
#define LPNEST_PLUGIN_H

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Module.h"

#include <string>
#include <vector>

namespace lpnest {

// Inserts counters for the calls, every CFG edge, select outcomes and the
// path counts of merge points of every function of M that can be counted,
// and a constructor that registers them with the runtime (lpnest_rt.c),
// which writes the profile at exit (plugin/PROFILE.md). Returns the number
// of functions instrumented.
unsigned instrument(llvm::Module &M);

// Marks the C library's declarations of M for the estimator (a call to one
// is to an unpriced routine, not into another unit); returns them, for
// unmarkLibrary to leave the unit as it was.
std::vector<llvm::Function *> markLibrary(llvm::Module &M);
void unmarkLibrary(const std::vector<llvm::Function *> &Library);

// A message of the plugin without a source location ("lpnest: ...").
class Diagnostic : public llvm::DiagnosticInfo {
  std::string Msg;

public:
  Diagnostic(std::string Msg, llvm::DiagnosticSeverity Severity);
  void print(llvm::DiagnosticPrinter &DP) const override { DP << Msg; }
};

} // namespace lpnest

#endif
