/* tarscan.c — reading ustar headers as archive code does: 512-byte blocks built in a
 * buffer, octal size and mode fields parsed with overflow checks, the header checksum
 * (the sum of the bytes with the checksum field read as spaces), names joined from the
 * prefix and name fields, and a string scanner over the files' contents (lines, words,
 * the longest word); malformed headers are rejected by error codes, not by longjmp. */
#include "bench.h"

struct ustar {
    char name[100], mode[8], uid[8], gid[8], size[12], mtime[12], chksum[8], typeflag;
    char linkname[100], magic[6], version[2], uname[32], gname[32], devmajor[8], devminor[8];
    char prefix[155], pad[12];
};

enum err { OK = 0, E_MAGIC = -1, E_OCTAL = -2, E_CHECKSUM = -3, E_NAME = -4, E_END = 1 };

static uint8_t block[512];
static char contents[512];

static size_t slen(const char *s, size_t max)
{
    size_t n = 0;
    while (n < max && s[n])
        n++;
    return n;
}

static void put_octal(char *f, size_t w, uint32_t v)
{
    f[w - 1] = 0;
    for (size_t i = w - 1; i-- > 0;) {
        f[i] = (char)('0' + (v & 7));
        v >>= 3;
    }
}

static int get_octal(const char *f, size_t w, uint32_t *out)
{
    uint32_t v = 0;
    size_t i = 0;
    while (i < w && f[i] == ' ')
        i++;
    if (i == w || f[i] < '0' || f[i] > '7')
        return E_OCTAL;
    for (; i < w && f[i] >= '0' && f[i] <= '7'; i++) {
        if (v >> 29)
            return E_OCTAL;
        v = v << 3 | (uint32_t)(f[i] - '0');
    }
    if (i < w && f[i] != 0 && f[i] != ' ')
        return E_OCTAL;
    *out = v;
    return OK;
}

static uint32_t header_sum(const uint8_t *b)
{
    uint32_t s = 0;
    for (int i = 0; i < 512; i++)
        s += (i >= 148 && i < 156) ? ' ' : b[i];
    return s;
}

static void make_header(const char *prefix, const char *name, uint32_t size, char type)
{
    struct ustar h;
    memset(&h, 0, sizeof h);
    strcpy(h.name, name);
    strcpy(h.prefix, prefix);
    put_octal(h.mode, sizeof h.mode, 0644);
    put_octal(h.uid, sizeof h.uid, 1000);
    put_octal(h.gid, sizeof h.gid, 1000);
    put_octal(h.size, sizeof h.size, size);
    put_octal(h.mtime, sizeof h.mtime, 1700000000u);
    h.typeflag = type;
    memcpy(h.magic, "ustar", 6);
    memcpy(h.version, "00", 2);
    strcpy(h.uname, "user");
    memcpy(block, &h, 512);
    put_octal((char *)block + 148, 7, header_sum(block));
    block[155] = ' ';
}

struct entry { char path[64]; uint32_t size, mode; char type; };

static int parse(const uint8_t *b, struct entry *e)
{
    const struct ustar *h = (const struct ustar *)(const void *)b;
    int zero = 1;
    for (int i = 0; i < 512 && zero; i++)
        zero = b[i] == 0;
    if (zero)
        return E_END;
    if (memcmp(h->magic, "ustar", 5) != 0)
        return E_MAGIC;
    uint32_t ck;
    int rc = get_octal(h->chksum, sizeof h->chksum, &ck);
    if (rc)
        return rc;
    if (ck != header_sum(b))
        return E_CHECKSUM;
    if ((rc = get_octal(h->size, sizeof h->size, &e->size)) || (rc = get_octal(h->mode, sizeof h->mode, &e->mode)))
        return rc;
    size_t np = slen(h->prefix, sizeof h->prefix), nn = slen(h->name, sizeof h->name);
    if (np + nn + 2 > sizeof e->path)
        return E_NAME;
    memcpy(e->path, h->prefix, np);
    e->path[np] = '/';
    memcpy(e->path + np + (np ? 1 : 0), h->name, nn);
    e->path[np + (np ? 1 : 0) + nn] = 0;
    e->type = h->typeflag;
    return OK;
}

/* lines, words and the longest word of a text */
static void scan(const char *s, size_t n, uint32_t *lines, uint32_t *words, uint32_t *longest)
{
    uint32_t cur = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        switch (c) {
        case '\n': (*lines)++; /* fall through */
        case ' ': case '\t': case ',': case '.':
            if (cur) {
                (*words)++;
                if (cur > *longest) *longest = cur;
            }
            cur = 0;
            break;
        default:
            cur++;
        }
    }
    if (cur) {
        (*words)++;
        if (cur > *longest) *longest = cur;
    }
}

static const char *const names[] = {"README", "src/main.c", "include/config.h", "a-rather-long-file-name.txt", "x"};
static const char *const prefixes[] = {"", "project", "project/v2", "", "deep/nested/dir"};

int main(int argc, char **argv)
{
    long reps = bench_arg(argc, argv, 3);
    uint32_t sum = 0, seed = 77;
    int errs[4] = {0};
    for (long r = 0; r < reps; r++) {
        for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
            uint32_t size = bench_rand(&seed) % 400 + 1;
            make_header(prefixes[i], names[i], size, i == 2 ? '5' : '0');
            /* damage some: a bad magic, a bad digit, a flipped byte */
            uint32_t d = bench_rand(&seed) % 5;
            if (d == 1) block[257] = 'X';
            if (d == 2) { /* a bad digit under a good checksum */
                ((struct ustar *)(void *)block)->size[3] = '9';
                put_octal((char *)block + 148, 7, header_sum(block));
            }
            if (d == 3) block[bench_rand(&seed) % 100] ^= 0x20;
            struct entry e;
            int rc = parse(block, &e);
            if (rc < 0) {
                errs[-rc - 1]++;
                continue;
            }
            if (rc != OK || e.size != size || e.mode != 0644)
                return bench_fail("header read back");
            for (uint32_t k = 0; k < e.size; k++) {
                uint32_t x = bench_rand(&seed) % 16;
                contents[k] = x < 2 ? '\n' : x < 5 ? ' ' : (char)('a' + x);
            }
            uint32_t lines = 0, words = 0, longest = 0;
            scan(contents, e.size, &lines, &words, &longest);
            for (const char *p = e.path; *p; p++)
                sum = sum * 31 + (uint8_t)*p;
            sum += lines * 7 + words * 13 + longest * 101 + (uint32_t)e.type;
        }
        make_header("", "", 0, 0);
        memset(block, 0, sizeof block);
        struct entry e;
        if (parse(block, &e) != E_END)
            return bench_fail("end of archive");
    }
    printf("tarscan: errors %d %d %d %d, checksum %08lx\n", errs[0], errs[1], errs[2], errs[3], (unsigned long)sum);
    return 0;
}
