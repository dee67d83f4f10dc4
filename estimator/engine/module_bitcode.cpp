// module_bitcode.cpp — the one thing of module loading without a C API:
// writing bitcode that keeps each value's use-list order
// (WriteBitcodeToFile's ShouldPreserveUseListOrder), so that textual IR
// parsed in the isolated child and read back as bitcode by lpnest is the
// module a direct parse gives, down to the order code generation sees.
#include "module_text.h"

#include <cstdlib>
#include <cstring>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

extern "C" char *eng_module_bitcode(LLVMModuleRef m, size_t *len)
{
    llvm::SmallVector<char, 0> buf;
    llvm::raw_svector_ostream os(buf);
    llvm::WriteBitcodeToFile(*llvm::unwrap(m), os, /*ShouldPreserveUseListOrder=*/true);
    char *p = static_cast<char *>(std::malloc(buf.size() + 1));
    if (!p)
        return nullptr;
    std::memcpy(p, buf.data(), buf.size());
    p[buf.size()] = '\0';
    *len = buf.size();
    return p;
}
