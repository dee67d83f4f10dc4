/* exec_jit_store.c — the compiled tier's code cache on disk (--jit-cache=DIR):
 * the object file of a compiler round, stored under everything it depends
 * on, so a later lpnest process running the same module the same way links
 * it instead of compiling again.
 *
 * The code embeds no address of its process (exec_jit_gen.c calls helpers by
 * name, and loads the run's arrays from its vm), so it links into any process
 * of the same build. A file holds its whole key (exec_jit_store_key), which a
 * load compares byte for byte; the file's name is only the key's hash. The key
 * starts with the lpnest build's GNU build ID (so a rebuilt lpnest never runs
 * an older build's code), LLVM's version and the host CPU. Files are written
 * whole and renamed; a damaged, short or foreign file is not used. Only a
 * directory and files of the user's own that nobody else can write are used:
 * a file there is code lpnest runs. */
#define _GNU_SOURCE
#include "exec_jit.h"
#include "module_text.h"
#include "support.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define STORE_MAGIC "LPNJITC1"
#define STORE_HEAD 32 /* magic, key length, object length, object hash */

/* ---- a 128-bit hash: two 64-bit lanes with their own seeds and multipliers ---- */

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

void exec_jit_store_hash(const void *p, size_t n, uint64_t out[2])
{
    const uint8_t *b = p;
    uint64_t h1 = 0x9e3779b97f4a7c15ull ^ n, h2 = 0xd6e8feb86659fd93ull ^ (n * 0x100000001b3ull);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h1 = (h1 ^ mix(w)) * 0x87c37b91114253d5ull + 0x52dce729;
        h2 = (h2 ^ mix(w ^ 0x4cf5ad432745937full)) * 0x4cf5ad432745937full + 0x38495ab5;
        h1 = h1 << 31 | h1 >> 33;
        h2 = h2 << 27 | h2 >> 37;
    }
    uint64_t w = 0;
    if (n > i)
        memcpy(&w, b + i, n - i);
    h1 = mix(h1 ^ mix(w) ^ (h2 >> 1));
    h2 = mix(h2 ^ mix(w + 0x9e3779b97f4a7c15ull) ^ h1);
    out[0] = h1;
    out[1] = h2;
}

/* ---- this build's identity ---- */

struct build_id {
    const void *in;     /* an address of ours */
    uint8_t id[64];
    size_t len;
};

static int find_build_id(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct build_id *b = arg;
    uintptr_t at = (uintptr_t)b->in;
    bool ours = false;
    for (int i = 0; i < info->dlpi_phnum && !ours; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        ours = ph->p_type == PT_LOAD && at >= lo && at - lo < ph->p_memsz;
    }
    if (!ours)
        return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE)
            continue;
        const uint8_t *p = (const uint8_t *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
        while (p + 12 <= end) {
            uint32_t nsz, dsz, type;
            memcpy(&nsz, p, 4);
            memcpy(&dsz, p + 4, 4);
            memcpy(&type, p + 8, 4);
            const uint8_t *name = p + 12, *desc = name + ((nsz + 3) & ~3u);
            if (desc + dsz > end || desc < name)
                break;
            if (type == NT_GNU_BUILD_ID && nsz == 4 && !memcmp(name, "GNU", 4) && dsz && dsz <= sizeof b->id) {
                memcpy(b->id, desc, dsz);
                b->len = dsz;
                return 1;
            }
            p = desc + ((dsz + 3) & ~3u);
        }
    }
    return 1; /* ours, without a build ID */
}

/* The build ID of the binary or library this file is linked into: static,
 * its length in *LEN (0: none, and so no cache). */
static const uint8_t *build_id(size_t *len)
{
    static struct build_id b;
    static bool known;
    if (!known) {
        b.in = (const void *)find_build_id;
        dl_iterate_phdr(find_build_id, &b);
        known = true;
    }
    *len = b.len;
    return b.id;
}

/* ---- keys ---- */

struct buf {
    uint8_t *p;
    size_t n, cap;
};

static void add(struct buf *b, const void *p, size_t n)
{
    if (!n) /* P may be NULL then */
        return;
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2 + 256;
        b->p = sup_xrealloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, p, n);
    b->n += n;
}

/* N bytes at P, after their length (so no two keys' fields run into each other) */
static void put(struct buf *b, const void *p, size_t n)
{
    uint64_t l = n;
    add(b, &l, sizeof l);
    add(b, p, n);
}

uint8_t *exec_jit_store_key(const char *passes, const uint64_t modhash[2], unsigned round, uint32_t n,
                            const uint32_t *funcs, uint8_t *const *keys, const size_t *klen, size_t *len)
{
    size_t idlen;
    const uint8_t *id = build_id(&idlen);
    if (!idlen)
        return NULL;
    struct buf kb = {0};
    add(&kb, STORE_MAGIC, 8);
    put(&kb, id, idlen);
    unsigned v[3];
    LLVMGetVersion(&v[0], &v[1], &v[2]);
    put(&kb, v, sizeof v);
    char *triple = LLVMGetDefaultTargetTriple(), *cpu = LLVMGetHostCPUName(), *feat = LLVMGetHostCPUFeatures();
    put(&kb, triple, strlen(triple));
    put(&kb, cpu, strlen(cpu));
    put(&kb, feat, strlen(feat));
    LLVMDisposeMessage(triple);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(feat);
    put(&kb, passes, strlen(passes));
    put(&kb, modhash, 2 * sizeof *modhash);
    uint64_t r[2] = {round, n};
    put(&kb, r, sizeof r);
    for (uint32_t k = 0; k < n; k++) {
        put(&kb, &funcs[k], sizeof funcs[k]);
        put(&kb, keys[k], klen[k]);
    }
    *len = kb.n;
    return kb.p;
}

