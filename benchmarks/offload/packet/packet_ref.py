#!/usr/bin/env python3
"""packet_ref.py — the packet application recomputed in Python: the same
synthetic frames (the xorshift32 generator of bench.h, seed 0xC0FFEE11), parsed
with struct, IPv4 header checksums by RFC 1071, CRC-32 digests by zlib.crc32,
and the same counters, flow table and output lines as app.c. The test
offload-packet-reference compares the two outputs.

usage: packet_ref.py"""
import struct
import sys
import zlib

BATCHES, BATCH, FLOWS, TOP_FLOWS = 4, 32, 64, 4
PORTS = (53, 80, 443, 4789)
CLASSES = ("udp", "tcp", "arp", "other", "badip")
M32 = 0xFFFFFFFF


class Rng:
    def __init__(self, seed):
        self.s = seed

    def __call__(self):
        x = self.s
        x ^= (x << 13) & M32
        x ^= x >> 17
        x ^= (x << 5) & M32
        self.s = x
        return x


def rand_bytes(rng, n):
    out = bytearray()
    for _ in range(0, n, 4):
        out += struct.pack("<I", rng())
    return bytes(out[:n])


def csum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def gen_frame(rng, seq):
    kind, size = rng() % 16, rng() % 10
    payload = 18 + rng() % 64 if size < 4 else 64 + rng() % 448 if size < 8 else 512 + rng() % 440
    macs = bytes([2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2])
    if kind == 14:
        return macs + struct.pack("!H", 0x0806) + rand_bytes(rng, 28) + bytes(60 - 14 - 28)
    if kind == 15:
        return macs + struct.pack("!H", 0x86DD) + rand_bytes(rng, 40 + payload)
    udp = kind < 10
    l4 = 8 if udp else 20
    total = 20 + l4 + payload
    src, dst = 0x0A000001 + rng() % 2, 0xC0A80101 + rng() % 2
    sport, dport = 1024 + rng() % 2, PORTS[rng() % 4]
    tcp_seq = 0 if udp else rng()
    corrupt = rng() % 32 == 0
    ip = struct.pack("!BBHHHBBHII", 0x45, 0, total, seq & 0xFFFF, 0x4000, 64, 17 if udp else 6, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", csum(ip) ^ (0x0101 if corrupt else 0)) + ip[12:]
    if udp:
        hdr = struct.pack("!HHHH", sport, dport, l4 + payload, 0)
    else:
        hdr = struct.pack("!HHIIBBHHH", sport, dport, tcp_seq, 0, 5 << 4, 0x18, 65535, 0, 0)
    return macs + struct.pack("!H", 0x0800) + ip + hdr + rand_bytes(rng, payload)


def parse(f):
    """Returns (class, 5-tuple or None, flow hash)."""
    if len(f) < 14:
        return "badip", None, 0
    (etype,) = struct.unpack("!H", f[12:14])
    if etype == 0x0806:
        return "arp", None, 0
    if etype != 0x0800:
        return "other", None, 0
    ip = f[14:]
    if len(ip) < 20 or ip[0] >> 4 != 4:
        return "badip", None, 0
    ihl, (total,) = (ip[0] & 15) * 4, struct.unpack("!H", ip[2:4])
    if ihl < 20 or len(ip) < ihl or total < ihl or total > len(ip) or csum(ip[:ihl]) != 0:
        return "badip", None, 0
    proto, src, dst = ip[9], *struct.unpack("!II", ip[12:20])
    if proto not in (6, 17):
        return "other", None, 0
    if total - ihl < (8 if proto == 17 else 20):
        return "badip", None, 0
    sport, dport = struct.unpack("!HH", ip[ihl:ihl + 4])
    h = ((src * 2654435761) ^ (dst * 2246822519) ^ (((sport << 16) | dport) * 3266489917) ^ proto) & M32
    return ("udp" if proto == 17 else "tcp"), (src, dst, sport, dport, proto), h ^ (h >> 15)


def fnv_words(h, words):
    for v in words:
        for b in struct.pack("<I", v & M32):
            h = ((h ^ b) * 16777619) & M32
    return h


def ip_str(a):
    return ".".join(str(a >> s & 255) for s in (24, 16, 8, 0))


def main():
    rng = Rng(0xC0FFEE11)
    table = [None] * FLOWS   # slot -> [key, packets, bytes, digest]
    order = []
    totals = dict.fromkeys(CLASSES, 0)
    port_count = [0] * 4
    total_bytes = 0
    for b in range(BATCHES):
        frames = [gen_frame(rng, b * BATCH + i) for i in range(BATCH)]
        counts = dict.fromkeys(CLASSES, 0)
        crc_xor = 0
        for f in frames:
            cls, key, h = parse(f)
            counts[cls] += 1
            crc = zlib.crc32(f)
            crc_xor ^= crc
            if key is None:
                continue
            if key[3] in PORTS:
                port_count[PORTS.index(key[3])] += 1
            for probe in range(FLOWS):
                k = (h + probe) % FLOWS
                if table[k] is None:
                    table[k] = [key, 0, 0, 0]
                    order.append(k)
                if table[k][0] == key:
                    table[k][1] += 1
                    table[k][2] += len(f)
                    table[k][3] ^= crc
                    break
        nbytes = sum(len(f) for f in frames)
        total_bytes += nbytes
        print("batch %d: %d frames %d bytes %s crc-xor %08x"
              % (b, BATCH, nbytes, " ".join("%s %d" % (c, counts[c]) for c in CLASSES), crc_xor))
        for c in CLASSES:
            totals[c] += counts[c]
    print("total: %d frames %d bytes %s" % (BATCHES * BATCH, total_bytes,
                                             " ".join("%s %d" % (c, totals[c]) for c in CLASSES)))
    print("ports: dns %d http %d https %d vxlan %d" % tuple(port_count))
    h = 2166136261
    for k in order:
        (src, dst, sport, dport, proto), packets, nbytes, digest = table[k]
        h = fnv_words(h, (src, dst, sport << 16 | dport, proto, packets, nbytes, digest))
    print("flows: %d, table digest %08x" % (len(order), h))
    ranked = sorted(range(len(order)), key=lambda i: (-table[order[i]][1], i))
    for i in ranked[:TOP_FLOWS]:
        (src, dst, sport, dport, proto), packets, nbytes, digest = table[order[i]]
        print("flow %s:%d -> %s:%d %s: %d packets %d bytes digest %08x"
              % (ip_str(src), sport, ip_str(dst), dport, "udp" if proto == 17 else "tcp", packets, nbytes, digest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
