/* app.c — the packet-processing application of lpnest's offload examples: a
 * receive loop over 4 batches of 32 synthetic Ethernet frames (IPv4 UDP/TCP
 * with a few corrupted IPv4 checksums, ARP, IPv6; 60 to 1005 bytes, made by
 * a xorshift32 generator). Per batch the CRC-32 digests of all frames are
 * requested from the SmartNIC (nic_crc32_batch: asynchronous, offloaded to
 * lpn/models/smartnic_ip.yaml behind pcie_dma.yaml), and while it works the
 * processor parses the headers (RFC 1071 check of IPv4 headers), classifies
 * every frame, and updates per-class, per-port and per-flow counters; after
 * nic_wait() it folds each frame's CRC into its flow's digest. Prints batch
 * lines, totals and the busiest flows: exactly what packet_ref.py prints.
 *
 * Built with -DLPNEST_NATIVE_TOKENS (native only, with lpnest_native.c) it
 * also calls the token function before every batch, as lpnest would. */
#include "bench.h"
#include "pkt.h"

#ifdef LPNEST_NATIVE_TOKENS
#define OFFLOAD_TOKENS(call) ((void)(call))
#else
#define OFFLOAD_TOKENS(call) ((void)0)
#endif

#define BATCHES 4
#define BATCH 32
#define MAX_FRAME 1024
#define FLOWS 64 /* the flow table (every 5-tuple the generator makes fits) */
#define TOP_FLOWS 4

static const uint16_t ports[4] = {53, 80, 443, 4789};
static const char *const class_names[PKT_CLASSES] = {"udp", "tcp", "arp", "other", "badip"};

struct flow {
    uint32_t src, dst;
    uint16_t sport, dport;
    uint8_t proto, used;
    uint32_t packets, bytes, digest;
};

static uint8_t ring[BATCH][MAX_FRAME]; /* receive buffers */
static const uint8_t *frames[BATCH];
static uint16_t lens[BATCH];
static uint32_t crcs[BATCH];
static struct flow table[FLOWS];
static uint8_t order[FLOWS]; /* flows in order of arrival */
static unsigned nflows;

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)(v >> 8), p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v >> 16), put16(p + 2, v & 0xFFFF);
}

static void fill_random(uint32_t *rng, uint8_t *p, unsigned n)
{
    for (unsigned i = 0; i < n; i += 4) {
        uint32_t w = bench_rand(rng);
        for (unsigned j = 0; j < 4 && i + j < n; j++)
            p[i + j] = (uint8_t)(w >> (8 * j));
    }
}

/* The synthetic wire: frame number SEQ into F; returns its length. */
static unsigned gen_frame(uint32_t *rng, unsigned seq, uint8_t *f)
{
    unsigned kind = bench_rand(rng) % 16, size = bench_rand(rng) % 10, payload;
    if (size < 4)
        payload = 18 + bench_rand(rng) % 64;
    else if (size < 8)
        payload = 64 + bench_rand(rng) % 448;
    else
        payload = 512 + bench_rand(rng) % 440;
    static const uint8_t macs[12] = {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2};
    memcpy(f, macs, sizeof macs);
    if (kind == 14) { /* ARP request, padded to the 60-byte minimum */
        put16(f + 12, ETHERTYPE_ARP);
        fill_random(rng, f + ETH_HLEN, 28);
        memset(f + ETH_HLEN + 28, 0, 60 - ETH_HLEN - 28);
        return 60;
    }
    if (kind == 15) { /* IPv6: not parsed beyond the Ethernet header */
        put16(f + 12, ETHERTYPE_IPV6);
        fill_random(rng, f + ETH_HLEN, 40 + payload);
        return ETH_HLEN + 40 + payload;
    }
    unsigned udp = kind < 10, l4 = udp ? 8 : 20, total = 20 + l4 + payload;
    uint32_t src = 0x0A000001u + bench_rand(rng) % 2, dst = 0xC0A80101u + bench_rand(rng) % 2;
    unsigned sport = 1024 + bench_rand(rng) % 2, dport = ports[bench_rand(rng) % 4];
    uint32_t tcp_seq = udp ? 0 : bench_rand(rng);
    int corrupt = bench_rand(rng) % 32 == 0;
    uint8_t *ip = f + ETH_HLEN, *t = ip + 20;
    put16(f + 12, ETHERTYPE_IPV4);
    ip[0] = 0x45, ip[1] = 0;
    put16(ip + 2, total);
    put16(ip + 4, seq & 0xFFFF);
    put16(ip + 6, 0x4000); /* don't fragment */
    ip[8] = 64, ip[9] = udp ? IPPROTO_UDP_ : IPPROTO_TCP_;
    put16(ip + 10, 0);
    put32(ip + 12, src);
    put32(ip + 16, dst);
    put16(ip + 10, inet_checksum(ip, 20) ^ (corrupt ? 0x0101 : 0));
    put16(t, sport);
    put16(t + 2, dport);
    if (udp) {
        put16(t + 4, l4 + payload);
        put16(t + 6, 0);
    } else {
        put32(t + 4, tcp_seq);
        put32(t + 8, 0);
        t[12] = 5 << 4, t[13] = 0x18; /* PSH ACK */
        put16(t + 14, 65535);
        put32(t + 16, 0);
    }
    fill_random(rng, t + l4, payload);
    return ETH_HLEN + total;
}

