/* source_path.c — full paths of source files outside the compilation
 * directory (source_path.h): a DIFile whose directory is not the directory
 * of one of the module's compile units gets that directory prepended. */
#include "source_path.h"

#include <llvm-c/DebugInfo.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether DIR is the directory of one of M's compile units. */
static bool compile_dir(LLVMModuleRef m, const char *dir, unsigned dlen)
{
    if (!m)
        return true;
    unsigned n = LLVMGetNamedMetadataNumOperands(m, "llvm.dbg.cu");
    if (!n || n > 4096)
        return true;
    LLVMValueRef *ops = malloc(n * sizeof *ops);
    if (!ops)
        return true;
    LLVMGetNamedMetadataOperands(m, "llvm.dbg.cu", ops);
    bool found = false;
    for (unsigned k = 0; k < n && !found; k++) {
        LLVMMetadataRef file = LLVMDIScopeGetFile(LLVMValueAsMetadata(ops[k]));
        unsigned len = 0;
        const char *d = file ? LLVMDIFileGetDirectory(file, &len) : NULL;
        found = d && len == dlen && !memcmp(d, dir, dlen);
    }
    free(ops);
    return found;
}

void eng_source_path(LLVMModuleRef m, const char *dir, unsigned dlen, const char *file, unsigned len, char *buf,
                     size_t n)
{
    if (!file)
        file = "", len = 0;
    if (len && file[0] != '/' && dir && dlen && dir[0] == '/' && !compile_dir(m, dir, dlen))
        snprintf(buf, n, "%.*s%s%.*s", (int)dlen, dir, dir[dlen - 1] == '/' ? "" : "/", (int)len, file);
    else
        snprintf(buf, n, "%.*s", (int)len, file);
}

void eng_difile_path(LLVMModuleRef m, LLVMMetadataRef difile, char *buf, size_t n)
{
    unsigned dlen = 0, len = 0;
    const char *dir = difile ? LLVMDIFileGetDirectory(difile, &dlen) : NULL;
    const char *file = difile ? LLVMDIFileGetFilename(difile, &len) : NULL;
    eng_source_path(m, dir, dlen, file, len, buf, n);
}

size_t eng_inst_file(LLVMValueRef i, char *buf, size_t n)
{
    unsigned dlen = 0, len = 0;
    const char *file = LLVMGetDebugLocFilename(i, &len);
    const char *dir = LLVMGetDebugLocDirectory(i, &dlen);
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(i);
    LLVMValueRef fn = bb ? LLVMGetBasicBlockParent(bb) : NULL;
    eng_source_path(fn ? LLVMGetGlobalParent(fn) : NULL, dir, dlen, file, len, buf, n);
    return strlen(buf);
}
