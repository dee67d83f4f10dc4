/* offload_packet.c — the whole packet application as one translation unit,
 * the form lpnest_corpus_program compiles into one bitcode file per target
 * (the native build compiles the four files separately). */
#include "app.c"
#include "pkt.c"
#include "nic.c"
#include "nic_tokens.c"
