/* Reads past the last global after a malloc. On riscv32 and the PowerPC the corpus link
 * puts the runtime (its allocator's state and heap) before the program: zeros, as
 * qemu-riscv32 and qemu-ppc read them (c21cb8e1). On the AVR the runtime follows the
 * program and its allocator's pointers are there once malloc ran (simavr prints c21d9de5):
 * --memory=linked does not model them, an error. */
#include <stddef.h>
void *malloc(size_t n);
int putchar(int c);
unsigned char last[16];
volatile int n = 24;
int main(void)
{
    unsigned char *volatile p = malloc(8);
    p[0] = 1;
    unsigned long sum = p[0];
    for (int i = 0; i < n; i++)
        sum = sum * 3 + last[i];
    for (int s = 28; s >= 0; s -= 4)
        putchar("0123456789abcdef"[(sum >> s) & 15]);
    putchar('\n');
    return 0;
}