/* ---- files ---- */

/* Whether the file or directory of ST is the user's own and nobody else's to write. */
static bool own(const struct stat *st) { return st->st_uid == geteuid() && !(st->st_mode & (S_IWGRP | S_IWOTH)); }

/* mkdir -p, the folders it makes 0700 */
static bool make_dirs(const char *dir)
{
    char *p = sup_strdup(dir);
    bool ok = true;
    for (char *s = p + 1; ok; s++) {
        char c = *s;
        if (c != '/' && c != 0)
            continue;
        *s = 0;
        if (mkdir(p, 0700) != 0 && errno != EEXIST)
            ok = false;
        *s = c;
        if (!c)
            break;
    }
    free(p);
    return ok;
}

const char *exec_jit_store_usable(const char *dir)
{
    struct stat st;
    if (!*dir)
        return "an empty folder name";
    if (stat(dir, &st) != 0 && (errno != ENOENT || !make_dirs(dir) || stat(dir, &st) != 0))
        return "cannot create the folder";
    if (!S_ISDIR(st.st_mode))
        return "not a folder";
    if (!own(&st))
        return "not the user's own, or others may write into it (code from it would run)";
    if (access(dir, W_OK | X_OK | R_OK) != 0)
        return "not readable and writable";
    size_t idlen;
    build_id(&idlen);
    if (!idlen)
        return "this lpnest was linked without a build ID";
    return NULL;
}

static char *file_name(const char *dir, const uint8_t *key, size_t len)
{
    uint64_t h[2];
    exec_jit_store_hash(key, len, h);
    size_t n = strlen(dir) + 48;
    char *path = sup_xmalloc(n);
    snprintf(path, n, "%s/%016llx%016llx.o", dir, (unsigned long long)h[0], (unsigned long long)h[1]);
    return path;
}

