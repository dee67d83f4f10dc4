/* exec_libc_io.c — stdio for the simulated program: FILE handles backed by
 * host streams (stdin/stdout/stderr and files the program opens, typically
 * inputs named on its command line), character and block I/O, and the
 * external variables that hold the standard streams. */
#include "exec_libc.h"
#include "progress.h"
#include "support.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define HANDLE(i) (VM_FILE_BASE + 16u * (uint64_t)(i))

int lc_file_index(struct vm *vm, uint64_t h)
{
    if (h < VM_FILE_BASE || (h - VM_FILE_BASE) % 16 || (h - VM_FILE_BASE) / 16 >= VM_MAX_FILES)
        return -1;
    int i = (int)((h - VM_FILE_BASE) / 16);
    if (i > 2 && !vm->files[i])
        return -1;
    return i;
}

FILE *lc_file(struct vm *vm, uint64_t h, const char *what)
{
    int i = lc_file_index(vm, h);
    if (i < 0) {
        exec_fault(vm, "%s: 0x%llx is not an open FILE", what, (unsigned long long)h);
        return NULL;
    }
    return i == 0 ? vm->in : i == 1 ? vm->out : i == 2 ? vm->err : vm->files[i];
}

bool exec_known_global(struct vm *vm, const char *name, uint64_t addr, uint64_t size)
{
    unsigned pb = vm->t.ptr_bytes;
    uint8_t *p = vm->mem + addr;
    if (!strcmp(name, "stdin") || !strcmp(name, "stdout") || !strcmp(name, "stderr")) {
        int i = name[3] == 'i' ? 0 : name[3] == 'o' ? 1 : 2;
        if (size >= pb)
            exec_store_uint(vm, p, pb, HANDLE(i));
        return true;
    }
    if (!strcmp(name, "__iob")) { /* avr-libc: FILE *__iob[3] */
        for (unsigned i = 0; i < 3 && (i + 1) * pb <= size; i++)
            exec_store_uint(vm, p + i * pb, pb, HANDLE(i));
        return true;
    }
    if (!strcmp(name, "_impure_ptr") && pb == 4) {
        /* newlib: struct _reent { int _errno; FILE *_stdin, *_stdout, *_stderr; ... } */
        uint64_t reent = exec_malloc(vm, 64, 8);
        if (!reent)
            return false;
        for (unsigned i = 0; i < 3; i++)
            exec_store_uint(vm, vm->mem + reent + 4 + 4 * i, 4, HANDLE(i));
        exec_store_uint(vm, p, 4, reent);
        if (!vm->errno_addr)
            vm->errno_addr = reent;
        return true;
    }
    if (!strcmp(name, "_ctype_") || !strcmp(name, "_ctype_b"))
        return exec_ctype_table(vm, name, addr); /* newlib's and picolibc's <ctype.h> */
    if (!strcmp(name, "errno")) {
        vm->errno_addr = addr; /* picolibc's (thread-local), avr-libc's: 0, no error */
        return true;
    }
    if (!strcmp(name, "environ") || !strcmp(name, "__environ"))
        return true; /* zero: an empty environment */
    return false;
}

void exec_libc_flush(struct vm *vm)
{
    (void)vm;
    fflush(vm->out);
    fflush(vm->err);
}

void exec_libc_close(struct vm *vm)
{
    for (int i = 3; i < VM_MAX_FILES; i++)
        if (vm->files[i]) {
            fclose(vm->files[i]);
            vm->files[i] = NULL;
        }
    exec_libc_flush(vm);
}

#define BUILTIN(name) static bool name(struct vm *vm, const struct calldesc *cd, const slot_t *R, slot_t *ret)

bool exec_put_bytes(struct vm *vm, FILE *f, const void *p, size_t n)
{
    /* the program's standard streams share the terminal with the progress line */
    if (f == vm->out || f == vm->err)
        return eng_progress_write(f, p, n) == n;
    return fwrite(p, 1, n, f) == n;
}
#define put_bytes exec_put_bytes

BUILTIN(b_putchar)
{
    unsigned char c = (unsigned char)arg_u(cd, R, 0);
    put_bytes(vm, vm->out, &c, 1);
    ret_u(cd, ret, c);
    return true;
}

