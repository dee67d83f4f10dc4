/* debug_scope.cpp — what LLVM's C API does not say about debug scopes: the
 * function (DISubprogram) a location's scope belongs to when the scope is a
 * lexical block, and a subprogram's name. The reports attribute inlined
 * code to the function it came from with these (report/sources.c). A shim
 * of a few lines: the C API has no accessor for a lexical block's parent or
 * a subprogram's name. Declared in source_path.h. */
#include <llvm-c/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>

#include <cstddef>

extern "C" LLVMMetadataRef eng_scope_subprogram(LLVMMetadataRef scope);
extern "C" const char *eng_subprogram_name(LLVMMetadataRef sp, size_t *len);

LLVMMetadataRef eng_scope_subprogram(LLVMMetadataRef scope)
{
    auto *s = llvm::dyn_cast_or_null<llvm::DILocalScope>(llvm::unwrap(scope));
    return s ? llvm::wrap(s->getSubprogram()) : nullptr;
}

const char *eng_subprogram_name(LLVMMetadataRef sp, size_t *len)
{
    auto *s = llvm::dyn_cast_or_null<llvm::DISubprogram>(llvm::unwrap(sp));
    llvm::StringRef n = s ? s->getName() : llvm::StringRef();
    *len = n.size();
    return n.data();
}