static bool read_all(int fd, char *p, size_t n)
{
    while (n) {
        ssize_t k = read(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

static bool write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

char *exec_jit_store_load(const char *dir, const uint8_t *key, size_t len, size_t *objlen)
{
    char *path = file_name(dir, key, len);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    free(path);
    if (fd < 0)
        return NULL;
    struct stat st;
    char *buf = NULL, *obj = NULL;
    uint64_t head[4];
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !own(&st) || (uint64_t)st.st_size < STORE_HEAD + len)
        goto out;
    buf = sup_xmalloc((size_t)st.st_size);
    if (!read_all(fd, buf, (size_t)st.st_size))
        goto out;
    memcpy(head, buf, sizeof head);
    if (memcmp(buf, STORE_MAGIC, 8) || head[1] != len || head[2] != (uint64_t)st.st_size - STORE_HEAD - len ||
        !head[2] || memcmp(buf + STORE_HEAD, key, len))
        goto out;
    uint64_t h[2];
    exec_jit_store_hash(buf + STORE_HEAD + len, (size_t)head[2], h);
    if (h[0] != head[3])
        goto out;
    *objlen = (size_t)head[2];
    obj = sup_xmalloc(*objlen);
    memcpy(obj, buf + STORE_HEAD + len, *objlen);
    futimens(fd, NULL); /* used now: the size limit removes the least recently used first */
out:
    free(buf);
    close(fd);
    return obj;
}

/* ---- the folder's size limit ----
 * LPNEST_JIT_CACHE_MAX (bytes, or with K, M or G: binary units; 0: no limit; default
 * 256 MiB): after a file is stored and the folder's files (those named as this
 * store names them) exceed it, the least recently used go (a file served is
 * touched when it is read) until they fit; the file just stored stays. */
#define STORE_MAX_DEFAULT ((uint64_t)256 << 20)

static uint64_t store_max(void)
{
    static uint64_t max;
    static bool known;
    if (known)
        return max;
    known = true;
    max = STORE_MAX_DEFAULT;
    const char *e = getenv("LPNEST_JIT_CACHE_MAX");
    if (!e || !*e)
        return max;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(e, &end, 10);
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k')
        shift = 10, end++;
    else if (*end == 'M' || *end == 'm')
        shift = 20, end++;
    else if (*end == 'G' || *end == 'g')
        shift = 30, end++;
    if (errno || *end || *e == '-' || end == e || (shift && v > (UINT64_MAX >> shift))) {
        fprintf(stderr, "lpnest: warning: LPNEST_JIT_CACHE_MAX=%s is not a size (bytes, or with K, M or G); "
                "the code cache keeps up to %llu MiB\n", e, (unsigned long long)(max >> 20));
        return max;
    }
    max = (uint64_t)v << shift;
    return max;
}

/* A name this store gives its files: 32 hexadecimal digits and ".o". */
static bool store_name(const char *n)
{
    size_t i = 0;
    for (; i < 32; i++)
        if (!((n[i] >= '0' && n[i] <= '9') || (n[i] >= 'a' && n[i] <= 'f')))
            return false;
    return !strcmp(n + 32, ".o");
}

struct stored {
    struct timespec used;
    uint64_t size;
    char name[40];
};

static int older(const void *a, const void *b)
{
    const struct stored *x = a, *y = b;
    if (x->used.tv_sec != y->used.tv_sec)
        return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
    if (x->used.tv_nsec != y->used.tv_nsec)
        return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* Removes the least recently used files of DIR while they exceed the limit, KEEP
 * (a file name) aside. */
static void trim(const char *dir, const char *keep)
{
    uint64_t max = store_max();
    if (!max)
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct stored *f = NULL;
    size_t n = 0, cap = 0;
    uint64_t total = 0;
    int dfd = dirfd(d);
    for (struct dirent *de; (de = readdir(d));) {
        struct stat st;
        if (!store_name(de->d_name) || fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISREG(st.st_mode))
            continue;
        total += (uint64_t)st.st_size;
        if (!strcmp(de->d_name, keep))
            continue;
        if (n == cap)
            f = sup_xrealloc(f, (cap = cap ? cap * 2 : 64) * sizeof *f);
        f[n].used = st.st_mtim;
        f[n].size = (uint64_t)st.st_size;
        memcpy(f[n].name, de->d_name, 35); /* 32 digits, ".o" and the NUL (store_name) */
        n++;
    }
    if (total > max) {
        qsort(f, n, sizeof *f, older);
        for (size_t i = 0; i < n && total > max; i++)
            if (unlinkat(dfd, f[i].name, 0) == 0)
                total -= f[i].size;
    }
    free(f);
    closedir(d);
}

bool exec_jit_store_save(const char *dir, const uint8_t *key, size_t len, const char *obj, size_t n)
{
    char *path = file_name(dir, key, len);
    size_t tn = strlen(dir) + 32;
    char *tmp = sup_xmalloc(tn);
    snprintf(tmp, tn, "%s/.tmp.XXXXXX", dir);
    int fd = mkstemp(tmp);
    bool ok = fd >= 0;
    if (ok) {
        uint64_t head[4], h[2];
        exec_jit_store_hash(obj, n, h);
        memcpy(head, STORE_MAGIC, 8);
        head[1] = len;
        head[2] = n;
        head[3] = h[0];
        ok = write_all(fd, (const char *)head, sizeof head) && write_all(fd, (const char *)key, len) &&
             write_all(fd, obj, n);
        ok = close(fd) == 0 && ok;
        ok = ok && rename(tmp, path) == 0;
        if (!ok)
            unlink(tmp);
        else
            trim(dir, strrchr(path, '/') + 1);
    }
    free(tmp);
    free(path);
    return ok;
}

/* ---- the store as other layers use it (estimator.h: eng_code_store_*) ---- */

const char *exec_jit_store_folder(const char *opt, FILE *diag)
{
    static char *said;
    const char *dir = opt ? opt : getenv("LPNEST_JIT_CACHE");
    if (!dir)
        return NULL;
    const char *why = exec_jit_store_usable(dir);
    if (!why)
        return dir;
    if (!said || strcmp(said, dir)) {
        fprintf(diag, "lpnest: warning: code cache %s: %s; the code is compiled, not cached\n", dir, why);
        free(said);
        said = sup_strdup(dir);
    }
    return NULL;
}

const char *eng_code_store_folder(const char *opt, FILE *diag) { return exec_jit_store_folder(opt, diag); }

uint8_t *eng_code_store_key(const char *kind, const void *const *parts, const size_t *lens, size_t n, size_t *len)
{
    size_t idlen;
    const uint8_t *id = build_id(&idlen);
    if (!idlen)
        return NULL;
    struct buf kb = {0};
    add(&kb, "LPNBLOB1", 8); /* never a compiler round's key (STORE_MAGIC) */
    put(&kb, id, idlen);
    unsigned v[3];
    LLVMGetVersion(&v[0], &v[1], &v[2]);
    put(&kb, v, sizeof v);
    put(&kb, kind, strlen(kind));
    for (size_t i = 0; i < n; i++)
        put(&kb, parts[i], lens[i]);
    *len = kb.n;
    return kb.p;
}

char *eng_code_store_load(const char *dir, const uint8_t *key, size_t len, size_t *n)
{
    return exec_jit_store_load(dir, key, len, n);
}

bool eng_code_store_save(const char *dir, const uint8_t *key, size_t len, const char *blob, size_t n)
{
    return exec_jit_store_save(dir, key, len, blob, n);
}

bool eng_module_hash(LLVMModuleRef m, uint64_t out[2])
{
    size_t bl;
    char *bc = eng_module_bitcode(m, &bl);
    if (!bc)
        return false;
    exec_jit_store_hash(bc, bl, out);
    free(bc);
    return true;
}
