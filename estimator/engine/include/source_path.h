/* source_path.h — the path of a source file as debug info names it. Clang
 * records a file outside the compilation directory as a directory plus a
 * path relative to it (DIFile "out/a.c" in "/tmp"); reports name such a file
 * by its full path, and files of the compilation directory as clang wrote
 * them (relative). */
#ifndef LPNEST_SOURCE_PATH_H
#define LPNEST_SOURCE_PATH_H

#include <llvm-c/Core.h>
#include <stddef.h>

/* FILE (LEN bytes) in directory DIR (DLEN bytes) of module M into BUF. */
void eng_source_path(LLVMModuleRef m, const char *dir, unsigned dlen, const char *file, unsigned len, char *buf,
                     size_t n);
/* The same for a DIFile. */
void eng_difile_path(LLVMModuleRef m, LLVMMetadataRef difile, char *buf, size_t n);
/* The same for the location of instruction I ("" when it has none); returns its length. */
size_t eng_inst_file(LLVMValueRef i, char *buf, size_t n);

/* debug_scope.cpp: the DISubprogram that SCOPE (a DILocation's scope: a
 * subprogram or a lexical block in one) belongs to, or NULL; the source name
 * of subprogram SP (*LEN bytes, not NUL-terminated; "" for NULL). */
#ifdef __cplusplus
extern "C" {
#endif
LLVMMetadataRef eng_scope_subprogram(LLVMMetadataRef scope);
const char *eng_subprogram_name(LLVMMetadataRef sp, size_t *len);
#ifdef __cplusplus
}
#endif

#endif