BUILTIN(b_fputc)
{
    FILE *f = lc_file(vm, arg_u(cd, R, 1), "fputc");
    if (!f)
        return false;
    unsigned char c = (unsigned char)arg_u(cd, R, 0);
    if (!exec_sandbox_write(vm, f, 1))
        return false;
    put_bytes(vm, f, &c, 1);
    ret_u(cd, ret, c);
    return true;
}

BUILTIN(b_puts)
{
    const char *s = lc_str(vm, arg_u(cd, R, 0), "puts");
    if (!s)
        return false;
    put_bytes(vm, vm->out, s, strlen(s));
    put_bytes(vm, vm->out, "\n", 1);
    ret_u(cd, ret, 1);
    return true;
}

BUILTIN(b_fputs)
{
    const char *s = lc_str(vm, arg_u(cd, R, 0), "fputs");
    FILE *f = s ? lc_file(vm, arg_u(cd, R, 1), "fputs") : NULL;
    if (!f || !exec_sandbox_write(vm, f, strlen(s)))
        return false;
    put_bytes(vm, f, s, strlen(s));
    ret_u(cd, ret, 1);
    return true;
}

BUILTIN(b_fwrite)
{
    uint64_t size = arg_u(cd, R, 1), n = arg_u(cd, R, 2);
    FILE *f = lc_file(vm, arg_u(cd, R, 3), "fwrite");
    if (!f)
        return false;
    if (size && n > UINT64_MAX / size)
        return exec_fault(vm, "fwrite: size overflow");
    uint8_t *p = lc_rd(vm, arg_u(cd, R, 0), size * n, "fwrite");
    if (!p || !exec_sandbox_write(vm, f, size * n))
        return false;
    size_t w = size ? (exec_put_bytes(vm, f, p, size * n) ? n : 0) : 0;
    ret_u(cd, ret, w);
    return true;
}

BUILTIN(b_fread)
{
    uint64_t size = arg_u(cd, R, 1), n = arg_u(cd, R, 2);
    FILE *f = lc_file(vm, arg_u(cd, R, 3), "fread");
    if (!f)
        return false;
    if (size && n > UINT64_MAX / size)
        return exec_fault(vm, "fread: size overflow");
    uint8_t *p = lc_wr(vm, arg_u(cd, R, 0), size * n, "fread");
    if (!p)
        return false;
    if (f == vm->out || f == vm->err)
        fflush(vm->out);
    size_t r = size ? fread(p, size, n, f) : 0;
    ret_u(cd, ret, r);
    return true;
}

BUILTIN(b_fgetc)
{
    FILE *f = lc_file(vm, arg_u(cd, R, 0), "fgetc");
    if (!f)
        return false;
    if (f == vm->in)
        fflush(vm->out);
    int c = fgetc(f);
    ret_u(cd, ret, (uint64_t)(int64_t)c);
    return true;
}

BUILTIN(b_getchar)
{
    fflush(vm->out);
    int c = getchar();
    (void)vm, (void)R;
    ret_u(cd, ret, (uint64_t)(int64_t)c);
    return true;
}

BUILTIN(b_ungetc)
{
    FILE *f = lc_file(vm, arg_u(cd, R, 1), "ungetc");
    if (!f)
        return false;
    ret_u(cd, ret, (uint64_t)(int64_t)ungetc((int)arg_s(cd, R, 0), f));
    return true;
}

BUILTIN(b_fgets)
{
    uint64_t a = arg_u(cd, R, 0);
    int64_t n = arg_s(cd, R, 1);
    FILE *f = lc_file(vm, arg_u(cd, R, 2), "fgets");
    if (!f)
        return false;
    if (n <= 0) {
        ret_u(cd, ret, 0);
        return true;
    }
    uint8_t *p = lc_wr(vm, a, (uint64_t)n, "fgets");
    if (!p)
        return false;
    if (f == vm->in)
        fflush(vm->out);
    ret_u(cd, ret, fgets((char *)p, (int)(n > 0x7fffffff ? 0x7fffffff : n), f) ? a : 0);
    return true;
}

