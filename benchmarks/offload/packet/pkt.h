/* pkt.h — packets of lpnest's packet-processing example: Ethernet II frames
 * carrying IPv4 (UDP or TCP), ARP or IPv6, the header parser shared by the
 * application and the token function, and the SmartNIC offload: a CRC-32
 * digest (IEEE 802.3 / zlib polynomial) of every frame of a batch. */
#ifndef OFFLOAD_PKT_H
#define OFFLOAD_PKT_H

#include <stddef.h>
#include <stdint.h>

#define ETH_HLEN 14
#define ETHERTYPE_IPV4 0x0800
#define ETHERTYPE_ARP 0x0806
#define ETHERTYPE_IPV6 0x86DD
#define IPPROTO_TCP_ 6
#define IPPROTO_UDP_ 17

enum pkt_class { PKT_UDP, PKT_TCP, PKT_ARP, PKT_OTHER, PKT_BAD_IP, PKT_CLASSES };

/* What the parser finds in a frame. */
struct pkt_info {
    unsigned cls;          /* enum pkt_class */
    uint16_t ethertype;
    uint8_t proto;         /* IPv4 protocol (UDP/TCP classes) */
    uint32_t src, dst;     /* IPv4 addresses, host order */
    uint16_t sport, dport; /* UDP/TCP ports */
    uint32_t flow;         /* a hash of the 5-tuple, 0 for other classes */
};

/* Parses FRAME[0..LEN): Ethernet, then IPv4 (header checksum verified,
 * RFC 1071) and UDP/TCP ports. Malformed or truncated frames and IPv4
 * headers with a wrong checksum are PKT_BAD_IP; ARP is PKT_ARP; IPv6 and
 * everything else PKT_OTHER. */
void pkt_parse(const uint8_t *frame, size_t len, struct pkt_info *info);

/* RFC 1071 Internet checksum of P[0..N): the one's complement of the one's
 * complement sum of 16-bit big-endian words (a final odd byte padded). */
uint16_t inet_checksum(const uint8_t *p, size_t n);

/* The offloaded call: CRC-32 (reflected 0xEDB88320, initial and final xor
 * 0xFFFFFFFF: zlib.crc32) of each of the N frames PKTS[i][0..LENS[i]) into
 * CRCS[i]. Asynchronous on the SmartNIC: results may be used only after
 * nic_wait(). */
void nic_crc32_batch(const uint8_t *const *pkts, const uint16_t *lens, uint32_t n, uint32_t *crcs);
/* Waits for the last nic_crc32_batch (a no-op in software). */
void nic_wait(void);

/* Token function of nic_crc32_batch (same parameters): one token per frame
 * with the properties smartnic_ip.yaml's `pkt` type has: `bytes` (the frame's
 * length) and `flow` (its 5-tuple hash, which picks the input queue).
 * Returns the number of tokens. */
int nic_crc32_batch_tokens(const uint8_t *const *pkts, const uint16_t *lens, uint32_t n, uint32_t *crcs);

#endif
