/* offload_jpeg.c — the whole JPEG application as one translation unit, the
 * form lpnest_corpus_program compiles into one bitcode file per target (the
 * native build compiles the three files separately). */
#include "app.c"
#include "jpeg_decode.c"
#include "jpeg_tokens.c"
