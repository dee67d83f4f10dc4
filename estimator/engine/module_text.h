/* module_text.h — private to engine/module*.c: the check of textual IR
 * before LLVM parses it, places in a module's text, and the bitcode of a
 * module with its use-list order (module_bitcode.cpp). */
#ifndef LPNEST_ENGINE_MODULE_TEXT_H
#define LPNEST_ENGINE_MODULE_TEXT_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* False after "PATH:LINE:COL: error: ..." on DIAG when the N bytes of
 * textual IR at S hold what LLVM's parser cannot survive (module_text.c). */
bool eng_ir_text_check(const char *path, const char *s, size_t n, FILE *diag);
/* The 1-based line and column of NEEDLE's first occurrence in S (N bytes). */
bool eng_text_find(const char *s, size_t n, const char *needle, unsigned *line, unsigned *col);
/* M as bitcode with the order of every value's uses, so that reading it back
 * gives the module the text parse gave, use lists included (code generation
 * depends on them). malloc'd, *LEN bytes; NULL if it cannot be written. */
char *eng_module_bitcode(LLVMModuleRef m, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