/* The flow of a parsed UDP/TCP frame, inserted on first sight; -1 if full. */
static int flow_of(const struct pkt_info *pi)
{
    for (unsigned probe = 0; probe < FLOWS; probe++) {
        unsigned k = (pi->flow + probe) % FLOWS;
        struct flow *fl = &table[k];
        if (!fl->used) {
            fl->used = 1;
            fl->src = pi->src, fl->dst = pi->dst, fl->sport = pi->sport, fl->dport = pi->dport;
            fl->proto = pi->proto;
            order[nflows++] = (uint8_t)k;
            return (int)k;
        }
        if (fl->src == pi->src && fl->dst == pi->dst && fl->sport == pi->sport && fl->dport == pi->dport &&
            fl->proto == pi->proto)
            return (int)k;
    }
    return -1;
}

static uint32_t fnv_word(uint32_t h, uint32_t v)
{
    for (unsigned j = 0; j < 4; j++)
        h = (h ^ ((v >> (8 * j)) & 0xFF)) * 16777619u;
    return h;
}

static void print_ip(uint32_t a)
{
    printf("%u.%u.%u.%u", (unsigned)(a >> 24), (unsigned)(a >> 16 & 255), (unsigned)(a >> 8 & 255),
           (unsigned)(a & 255));
}

int main(void)
{
    uint32_t rng = 0xC0FFEE11u;
    uint32_t total_frames = 0, total_bytes = 0, cls_total[PKT_CLASSES] = {0}, port_count[4] = {0};
    int flow_idx[BATCH];
    for (unsigned b = 0; b < BATCHES; b++) {
        uint32_t bytes = 0, cls_count[PKT_CLASSES] = {0}, crc_xor = 0;
        for (unsigned i = 0; i < BATCH; i++) {
            lens[i] = (uint16_t)gen_frame(&rng, b * BATCH + i, ring[i]);
            frames[i] = ring[i];
        }
        OFFLOAD_TOKENS(nic_crc32_batch_tokens(frames, lens, BATCH, crcs));
        nic_crc32_batch(frames, lens, BATCH, crcs); /* on the SmartNIC, asynchronously */
        for (unsigned i = 0; i < BATCH; i++) {      /* meanwhile, on the processor */
            struct pkt_info pi;
            pkt_parse(frames[i], lens[i], &pi);
            cls_count[pi.cls]++;
            bytes += lens[i];
            flow_idx[i] = -1;
            if (pi.cls == PKT_UDP || pi.cls == PKT_TCP) {
                for (unsigned k = 0; k < 4; k++)
                    port_count[k] += pi.dport == ports[k];
                flow_idx[i] = flow_of(&pi);
                if (flow_idx[i] >= 0) {
                    table[flow_idx[i]].packets++;
                    table[flow_idx[i]].bytes += lens[i];
                }
            }
        }
        nic_wait();
        for (unsigned i = 0; i < BATCH; i++) {
            crc_xor ^= crcs[i];
            if (flow_idx[i] >= 0)
                table[flow_idx[i]].digest ^= crcs[i];
        }
        printf("batch %u: %u frames %u bytes", b, (unsigned)BATCH, (unsigned)bytes);
        for (unsigned c = 0; c < PKT_CLASSES; c++) {
            printf(" %s %u", class_names[c], (unsigned)cls_count[c]);
            cls_total[c] += cls_count[c];
        }
        printf(" crc-xor %08x\n", (unsigned)crc_xor);
        total_frames += BATCH;
        total_bytes += bytes;
    }
    printf("total: %u frames %u bytes", (unsigned)total_frames, (unsigned)total_bytes);
    for (unsigned c = 0; c < PKT_CLASSES; c++)
        printf(" %s %u", class_names[c], (unsigned)cls_total[c]);
    printf("\nports: dns %u http %u https %u vxlan %u\n", (unsigned)port_count[0], (unsigned)port_count[1],
           (unsigned)port_count[2], (unsigned)port_count[3]);
    uint32_t h = 2166136261u;
    for (unsigned k = 0; k < nflows; k++) {
        const struct flow *fl = &table[order[k]];
        h = fnv_word(h, fl->src), h = fnv_word(h, fl->dst);
        h = fnv_word(h, (uint32_t)fl->sport << 16 | fl->dport), h = fnv_word(h, fl->proto);
        h = fnv_word(h, fl->packets), h = fnv_word(h, fl->bytes), h = fnv_word(h, fl->digest);
    }
    printf("flows: %u, table digest %08x\n", nflows, (unsigned)h);
    /* the busiest flows; ties in order of arrival */
    uint8_t shown[FLOWS] = {0};
    for (unsigned n = 0; n < TOP_FLOWS && n < nflows; n++) {
        int best = -1;
        for (unsigned k = 0; k < nflows; k++)
            if (!shown[k] && (best < 0 || table[order[k]].packets > table[order[best]].packets))
                best = (int)k;
        shown[best] = 1;
        const struct flow *fl = &table[order[best]];
        printf("flow ");
        print_ip(fl->src);
        printf(":%u -> ", fl->sport);
        print_ip(fl->dst);
        printf(":%u %s: %u packets %u bytes digest %08x\n", fl->dport, fl->proto == IPPROTO_UDP_ ? "udp" : "tcp",
               (unsigned)fl->packets, (unsigned)fl->bytes, (unsigned)fl->digest);
    }
    return 0;
}
