/* pkt.c — header parsing and the RFC 1071 checksum for the packet example. */
#include "bench.h"
#include "pkt.h"

static inline unsigned be16(const uint8_t *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static inline uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

uint16_t inet_checksum(const uint8_t *p, size_t n)
{
    uint32_t sum = 0;
    for (; n >= 2; p += 2, n -= 2)
        sum += be16(p);
    if (n)
        sum += (uint32_t)p[0] << 8;
    while (sum >> 16)
        sum = (sum & 0xFFFF) + (sum >> 16);
    return (uint16_t)~sum;
}

void pkt_parse(const uint8_t *f, size_t len, struct pkt_info *info)
{
    memset(info, 0, sizeof *info);
    info->cls = PKT_BAD_IP;
    if (len < ETH_HLEN)
        return;
    info->ethertype = (uint16_t)be16(f + 12);
    if (info->ethertype == ETHERTYPE_ARP) {
        info->cls = PKT_ARP;
        return;
    }
    if (info->ethertype != ETHERTYPE_IPV4) {
        info->cls = PKT_OTHER;
        return;
    }
    const uint8_t *ip = f + ETH_HLEN;
    size_t room = len - ETH_HLEN;
    if (room < 20 || ip[0] >> 4 != 4)
        return;
    size_t ihl = (size_t)(ip[0] & 15) * 4, total = be16(ip + 2);
    if (ihl < 20 || room < ihl || total < ihl || total > room || inet_checksum(ip, ihl) != 0)
        return;
    info->proto = ip[9];
    info->src = be32(ip + 12);
    info->dst = be32(ip + 16);
    if (info->proto != IPPROTO_UDP_ && info->proto != IPPROTO_TCP_) {
        info->cls = PKT_OTHER;
        return;
    }
    const uint8_t *l4 = ip + ihl;
    if (total - ihl < (info->proto == IPPROTO_UDP_ ? 8u : 20u))
        return;
    info->sport = (uint16_t)be16(l4);
    info->dport = (uint16_t)be16(l4 + 2);
    info->cls = info->proto == IPPROTO_UDP_ ? PKT_UDP : PKT_TCP;
    uint32_t h = info->src * 2654435761u ^ info->dst * 2246822519u ^
                 ((uint32_t)info->sport << 16 | info->dport) * 3266489917u ^ info->proto;
    info->flow = h ^ h >> 15;
}