BUILTIN(b_fopen)
{
    const char *path = lc_str(vm, arg_u(cd, R, 0), "fopen"), *mode = path ? lc_str(vm, arg_u(cd, R, 1), "fopen") : NULL;
    if (!mode)
        return false;
    int i = 3;
    while (i < VM_MAX_FILES && vm->files[i])
        i++;
    FILE *f = NULL;
    if (i < VM_MAX_FILES && !exec_sandbox_fopen(vm, path, mode, &f))
        return false;
    if (f)
        vm->files[i] = f;
    ret_u(cd, ret, f ? HANDLE(i) : 0);
    return true;
}

BUILTIN(b_fclose)
{
    int i = lc_file_index(vm, arg_u(cd, R, 0));
    if (i < 0)
        return exec_fault(vm, "fclose: 0x%llx is not an open FILE", (unsigned long long)arg_u(cd, R, 0));
    int r = 0;
    if (i > 2) {
        r = fclose(vm->files[i]);
        vm->files[i] = NULL;
    }
    ret_u(cd, ret, (uint64_t)(int64_t)r);
    return true;
}

BUILTIN(b_fflush)
{
    uint64_t h = arg_u(cd, R, 0);
    if (h) {
        FILE *f = lc_file(vm, h, "fflush");
        if (!f)
            return false;
        fflush(f);
    } else {
        fflush(NULL);
    }
    ret_u(cd, ret, 0);
    return true;
}

BUILTIN(b_feof)
{
    FILE *f = lc_file(vm, arg_u(cd, R, 0), "feof");
    if (!f)
        return false;
    ret_u(cd, ret, feof(f) != 0);
    return true;
}

BUILTIN(b_ferror)
{
    FILE *f = lc_file(vm, arg_u(cd, R, 0), "ferror");
    if (!f)
        return false;
    ret_u(cd, ret, ferror(f) != 0);
    return true;
}

BUILTIN(b_fseek)
{
    FILE *f = lc_file(vm, arg_u(cd, R, 0), "fseek");
    if (!f)
        return false;
    int whence = (int)arg_s(cd, R, 2);
    if (whence < 0 || whence > 2)
        whence = 0; /* SEEK_SET/CUR/END are 0/1/2 everywhere we run */
    if (!exec_sandbox_seek(vm, f, arg_s(cd, R, 1), whence))
        return false;
    ret_u(cd, ret, (uint64_t)(int64_t)fseek(f, (long)arg_s(cd, R, 1), whence));
    return true;
}

BUILTIN(b_ftell)
{
    FILE *f = lc_file(vm, arg_u(cd, R, 0), "ftell");
    if (!f)
        return false;
    ret_u(cd, ret, (uint64_t)(int64_t)ftell(f));
    return true;
}

BUILTIN(b_rewind)
{
    (void)ret;
    FILE *f = lc_file(vm, arg_u(cd, R, 0), "rewind");
    if (!f)
        return false;
    rewind(f);
    return true;
}

BUILTIN(b_perror)
{
    (void)ret;
    uint64_t a = arg_u(cd, R, 0);
    const char *s = a ? lc_str(vm, a, "perror") : NULL;
    if (a && !s)
        return false;
    fflush(vm->out);
    fprintf(vm->err, "%s%s%s\n", s ? s : "", s ? ": " : "", "error");
    return true;
}

struct entry {
    const char *name;
    builtin_fn fn;
};

static const struct entry table[] = {
    {"putchar", b_putchar}, {"fputc", b_fputc}, {"putc", b_fputc}, {"puts", b_puts}, {"fputs", b_fputs},
    {"fwrite", b_fwrite}, {"fread", b_fread}, {"fgetc", b_fgetc}, {"getc", b_fgetc}, {"getchar", b_getchar},
    {"ungetc", b_ungetc}, {"fgets", b_fgets}, {"fopen", b_fopen}, {"fclose", b_fclose}, {"fflush", b_fflush},
    {"feof", b_feof}, {"ferror", b_ferror}, {"fseek", b_fseek}, {"ftell", b_ftell}, {"rewind", b_rewind},
    {"perror", b_perror},
    {NULL, NULL},
};

const char *lc_io_name(size_t i)
{
    return i < sizeof table / sizeof table[0] ? table[i].name : NULL;
}

builtin_fn lc_lookup_io(const char *name)
{
    for (const struct entry *e = table; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e->fn;
    return NULL;
}
