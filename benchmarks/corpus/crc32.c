/* crc32.c — CRC-32 (reflected, as in zlib/Ethernet), CRC-32/BZIP2 (MSB-first) and
 * CRC-32C, bitwise and table-driven. Self-checks: the catalogue check values of
 * "123456789", __builtin_bitreverse32 relating the two polynomial forms, table vs bitwise
 * agreement on a PRNG buffer. argv[1]: buffer size in bytes (default 4096, AVR 1024). */
#include <stdint.h>
#include "bench.h"

#define POLY_NORMAL 0x04C11DB7u

/* external, so the optimiser cannot fold the bit reversals below at compile time */
uint32_t crc_polys[2] = { POLY_NORMAL, 0x1EDC6F41u };

static uint32_t table_reflected[256], table_normal[256];

static uint32_t crc_reflected_bitwise(uint32_t poly, const uint8_t *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    while (n--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (poly & (0u - (crc & 1u)));
    }
    return ~crc;
}

static uint32_t crc_normal_bitwise(uint32_t poly, const uint8_t *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    while (n--) {
        crc ^= (uint32_t)*p++ << 24;
        for (int k = 0; k < 8; k++)
            crc = crc & 0x80000000u ? (crc << 1) ^ poly : crc << 1;
    }
    return ~crc;
}

static void build_tables(uint32_t poly_reflected, uint32_t poly_normal)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t r = i, m = i << 24;
        for (int k = 0; k < 8; k++) {
            r = r & 1 ? (r >> 1) ^ poly_reflected : r >> 1;
            m = m & 0x80000000u ? (m << 1) ^ poly_normal : m << 1;
        }
        table_reflected[i] = r;
        table_normal[i] = m;
    }
}

static uint32_t crc_reflected_table(const uint8_t *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++)
        crc = (crc >> 8) ^ table_reflected[(crc ^ p[i]) & 0xff];
    return ~crc;
}

static uint32_t crc_normal_table(const uint8_t *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++)
        crc = (crc << 8) ^ table_normal[(crc >> 24) ^ p[i]];
    return ~crc;
}

int main(int argc, char **argv)
{
#ifdef __AVR__
    long size = bench_arg(argc, argv, 1024);
#else
    long size = bench_arg(argc, argv, 4096);
#endif
    const uint8_t *check = (const uint8_t *)"123456789";
    uint32_t poly_reflected = __builtin_bitreverse32(crc_polys[0]);
    if (poly_reflected != 0xEDB88320u)
        return bench_fail("bitreverse32 of the CRC-32 polynomial");
    uint32_t c32 = crc_reflected_bitwise(poly_reflected, check, 9);
    uint32_t bz = crc_normal_bitwise(POLY_NORMAL, check, 9);
    uint32_t c32c = crc_reflected_bitwise(__builtin_bitreverse32(crc_polys[1]), check, 9);
    printf("crc32(123456789)=%08lx bzip2=%08lx crc32c=%08lx\n", (unsigned long)c32,
           (unsigned long)bz, (unsigned long)c32c);
    if (c32 != 0xCBF43926u || bz != 0xFC891918u || c32c != 0xE3069283u)
        return bench_fail("CRC catalogue check values");

    build_tables(poly_reflected, POLY_NORMAL);
    uint8_t *buf = malloc((size_t)size);
    if (!buf)
        return bench_fail("malloc");
    uint32_t seed = 0x1234567u;
    for (long i = 0; i < size; i++)
        buf[i] = (uint8_t)bench_rand(&seed);
    uint32_t a = crc_reflected_table(buf, (size_t)size);
    uint32_t b = crc_normal_table(buf, (size_t)size);
    if (a != crc_reflected_bitwise(poly_reflected, buf, (size_t)size) ||
        b != crc_normal_bitwise(POLY_NORMAL, buf, (size_t)size))
        return bench_fail("table-driven and bitwise CRCs differ");
    /* CRC residue: appending the little-endian CRC gives the constant 0xDEBB20E3 */
    uint8_t *ext = realloc(buf, (size_t)size + 4);
    if (!ext)
        return bench_fail("realloc");
    for (int i = 0; i < 4; i++)
        ext[size + i] = (uint8_t)(a >> (8 * i));
    uint32_t residue = ~crc_reflected_table(ext, (size_t)size + 4);
    free(ext);
    printf("crc32: %ld bytes crc32=%08lx bzip2=%08lx residue=%08lx\n", size, (unsigned long)a,
           (unsigned long)b, (unsigned long)residue);
    if (residue != 0xDEBB20E3u)
        return bench_fail("CRC-32 residue");
    return 0;
}
