/* nic_tokens.c — the token function (the paper's Psi) of nic_crc32_batch for
 * lpn/models/smartnic_ip.yaml: one token per frame, in batch order, with the
 * frame's length (`bytes`) and its flow hash (`flow`, whose parity picks one
 * of the model's two input queues; 0 for frames without a 5-tuple). An
 * interconnect model in front (pcie_dma.yaml) reads `bytes` only. */
#include "bench.h"
#include "lpnest.h"
#include "pkt.h"

/* Bare builds (qemu) have no lpnest_token: the token function is never
 * called there, and a weak reference links without a definition. */
#pragma weak lpnest_token

__attribute__((used, noinline)) int nic_crc32_batch_tokens(const uint8_t *const *pkts, const uint16_t *lens,
                                                            uint32_t n, uint32_t *crcs)
{
    (void)crcs;
    for (uint32_t i = 0; i < n; i++) {
        struct pkt_info info;
        pkt_parse(pkts[i], lens[i], &info);
        LPNEST_TOKEN("start", {"bytes", lens[i]}, {"flow", info.flow});
    }
    return (int)n;
}
