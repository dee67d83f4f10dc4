/* offload_dnn.c — the whole DNN application as one translation unit, the
 * form lpnest_corpus_program compiles into one bitcode file per target (the
 * native build compiles the three files separately). */
#include "dnn.c"
#include "vta.c"
#include "vta_tokens.c"
