/* nic.c — the SmartNIC offload of the packet example in software: CRC-32 of
 * every frame of a batch, table-driven (the table is built on first use). */
#include "bench.h"
#include "pkt.h"

static uint32_t crc_table[256];

static void crc_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? (c >> 1) ^ 0xEDB88320u : c >> 1;
        crc_table[i] = c;
    }
}

/* Frames of the batch in flight (the device's busy flag); volatile, so that
 * the calls survive optimisation even though software needs no waiting. */
static volatile uint32_t nic_pending;

__attribute__((noinline)) void nic_crc32_batch(const uint8_t *const *pkts, const uint16_t *lens, uint32_t n,
                                               uint32_t *crcs)
{
    nic_pending = n;
    if (!crc_table[1])
        crc_init();
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *p = pkts[i];
        uint32_t c = 0xFFFFFFFFu;
        for (unsigned k = 0; k < lens[i]; k++)
            c = crc_table[(c ^ p[k]) & 0xFF] ^ (c >> 8);
        crcs[i] = ~c;
    }
}

/* The wait of the asynchronous call: in software the CRCs are already there. */
__attribute__((noinline)) void nic_wait(void)
{
    nic_pending = 0;
}
